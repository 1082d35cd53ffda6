from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    """Site ratings, rating lists and player profiles."""

    name = "players"
    verbose_name = _("Players")
