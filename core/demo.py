"""Demo data of the `core` app: the organiser account.

The demo organiser is a plain account, neither staff nor superuser: like every organiser it
runs its own events from /events/manage/, and what it may do there comes from being the
organiser of those events (``Event.organiser``), never from a site-wide permission. Rights are
per event; the admin is for the site's superusers. Its e-mail address is recorded as verified
(allauth's ``EmailAddress``), so it logs in at once, by user name or by that address.
"""

from collections.abc import Callable

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

ORGANISER_USERNAME = "organiser"
ORGANISER_PASSWORD = "demo-organiser"
ORGANISER_EMAIL = "demo-organiser@example.org"
# Older demo databases gave this group every permission of the tournaments and matches apps,
# which made its members arbiters and admin editors of every event on the site.
LEGACY_ORGANISERS_GROUP = "Organisers"


def load(*, log: Callable[[str], None]) -> None:
    """Create or refresh the demo organiser (idempotent)."""
    Group.objects.filter(name=LEGACY_ORGANISERS_GROUP).delete()

    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(
        username=ORGANISER_USERNAME,
        defaults={"is_staff": False, "is_superuser": False},
    )
    changed = created
    if not user.check_password(ORGANISER_PASSWORD):
        user.set_password(ORGANISER_PASSWORD)
        changed = True
    if user.is_staff or user.is_superuser or not user.is_active:
        user.is_staff = False
        user.is_superuser = False
        user.is_active = True
        changed = True
    if user.email != ORGANISER_EMAIL:
        user.email = ORGANISER_EMAIL
        changed = True
    if changed:
        user.save()
    EmailAddress.objects.filter(user=user).exclude(email=ORGANISER_EMAIL).delete()
    EmailAddress.objects.update_or_create(
        user=user, email=ORGANISER_EMAIL, defaults={"verified": True, "primary": True}
    )

    state = "created" if created else "ready"
    log(
        f"Demo organiser {state}: username {ORGANISER_USERNAME!r}, "
        f"password {ORGANISER_PASSWORD!r} (log in at /accounts/login/, events at /events/manage/)"
    )
