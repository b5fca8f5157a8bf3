"""Made-up API tokens are counted per client address: past the limit that address is answered 429
with Retry-After before any token is looked up; other addresses and real tokens are not affected."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
LIMIT = 30  # ARBITER_THROTTLE_BAD_TOKENS


@pytest.fixture(autouse=True)
def fresh_cache():
    cache.clear()
    yield
    cache.clear()


def _get(token: str, ip: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/logs/", REMOTE_ADDR=ip)


def test_wrong_tokens_are_throttled_per_address(user):
    statuses = [_get(f"{n:040x}", "203.0.113.50").status_code for n in range(LIMIT + 1)]
    assert statuses[:LIMIT] == [401] * LIMIT and statuses[LIMIT] == 429
    refused = _get("f" * 40, "203.0.113.50")
    assert refused.json()["error"]["code"] == "throttled" and int(refused["Retry-After"]) > 0
    # Another address still gets an honest 401, and a real token from it works.
    assert _get("e" * 40, "198.51.100.50").status_code == 401
    assert _get(Token.objects.create(user=user).key, "198.51.100.50").status_code == 200


def test_real_tokens_do_not_count(user):
    key = Token.objects.create(user=user).key
    assert all(_get(key, "203.0.113.51").status_code == 200 for _ in range(LIMIT + 5))
