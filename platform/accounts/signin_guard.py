"""Sign-in protection: how django-axes finds the client and what a locked-out client is told.

django-axes counts failed sign-ins in PostgreSQL (so every web process and machine shares the
count) for every path that calls ``authenticate()``: the login form, the admin login and
``POST /api/auth/token/``. After ``AXES_FAILURE_LIMIT`` failures from one address, or against one
username, further attempts are refused for ``AXES_COOLOFF_TIME`` with 429.
"""

from __future__ import annotations

from axes.helpers import get_cool_off
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework.throttling import BaseThrottle

from arbiter_site.errors import API_PREFIX, error_json


def client_ip(request) -> str | None:
    """The client's address the way DRF's throttles see it: REMOTE_ADDR, or with
    ``REST_FRAMEWORK["NUM_PROXIES"]`` trusted proxies in front, the address the outermost one saw
    in X-Forwarded-For. One rule for both, so a lockout and a throttle name the same client."""
    return BaseThrottle().get_ident(request)


def lockout_message(request) -> str:
    cool_off = get_cool_off(request)
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else None
    if minutes:
        wait = ngettext("Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", minutes) % {
            "minutes": minutes
        }
    else:
        wait = _("Ask an administrator.")
    return _("Too many failed sign-ins from this address or for this username.") + " " + wait


def lockout_response(request, original_response=None, credentials=None):
    """429: the API's error shape under /api/, a page elsewhere (login form, admin)."""
    message = lockout_message(request)
    if request.path.startswith(API_PREFIX):
        response = error_json("locked_out", message, 429)
    else:
        response = render(request, "accounts/locked_out.html", {"message": message}, status=429)
    cool_off = get_cool_off(request)
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response
