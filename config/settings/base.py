"""Settings shared by every environment.

Embedded default (no environment variables): SQLite file `db.sqlite3`, the in-memory channel
layer, a local-memory cache and Celery on the in-process `memory://` broker, so the site runs with
no external server. `DATABASE_URL` (PostgreSQL through psycopg 3) and `REDIS_URL` (channel layer,
cache, Celery broker and result backend) switch to real services.
"""

from datetime import timedelta
from pathlib import Path

from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

from config.env import BASE_DIR, env

# --------------------------------------------------------------------------------- core
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS: list[str] = env.list("DJANGO_ALLOWED_HOSTS", default=[])
CSRF_TRUSTED_ORIGINS: list[str] = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
#: The site's own address, for links in mails sent without a request (notification e-mails):
#: SITE_URL, else the first trusted origin, else the development server.
SITE_URL: str = env(
    "SITE_URL",
    default=CSRF_TRUSTED_ORIGINS[0] if CSRF_TRUSTED_ORIGINS else "http://localhost:8000",
)

ROOT_URLCONF = "config.urls"
# A failed CSRF check answers JSON under /api/ (docs/protocol.md §4), the usual page elsewhere.
CSRF_FAILURE_VIEW = "matches.api.csrf_failure"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

INSTALLED_APPS = [
    # daphne first: its `runserver` replaces Django's and serves the ASGI application.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "allauth",  # accounts: sign-up, e-mail verification, password reset (docs/accounts.md)
    "allauth.account",
    "axes",  # log-in rate limiting (core/login_limits.py)
    "csp",  # Content-Security-Policy header (CONTENT_SECURITY_POLICY below)
    # Project apps. `load_demo` runs their `demo.load()` hooks in this order.
    "core",
    "tournaments",
    "matches",
    "players",
    "play",
    "notifications",  # the bell and its e-mails (docs/notifications.md)
    "analysis",  # post-game analysis of finished games (docs/analysis.md)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # The signed-in player's language and time zone (core/accounts/preferences.py).
    "core.accounts.preferences.PlayerPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: answers a locked-out log-in with its lockout page.
    "axes.middleware.AxesMiddleware",
]

# Content-Security-Policy on every response: scripts, styles and connections (the match and
# event WebSockets: 'self' covers ws/wss of the same host) only from this site, no inline
# script or style, no plugins, no framing. Templates load code from static files only
# (tests/test_content_security_policy.py checks them).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.context_processors.site",
                "matches.context_processors.live_game",
                "tournaments.context_processors.callup",
                "notifications.context_processors.bell",
            ],
        },
    },
]

# ----------------------------------------------------------------------------- database
# Default: a SQLite file in the project directory (git-ignored).
DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg prepares a statement on its connection after this many executions, but only for
    # server-binding cursors: the decision's fixed statements (matches.rows); the ORM's own
    # queries bind on the client and are never prepared. Django turns preparing off by default
    # for transaction-pooling proxies (PgBouncer); set DATABASE_PREPARE_THRESHOLD= (empty)
    # behind one.
    _PREPARE_THRESHOLD: str = env("DATABASE_PREPARE_THRESHOLD", default="5")
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = (
        int(_PREPARE_THRESHOLD) if _PREPARE_THRESHOLD else None
    )

