"""Settings shared by every profile. Profiles override the database and broker defaults.

Everything that differs between machines comes from the environment:

    DATABASE_URL            e.g. postgres://arbiter:secret@db:5432/arbiter (dj-database-url syntax)
    CELERY_BROKER_URL       e.g. redis://redis:6379/0
    DJANGO_SECRET_KEY       required in production
    DJANGO_DEBUG            1/0
    DJANGO_ALLOWED_HOSTS    comma-separated host names
    ARBITER_PUBLIC_HOST     the address other devices reach this site by (a LAN address for the
                            table's phones): allowed, and used in join links and QR codes
    ARBITER_PUBLIC_PORT     its port (default: the port the request came in on)
    ARBITER_TASK_QUEUE      the Celery queue verification tasks go to (default "arbiter")
    ARBITER_OPEN_EVENTS     1: anyone signed in may create events (default 0: the organizer role)
"""

from __future__ import annotations

from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF, UNSAFE_INLINE

from arbiter_site.settings.env import env_bool, env_int, env_list, env_str
from arbiter_site.settings.game_apps import game_apps, static_dirs

# platform/arbiter_site/settings/base.py → the repository root is three folders up.
BASE_DIR = Path(__file__).resolve().parents[3]
PLATFORM_DIR = BASE_DIR / "platform"
VAR_DIR = Path(env_str("ARBITER_VAR_DIR", str(BASE_DIR / "var")))

SECRET_KEY = env_str(
    "DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me-0123456789abcdefghijklmnopqrstuvwxyz"
)
DEBUG = env_bool("DJANGO_DEBUG", False)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
ARBITER_PUBLIC_HOST = env_str("ARBITER_PUBLIC_HOST", "") or ""
ARBITER_PUBLIC_PORT = env_str("ARBITER_PUBLIC_PORT", "") or ""
if ARBITER_PUBLIC_HOST and ARBITER_PUBLIC_HOST not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(ARBITER_PUBLIC_HOST)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")


def _optional_apps() -> list[str]:
    """Apps owned by other parts of the house, installed once their AppConfig exists."""
    apps = []
    if (PLATFORM_DIR / "tournaments" / "apps.py").exists():
        apps.append("tournaments")
        apps.append("participants")  # registrations, teams, lists, check-in: built on tournaments
        apps.append("draw")  # rounds, pairings, matches and seats: built on participants
        apps.append("standings")  # stored standings, ratings and histories: built on tournaments
        apps.append(
            "results"
        )  # reports, disputes, corrections and logs deciding matches: built on tournaments
        apps.append("visibility")  # which logs are public: reads tournaments' published rounds
        apps.append("webhooks")  # results, pairings and verdicts to subscribers' URLs
    if (BASE_DIR / "dashboards" / "apps.py").exists():
        apps.append("dashboards")
        apps.append("meta")  # feeds the dashboards from logs, matches and ratings
    # The game registry, then every game plugin that has models of its own (found, never listed).
    apps.append("games")
    apps += game_apps(PLATFORM_DIR / "games")
    return apps


INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "arbiter_site",
    "accounts",
    "gamelogs",
    "rulebook",
    "refusals",
    "narration",
    "viewer",
    "play",
    "challenges",
    *_optional_apps(),
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "arbiter_site.middleware.RequestSizeLimitMiddleware",
    "arbiter_site.middleware.UnstorableCharactersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: a signed-in player's own language wins over the browser's.
    "accounts.languages.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, so that it sees the outcome of every sign-in (accounts.signin_guard).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "arbiter_site.urls"
WSGI_APPLICATION = "arbiter_site.wsgi.application"
ASGI_APPLICATION = "arbiter_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.organizer_request_news",
            ],
        },
    },
]


