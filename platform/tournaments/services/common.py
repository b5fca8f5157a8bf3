"""Helpers every service uses: the audit trail, notifications and the event's row lock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import AuditEntry, Event, Notification
from tournaments.said import is_said, listed, render, said, split

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
    template, params = split(detail)
    if is_said(detail):
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
    user, message: str | dict, *, event: Event | None = None, match: Match | None = None, url: str = ""
) -> None:
    """Leave a message on the player's events page. Sent after the transaction commits so a
    rolled-back action never tells anyone anything. The text starts with what it is about (the
    event, and the round and table of a match) unless the message already says so: a player in
    two events, or reading it on a lock screen, knows which table it means. ``message`` is a sentence
    (tournaments.said), kept with its English so each reader reads it in their own language."""
    if user is None:
        return
    if event is None and match is not None:
        event = match.round.event
    message = about(message, event=event, match=match)
    template, params = split(message)
    english = render(message, translate=False)
    if not url and match is not None:
        url = match.get_absolute_url()
    elif not url and event is not None:
        url = event.get_absolute_url()

    def create() -> None:
        Notification.objects.create(
            user=user,
            event=event,
            match=match,
            message=english[:300],
            template=template,
            params=params,
            url=url,
        )

    transaction.on_commit(create)


# Punctuation only, the same in every language: not in the catalogs (its parts are said in the reader's).
LEAD = "%(about)s — %(message)s"


def about(message: str | dict, *, event: Event | None, match: Match | None = None) -> str | dict:
    """``message`` led by the event's name and the match's round and table, leaving out what the
    message already names: "Spring Open, table 3 — Adora uploaded the log of your round 2 game"."""
    if event is None:
        return message
    english = render(message, translate=False).casefold()
    parts: list = [] if event.name.casefold() in english else [event.name]
    if match is not None:
        number = match.round.number
        if f"round {number}" not in english:
            parts.append(said(gettext_noop("round %(number)s"), number=number))
        if not match.is_bye and f"table {match.table}" not in english:
            parts.append(said(gettext_noop("table %(table)s"), table=match.table))
    if not parts:
        return message
    if parts[0] != event.name:
        parts.insert(0, event.name)
    return said(LEAD, about=listed(parts), message=message)


def notify_organizers(
    event: Event, message: str | dict, *, match: Match | None = None, url: str = ""
) -> None:
    for organizer in event.organizers.all():
        notify(organizer, message, event=event, match=match, url=url)


def lock_event(event: Event) -> Event:
    """Re-read the event under a row lock: pairing, closing and registering for one event
    happen one at a time, so two organizers clicking at once cannot pair a round twice."""
    return Event.objects.select_for_update().get(pk=event.pk)
