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

# Celery without a broker server: kombu's filesystem transport, messages as files in one folder
# that the server and the workers `make dev` starts beside it (the computer opponent's queue
# `bot`, the post-game analysis queue `analysis`) share (git-ignored). With
# REDIS_URL the broker is Redis, unless CELERY_BROKER_DIR asks for a folder (the browser tests
# give each live server and its worker a folder of their own).
CELERY_BROKER_DIR: str = env("CELERY_BROKER_DIR", default="")
if CELERY_BROKER_DIR or not REDIS_URL:
    _broker_folder = Path(CELERY_BROKER_DIR or BASE_DIR / ".celery-broker")
    _broker_folder.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_folder),
        "data_folder_out": str(_broker_folder),
        "store_processed": False,
        # kombu keeps its exchange bindings here (by default "control/" in the working folder).
        "control_folder": str(_broker_folder / "control"),
        "polling_interval": 0.1,
    }

# The bot worker of `make dev` shares no channel layer with the server: it sends the computer's
# decisions over the server's socket (play/computer_socket.py). The Makefile passes the address.
if not REDIS_URL:
    COMPUTER_SERVER_URL = env("COMPUTER_SERVER_URL", default="http://127.0.0.1:8000")
