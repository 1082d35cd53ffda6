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
