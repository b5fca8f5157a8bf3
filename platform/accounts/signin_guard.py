"""Sign-in protection: how django-axes finds the client and what a locked-out client is told.

django-axes counts failed sign-ins in PostgreSQL (so every web process and machine shares the
count) for every path that calls ``authenticate()``: the login form, the admin login and
``POST /api/auth/token/``. After ``AXES_FAILURE_LIMIT`` failures from one address, or against one
username, further attempts are refused for ``AXES_COOLOFF_TIME`` with 429.
"""

from __future__ import annotations

from datetime import timedelta

from axes.helpers import get_cool_off
from django.conf import settings
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


# django-axes stores the username it was given in a 255-character column; a longer one (nobody's: Django
# usernames stop at 150) would make the failure's INSERT fail and the sign-in answer 500.
USERNAME_MAX = 255


def client_username(request, credentials=None) -> str | None:
    """``AXES_USERNAME_CALLABLE``: the username tried, as django-axes reads it, cut to what it stores."""
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")
    source = credentials if credentials else getattr(request, "data", request.POST)
    name = source.get(field) if hasattr(source, "get") else None
    return name[:USERNAME_MAX] if isinstance(name, str) else name


def cool_off(request) -> timedelta:
    """``AXES_COOLOFF_TIME``: how long a (username, address) pair is paused, growing with its failures:
    ARBITER_SIGNIN_COOLOFF_MINUTES at the limit, doubled for each failure after it (attempts while
    paused count too), ARBITER_SIGNIN_COOLOFF_MAX_HOURS at most."""
    base = timedelta(minutes=settings.ARBITER_SIGNIN_COOLOFF_MINUTES)
    ceiling = timedelta(hours=settings.ARBITER_SIGNIN_COOLOFF_MAX_HOURS)
    failures = _failures(request)
    beyond = max(0, failures - settings.AXES_FAILURE_LIMIT)
    return min(ceiling, base * (2 ** min(beyond, 32)))


def _failures(request) -> int:
    if request is None:
        return 0
    from axes.models import AccessAttempt

    username = getattr(request, "axes_username", None) or client_username(
        request, getattr(request, "axes_credentials", None)
    )
    ip = getattr(request, "axes_ip_address", None) or client_ip(request)
    if not username or not ip:
        return 0
    found = AccessAttempt.objects.filter(username=username, ip_address=ip).values_list(
        "failures_since_start", flat=True
    )
    return max(found, default=0)


def unlock(username: str) -> int:
    """Lift every pause on ``username`` (its owner proved who they are, by a password reset)."""
    from axes.utils import reset

    return reset(username=username)


def lockout_message(request) -> str:
    cool_off = get_cool_off(request)
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else None
    if minutes:
        wait = ngettext("Try again in %(minutes)d minute", "Try again in %(minutes)d minutes", minutes) % {
            "minutes": minutes
        }
    else:
        wait = _("Ask an administrator")
    return _(
        "Too many failed sign-ins for this username from this address. %(wait)s, "
        "or reset your password to sign in now."
    ) % {"wait": wait}


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
