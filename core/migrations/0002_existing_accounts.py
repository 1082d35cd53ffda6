"""Existing accounts keep working under allauth: each gets its profile, and its e-mail address
(if any) becomes a verified, primary allauth address, so the player logs in as before and can
reset a forgotten password by mail.

The display name is the user name, the language the browser's, the time zone the site's.
Addresses are unique per site (``ACCOUNT_UNIQUE_EMAIL``, case-insensitive): where two accounts
share one, only the earliest account gets it, and the others keep logging in without a
recorded address (core.accounts.stages) until their players add one.
"""

from django.conf import settings
from django.db import migrations


def carry_accounts_over(apps, schema_editor):
    user_model = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    profile_model = apps.get_model("core", "PlayerProfile")
    address_model = apps.get_model("account", "EmailAddress")
    with_profile = set(profile_model.objects.values_list("user_id", flat=True))
    with_address = set(address_model.objects.values_list("user_id", flat=True))
    taken = {email.lower() for email in address_model.objects.values_list("email", flat=True)}
    profiles, addresses = [], []
    for user in user_model.objects.order_by("pk").iterator():
        username = getattr(user, user_model.USERNAME_FIELD)
        if user.pk not in with_profile:
            profiles.append(
                profile_model(user=user, display_name=username, time_zone=settings.TIME_ZONE)
            )
        email = (user.email or "").strip().lower()
        if email and user.pk not in with_address and email not in taken:
            taken.add(email)
            addresses.append(address_model(user=user, email=email, verified=True, primary=True))
    profile_model.objects.bulk_create(profiles, batch_size=1000)
    address_model.objects.bulk_create(addresses, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0001_player_profile"),
        ("account", "0009_emailaddress_unique_primary_email"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(carry_accounts_over, migrations.RunPython.noop)]
