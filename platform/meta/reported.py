"""Hand-reported match results in the meta statistics (issue #13), marked as unverified.

A result players reported by hand and the opponent confirmed, or that an organizer decided, has no
log behind it: no engine checked it, and it says only who won and the score. It is stored in the
generic core alone (a ``GameStat`` with ``source = "report"`` and a ``SeatStat`` per seat, with the
seat's score components), never in the per-side tables a log fills. Every query leaves these rows out
unless the filter asks for them (``MetaFilter.include_reported``).

``store_match_result`` is idempotent: it replaces the match's rows with what the match says now, or
removes them when its result no longer counts (reopened, disputed, corrected to a log's result). It
runs once the transaction that saved the match has committed (``on_match_saved``), so it reads the
seats as they were committed; ``python manage.py store_reported_results`` does the same for every
match (after an upgrade, or to repair a write lost with its process).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from dashboards import models as m
from dashboards.freshness import touched_changed
from dashboards.ingest import Touched, insert_seats
from dashboards.modes import mode_ids

logger = logging.getLogger(__name__)

# Result sources that are a report and not a log: confirmed by both players, or an organizer's decision.
REPORTED_SOURCES = ("report", "organizer")


def counts(match) -> bool:
    """The match's result is final and reported by hand: it may count as a reported result."""
    from draw.models import COUNTED_STATES

    return match.state in COUNTED_STATES and match.result_source in REPORTED_SOURCES


def on_match_saved(sender, instance, created: bool = False, raw: bool = False, **kwargs) -> None:
    """``post_save`` of a draw Match: bring its reported result's rows up to date once the
    transaction commits (the seats holding the result are written beside the match row)."""
    if raw or (created and not counts(instance)):
        return  # a fixture, or a match just paired: nothing to store and nothing stored before
    match_id = instance.pk
    transaction.on_commit(lambda: store_match_result(match_id), robust=True)


def store_match_result(match_id: int) -> Touched:
    """Replace the reported-result rows of match ``match_id`` (or remove them) and have the
    summaries of the days touched refreshed. Returns the touched buckets."""
    from draw.models import Match

    touched: set = set()
    with transaction.atomic():
        match = Match.objects.select_related("round__event").filter(pk=match_id).first()
        old = list(m.GameStat.objects.filter(match_id=match_id).values_list("pk", "game", "played_on"))
        if old:
            touched.update((game, day) for _, game, day in old)
            m.GameStat.objects.filter(pk__in=[pk for pk, _, _ in old]).delete()
        seats = match.seat_list() if match is not None and counts(match) else []
        if len(seats) >= 2 and all(seat.outcome for seat in seats):
            stat = m.GameStat.objects.create(match=match, **_game_fields(match, seats))
            insert_seats(stat, [_seat_row(seat) for seat in seats])
            touched.add((stat.game, stat.played_on))
        result = Touched(frozenset(touched))
        touched_changed(result)
    return result


def store_all() -> int:
    """Bring every match's reported-result rows up to date; returns how many matches it looked at."""
    from draw.models import Match

    counted = Match.objects.filter(result_source__in=REPORTED_SOURCES).values_list("pk", flat=True)
    stored = m.GameStat.objects.filter(match__isnull=False).values_list("match_id", flat=True)
    match_ids = sorted(set(counted) | set(stored))
    for match_id in match_ids:
        store_match_result(match_id)
    return len(match_ids)


def _played_on(match):
    """The day the round was played: its clock's start, else its publication, else the event's first day."""
    round_ = match.round
    moment = round_.timer_started_at or round_.published_at
    return timezone.localdate(moment) if moment else round_.event.starts_on


def _content_pack(event) -> str:
    """``id@version`` as a log's statistics name it, when the event's pack loads; else its id."""
    try:
        pack = event.game_plugin.load_pack(event.content_pack)
    except Exception:  # noqa: BLE001 - a pack that no longer loads still has its id
        return event.content_pack[:100]
    return f"{pack.pack_id}@{pack.version}"[:100] if getattr(pack, "version", None) else event.content_pack


def _mode(event) -> str:
    """The event's mode as a log of it would name it: its own mode, else the one mode its logs may be in
    (``tournaments.game_modes.log_modes``); "" for a game of one mode or when several could be meant."""
    from tournaments.game_modes import log_modes

    if not mode_ids(event.game):
        return ""
    modes = log_modes(event)
    return modes[0] if len(modes) == 1 and modes[0] in mode_ids(event.game) else ""


def _label(seat) -> str:
    # Seats are named as a log's header names its players: p1, p2, … in table order.
    return f"p{seat.index + 1}"


def _game_fields(match, seats) -> dict:
    event = match.round.event
    outcomes = {seat.outcome for seat in seats}
    winners = [seat for seat in seats if seat.outcome == "win"]
    return {
        "source": m.Source.REPORT,
        "game": event.game,
        "played_on": _played_on(match),
        "event_ref": event.slug[:200],  # what a log's header gives as reference.event
        "mode": _mode(event),
        "content_pack": _content_pack(event),
        "simulated": False,
        "verified_at": None,  # no engine verified it
        "engine_version": "",
        "randomness": "",
        "rounds_played": 0,  # a report does not say
        "first_player": "",
        "winner": _label(winners[0]) if len(winners) == 1 else None,
        "outcome": "draw" if outcomes <= {"draw"} else "win",
        "ended_by": "report",
    }


def _seat_row(seat) -> dict:
    """A seat as ``ingest.insert_seats`` reads a verdict's seat."""
    return {
        "seat": _label(seat),
        "team": seat.team,
        "outcome": seat.outcome,
        "rank": seat.rank,
        "score": seat.score,
        "components": seat.components if isinstance(seat.components, dict) else {},
    }
