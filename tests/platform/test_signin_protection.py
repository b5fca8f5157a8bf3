"""Password guessing is limited on every sign-in path: the login form, the admin login and
POST /api/auth/token/ (django-axes, counted in PostgreSQL), and token requests are throttled per
client in the shared cache."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings

from accounts.signin_guard import client_ip

pytestmark = pytest.mark.django_db

LIMIT = 10  # AXES_FAILURE_LIMIT
PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()  # throttle counts live in the (per-process, in tests) cache
    yield
    cache.clear()


def _token(api_client, password, username="alice", ip="203.0.113.7"):
    return api_client.post(
        "/api/auth/token/", {"username": username, "password": password}, format="json", REMOTE_ADDR=ip
    )


def test_the_token_endpoint_locks_out_after_ten_wrong_passwords(api_client, user):
    for _ in range(LIMIT - 1):
        assert _token(api_client, "wrong").status_code == 400
    locked = _token(api_client, "wrong")
    assert locked.status_code == 429
    error = locked.json()["error"]
    assert error["code"] == "locked_out" and "Try again in 1 minute" in error["message"]
    assert "reset your password" in error["message"]
    assert int(locked["Retry-After"]) == 60
    # The right password does not help while locked out, and the count is not per process.
    cache.clear()
    assert _token(api_client, PASSWORD).status_code == 429
    assert AccessAttempt.objects.filter(ip_address="203.0.113.7").exists()


def test_guessing_many_usernames_from_one_address_is_throttled_per_address(api_client, user):
    statuses = [_token(api_client, "x", username=f"user{i}").status_code for i in range(21)]
    assert statuses[:20] == [400] * 20 and statuses[-1] == 429
    assert _token(api_client, "x", username="user99").json()["error"]["code"] == "throttled"


def test_a_stranger_cannot_lock_a_player_out_from_elsewhere(api_client, user):
    for _ in range(LIMIT + 3):
        _token(api_client, "wrong", ip="198.51.100.66")
    assert _token(api_client, "wrong", ip="198.51.100.66").status_code == 429
    cache.clear()
    # The player, at the venue's address, is not paused by the stranger's guesses.
    assert _token(api_client, PASSWORD, ip="203.0.113.7").status_code == 200


def test_the_pause_grows_with_every_failure_after_the_limit(api_client, user):
    for _ in range(LIMIT):
        _token(api_client, "wrong")
    assert int(_token(api_client, "wrong")["Retry-After"]) == 2 * 60  # the 11th failure
    assert int(_token(api_client, "wrong")["Retry-After"]) == 4 * 60
    cache.clear()  # under the per-address throttle again
    for _ in range(9):
        _token(api_client, "wrong")
    assert int(_token(api_client, "wrong")["Retry-After"]) == 24 * 3600  # the ceiling (22 failures)


def test_the_owner_lifts_the_pause_with_a_password_reset(api_client, user, mailoutbox):
    import re

    user.email = "alice@example.org"
    user.save()
    for _ in range(LIMIT):
        _token(api_client, "wrong")
    assert _token(api_client, PASSWORD).status_code == 429
    page = Client()
    assert page.post("/accounts/password-reset/", {"email": "alice@example.org"}).status_code == 302
    (mail,) = mailoutbox
    link = re.search(r"https?://[^/]+(/accounts/password-reset/[^\s]+/)", mail.body).group(1)
    form = page.get(link, follow=True)
    assert form.status_code == 200 and b"Choose a new password" in form.content
    done = page.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a brand new passphrase", "new_password2": "a brand new passphrase"},
    )
    assert done.status_code == 302 and done["Location"] == "/accounts/password-reset/done/"
    cache.clear()
    assert _token(api_client, "a brand new passphrase").status_code == 200


def test_another_address_with_the_right_password_still_signs_in(api_client, user):
    for _ in range(LIMIT):
        _token(api_client, "wrong", username="someone-else")
    response = _token(api_client, PASSWORD, ip="198.51.100.1")
    assert response.status_code == 200 and response.json()["token"]


def test_the_login_form_locks_out(user):
    client = Client(REMOTE_ADDR="203.0.113.8")
    for _ in range(LIMIT - 1):
        assert client.post("/accounts/login/", {"username": "alice", "password": "wrong"}).status_code == 200
    locked = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    assert locked.status_code == 429 and b"Too many failed sign-ins" in locked.content
    assert client.post("/accounts/login/", {"username": "alice", "password": PASSWORD}).status_code == 429


def test_the_admin_login_locks_out(make_user):
    make_user("root", is_staff=True, is_superuser=True)
    client = Client(REMOTE_ADDR="203.0.113.9")
    statuses = [
        client.post("/admin/login/", {"username": "root", "password": "wrong"}).status_code
        for _ in range(LIMIT)
    ]
    assert statuses[:-1] == [200] * (LIMIT - 1) and statuses[-1] == 429


def test_token_requests_are_throttled_per_client_even_with_the_right_password(api_client, user):
    statuses = [_token(api_client, PASSWORD).status_code for _ in range(21)]
    assert statuses[:20] == [200] * 20
    assert statuses[20] == 429
    assert _token(api_client, PASSWORD).json()["error"]["code"] == "throttled"
    assert _token(api_client, PASSWORD, ip="198.51.100.2").status_code == 200


def test_behind_a_proxy_the_client_is_the_address_the_proxy_saw():
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.5")
    assert client_ip(request) == "10.0.0.2"  # no trusted proxy: X-Forwarded-For is ignored
    with override_settings(REST_FRAMEWORK={"NUM_PROXIES": 1}):
        # nginx appends the address it saw; whatever the client wrote before it is not trusted.
        assert client_ip(request) == "203.0.113.5"


def test_production_counts_throttles_in_a_shared_redis_cache(tmp_path):
    from tests.platform.test_settings import run_manage

    env = {
        "DJANGO_SECRET_KEY": "x" * 60,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "redis://redis:6379/0",
    }
    code = (
        "from django.conf import settings; c = settings.CACHES['default']; print(c['BACKEND'], c['LOCATION'])"
    )
    shown = run_manage("production", "shell", "-c", code, **env)
    assert shown.stdout.splitlines()[-1].split() == [
        "arbiter_site.cache.FailOpenRedisCache",
        "redis://redis:6379/0",
    ]
    own = run_manage("production", "shell", "-c", code, CACHE_URL="redis://cache:6379/1", **env)
    assert own.stdout.splitlines()[-1].split()[1] == "redis://cache:6379/1"
    refused = run_manage("production", "check", **{**env, "CELERY_BROKER_URL": "amqp://mq//"})
    assert refused.returncode != 0 and "CACHE_URL" in refused.stderr
