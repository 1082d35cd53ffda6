from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    """Clocked games, their action logs and game records."""

    name = "matches"
    verbose_name = _("Matches")

    def ready(self) -> None:
        # The embedded default has no broker: flag falls are adjudicated by an in-process
        # scheduler thread, started here in server processes (see matches/timeouts.py).
        from matches.timeouts import autostart

        autostart()
