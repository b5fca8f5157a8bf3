"""The Celery app, built with the Django project (Celery's usual Django layout). Broker from
CELERY_BROKER_URL (Redis in production, kombu's filesystem transport in the one-machine demo); no result
backend: tasks write verdicts into PostgreSQL. The platform apps define their tasks with ``shared_task`` or
send them by name (gamelogs.task_names); the worker processes' own tasks and tunings are in ``workers``."""

from celery import Celery

app = Celery("arbiter", include=["workers.tasks"])
app.config_from_object("django.conf:settings", namespace="CELERY")
