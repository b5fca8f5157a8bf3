"""Every page carries a Content-Security-Policy: scripts from the site or with the response's
nonce, no eval, no framing, no plugins. The browser half is tests/browser/test_csp_in_chromium.py."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def _policy(response) -> dict[str, list[str]]:
    directives = [d.strip().split() for d in response["Content-Security-Policy"].split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


@pytest.mark.parametrize("url", ["/", "/accounts/login/", "/events/", "/meta/", "/api/docs/", "/healthz"])
def test_pages_carry_a_strict_script_policy(client, url):
    policy = _policy(client.get(url))
    assert policy["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]


def test_the_dashboards_inline_script_carries_the_responses_nonce(client):
    response = client.get("/meta/motu-battleground/")
    nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
    assert f'<script nonce="{nonce}">' in response.content.decode()
    assert (
        _policy(client.get("/meta/motu-battleground/"))["script-src"][1] != f"'nonce-{nonce}'"
    )  # fresh each time


def test_swagger_ui_has_no_inline_script(client):
    page = client.get("/api/docs/").content.decode()
    assert "<script>" not in page and "?script=" in page
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200 and script["Content-Type"].startswith("application/javascript")
