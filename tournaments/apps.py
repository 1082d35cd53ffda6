from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Events run by organisers: entries, rounds, pairings, standings."""

    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        """Take clocked match results as they finish (the matches app never imports us)."""
        try:
            from matches.signals import match_finished
        except ImportError:  # the matches app is optional for the tournaments layer
            return
        from tournaments.receivers import on_match_finished

        match_finished.connect(on_match_finished, dispatch_uid="tournaments.match_finished")