# ------------------------------------------------------- Redis: channels, cache, Celery
REDIS_URL: str | None = env("REDIS_URL", default=None)
#: Prefix of every key this site keeps in Redis (channel layer and cache), so that two sites on
#: one Redis database — the test suite and the browser tests' live server — never share keys.
REDIS_KEY_PREFIX: str = env("REDIS_KEY_PREFIX", default="")

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: a group message is one PUBLISH that every process subscribed to
            # the group receives at once, instead of one sorted-set message per consumer that
            # each process polls for (channels_redis.core.RedisChannelLayer, still selectable
            # with CHANNEL_LAYER_BACKEND). It measured 3x better at p99 in
            # benchmarks/matches.py (docs/matches.md, *Performance*). It buffers nothing for a
            # consumer that is not listening; clients resynchronise from snapshots on
            # reconnect, so that is harmless to matches. matches.channel_layer adds one method:
            # a decision's three group messages go out as one pipelined round trip.
            "BACKEND": env(
                "CHANNEL_LAYER_BACKEND", default="matches.channel_layer.PipelinedPubSubChannelLayer"
            ),
            # redis-py 8 reads with a 5 s socket timeout by default, which cuts the channel
            # layer's blocking BZPOPMIN short and tears idle WebSocket consumers down:
            # no client-side read timeout (channels_redis#422).
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                # Pub/sub channels are not scoped by the Redis database number: sites sharing
                # one Redis server need a prefix each (the browser tests' live server adds its own).
                "prefix": f"{env('CHANNEL_LAYER_PREFIX', default='asgi')}{REDIS_KEY_PREFIX}",
            },
        },
    }
    if CHANNEL_LAYERS["default"]["BACKEND"].startswith("matches."):
        # matches.channel_layer's subscription watch: each process pings its own subscription
        # this often and resyncs its sockets after a gap (a Redis restart); 0 turns it off.
        CHANNEL_LAYERS["default"]["CONFIG"]["watch_interval"] = env.float(
            "CHANNEL_LAYER_WATCH_SECONDS", default=1.0
        )
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_KEY_PREFIX,
        },
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # kombu's in-process transport: importable and configured, needs no server.
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"

# ------------------------------------------------------------------------------- Celery
CELERY_TASK_ALWAYS_EAGER = False
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"
# A worker outlives its broker (docs/production.md, *Redis restarts*): it waits for Redis at
# start-up, reconnects for as long as Redis is away (no retry limit), and its consumer survives
# a connection lost while it holds unacknowledged tasks (config/celery_worker.py; Celery's own
# consumer exits with "Unrecoverable error" there). TCP keep-alive finds a dead connection that
# no packet would otherwise reveal; the result backend retries its commands too.
CELERY_WORKER_CONSUMER = "config.celery_worker:BrokerLossConsumer"
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_RESULT_BACKEND_ALWAYS_RETRY = True
CELERY_RESULT_BACKEND_MAX_RETRIES = 10
CELERY_REDIS_SOCKET_KEEPALIVE = True
CELERY_REDIS_RETRY_ON_TIMEOUT = True
# A task running when the broker connection drops finishes (they are short transactions, and
# idempotent: Redis may deliver a late-acknowledged one again). Celery 6 changes the default.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# Redis redelivers a task reserved by a worker that died after this many seconds (kombu's
# default is an hour). Timeout tasks are queued at most MATCH_TIMEOUT_ETA_HORIZON_SECONDS
# ahead, so a healthy worker always runs them well within it.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT_SECONDS", default=60),
    "socket_keepalive": True,
    "socket_connect_timeout": 5,
}
if REDIS_URL and REDIS_KEY_PREFIX:
    # Two sites on one Redis database (the browser tests' live servers) keep their queues apart.
    CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = REDIS_KEY_PREFIX

# ------------------------------------------------------------------------------- analysis
# Post-game analysis (docs/analysis.md): jobs run on the Celery queue "analysis"
# (analysis/tasks.py), in a worker started with `-Q analysis`, never in a web request.
#: New analysis jobs one user may queue per hour (asking again for an existing job is free).
ANALYSIS_REQUESTS_PER_HOUR: int = env.int("ANALYSIS_REQUESTS_PER_HOUR", default=10)
#: A queued or running job that has not changed for this long may be queued again (its worker
#: died or its message was lost).
ANALYSIS_STALE_SECONDS: int = env.int("ANALYSIS_STALE_SECONDS", default=300)
#: How often an open record page's socket reads the job's progress from the database.
ANALYSIS_POLL_SECONDS: float = env.float("ANALYSIS_POLL_SECONDS", default=1.0)
# The computer opponent's moves run on a queue of their own, served only by the bot worker
# (`celery -A config worker -Q bot`, docs/opponent.md "On the site"): a search never runs in a
# web process, and a busy bot never delays the timeout tasks on the default queue.
CELERY_TASK_ROUTES = {"play.tasks.computer_move_task": {"queue": "bot"}}
#: Where the bot worker sends the computer's decisions over the match socket, when it shares no
#: channel layer with the web processes (no Redis: `make dev`). Empty: it calls the decision
#: service itself, and the broadcast reaches every process through Redis.
COMPUTER_SERVER_URL: str = env("COMPUTER_SERVER_URL", default="")

# ------------------------------------------------------------------------ authentication
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "core.login_limits.LoginLimitBackend",  # refuses locked-out log-ins first
    # Django's user name and password check, plus log-in by e-mail address.
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"

