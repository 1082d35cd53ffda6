"""Development settings: the embedded default that `make dev` runs."""

from pathlib import Path

from config.env import BASE_DIR, env
from config.settings.base import *  # noqa: F403
from config.settings.base import REDIS_URL

DEBUG = env.bool("DJANGO_DEBUG", default=True)

# Clearly insecure on purpose: only local and test settings have a default key.
SECRET_KEY = env("DJANGO_SECRET_KEY", default="django-insecure-local-development-key-not-secret")

ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])

# Serve files straight from static/ without collectstatic, picking up edits on reload.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Mail (sign-up verification, password reset) is printed on the console that runs the server;
# with DJANGO_EMAIL_FILE_PATH set, each message is written to a file in that directory instead
# (the browser tests read their verification mail there).
EMAIL_FILE_PATH: str | None = env("DJANGO_EMAIL_FILE_PATH", default=None)
EMAIL_BACKEND = (
    "django.core.mail.backends.filebased.EmailBackend"
    if EMAIL_FILE_PATH
    else "django.core.mail.backends.console.EmailBackend"
)

# The browser tests' servers (tests/live_server.py) hash passwords as the test settings do:
# every account they make and every log-in would otherwise cost a third of a second of CPU.
# Development settings only: the production settings never read this.
if env.bool("DJANGO_FAST_PASSWORD_HASHER", default=False):
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Without Redis, Celery's broker is a directory (kombu's filesystem transport, no server), so
# that the analysis worker `make dev` starts beside the server (`celery -A config worker -Q
# analysis`) receives the jobs the server queues (docs/analysis.md). The in-process
# `memory://` broker of the base settings reaches no other process.
if not REDIS_URL:
    CELERY_BROKER_DIRECTORY = Path(
        env("CELERY_BROKER_DIRECTORY", default=str(BASE_DIR / ".celery-broker"))
    )
    for _folder in ("queue", "control"):
        (CELERY_BROKER_DIRECTORY / _folder).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_BROKER_DIRECTORY / "queue"),
        "data_folder_out": str(CELERY_BROKER_DIRECTORY / "queue"),
        "control_folder": str(CELERY_BROKER_DIRECTORY / "control"),
        "store_processed": False,
    }
