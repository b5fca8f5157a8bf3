"""The Django project: settings profiles, URL map, WSGI/ASGI entry points and the health check."""

# The Celery app is built whenever Django is, so that every process (web, management command, worker)
# sends tasks through the configured app: the platform apps send by name and import no worker module.
from arbiter_site.celery import app as celery_app

__all__ = ["celery_app"]
