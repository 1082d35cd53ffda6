"""Arbiter rights are per event: the site-wide ``matches.arbitrate_match`` permission goes.

The permission row itself is deleted too (Django never removes stale permissions), so that no
user or group keeps a grant that the code no longer reads.
"""

from django.db import migrations


def delete_the_permission(apps, schema_editor):
    permission = apps.get_model("auth", "Permission")
    permission.objects.filter(
        content_type__app_label="matches", codename="arbitrate_match"
    ).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("matches", "0004_start_position"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="match",
            options={
                "ordering": ["-created_at", "-id"],
                "verbose_name": "match",
                "verbose_name_plural": "matches",
            },
        ),
        migrations.RunPython(delete_the_permission, migrations.RunPython.noop),
    ]
