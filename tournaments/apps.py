from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Events run by organisers: entries, rounds, pairings, standings."""

    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        """Connect to the matches app (which never imports us).

        Clocked match results flow into the event as they finish, and the event's own
        organiser, co-organisers and arbiters become the arbiters of its matches, and the
        players of its tables without an account are called to their games through their
        entry's private link.
        """
        try:
            from matches.callup import set_pairing_entries_lookup
            from matches.permissions import set_event_arbiter_check
            from matches.signals import match_disputed, match_finished
        except ImportError:  # the matches app is optional for the tournaments layer
            return
        from tournaments.callup import pairing_entries
        from tournaments.receivers import on_match_disputed, on_match_finished
        from tournaments.selectors import user_arbitrates_event_id

        match_finished.connect(on_match_finished, dispatch_uid="tournaments.match_finished")
        match_disputed.connect(on_match_disputed, dispatch_uid="tournaments.match_disputed")
        set_event_arbiter_check(user_arbitrates_event_id)
        set_pairing_entries_lookup(pairing_entries)
