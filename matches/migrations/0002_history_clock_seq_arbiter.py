from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0001_initial'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='match',
            options={'ordering': ['-created_at', '-id'], 'permissions': [('arbitrate_match', 'Can act as arbiter on any match')], 'verbose_name': 'match', 'verbose_name_plural': 'matches'},
        ),
        migrations.AddField(
            model_name='match',
            name='clock_seq',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='match',
            name='history',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name='match',
            name='timeout_check_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