def database_from_env(default_url: str) -> dict:
    # Persistent connections: a worker runs many short tasks, and a new connection per task
    # costs more than some of them. Health checks drop a connection the server has closed.
    config = dj_database_url.parse(
        env_str("DATABASE_URL", default_url),
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # The demo runs a worker beside the web process on one SQLite file: WAL lets pages read
        # while the worker writes, and IMMEDIATE transactions queue writers instead of failing.
        config.setdefault("OPTIONS", {}).update(
            {"timeout": 30, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"}
        )
    return config


DATABASES = {"default": database_from_env(f"sqlite:///{VAR_DIR / 'arbiter.sqlite3'}")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a locked-out client before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
CSRF_FAILURE_VIEW = "arbiter_site.errors.csrf_failure"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"  # the player's home: their tables, events and last logs
LOGOUT_REDIRECT_URL = "home"

# The players' languages: the games' rulebooks are printed in Italian, Spanish and Polish. A page
# speaks the account's preference (accounts.languages), else the switcher's cookie, else the
# browser's Accept-Language, else English. Dates and numbers follow the language's formats.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("it", "Italiano"),
    ("es", "Español"),
    ("pl", "Polski"),
]
# The catalogs (locale/<language>/LC_MESSAGES/django.po); `make install` compiles them.
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["arbiter_site.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Each game plugin's own static files (its board for the viewer and the recorder, ``GamePlugin.board_script``):
# a new game brings them in its folder, platform/games/<game>/static/ (found with the app when it is one).
STATICFILES_DIRS = static_dirs(PLATFORM_DIR / "games")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# --- Content-Security-Policy (django-csp) ---------------------------------------------------------
# Scripts only from this site, or inline with the per-response nonce ({{ request.csp_nonce }});
# no eval. Styles allow inline attributes: Plotly sets style attributes on the SVG it draws, and a
# style cannot run code. Nothing may frame the site, post forms elsewhere, or load a plugin.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --- Events ---------------------------------------------------------------------------------------
# Off: creating events needs the organizer role, which staff grant on request (accounts.roles).
# On: anyone signed in may create and run events.
ARBITER_OPEN_EVENTS = env_bool("ARBITER_OPEN_EVENTS", False)
# The game a new event plays unless its organizer picks another (games.default_game falls back to the
# first registered game that runs events when this one does not).
ARBITER_DEFAULT_GAME = env_str("ARBITER_DEFAULT_GAME", "motu-battleground")

# --- Uploads -------------------------------------------------------------------------------------
# The engine refuses logs over 4 MiB (engine.core.logfile.MAX_LOG_BYTES). A request may carry a
# little multipart framing on top; anything larger is answered 413 from the Content-Length header
# before the body is read (arbiter_site.middleware).
ARBITER_MAX_UPLOAD_BYTES = 4 * 1024 * 1024
ARBITER_MAX_REQUEST_BYTES = ARBITER_MAX_UPLOAD_BYTES + 64 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = ARBITER_MAX_REQUEST_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = ARBITER_MAX_REQUEST_BYTES

# --- Sign-in protection (accounts.signin_guard) -------------------------------------------------
# Failed sign-ins (login form, admin, API token) are counted in PostgreSQL, shared by every web
# process, per (username, client address): ten failures pause that username from that address only,
# so a stranger cannot lock a player out from elsewhere, and a venue behind one NAT address is not
# paused for one player's typos. The pause grows: 1 minute after the tenth failure, doubling with
# every further one (24 hours at most). The owner lifts it by resetting their password (the link
# on the sign-in page). Token requests are also throttled per address ("signin" below), so one
# address cannot try many usernames either.
# Behind ARBITER_PROXY_COUNT trusted proxies (the deploy's nginx is one) the client is the address
# the outermost proxy saw, from X-Forwarded-For; with none, REMOTE_ADDR (a client cannot spoof it).
ARBITER_PROXY_COUNT = env_int("ARBITER_PROXY_COUNT", 0)
# Full renders of a spectator link per client address (play.watch_limit).
ARBITER_THROTTLE_WATCH = env_str("ARBITER_THROTTLE_WATCH", "300/min")
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = env_int("ARBITER_SIGNIN_FAILURE_LIMIT", 10)
ARBITER_SIGNIN_COOLOFF_MINUTES = env_int("ARBITER_SIGNIN_COOLOFF_MINUTES", 1)
ARBITER_SIGNIN_COOLOFF_MAX_HOURS = env_int("ARBITER_SIGNIN_COOLOFF_MAX_HOURS", 24)
AXES_COOLOFF_TIME = "accounts.signin_guard.cool_off"
# Password reset links (accounts.password_reset) go out by email: SMTP on localhost unless told.
EMAIL_BACKEND = env_str("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
EMAIL_HOST = env_str("DJANGO_EMAIL_HOST", "localhost")
DEFAULT_FROM_EMAIL = env_str("DJANGO_DEFAULT_FROM_EMAIL", "arbiter@localhost")
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures are what matter; successes are not kept
AXES_CLIENT_IP_CALLABLE = "accounts.signin_guard.client_ip"
AXES_USERNAME_CALLABLE = "accounts.signin_guard.client_username"
AXES_LOCKOUT_CALLABLE = "accounts.signin_guard.lockout_response"
AXES_VERBOSE = False

# --- REST API ------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's token authentication, with wrong tokens counted per address (arbiter_site.authentication).
        "arbiter_site.authentication.CountedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 25,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("ARBITER_THROTTLE_ANON", "60/min"),
        "user": env_str("ARBITER_THROTTLE_USER", "2000/min"),
        "uploads": env_str("ARBITER_THROTTLE_UPLOADS", "600/min"),
        # Token requests per client address, right or wrong (django-axes also counts failures).
        "signin": env_str("ARBITER_THROTTLE_SIGNIN", "20/min"),
        # Wrong API tokens per client address (arbiter_site.authentication).
        "bad_token": env_str("ARBITER_THROTTLE_BAD_TOKENS", "30/min"),
    },
    # 0, not None: with None DRF takes X-Forwarded-For as given, which lets a client pick its identity.
    "NUM_PROXIES": ARBITER_PROXY_COUNT,
    "EXCEPTION_HANDLER": "arbiter_site.errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Arbiter API",
    "DESCRIPTION": (
        "Upload tabletop game logs, follow their verification and read verdicts, results and statistics. "
        "Authenticate with `Authorization: Token <key>` (get a key from POST /api/auth/token/)."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Served from the drf-spectacular-sidecar package: the docs page needs no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The errors every operation can answer (arbiter_site.openapi), after drf-spectacular's own hook.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "arbiter_site.openapi.document_errors",
    ],
    "ENUM_NAME_OVERRIDES": {
        "LogStateEnum": "gamelogs.models.LogState",
        "RegistrationStatusEnum": "participants.models.RegistrationStatus",
        "WebhookKindEnum": "webhooks.models.Kind",
    },
}

# --- Celery (read by arbiter_site/celery.py with the CELERY_ prefix) ----------------------------------
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")


def broker_transport(url: str) -> str | None:
    """Redis brokers go through kombu's transport with its reconnect fault fixed (arbiter_site.broker);
    every profile that sets CELERY_BROKER_URL sets CELERY_BROKER_TRANSPORT from it."""
    return "arbiter_site.broker:Transport" if url.startswith("redis://") else None


CELERY_BROKER_TRANSPORT = broker_transport(CELERY_BROKER_URL)


def live_url(broker_url: str) -> str:
    """The Redis whose pub/sub carries the table recorder's live updates (play.live): ARBITER_LIVE_URL,
    else a Redis broker's; "" (the pages poll) when there is none."""
    return env_str("ARBITER_LIVE_URL", broker_url if broker_url.startswith(("redis://", "rediss://")) else "")


ARBITER_LIVE_URL = live_url(CELERY_BROKER_URL)
CELERY_TASK_DEFAULT_QUEUE = env_str("ARBITER_TASK_QUEUE", "arbiter")
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True  # verdicts live in PostgreSQL models, not in a result backend
CELERY_RESULT_BACKEND = None
# A verification is acknowledged only once its verdict is committed; a worker that dies mid-task
# leaves the message to be delivered again (the task is idempotent).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_TASK_SOFT_TIME_LIMIT = env_int("ARBITER_TASK_SOFT_TIME_LIMIT", 240)
CELERY_TASK_TIME_LIMIT = env_int("ARBITER_TASK_TIME_LIMIT", 300)
# Redis re-delivers an unacknowledged message after this many seconds; it must exceed the task's
# hard time limit or a slow verification would run twice.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("ARBITER_VISIBILITY_TIMEOUT", 900),
    # How often a worker looks for messages whose worker died (seconds × every Nth look).
    "unacked_restore_interval": env_int("ARBITER_UNACKED_RESTORE_INTERVAL", 10),
    "unacked_restore_throttle": env_int("ARBITER_UNACKED_RESTORE_THROTTLE", 10),
    "socket_connect_timeout": 3,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 3
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Publishing from a web request: a short retry, then give up and leave the log for the sweeper.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_BEAT_SCHEDULE = {
    "requeue-pending-logs": {
        "task": "workers.tasks.sweep_pending",
        "schedule": env_int("ARBITER_SWEEP_SECONDS", 15),
    },
    # After a deploy with a new engine version, old verdicts are re-checked a batch at a time.
    "reverify-stale-logs": {
        "task": "workers.tasks.reverify_logs",
        "schedule": env_int("ARBITER_REVERIFY_SECONDS", 3600),
        "kwargs": {"limit": env_int("ARBITER_REVERIFY_BATCH", 50000)},
    },
    # Webhook deliveries whose message never reached a worker.
    "resend-pending-webhooks": {
        "task": "webhooks.tasks.resend_pending_webhooks",
        "schedule": env_int("ARBITER_WEBHOOK_SWEEP_SECONDS", 300),
    },
    # Meta summaries are refreshed right after verdicts; this catches a refresh whose message was lost.
    "refresh-stale-meta": {
        "task": "dashboards.tasks.refresh_all_stale",
        "schedule": env_int("ARBITER_META_SWEEP_SECONDS", 300),
    },
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# Recovery and the attempt cap (deploy/README.md, "Worker tunables"). A worker holds a log it verifies
# for ARBITER_LEASE_SECONDS and renews the lease while the engine makes progress; the sweeper (every
# ARBITER_SWEEP_SECONDS) re-sends a log whose lease ran out (its worker died), and a queued log whose
# message the broker lost once the queue is empty and ARBITER_REQUEUE_AFTER_SECONDS have passed. After
# ARBITER_MAX_ATTEMPTS hand-outs without a verdict a log is given up with a terminal verdict and staff
# are alerted. Redis's own re-delivery (visibility_timeout above) stays longer than the hard time limit,
# so a slow verification is never run twice by it; the lease is what brings a dead worker's log back.
ARBITER_LEASE_SECONDS = env_int("ARBITER_LEASE_SECONDS", 30)
ARBITER_REQUEUE_AFTER_SECONDS = env_int("ARBITER_REQUEUE_AFTER_SECONDS", 30)
ARBITER_MAX_ATTEMPTS = env_int("ARBITER_MAX_ATTEMPTS", 5)
# Re-verification after a release runs in batches: this many logs per task, one transaction each, sent
# with the lowest priority (Redis: 9) so that uploads are taken first.
ARBITER_REVERIFY_BATCH_SIZE = env_int("ARBITER_REVERIFY_BATCH_SIZE", 100)
ARBITER_REVERIFY_PRIORITY = env_int("ARBITER_REVERIFY_PRIORITY", 9)
# Workers keep their database connection for this many tasks (Celery's Django fix-up closes it around
# every task otherwise: a new PostgreSQL session per verification). A broken one is dropped at once
# (workers.celery.drop_broken_connections), and CONN_MAX_AGE (DB_CONN_MAX_AGE) still applies.
CELERY_DB_REUSE_MAX = env_int("ARBITER_DB_REUSE_MAX", 1000)
# The statements every verdict runs are prepared on their connection (arbiter_site.prepared); "off"
# behind a transaction-mode pooler that cannot keep prepared statements (PgBouncer before 1.21).
ARBITER_DB_PREPARED_STATEMENTS = env_bool("ARBITER_DB_PREPARED_STATEMENTS", True)
# "off": workers commit verdicts without waiting for the disk (workers.celery explains why it is safe).
ARBITER_WORKER_SYNCHRONOUS_COMMIT = env_str("ARBITER_WORKER_SYNCHRONOUS_COMMIT", "off")
# Webhooks go to public addresses only (webhooks.addresses); set to 1 to allow private ones.
ARBITER_WEBHOOK_ALLOW_PRIVATE = env_bool("ARBITER_WEBHOOK_ALLOW_PRIVATE", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("ARBITER_LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}, "axes": {"level": "WARNING"}},
}
