"""Settings for the test suite (pytest uses them through `DJANGO_SETTINGS_MODULE`).

They honour `DATABASE_URL` and `REDIS_URL` like every other settings module, so CI runs the
same suite once on the embedded default and once against PostgreSQL + Redis.

Under pytest-xdist (`make test` runs ``pytest -n auto``) every worker is a process of its own:
pytest-django gives each its own test database (in-memory SQLite, or ``test_<name>_gw0``, …
on PostgreSQL), and the Redis keys and channel-layer prefix below carry the worker's id
(``PYTEST_XDIST_WORKER``), so two workers on one Redis database never see each other's keys.
"""

import os

from config.env import env
from config.settings.base import *  # noqa: F403
from config.settings.base import REDIS_URL

DEBUG = False
SECRET_KEY = env("DJANGO_SECRET_KEY", default="django-insecure-test-key-not-secret")
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

# Hashing passwords slowly buys nothing in tests.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

#: This process's share of Redis: "gunshi-test" on a serial run, "gunshi-test-gw1" on worker 1.
TEST_REDIS_PREFIX = "-".join(filter(None, ["gunshi-test", os.environ.get("PYTEST_XDIST_WORKER")]))

if REDIS_URL:
    # Keep test keys apart from anything a development server left in the same Redis, and from
    # the other workers; clearing the cache deletes this prefix's keys only (not FLUSHDB).
    CACHES = {
        "default": {
            "BACKEND": "tests.redis_cache.PrefixScopedRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": TEST_REDIS_PREFIX,
        },
    }
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                "prefix": TEST_REDIS_PREFIX,
            },
        },
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Tasks run in-process and their errors surface in the test that sent them.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

WHITENOISE_AUTOREFRESH = True

# Timeout checks: the tests start an in-process scheduler themselves when they need one, and
# call the Celery task directly; nothing runs in the background otherwise.
MATCH_TIMEOUT_BACKEND = "inprocess"
MATCH_TIMEOUT_SCHEDULER_AUTOSTART = False

# Tests play whole games over sockets as fast as the server answers: no frame limit unless a
# test sets one (tests/matches/consumers/test_match_consumer_frame_limits.py).
MATCH_SOCKET_FRAMES_PER_SECOND = 1_000_000.0
MATCH_SOCKET_FRAME_BURST = 1_000_000.0
# Every test client has the same address: no limit on past positions unless a test sets one
# (tests/matches/views_ui/test_matches_position_cache.py).
MATCH_POSITION_REQUESTS_PER_WINDOW = 1_000_000
