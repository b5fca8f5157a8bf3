"""Celery workers: the only place that runs engine work for the site.

``celery -A workers worker`` from the repository root starts a worker; this package puts
platform/ on the import path and picks the Django settings profile (DJANGO_SETTINGS_MODULE,
default ``arbiter_site.settings.dev``) before the Celery app is built.

    workers.celery   the Celery app, configured from Django settings (CELERY_* names)
    workers.tasks    thin tasks over gamelogs.services: verify_log, sweep_pending, reverify_logs
"""

import os
import sys
from pathlib import Path

_PLATFORM_DIR = str(Path(__file__).resolve().parent.parent / "platform")
if _PLATFORM_DIR not in sys.path:
    sys.path.insert(0, _PLATFORM_DIR)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter_site.settings.dev")

from workers.celery import app  # noqa: E402

__all__ = ["app"]
