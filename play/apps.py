from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    """Clocked games outside events: seeks in the lobby, challenge links, direct challenges."""

    name = "play"
    verbose_name = _("Play")
