"""The readiness checklist: what must be right before round 1 is paired, and what is worth a look.

Each check passes, warns or fails. A failing check blocks pairing round 1 with its message; a
warning is shown and does not block (the organizer may know better: a list may come at the
table). The manage page shows the list; ``GET /api/events/<slug>/readiness/`` gives it too.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from draw.table_factions import dealt_factions
from participants.models import RegistrationStatus
from participants.services.force_lists import event_content, missing_or_invalid_lists
from participants.services.teams import team_problems
from tournaments.errors import EventError
from tournaments.models import Event, EventFormat, OddField
from tournaments.services.events import validate_settings

PASS, WARN, FAIL = "pass", "warn", "fail"


@dataclass(frozen=True)
class Check:
    key: str
    label: str
    status: str  # pass, warn or fail
    detail: str

    def to_dict(self) -> dict:
        return asdict(self)


def readiness(event: Event) -> list[Check]:
    """Every check for ``event``, in the order an organizer would go through them."""
    return [
        _dates(event),
        _settings(event),
        _content(event),
        _round_time(event),
        _tiebreaks(event),
        _players(event),
        _teams(event),
        _lists(event),
        _check_in(event),
        _odd_field(event),
        _waiting_list(event),
    ]


def failing(checks: list[Check]) -> list[Check]:
    return [c for c in checks if c.status == FAIL]


def require_ready(event: Event) -> None:
    """Raise EventError (409) naming every failing check; warnings pass."""
    failed = failing(readiness(event))
    if failed:
        raise EventError(
            "Round 1 cannot be paired yet: " + "; ".join(f"{c.label}: {c.detail}" for c in failed) + ".",
            "state",
        )


def _dates(event: Event) -> Check:
    label = "Dates"
    if not event.starts_on or not event.ends_on:
        return Check("dates", label, FAIL, "set the first and last day")
    if event.ends_on < event.starts_on:
        return Check("dates", label, FAIL, "the event ends before it starts")
    return Check("dates", label, PASS, f"{event.starts_on:%d %b %Y} to {event.ends_on:%d %b %Y}")


def _settings(event: Event) -> Check:
    try:
        validate_settings(event)
    except EventError as exc:
        return Check("settings", "Settings", FAIL, exc.message)
    return Check("settings", "Settings", PASS, "format, scoring and limits can work")


def _content(event: Event) -> Check:
    label = "Content pack"
    try:
        event_content(event)
    except EventError as exc:
        return Check("content_pack", label, FAIL, exc.message)
    return Check("content_pack", label, PASS, f"{event.content_pack}, {event.points_limit} points")


def _round_time(event: Event) -> Check:
    if event.round_minutes < 1:
        return Check("round_time", "Round time", FAIL, "set the time limit of a round")
    return Check("round_time", "Round time", PASS, f"{event.round_minutes} minutes")


def _tiebreaks(event: Event) -> Check:
    if not event.tiebreaks:
        return Check("tiebreaks", "Tiebreaks", FAIL, "choose at least one")
    return Check("tiebreaks", "Tiebreaks", PASS, ", ".join(event.tiebreaks))


def _active(event: Event):
    return event.registrations.filter(
        status__in=[RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN], is_ringer=False
    )


def _players(event: Event) -> Check:
    count = _active(event).count()
    label = "Players"
    if count < 2:
        return Check("players", label, FAIL, f"{count} registered; a round needs at least two")
    if event.format == EventFormat.SWISS_TOP_CUT and count < event.top_cut:
        return Check("players", label, WARN, f"{count} registered, fewer than the top cut of {event.top_cut}")
    return Check("players", label, PASS, f"{count} registered")


def _teams(event: Event) -> Check:
    label = "Teams"
    if not event.is_team_event:
        return Check("teams", label, PASS, "every player plays for themselves")
    problems = team_problems(event)
    if problems:
        return Check("teams", label, FAIL, "; ".join(problems))
    return Check("teams", label, PASS, f"{event.teams.count()} teams of up to {event.team_size}")


def _lists(event: Event) -> Check:
    if dealt_factions(event) is not None:
        return Check(
            "lists",
            "Lists",
            PASS,
            "none needed: each table's sides are dealt their factions when the round is paired, "
            "and each team chooses its heroes at setup",
        )
    missing = [r for r in missing_or_invalid_lists(event) if not r.is_ringer]
    if not missing:
        return Check("lists", "Lists", PASS, "every player has a valid list")
    names = ", ".join(r.display_name for r in missing[:8]) + (" …" if len(missing) > 8 else "")
    return Check("lists", "Lists", WARN, f"{len(missing)} without a valid list: {names}")


def _check_in(event: Event) -> Check:
    label = "Check-in"
    if not event.require_check_in:
        return Check("check_in", label, PASS, "not required: every registered player is paired")
    absent = list(_active(event).filter(status=RegistrationStatus.REGISTERED))
    if absent:
        names = ", ".join(r.display_name for r in absent[:8]) + (" …" if len(absent) > 8 else "")
        return Check(
            "check_in", label, WARN, f"{len(absent)} not checked in ({names}): pairing will ask what to do"
        )
    return Check("check_in", label, PASS, "everyone has checked in")


def _odd_field(event: Event) -> Check:
    label = "Odd number of players"
    if event.odd_field != OddField.RINGER:
        return Check("odd_field", label, PASS, "a bye")
    has_ringer = (
        event.registrations.filter(is_ringer=True).exclude(status=RegistrationStatus.DROPPED).exists()
    )
    if not has_ringer:
        return Check("odd_field", label, WARN, "the ringer should play, but there is none: a bye instead")
    return Check("odd_field", label, PASS, "the ringer plays")


def _waiting_list(event: Event) -> Check:
    waiting = event.registrations.filter(status=RegistrationStatus.WAITLISTED).count()
    if waiting:
        return Check(
            "waiting_list", "Waiting list", WARN, f"{waiting} still waiting: admit them or leave them out"
        )
    return Check("waiting_list", "Waiting list", PASS, "nobody waiting")
