"""Judges: people an organizer names for one event to enter, correct and rule on its results."""

from __future__ import annotations

from django.db import transaction

from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import require_manager
from tournaments.services.common import audit, notify


@transaction.atomic
def add_judge(actor, event: Event, user) -> None:
    """Make ``user`` a judge of ``event`` (its organizers only). Any account can judge."""
    require_manager(actor, event)
    if event.judges.filter(pk=user.pk).exists():
        raise EventError(f"{user.get_username()} is already a judge of this event.", "state")
    event.judges.add(user)
    audit(event, "judge-added", f"{actor.get_username()} added {user.get_username()} as a judge", actor=actor)
    notify(
        user,
        f"You are a judge of {event.name}: you can enter and correct results and rule on disputes.",
        event=event,
    )


@transaction.atomic
def remove_judge(actor, event: Event, user) -> None:
    require_manager(actor, event)
    if not event.judges.filter(pk=user.pk).exists():
        raise EventError(f"{user.get_username()} is not a judge of this event.", "state")
    event.judges.remove(user)
    audit(
        event,
        "judge-removed",
        f"{actor.get_username()} removed {user.get_username()} as a judge",
        actor=actor,
    )
