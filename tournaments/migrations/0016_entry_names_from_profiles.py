"""Entries of events not yet finished take their player's display name (docs/accounts.md).

Entries made from an account before display names reached entries carry the user name (or the
full name). Where such an entry still has the user name and the player chose another display
name, the entry takes it, unless another entry of the event already has that name. Finished
events keep the names they were played under; names an organiser typed are left alone.
"""

from django.db import migrations


def entry_names_from_profiles(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    PlayerProfile = apps.get_model("core", "PlayerProfile")
    names = dict(PlayerProfile.objects.values_list("user_id", "display_name"))
    entries = (
        Entry.objects.filter(user__isnull=False)
        .exclude(event__status="finished")
        .select_related("user")
    )
    for entry in entries.iterator():
        display = names.get(entry.user_id)
        if not display or entry.name != entry.user.username or display == entry.name:
            continue
        if Entry.objects.filter(event_id=entry.event_id, name=display).exists():
            continue
        Entry.objects.filter(pk=entry.pk).update(name=display)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_existing_accounts"),
        ("tournaments", "0015_event_rated"),
    ]

    operations = [
        migrations.RunPython(entry_names_from_profiles, migrations.RunPython.noop),
    ]