# Accounts (django-allauth, docs/accounts.md): log in by user name or e-mail address; sign-up
# asks for both (and a display name, core.accounts.forms) and the address must be verified
# before the first log-in. Accounts made outside sign-up, without an address, log in as before
# (core.accounts.stages). Following the verification link logs the new player in.
ACCOUNT_ADAPTER = "core.accounts.adapter.SiteAccountAdapter"
ACCOUNT_FORMS = {"login": "core.accounts.forms.SiteLoginForm"}
ACCOUNT_SIGNUP_FORM_CLASS = "core.accounts.signup_form.SignupDetailsForm"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
# One address per account: a new one replaces the old only once it is verified.
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
ACCOUNT_SESSION_REMEMBER = True  # sessions last SESSION_COOKIE_AGE, as before allauth
ACCOUNT_EMAIL_SUBJECT_PREFIX = ""
# Failed log-ins are limited by django-axes (below), per user name and address; allauth's own
# limits of the other actions (sign-up, e-mail, password reset: per address) stay on.
ACCOUNT_RATE_LIMITS = {"login_failed": False}

# Log-in rate limiting (django-axes): 5 failures in a row of one username from one address
# pause that pair for 15 minutes. Attempts are kept in the database (axes' own tables), which
# every server process shares.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT: int = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A user name or an e-mail address counts against the same account (core/login_limits.py).
AXES_USERNAME_CALLABLE = "core.login_limits.attempted_username"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "core/login_locked.html"
LOGIN_REDIRECT_URL = "core:home"
LOGOUT_REDIRECT_URL = "core:home"

# --------------------------------------------------------------------------------- e-mail
# The sender of the site's mail (verification, password reset). Development prints mail on the
# console (local.py), production sends it over SMTP (production.py), tests keep it in memory
# (Django's test runner: django.core.mail.outbox).
DEFAULT_FROM_EMAIL: str = env("DEFAULT_FROM_EMAIL", default="Gunshi Tournament <noreply@localhost>")
SERVER_EMAIL: str = env("SERVER_EMAIL", default=DEFAULT_FROM_EMAIL)

