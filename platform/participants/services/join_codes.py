"""An event's join code: a short word players type on /join/ (or scan) to register themselves."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from participants import codes
from participants.models import Registration
from participants.services.registration import register
from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import require_manager
from tournaments.said import said
from tournaments.services.common import audit, lock_event


def _new_join_code() -> str:
    return codes.new_code(
        codes.JOIN_ALPHABET, codes.JOIN_LENGTH, lambda code: Event.objects.filter(join_code=code).exists()
    )


@transaction.atomic
def set_join_code(actor, event: Event, *, enabled: bool = True) -> str:
    """Give the event a fresh join code (the old one stops working), or turn joining by code off.

    Returns the code ("" when off).
    """
    require_manager(actor, event)
    event = lock_event(event)
    event.join_code = _new_join_code() if enabled else ""
    event.save(update_fields=["join_code"])
    if enabled:
        audit(
            event,
            "join-code",
            said(gettext_noop("join code set to %(code)s"), code=event.join_code),
            actor=actor,
        )
    else:
        audit(event, "join-code", said(gettext_noop("joining by code turned off")), actor=actor)
    return event.join_code


def event_for_join_code(code: str) -> Event:
    """The event ``code`` opens. Raises EventError (not_found) for a code no event has."""
    code = codes.normalize(code)
    event = Event.objects.filter(join_code=code).first() if code else None
    if event is None:
        raise EventError(_("No event has this join code: check it with the organizer."), "not_found")
    return event


def join_with_code(actor, code: str) -> Registration:
    """Register ``actor`` for the event ``code`` opens (same rules as registering from its page)."""
    return register(actor, event_for_join_code(code))
