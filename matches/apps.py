from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    """Clocked games, their action logs and game records."""

    name = "matches"
    verbose_name = _("Matches")
