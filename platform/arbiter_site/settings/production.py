"""Production profile: everything from the environment, secure cookies and HTTPS.

Required: DJANGO_SECRET_KEY, DATABASE_URL, CELERY_BROKER_URL, DJANGO_ALLOWED_HOSTS.
Behind a TLS-terminating proxy set DJANGO_SECURE_PROXY_SSL_HEADER=1 so Django trusts
X-Forwarded-Proto. ``python manage.py check --deploy`` passes with this profile.
"""

import os

from django.core.exceptions import ImproperlyConfigured

from arbiter_site.settings.base import *  # noqa: F403
from arbiter_site.settings.base import broker_transport, database_from_env, live_url
from arbiter_site.settings.env import env_bool, env_int, env_list, env_str

DEBUG = env_bool("DJANGO_DEBUG", False)


def _required(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise ImproperlyConfigured(f"{name} must be set in the environment for the production profile")
    return value


SECRET_KEY = _required("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "")
DATABASES = {"default": database_from_env(_required("DATABASE_URL"))}
CELERY_BROKER_URL = _required("CELERY_BROKER_URL")
CELERY_BROKER_TRANSPORT = broker_transport(CELERY_BROKER_URL)
ARBITER_LIVE_URL = live_url(CELERY_BROKER_URL)

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^healthz(/live)?$"]  # load balancers and kubelets probe over plain HTTP
if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", False)
if not SECURE_HSTS_PRELOAD:
    # Preloading is a decision about the whole domain, made by whoever owns it; not a default.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
X_FRAME_OPTIONS = "DENY"

# API throttles count in the cache, so it must be shared by every web process and machine (a
# per-process cache multiplies every limit by the number of processes). CACHE_URL, else the
# broker's Redis.
CACHE_URL = env_str("CACHE_URL") or (CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else None)
if not CACHE_URL:
    raise ImproperlyConfigured("CACHE_URL (a Redis URL) must be set when the broker is not Redis")
# If Redis stops answering, the cache fails open (arbiter_site.cache): throttles let requests through
# and a warning is logged, instead of every API request answering 500.
CACHES = {
    "default": {
        "BACKEND": "arbiter_site.cache.FailOpenRedisCache",
        "LOCATION": CACHE_URL,
        "KEY_PREFIX": "arbiter-cache",
        "FAIL_OPEN_SECONDS": env_int("ARBITER_CACHE_FAIL_OPEN_SECONDS", 5),
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
}