# ------------------------------------------------------------------ i18n, time and text
LANGUAGE_CODE = "ja"
LANGUAGES = [
    ("ja", _("Japanese")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Asia/Tokyo"
USE_TZ = True

# ---------------------------------------------------------------------------- static files
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where `collectstatic` writes and the reverse proxy serves from (deploy/nginx/).
STATIC_ROOT = Path(env("DJANGO_STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# -------------------------------------------------------------------------------- logging
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", default="INFO")},
}

# -------------------------------------------------------------------------------- matches
# Flag falls are adjudicated even when nobody is connected (matches/timeouts.py): every ASGI
# process and every Celery worker runs a scheduler thread that reads the deadlines from the
# database ("auto": started in server processes; workers start theirs when ready), and with a
# broker a Celery task is also queued for each deadline (docs/production.md).
MATCH_TIMEOUT_BACKEND: str = env(
    "MATCH_TIMEOUT_BACKEND", default="celery" if REDIS_URL else "inprocess"
)
MATCH_TIMEOUT_SCHEDULER_AUTOSTART: bool | str = "auto"
MATCH_TIMEOUT_WORKER_SCHEDULER: bool = env.bool("MATCH_TIMEOUT_WORKER_SCHEDULER", default=True)
MATCH_TIMEOUT_SWEEP_SECONDS: float = env.float("MATCH_TIMEOUT_SWEEP_SECONDS", default=1.0)
# A timeout task is queued at most this far ahead of its run (it re-arms itself when it fires
# early), which lets the broker's visibility timeout below stay short.
MATCH_TIMEOUT_ETA_HORIZON_SECONDS: float = env.float(
    "MATCH_TIMEOUT_ETA_HORIZON_SECONDS", default=30.0
)
# PostgreSQL: commit decisions and clock presses without waiting for the disk (results are
# always synchronous); a crash can lose at most the last fraction of a second of play.
MATCH_ASYNC_COMMIT: bool = env.bool("MATCH_ASYNC_COMMIT", default=True)
# PostgreSQL: the decision's fixed statements (lock, move row, match update) bind their values on
# the server and are prepared per connection (matches.rows); False: Django's client-side binding.
MATCH_SERVER_BINDING: bool = env.bool("MATCH_SERVER_BINDING", default=True)
# Presence (matches/presence.py): each open socket holds a lease renewed every heartbeat; a
# socket whose server died stops counting as connected when its lease runs out.
MATCH_PRESENCE_TTL_SECONDS: float = env.float("MATCH_PRESENCE_TTL_SECONDS", default=30.0)
MATCH_PRESENCE_HEARTBEAT_SECONDS: float = env.float(
    "MATCH_PRESENCE_HEARTBEAT_SECONDS", default=10.0
)
# Tables that need the arbiter (matches/attention.py): the start deadline of a started game
# without one (over the board), how long a game with no clock ticking may stay unchanged before
# it is "stuck", how long after its flag deadline a running game is "overdue", and "low time".
MATCH_START_GRACE_SECONDS: float = env.float("MATCH_START_GRACE_SECONDS", default=600.0)
# The length in seconds of one of an online event's "minutes to join a game" (the start deadline
# set when a round is published): 60. Only the browser tests' servers set less, to see a start
# deadline pass without waiting out a real minute; the event form's minimum stays one minute.
EVENT_START_WINDOW_MINUTE_SECONDS: float = env.float(
    "EVENT_START_WINDOW_MINUTE_SECONDS", default=60.0
)
MATCH_STUCK_AFTER_SECONDS: float = env.float("MATCH_STUCK_AFTER_SECONDS", default=300.0)
MATCH_OVERDUE_GRACE_SECONDS: float = env.float("MATCH_OVERDUE_GRACE_SECONDS", default=30.0)
MATCH_LOW_TIME_SECONDS: float = env.float("MATCH_LOW_TIME_SECONDS", default=60.0)
# Request frames one match socket may send (matches/frame_limits.py): a burst of 100, then 20 a
# second (a person sends a few a minute; a bot waits for each update); 50 refused frames in a
# row close the socket.
MATCH_SOCKET_FRAMES_PER_SECOND: float = env.float("MATCH_SOCKET_FRAMES_PER_SECOND", default=20.0)
MATCH_SOCKET_FRAME_BURST: float = env.float("MATCH_SOCKET_FRAME_BURST", default=100.0)
MATCH_SOCKET_MAX_REFUSED_FRAMES: int = env.int("MATCH_SOCKET_MAX_REFUSED_FRAMES", default=50)
# Past positions of a live board one client address may fetch (matches/request_limits.py): 120
# in each 10-second window (a player steps through a game a few positions a second; a venue's
# players may share one address); more get HTTP 429.
MATCH_POSITION_REQUESTS_PER_WINDOW: int = env.int("MATCH_POSITION_REQUESTS_PER_WINDOW", default=120)
MATCH_POSITION_WINDOW_SECONDS: int = env.int("MATCH_POSITION_WINDOW_SECONDS", default=10)
# ---------------------------------------------------------------------------------- play
# Games outside events (play/, docs/play.md): how long an open seek waits in the lobby and a
# challenge (a link or one to a username) waits for its opponent, how many open seeks one
# account may have, and how many it may create in any 60 seconds (seek flooding).
PLAY_LOBBY_SEEK_MINUTES: int = env.int("PLAY_LOBBY_SEEK_MINUTES", default=15)
PLAY_CHALLENGE_HOURS: int = env.int("PLAY_CHALLENGE_HOURS", default=24)
PLAY_MAX_OPEN_SEEKS: int = env.int("PLAY_MAX_OPEN_SEEKS", default=5)
PLAY_SEEKS_PER_MINUTE: int = env.int("PLAY_SEEKS_PER_MINUTE", default=6)
#: Games against the computer one account may start in any 60 seconds (play.computer_services).
PLAY_COMPUTER_GAMES_PER_MINUTE: int = env.int("PLAY_COMPUTER_GAMES_PER_MINUTE", default=4)

CELERY_BEAT_SCHEDULE = {
    "matches-timeout-sweep": {
        "task": "matches.tasks.match_sweep_timeouts_task",
        # Optional: workers sweep by themselves; a `celery beat` adds this sweep every 2 s.
        "schedule": 2.0,
    },
    "play-expire-seeks": {
        # Marks the seeks whose time ran out (the pages already hide them when they read).
        "task": "play.tasks.seek_expire_task",
        "schedule": 60.0,
    },
}
