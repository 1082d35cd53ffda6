"""Development settings: the embedded default that `make dev` runs."""

from config.env import env
from config.settings.base import *  # noqa: F403

DEBUG = env.bool("DJANGO_DEBUG", default=True)

# Clearly insecure on purpose: only local and test settings have a default key.
SECRET_KEY = env("DJANGO_SECRET_KEY", default="django-insecure-local-development-key-not-secret")

ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])

# Serve files straight from static/ without collectstatic, picking up edits on reload.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
