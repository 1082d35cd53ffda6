from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class PlayConfig(AppConfig):
    """Clocked games outside events: seeks in the lobby, challenge links, direct challenges."""

    name = "play"
    verbose_name = pgettext_lazy("site section", "Play")

    def ready(self) -> None:
        from matches.signals import match_changed
        from play.receivers import queue_computer_turn

        match_changed.connect(queue_computer_turn, dispatch_uid="play-computer-turn")
