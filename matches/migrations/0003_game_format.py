from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0002_history_clock_seq_arbiter'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='game_format',
            field=models.JSONField(blank=True, default=dict, verbose_name='game format'),
        ),
        migrations.AlterField(
            model_name='match',
            name='variant',
            field=models.CharField(choices=[('basic', 'Basic game'), ('expansion', 'Expansion game'), ('deck_build', 'Deck-build game')], default='basic', max_length=16, verbose_name='variant'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('variant__in', ['basic', 'expansion', 'deck_build'])), name='match_variant_valid'),
        ),
    ]
