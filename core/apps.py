from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """Home page, site navigation and the `load_demo` command."""

    name = "core"
    verbose_name = _("Site")
