import django.db.models.deletion
import matches.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Match',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('online', 'Online'), ('otb', 'Over the board')], default='online', max_length=8, verbose_name='kind')),
                ('status', models.CharField(choices=[('pending', 'Not started'), ('running', 'In play'), ('finished', 'Finished'), ('aborted', 'Aborted')], db_index=True, default='pending', max_length=10, verbose_name='status')),
                ('red_name', models.CharField(max_length=150, verbose_name='red name')),
                ('blue_name', models.CharField(max_length=150, verbose_name='blue name')),
                ('red_token', models.CharField(default=matches.models.new_seat_token, editable=False, max_length=64, unique=True)),
                ('blue_token', models.CharField(default=matches.models.new_seat_token, editable=False, max_length=64, unique=True)),
                ('variant', models.CharField(choices=[('basic', 'Basic game')], default='basic', max_length=16, verbose_name='variant')),
                ('time_control', models.CharField(default='20+0', max_length=40, verbose_name='time control')),
                ('rulings', models.JSONField(blank=True, default=dict, verbose_name='rulings')),
                ('actions', models.JSONField(blank=True, default=list, verbose_name='action log')),
                ('state', models.JSONField(blank=True, default=dict, verbose_name='cached engine state')),
                ('ply', models.PositiveIntegerField(default=0, verbose_name='ply')),
                ('clock', models.JSONField(blank=True, default=dict, verbose_name='clock state')),
                ('flag_deadline', models.DateTimeField(blank=True, db_index=True, null=True, verbose_name='flag deadline')),
                ('winner', models.CharField(blank=True, choices=[('red', 'Red'), ('blue', 'Blue'), ('none', 'No winner')], default='', max_length=4, verbose_name='winner')),
                ('method', models.CharField(blank=True, choices=[('general_captured', 'General captured'), ('intrusion', 'Intrusion'), ('resignation', 'Resignation'), ('timeout', 'Loss on time'), ('forfeit', 'Forfeit'), ('no_show', 'No-show'), ('arbiter', "Arbiter's decision"), ('turn_limit', 'Turn limit (non-official)')], default='', max_length=20, verbose_name='method')),
                ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='finished at')),
                ('otb_reports', models.JSONField(blank=True, default=dict)),
                ('disputed', models.BooleanField(default=False, verbose_name='disputed')),
                ('event_id', models.PositiveBigIntegerField(blank=True, db_index=True, null=True)),
                ('pairing_id', models.PositiveBigIntegerField(blank=True, null=True)),
                ('meta', models.JSONField(blank=True, default=dict)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('blue_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='matches_as_blue', to=settings.AUTH_USER_MODEL, verbose_name='blue player')),
                ('red_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='matches_as_red', to=settings.AUTH_USER_MODEL, verbose_name='red player')),
            ],
            options={
                'verbose_name': 'match',
                'verbose_name_plural': 'matches',
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='ClockLogEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seq', models.PositiveIntegerField()),
                ('ply', models.PositiveIntegerField()),
                ('kind', models.CharField(max_length=8)),
                ('at', models.BigIntegerField()),
                ('seat', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('running', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('elapsed_ms', models.PositiveIntegerField(default=0)),
                ('lag_ms', models.PositiveIntegerField(default=0)),
                ('credit_ms', models.PositiveIntegerField(default=0)),
                ('charged_ms', models.PositiveIntegerField(default=0)),
                ('increment_ms', models.PositiveIntegerField(default=0)),
                ('delta_ms', models.BigIntegerField(default=0)),
                ('remaining_red_ms', models.PositiveBigIntegerField()),
                ('remaining_blue_ms', models.PositiveBigIntegerField()),
                ('quota_red_ms', models.PositiveIntegerField(default=0)),
                ('quota_blue_ms', models.PositiveIntegerField(default=0)),
                ('note', models.CharField(blank=True, default='', max_length=500)),
                ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='clock_log', to='matches.match')),
            ],
            options={
                'verbose_name': 'clock log entry',
                'verbose_name_plural': 'clock log entries',
                'ordering': ['match', 'seq'],
            },
        ),
        migrations.CreateModel(
            name='MatchEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('created', 'Created'), ('status', 'Status changed'), ('started', 'Started'), ('action', 'Action'), ('press', 'Clock pressed'), ('resign', 'Resigned'), ('flag_claim', 'Flag claimed'), ('timeout', 'Lost on time'), ('pause', 'Paused'), ('resume', 'Resumed'), ('time_adjust', 'Time adjusted'), ('result_set', 'Result set'), ('result_reported', 'Result reported'), ('result_confirmed', 'Result confirmed'), ('disputed', 'Result disputed')], max_length=20)),
                ('seat', models.CharField(blank=True, choices=[('red', 'Red'), ('blue', 'Blue')], default='', max_length=4)),
                ('ply', models.PositiveIntegerField()),
                ('detail', models.JSONField(blank=True, default=dict)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='events', to='matches.match')),
            ],
            options={
                'verbose_name': 'match event',
                'verbose_name_plural': 'match events',
                'ordering': ['id'],
            },
        ),
        migrations.AddIndex(
            model_name='match',
            index=models.Index(fields=['status', 'flag_deadline'], name='match_status_deadline'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('status__in', ['pending', 'running', 'finished', 'aborted'])), name='match_status_valid'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['online', 'otb'])), name='match_kind_valid'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('winner__in', ['', 'red', 'blue', 'none'])), name='match_winner_valid'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('method__in', ['', 'general_captured', 'intrusion', 'resignation', 'timeout', 'forfeit', 'no_show', 'arbiter', 'turn_limit'])), name='match_method_valid'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'finished'), models.Q(('winner', ''), _negated=True), models.Q(('method', ''), _negated=True), ('finished_at__isnull', False)), models.Q(models.Q(('status', 'finished'), _negated=True), ('winner', ''), ('method', '')), _connector='OR'), name='match_result_iff_finished'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('flag_deadline__isnull', True), ('status', 'running'), _connector='OR'), name='match_deadline_only_running'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('red_player__isnull', True), ('blue_player__isnull', True), models.Q(('red_player', models.F('blue_player')), _negated=True), _connector='OR'), name='match_two_different_players'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('red_token', models.F('blue_token')), _negated=True), name='match_two_different_tokens'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.UniqueConstraint(condition=models.Q(('pairing_id__isnull', False), models.Q(('status', 'aborted'), _negated=True)), fields=('pairing_id',), name='match_one_live_match_per_pairing'),
        ),
        migrations.AddConstraint(
            model_name='clocklogentry',
            constraint=models.UniqueConstraint(fields=('match', 'seq'), name='clocklog_unique_seq'),
        ),
        migrations.AddConstraint(
            model_name='clocklogentry',
            constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['start', 'press', 'switch', 'stop', 'pause', 'resume', 'adjust', 'flag'])), name='clocklog_kind_valid'),
        ),
        migrations.AddConstraint(
            model_name='clocklogentry',
            constraint=models.CheckConstraint(condition=models.Q(('seat__isnull', True), ('seat__in', [0, 1]), _connector='OR'), name='clocklog_seat_valid'),
        ),
        migrations.AddConstraint(
            model_name='clocklogentry',
            constraint=models.CheckConstraint(condition=models.Q(('running__isnull', True), ('running__in', [0, 1]), _connector='OR'), name='clocklog_running_valid'),
        ),
        migrations.AddConstraint(
            model_name='clocklogentry',
            constraint=models.CheckConstraint(condition=models.Q(('charged_ms__lte', models.F('elapsed_ms'))), name='clocklog_charge_le_elapsed'),
        ),
        migrations.AddConstraint(
            model_name='clocklogentry',
            constraint=models.CheckConstraint(condition=models.Q(('credit_ms__lte', models.F('lag_ms'))), name='clocklog_credit_le_lag'),
        ),
        migrations.AddConstraint(
            model_name='matchevent',
            constraint=models.CheckConstraint(condition=models.Q(('seat__in', ['', 'red', 'blue'])), name='matchevent_seat_valid'),
        ),
    ]
