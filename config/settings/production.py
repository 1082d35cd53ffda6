"""Production settings: everything secret or site-specific must come from the environment.

Required: `DJANGO_SECRET_KEY`, `DJANGO_ALLOWED_HOSTS`, `DATABASE_URL`, `REDIS_URL`.
"""

from django.core.exceptions import ImproperlyConfigured

from config.env import env
from config.settings.base import *  # noqa: F403
from config.settings.base import DATABASES, REDIS_URL

DEBUG = False
SECRET_KEY = env("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")

if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
    raise ImproperlyConfigured("Production needs DATABASE_URL=postgres://… (PostgreSQL).")
if not REDIS_URL:
    raise ImproperlyConfigured("Production needs REDIS_URL=redis://… (channels and Celery).")

# Django's native psycopg connection pool, one per process: a request or a consumer's
# `database_sync_to_async` call borrows a connection and gives it back when Django closes it
# (end of request, `close_old_connections`, end of a Celery task), so no connection is opened
# per decision. An ASGI process runs its database work on one thread (Channels' thread-sensitive
# executor) plus the timeout scheduler, a Celery worker on one thread per pool slot: a few
# connections each are plenty. Size the total (processes x DATABASE_POOL_MAX_SIZE) below
# PostgreSQL's max_connections. DATABASE_POOL=false falls back to CONN_MAX_AGE.
if env.bool("DATABASE_POOL", default=True):
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps the connections
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DATABASE_POOL_MIN_SIZE", default=2),
        "max_size": env.int("DATABASE_POOL_MAX_SIZE", default=8),
        # Seconds a caller waits for a free connection before an error (psycopg: 30).
        "timeout": env.float("DATABASE_POOL_TIMEOUT", default=10.0),
    }
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)

# TLS ends at the reverse proxy (deploy/nginx/gunshi.conf), which passes the scheme in
# X-Forwarded-Proto and the client's Host unchanged: Django trusts the header below and reads
# the host from Host (USE_X_FORWARDED_HOST stays off, nothing rewrites Host).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The client's address for log-in rate limiting: the one the proxy saw (X-Forwarded-For).
AXES_IPWARE_PROXY_COUNT = env.int("DJANGO_PROXY_COUNT", default=1)
AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 30)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("DJANGO_SECURE_HSTS_PRELOAD", default=False)
SECURE_CONTENT_TYPE_NOSNIFF = True

# Mail (sign-up verification, password reset) goes out through an SMTP server: by default a
# relay on this machine (port 25, no log-in); set EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER,
# EMAIL_HOST_PASSWORD and EMAIL_USE_TLS (STARTTLS) or EMAIL_USE_SSL for a mail provider, and
# DEFAULT_FROM_EMAIL to an address of the site's domain (docs/production.md).
EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = env("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=False)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)

# Hashed, compressed file names from `collectstatic`, served by WhiteNoise.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
