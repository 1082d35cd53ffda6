from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """Home page, site navigation, players' accounts and profiles, and `load_demo`."""

    name = "core"
    verbose_name = _("Site")

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_save

        from core.accounts import receivers

        post_save.connect(
            receivers.create_profile, sender=get_user_model(), dispatch_uid="core.create_profile"
        )
        user_logged_in.connect(
            receivers.remember_preferences, dispatch_uid="core.remember_preferences"
        )
