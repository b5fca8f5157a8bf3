"""Settings profiles: the demo behaves like production; production passes check --deploy."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run_manage(profile: str, *args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CELERY_", "DATABASE_URL"))
    }
    environment.update(DJANGO_SETTINGS_MODULE=f"arbiter_site.settings.{profile}", **env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_profile_passes_check_deploy(tmp_path):
    result = run_manage(
        "production",
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
        DJANGO_ALLOWED_HOSTS="arbiter.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_profile_refuses_to_start_without_a_secret_key(tmp_path):
    result = run_manage(
        "production",
        "check",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        CELERY_BROKER_URL="redis://x",
    )
    assert result.returncode != 0 and "DJANGO_SECRET_KEY must be set" in result.stderr


def test_dev_profile_runs_a_real_worker_on_the_filesystem_broker(tmp_path):
    code = (
        "from django.conf import settings; from workers.celery import app; "
        "print(settings.DATABASES['default']['ENGINE'], app.conf.broker_url, app.conf.task_always_eager, "
        "app.conf.task_acks_late, app.conf.worker_prefetch_multiplier)"
    )
    result = run_manage("dev", "shell", "-c", code, ARBITER_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-5:] == [
        "django.db.backends.sqlite3",
        "filesystem://localhost//",
        "False",
        "True",
        "1",
    ]
