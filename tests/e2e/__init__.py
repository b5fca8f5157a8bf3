"""End-to-end: real Celery worker processes on Redis, verifying logs uploaded through the API."""
