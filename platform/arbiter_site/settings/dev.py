"""Development and demo profile: one machine, no services to install.

SQLite under var/ and kombu's filesystem transport as the broker, so ``make run`` starts a real
Celery worker beside the site and the demo behaves like production (uploads are queued and
verified by the worker, never inline). Any setting can still be overridden from the environment.
"""

from arbiter_site.settings.base import *  # noqa: F403
from arbiter_site.settings.base import VAR_DIR, broker_transport, live_url
from arbiter_site.settings.env import env_bool, env_str

# Off by default so that the demo answers like the real site (its own 403, 404 and 500 pages, not
# Django's debug pages); DJANGO_DEBUG=1 brings the debug pages back. Static files are served from
# the apps either way, with no collectstatic.
DEBUG = env_bool("DJANGO_DEBUG", False)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# On one machine a webhook receiver is usually on localhost too.
ARBITER_WEBHOOK_ALLOW_PRIVATE = env_bool("ARBITER_WEBHOOK_ALLOW_PRIVATE", True)

BROKER_DIR = VAR_DIR / "broker"
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "filesystem://localhost//")
CELERY_BROKER_TRANSPORT = broker_transport(CELERY_BROKER_URL)
ARBITER_LIVE_URL = live_url(CELERY_BROKER_URL)
if CELERY_BROKER_URL.startswith("filesystem://"):
    for sub in ("queue", "control"):
        (BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # One folder in and out: web and worker share a queue on this machine.
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
    }
    # The filesystem transport has no delivery guarantee after a worker crash; the sweeper
    # re-sends anything left queued or verifying, so check often.
    CELERY_BEAT_SCHEDULE["requeue-pending-logs"]["schedule"] = 30  # noqa: F405
    ARBITER_REQUEUE_AFTER_SECONDS = 120

# Password reset emails are printed by `make run`, not sent.
EMAIL_BACKEND = env_str("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
