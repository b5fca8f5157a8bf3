"""Judges: people an organizer names for one event to enter, correct and rule on its results."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import require_manager
from tournaments.said import said
from tournaments.services.common import audit, notify


@transaction.atomic
def add_judge(actor, event: Event, user) -> None:
    """Make ``user`` a judge of ``event`` (its organizers only). Any account can judge."""
    require_manager(actor, event)
    if event.judges.filter(pk=user.pk).exists():
        raise EventError(
            _("%(user)s is already a judge of this event.") % {"user": user.get_username()}, "state"
        )
    event.judges.add(user)
    audit(
        event,
        "judge-added",
        said(
            gettext_noop("%(actor)s added %(user)s as a judge"),
            actor=actor.get_username(),
            user=user.get_username(),
        ),
        actor=actor,
    )
    notify(
        user,
        said(
            gettext_noop(
                "You are a judge of %(event)s: you can enter and correct results and rule on disputes."
            ),
            event=event.name,
        ),
        event=event,
    )


@transaction.atomic
def remove_judge(actor, event: Event, user) -> None:
    require_manager(actor, event)
    if not event.judges.filter(pk=user.pk).exists():
        raise EventError(_("%(user)s is not a judge of this event.") % {"user": user.get_username()}, "state")
    event.judges.remove(user)
    audit(
        event,
        "judge-removed",
        said(
            gettext_noop("%(actor)s removed %(user)s as a judge"),
            actor=actor.get_username(),
            user=user.get_username(),
        ),
        actor=actor,
    )
