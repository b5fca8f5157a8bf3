"""Test profile: real PostgreSQL and real Redis, as in CI and production.

DATABASE_URL names the server and role (default: the ``postgres`` superuser on 127.0.0.1 with
trust auth; the role needs CREATEDB). pytest-django creates the test database itself, named
``test_arbiter_<pid>`` so that two test runs on one machine never share (or drop) each other's
database; pytest-xdist adds its ``_gwN`` suffix. Set ARBITER_TEST_DB to pin a name instead
(e.g. with --reuse-db).

The broker defaults to Redis database 15, and the queue is named per test process too, so a test
worker only ever receives the messages of its own run. Worker subprocesses started by the tests
get the same DATABASE_URL/ARBITER_TASK_QUEUE through their environment.
"""

import os

from arbiter_site.settings.base import *  # noqa: F403
from arbiter_site.settings.base import broker_transport, database_from_env, live_url
from arbiter_site.settings.env import env_str

DEBUG = False
DATABASES = {"default": database_from_env("postgres://postgres@127.0.0.1:5432/arbiter")}
DATABASES["default"]["TEST"] = {"NAME": env_str("ARBITER_TEST_DB", f"test_arbiter_{os.getpid()}")}

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
CELERY_BROKER_TRANSPORT = broker_transport(CELERY_BROKER_URL)
ARBITER_LIVE_URL = live_url(CELERY_BROKER_URL)
CELERY_TASK_DEFAULT_QUEUE = env_str("ARBITER_TASK_QUEUE", f"arbiter-test-{os.getpid()}")

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests only
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
ALLOWED_HOSTS = ["*"]
# Static files straight from the apps (no collectstatic in tests).
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
