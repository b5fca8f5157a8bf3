"""The organizer role: asking for it, deciding on it, and telling the player what was decided.

Running events needs the organizer role (the ``accounts.organizer`` permission, held through the
"organizers" group), unless the site lets anyone signed in run events (``ARBITER_OPEN_EVENTS``).

* A player asks with a short reason ("I want to run events"): from their profile, from the page
  that /events/new/ shows them, from ``/accounts/organizer-request/`` or ``POST
  /api/accounts/organizer-request/``. One request waits at a time.
* Staff grant or decline it, with a note if they like: on ``/accounts/organizer-requests/``, in
  the admin, through ``/api/accounts/organizer-requests/`` or with ``manage.py
  organizer_requests``. Granting adds the player to the "organizers" group.
* The player sees the outcome on every page until they have read it on their profile.
"""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from accounts.models import OrganizerRequest, RequestStatus
from accounts.services import holds_organizer_role, make_organizer, open_events

log = logging.getLogger(__name__)

REASON_MAX = 1000


class OrganizerRequired(PermissionDenied):
    """Raised where an action needs the organizer role; the site's 403 page then explains how to
    get it and offers the request form (arbiter_site.errors.permission_denied)."""


class RoleRequestError(Exception):
    """A request or a decision that cannot be made; ``message`` says why in the player's words."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def request_role(user, reason: str) -> OrganizerRequest:
    """``user`` asks for the organizer role, saying why in ``reason``."""
    if not user.is_authenticated:
        raise PermissionDenied(_("Sign in to ask for the organizer role."))
    if holds_organizer_role(user):
        raise RoleRequestError(
            "already_organizer", _("You already hold the organizer role: create an event.")
        )
    if open_events():
        raise RoleRequestError(
            "open_events",
            _("Anyone signed in can run events on this site: create an event, no request needed."),
        )
    reason = (reason or "").strip()
    if not reason:
        raise RoleRequestError("reason_required", _("Say in a sentence or two which events you want to run."))
    if len(reason) > REASON_MAX:
        raise RoleRequestError(
            "reason_too_long", _("Keep the reason under %(max)d characters.") % {"max": REASON_MAX}
        )
    waiting = pending_request(user)
    if waiting is not None:
        raise RoleRequestError(
            "already_requested",
            _("Your request of %(date)s is waiting for staff; you will see their answer here.")
            % {"date": date_format(waiting.created_at)},
        )
    try:
        with transaction.atomic():
            made = OrganizerRequest.objects.create(user=user, reason=reason)
    except IntegrityError:  # a second click raced the first (one pending request per player)
        raise RoleRequestError("already_requested", _("Your request is already waiting for staff.")) from None
    log.info("organizer role requested by %s", user.get_username())
    return made


@transaction.atomic
def decide(actor, organizer_request: OrganizerRequest, *, grant: bool, note: str = "") -> OrganizerRequest:
    """Staff grant or decline a waiting request. ``actor`` None is the command line (the site's
    operator); anyone else must be staff."""
    if actor is not None and not (actor.is_authenticated and actor.is_staff):
        raise PermissionDenied(_("Only staff decide who may run events."))
    req = OrganizerRequest.objects.select_for_update().select_related("user").get(pk=organizer_request.pk)
    if req.status != RequestStatus.PENDING:
        raise RoleRequestError(
            "already_decided",
            _("This request was already granted.")
            if req.status == RequestStatus.GRANTED
            else _("This request was already declined."),
        )
    req.status = RequestStatus.GRANTED if grant else RequestStatus.DECLINED
    req.decided_at = timezone.now()
    req.decided_by = actor
    req.note = (note or "").strip()[:500]
    req.save(update_fields=["status", "decided_at", "decided_by", "note"])
    if grant:
        make_organizer(req.user)
    who = actor.get_username() if actor is not None else "the command line"
    log.info("organizer request of %s %s by %s", req.user.get_username(), req.status, who)
    return req


def pending_request(user) -> OrganizerRequest | None:
    return OrganizerRequest.objects.filter(user=user, status=RequestStatus.PENDING).first()


def latest_request(user) -> OrganizerRequest | None:
    if not user.is_authenticated:
        return None
    return OrganizerRequest.objects.filter(user=user).first()


def waiting_requests():
    return OrganizerRequest.objects.filter(status=RequestStatus.PENDING).select_related("user__profile")


def unread_outcome(user) -> OrganizerRequest | None:
    """The decided request whose outcome ``user`` has not read yet, if any."""
    if not user.is_authenticated:
        return None
    return (
        OrganizerRequest.objects.filter(user=user, told_at__isnull=True)
        .exclude(status=RequestStatus.PENDING)
        .first()
    )


def mark_read(user) -> None:
    OrganizerRequest.objects.filter(user=user, told_at__isnull=True).exclude(
        status=RequestStatus.PENDING
    ).update(told_at=timezone.now())


def role_context(user) -> dict:
    """What a page offering the request needs: the role, the setting, the latest request."""
    return {
        "holds_role": holds_organizer_role(user),
        "open_events": open_events(),
        "role_request": latest_request(user),
    }


def organizer_required_response(request, message: str):
    """The 403 page for /events/new/ and the like: why, and how to get the role."""
    from accounts.forms import OrganizerRequestForm

    context = {"message": message, "request_form": OrganizerRequestForm(), **role_context(request.user)}
    return render(request, "accounts/organizer_required.html", context, status=403)
