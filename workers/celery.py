"""The Celery app. Broker from CELERY_BROKER_URL (Redis in production, kombu's filesystem
transport in the one-machine demo); no result backend: tasks write verdicts into PostgreSQL."""

from celery import Celery

app = Celery("arbiter", include=["workers.tasks"])
app.config_from_object("django.conf:settings", namespace="CELERY")

# Task names, for code that enqueues without importing the task module (the web process).
VERIFY_LOG = "workers.tasks.verify_log"
SWEEP_PENDING = "workers.tasks.sweep_pending"
REVERIFY_LOGS = "workers.tasks.reverify_logs"
