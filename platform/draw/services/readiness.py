"""The readiness checklist: what must be right before round 1 is paired, and what is worth a look.

Each check passes, warns or fails. A failing check blocks pairing round 1 with its message; a
warning is shown and does not block (the organizer may know better: a list may come at the
table). The manage page shows the list; ``GET /api/events/<slug>/readiness/`` gives it too.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draw.table_factions import dealt_factions
from participants.models import RegistrationStatus
from participants.services.force_lists import event_content, missing_or_invalid_lists
from participants.services.teams import team_problems
from tournaments.errors import EventError
from tournaments.models import Event, EventFormat, OddField
from tournaments.services.events import validate_settings
from tournaments.tiebreak_labels import tiebreak_name

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
        problems = "; ".join(
            _("%(check)s: %(detail)s") % {"check": c.label, "detail": c.detail} for c in failed
        )
        raise EventError(_("Round 1 cannot be paired yet: %(problems)s.") % {"problems": problems}, "state")


def _dates(event: Event) -> Check:
    label = _("Dates")
    if not event.starts_on or not event.ends_on:
        return Check("dates", label, FAIL, _("set the first and last day"))
    if event.ends_on < event.starts_on:
        return Check("dates", label, FAIL, _("the event ends before it starts"))
    days = {"first": date_format(event.starts_on), "last": date_format(event.ends_on)}
    return Check("dates", label, PASS, _("%(first)s to %(last)s") % days)


def _settings(event: Event) -> Check:
    try:
        validate_settings(event)
    except EventError as exc:
        return Check("settings", _("Settings"), FAIL, str(exc.message))
    return Check("settings", _("Settings"), PASS, _("format, scoring and limits can work"))


def _content(event: Event) -> Check:
    label = _("Content pack")
    try:
        event_content(event)
    except EventError as exc:
        return Check("content_pack", label, FAIL, str(exc.message))
    detail = _("%(pack)s, %(points)s points") % {"pack": event.content_pack, "points": event.points_limit}
    return Check("content_pack", label, PASS, detail)


def _round_time(event: Event) -> Check:
    if event.round_minutes < 1:
        return Check("round_time", _("Round time"), FAIL, _("set the time limit of a round"))
    minutes = ngettext("%(count)s minute", "%(count)s minutes", event.round_minutes) % {
        "count": event.round_minutes
    }
    return Check("round_time", _("Round time"), PASS, minutes)


def _tiebreaks(event: Event) -> Check:
    if not event.tiebreaks:
        return Check("tiebreaks", _("Tiebreaks"), FAIL, _("choose at least one"))
    bands = bool(event.battle_points)
    names = ", ".join(tiebreak_name(key, battle_points=bands) for key in event.tiebreaks)
    return Check("tiebreaks", _("Tiebreaks"), PASS, names)


def _active(event: Event):
    return event.registrations.filter(
        status__in=[RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN], is_ringer=False
    )


def _players(event: Event) -> Check:
    count = _active(event).count()
    label = _("Players")
    if count < 2:
        return Check(
            "players", label, FAIL, _("%(count)s registered; a round needs at least two") % {"count": count}
        )
    if event.format == EventFormat.SWISS_TOP_CUT and count < event.top_cut:
        detail = _("%(count)s registered, fewer than the top cut of %(cut)s") % {
            "count": count,
            "cut": event.top_cut,
        }
        return Check("players", label, WARN, detail)
    return Check("players", label, PASS, _("%(count)s registered") % {"count": count})


def _teams(event: Event) -> Check:
    label = _("Teams")
    if not event.is_team_event:
        return Check("teams", label, PASS, _("every player plays for themselves"))
    problems = team_problems(event)
    if problems:
        return Check("teams", label, FAIL, "; ".join(problems))
    detail = _("%(teams)s teams of up to %(size)s") % {"teams": event.teams.count(), "size": event.team_size}
    return Check("teams", label, PASS, detail)


def _lists(event: Event) -> Check:
    if dealt_factions(event) is not None:
        return Check(
            "lists",
            _("Lists"),
            PASS,
            _(
                "none needed: each table's sides are dealt their factions when the round is paired, "
                "and each team chooses its heroes at setup"
            ),
        )
    missing = [r for r in missing_or_invalid_lists(event) if not r.is_ringer]
    if not missing:
        return Check("lists", _("Lists"), PASS, _("every player has a valid list"))
    names = ", ".join(r.display_name for r in missing[:8]) + (" …" if len(missing) > 8 else "")
    detail = _("%(count)s without a valid list: %(names)s") % {"count": len(missing), "names": names}
    return Check("lists", _("Lists"), WARN, detail)


def _check_in(event: Event) -> Check:
    label = _("Check-in")
    if not event.require_check_in:
        return Check("check_in", label, PASS, _("not required: every registered player is paired"))
    absent = list(_active(event).filter(status=RegistrationStatus.REGISTERED))
    if absent:
        names = ", ".join(r.display_name for r in absent[:8]) + (" …" if len(absent) > 8 else "")
        detail = _("%(count)s not checked in (%(names)s): pairing will ask what to do") % {
            "count": len(absent),
            "names": names,
        }
        return Check("check_in", label, WARN, detail)
    return Check("check_in", label, PASS, _("everyone has checked in"))


def _odd_field(event: Event) -> Check:
    label = _("Odd number of players")
    if event.odd_field != OddField.RINGER:
        return Check("odd_field", label, PASS, _("a bye"))
    has_ringer = (
        event.registrations.filter(is_ringer=True).exclude(status=RegistrationStatus.DROPPED).exists()
    )
    if not has_ringer:
        return Check("odd_field", label, WARN, _("the ringer should play, but there is none: a bye instead"))
    return Check("odd_field", label, PASS, _("the ringer plays"))


def _waiting_list(event: Event) -> Check:
    waiting = event.registrations.filter(status=RegistrationStatus.WAITLISTED).count()
    if waiting:
        detail = _("%(count)s still waiting: admit them or leave them out") % {"count": waiting}
        return Check("waiting_list", _("Waiting list"), WARN, detail)
    return Check("waiting_list", _("Waiting list"), PASS, _("nobody waiting"))
