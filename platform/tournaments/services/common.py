"""Helpers every service uses: the audit trail, notifications and the event's row lock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

from tournaments.models import AuditEntry, Event, Notification
from tournaments.said import is_said, render

if TYPE_CHECKING:
    from draw.models import Match, Round


def audit(
    event: Event,
    action: str,
    detail: str | dict,
    *,
    actor=None,
    round: Round | None = None,
    match: Match | None = None,
    **data,
) -> AuditEntry:
    """One entry of the event's audit trail. ``detail`` is a sentence (tournaments.said: an English template
    marked with gettext_noop and its params), so the trail says it in each reader's language; the row keeps
    its English text too. A plain string is stored as it is."""
    template, params = "", {}
    if is_said(detail):
        template, params = detail["template"], detail.get("params") or {}
        detail = render(detail, translate=False)
    return AuditEntry.objects.create(
        event=event,
        round=round,
        match=match,
        actor=actor,
        action=action,
        detail=detail,
        template=template,
        params=params,
        data=data,
    )


def notify(
    user, message: str, *, event: Event | None = None, match: Match | None = None, url: str = ""
) -> None:
    """Leave a message on the player's events page. Sent after the transaction commits so a
    rolled-back action never tells anyone anything. The text starts with what it is about (the
    event, and the round and table of a match) unless the message already says so: a player in
    two events, or reading it on a lock screen, knows which table it means."""
    if user is None:
        return
    if event is None and match is not None:
        event = match.round.event
    message = about(message, event=event, match=match)
    if not url and match is not None:
        url = match.get_absolute_url()
    elif not url and event is not None:
        url = event.get_absolute_url()

    def create() -> None:
        Notification.objects.create(user=user, event=event, match=match, message=message[:300], url=url)

    transaction.on_commit(create)


def about(message: str, *, event: Event | None, match: Match | None = None) -> str:
    """``message`` led by the event's name and the match's round and table, leaving out what the
    message already names: "Spring Open, table 3 — Adora uploaded the log of your round 2 game"."""
    if event is None:
        return message
    said = message.casefold()
    parts = [] if event.name.casefold() in said else [event.name]
    if match is not None:
        number = match.round.number
        if f"round {number}" not in said:
            parts.append(f"round {number}")
        if not match.is_bye and f"table {match.table}" not in said:
            parts.append(f"table {match.table}")
    if not parts:
        return message
    if parts[0] != event.name:
        parts.insert(0, event.name)
    return f"{', '.join(parts)} — {message}"


def notify_organizers(event: Event, message: str, *, match: Match | None = None, url: str = "") -> None:
    for organizer in event.organizers.all():
        notify(organizer, message, event=event, match=match, url=url)


def lock_event(event: Event) -> Event:
    """Re-read the event under a row lock: pairing, closing and registering for one event
    happen one at a time, so two organizers clicking at once cannot pair a round twice."""
    return Event.objects.select_for_update().get(pk=event.pk)
