"""The Celery application.

Configuration comes from Django settings prefixed `CELERY_` (see `config/settings/base.py`):
broker `memory://` on the embedded default, Redis when `REDIS_URL` is set. Tasks live in each
app's `tasks.py`, found by `autodiscover_tasks()`. Run a worker with
`celery -A config worker -l info` (it needs `REDIS_URL`: the memory broker is per-process).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("gunshi")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
