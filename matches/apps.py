from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    """Clocked games, their action logs and game records."""

    name = "matches"
    verbose_name = _("Matches")

    def ready(self) -> None:
        # The timeout machinery (matches/timeouts.py) sits below the services and the Celery
        # tasks: it reaches them only through what is connected here.
        from matches.services.timeouts import match_adjudicate_timeout
        from matches.tasks import queue_timeout_check
        from matches.timeouts import autostart, connect

        connect(adjudicate=match_adjudicate_timeout, queue_task=queue_timeout_check)
        # The embedded default has no broker: flag falls are adjudicated by an in-process
        # scheduler thread, started here in server processes (see matches/timeouts.py).
        autostart()

        # A game outside events tells its players of its result (matches/notices.py).
        from matches import notices
        from matches.signals import match_disputed, match_finished

        match_finished.connect(notices.on_match_finished, dispatch_uid="matches.notices.finished")
        match_disputed.connect(notices.on_match_disputed, dispatch_uid="matches.notices.disputed")
