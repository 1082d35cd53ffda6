"""Demo data of the `core` app: the organiser account.

The demo organiser is staff (it can log in at /admin/) but not a superuser: what it may do comes
from the "Organisers" group, which receives every permission of the `tournaments` and `matches`
apps each time the demo is loaded (so models added later are covered too).
"""

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission

ORGANISER_USERNAME = "organiser"
ORGANISER_PASSWORD = "demo-organiser"
ORGANISERS_GROUP = "Organisers"
ORGANISER_APPS = ("tournaments", "matches")


def load(*, log: Callable[[str], None]) -> None:
    """Create or refresh the demo organiser and its group (idempotent)."""
    group, _ = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    group.permissions.add(*Permission.objects.filter(content_type__app_label__in=ORGANISER_APPS))

    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(
        username=ORGANISER_USERNAME,
        defaults={"is_staff": True, "is_superuser": False},
    )
    changed = created
    if not user.check_password(ORGANISER_PASSWORD):
        user.set_password(ORGANISER_PASSWORD)
        changed = True
    if not user.is_staff or not user.is_active:
        user.is_staff = True
        user.is_active = True
        changed = True
    if changed:
        user.save()
    user.groups.add(group)

    state = "created" if created else "ready"
    log(
        f"Demo organiser {state}: username {ORGANISER_USERNAME!r}, "
        f"password {ORGANISER_PASSWORD!r} (log in at /admin/)"
    )
