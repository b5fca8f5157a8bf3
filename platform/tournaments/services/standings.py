"""Reading an event's standings, a player's history and ratings across events."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from tournaments import records
from tournaments.algorithms.players import GameRecord, SeatResult
from tournaments.algorithms.ratings import PlayerRating, rate_players
from tournaments.algorithms.standings import StandingRow, rank
from tournaments.algorithms.tiebreaks import metrics_for
from tournaments.errors import EventError
from tournaments.models import COUNTED_STATES, Event, Match, Registration, StandingSnapshot
from tournaments.services.brackets import placements_for


@dataclass(frozen=True)
class Column:
    key: str
    name: str
    in_order: bool  # part of the event's ranking order (the others are shown for information)


def columns(event: Event) -> list[Column]:
    """Every tiebreak column: the event's order first, then every other metric its game and format allow."""
    known = metrics_for(event.game, event.format)
    order = [k for k in event.tiebreaks if k in known]
    rest = [k for k in known if k not in order]
    return [Column(k, known[k].name, True) for k in order] + [Column(k, known[k].name, False) for k in rest]


def standings_for(event: Event, *, through_round: int | None = None) -> list[StandingRow]:
    """Standings computed now from every result that counts (up to ``through_round``)."""
    return rank(
        records.competitors(event, as_of_round=through_round),
        records.results(event, through_round=through_round),
        list(event.tiebreaks),
        rules=records.scoring_rules(event),
        game=event.game,
        format=event.format,
    )


def latest_snapshot(event: Event) -> StandingSnapshot | None:
    return event.standing_snapshots.select_related("round").order_by("-round__number").first()


def published_standings(event: Event) -> tuple[list[dict], int | None]:
    """The standings players see: those stored when the last round closed, as rows of
    {rank, registration, name, dropped, metrics}, and that round's number (None before any)."""
    snapshot = latest_snapshot(event)
    if snapshot is None:
        return [], None
    return snapshot.rows, snapshot.round.number


def standings_table(event: Event) -> dict:
    """What the standings page, the CSV and the JSON export all show.

    An event with a bracket also gets its placements as of the same round (``placements``,
    best first, and each row's ``placement`` label); players outside the bracket, and those
    still in it, have none.
    """
    rows, after_round = published_standings(event)
    cols = columns(event)
    settled = []
    if after_round is not None:
        # Rounds that do not form a bracket are reported on the bracket page; the standings
        # are still worth exporting without placements.
        with contextlib.suppress(EventError):
            settled = placements_for(event, through_round=after_round)
    label = {p["registration"]: p["label"] for p in settled}
    return {
        "event": event.slug,
        "after_round": after_round,
        "order": list(event.tiebreaks),
        "columns": [{"key": c.key, "name": c.name, "in_order": c.in_order} for c in cols],
        "rows": [
            {
                "rank": r["rank"],
                "registration": r["registration"],
                "name": r["name"],
                "dropped": r["dropped"],
                "metrics": {c.key: r["metrics"].get(c.key) for c in cols},
                "placement": label.get(r["registration"]),
            }
            for r in rows
        ],
        "placements": settled,
    }


def player_history(user) -> list[dict]:
    """Every event the user entered, with their matches in round order."""
    history = []
    registrations = (
        Registration.objects.filter(player=user).select_related("event").order_by("-event__starts_on")
    )
    for registration in registrations:
        ordered = (
            Match.objects.filter(seats__registration=registration)
            .select_related("round")
            .prefetch_related("seats__registration")
            .order_by("round__number")
        )
        rows, _ = published_standings(registration.event)
        placing = next((r["rank"] for r in rows if r["registration"] == registration.pk), None)
        rows = [{"match": m, **m.seen_from(registration.pk)} for m in ordered]
        history.append(
            {
                "registration": registration,
                "event": registration.event,
                "matches": [row["match"] for row in rows],
                "rows": rows,
                "rank": placing,
            }
        )
    return history


def ratings(*, provisional_below: int = 5) -> dict[int, PlayerRating]:
    """OpenSkill ratings by user id over every counted game of every event, oldest event first."""
    matches = (
        Match.objects.filter(state__in=COUNTED_STATES)
        .select_related("round__event")
        .prefetch_related("seats__registration")
        .order_by("round__event__starts_on", "round__event_id", "round__number", "table")
    )
    results = []
    for match in matches:
        record = records.result_record(match)
        if record is None:
            continue
        seats = match.seat_list()
        # The ringer is the organizer's stand-in: a game against it rates nobody.
        if any(seat.registration.is_ringer for seat in seats):
            continue
        # Ratings follow people across events: use user ids, not registrations. A guest has no
        # account yet: rated under its registration (negative, never a user id) until claimed.
        user_of = {
            seat.registration_id: seat.registration.player_id or -seat.registration_id for seat in seats
        }
        seats = tuple(
            SeatResult(user_of[s.player], s.outcome, s.score, s.components, s.team, s.rank)
            for s in record.seats
        )
        results.append(GameRecord(record.round, seats))
    return rate_players(results, provisional_below=provisional_below)
