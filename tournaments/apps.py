from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Events run by organisers: entries, rounds, pairings, standings."""

    name = "tournaments"
    verbose_name = _("Tournaments")
