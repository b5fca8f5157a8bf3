"""Reading an event's standings, a player's history and ratings across events."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from draw import records
from draw.models import COUNTED_STATES, Match, Round, RoundState
from draw.services.brackets import placements_for
from participants.models import Registration
from participants.services.soft_scores import soft_scores_by_registration
from standings.models import StandingSnapshot
from tournaments.algorithms.players import GameRecord, SeatResult
from tournaments.algorithms.ratings import PlayerRating, rate_players
from tournaments.algorithms.standings import StandingRow, rank
from tournaments.algorithms.tiebreaks import metrics_for
from tournaments.errors import EventError
from tournaments.models import Event, EventFormat, SoftScoresUse


@dataclass(frozen=True)
class Column:
    key: str
    name: str
    in_order: bool  # part of the event's ranking order (the others are shown for information)


def columns(event: Event) -> list[Column]:
    """Every tiebreak column: the event's ranking order first, then every other metric its game
    and format allow. Soft score columns only for an event with soft score categories (the
    total only when soft scores are added to it); ``points`` reads "Battle points" when the
    event converts margins to battle points."""
    known = dict(metrics_for(event.game, event.format))
    if not event.soft_score_categories:
        known.pop("soft_score", None)
    if not (event.soft_score_categories and event.soft_scores_use == SoftScoresUse.TOTAL):
        known.pop("total", None)
    names = {k: cls.name for k, cls in known.items()}
    if event.battle_points and "points" in names:
        names["points"] = "Battle points"
    order = [k for k in records.ranking_order(event) if k in known]
    rest = [k for k in known if k not in order]
    return [Column(k, names[k], True) for k in order] + [Column(k, names[k], False) for k in rest]


def standings_for(
    event: Event, *, through_round: int | None = None, all_metrics: bool = False
) -> list[StandingRow]:
    """Standings computed now from every result that counts (up to ``through_round``).

    After a top cut they are the Swiss standings (see ``records.standings_round``), ranked by
    the event's order with its soft scores (``records.ranking_order``). ``all_metrics`` computes
    every registered metric rather than those the event's game and format allow (what stored
    standings hold, so that check_event can compare them)."""
    if through_round is None and event.format == EventFormat.SWISS_TOP_CUT:
        through_round = event.rounds.order_by("-number").values_list("number", flat=True).first()
    if through_round is not None:
        through_round = records.standings_round(event, through_round)
    rows = rank(
        records.competitors(event, as_of_round=through_round),
        records.results(event, through_round=through_round),
        records.ranking_order(event),
        rules=records.scoring_rules(event),
        game=None if all_metrics else event.game,
        format=None if all_metrics else event.format,
    )
    return records.without_ringers(event, rows)  # the organizer's stand-in is never ranked


def store_standings(event: Event, round_: Round) -> list[dict]:
    """Rank on every result up to ``round_`` and keep the rows (check_event compares them later).

    Each row also keeps the player's soft scores by category (``soft_scores``)."""
    rows = standings_for(event, through_round=round_.number, all_metrics=True)
    if event.is_team_event:
        stored = team_rows(event, rows)
    else:
        soft = soft_scores_by_registration(event)
        stored = [
            {
                "rank": r.rank,
                "registration": r.player_id,
                "name": r.name,
                "dropped": r.dropped,
                "metrics": r.metrics,
                **({"soft_scores": soft.get(r.player_id, {})} if event.soft_score_categories else {}),
            }
            for r in rows
        ]
    StandingSnapshot.objects.update_or_create(
        round=round_, defaults={"event": event, "order": records.ranking_order(event), "rows": stored}
    )
    return stored


def team_rows(event: Event, rows: list[StandingRow]) -> list[dict]:
    """A team event's standing rows: the team (``team``, its id; ``registration`` None) and its
    players' names (``members``), ranked as the teams played."""
    members = records.team_members(event)
    return [
        {
            "rank": r.rank,
            "registration": None,
            "team": r.player_id,
            "name": r.name,
            "members": [m.display_name for m in members.get(r.player_id, [])],
            "dropped": r.dropped,
            "metrics": r.metrics,
        }
        for r in rows
    ]


def refresh_stored_standings(event: Event) -> None:
    """Store every closed round's standings again (after soft scores change: they belong to no
    round, so every table shows them)."""
    for round_ in event.rounds.filter(state=RoundState.CLOSED).order_by("number"):
        store_standings(event, round_)


def latest_snapshot(event: Event) -> StandingSnapshot | None:
    return event.standing_snapshots.select_related("round").order_by("-round__number").first()


def published_standings(event: Event) -> tuple[list[dict], int | None]:
    """The standings players see: those stored when the last round closed, as rows of
    {rank, registration, name, dropped, metrics}, and the round they were taken after (None
    before any): after a top cut, the last Swiss round."""
    snapshot = latest_snapshot(event)
    if snapshot is None:
        return [], None
    return snapshot.rows, records.standings_round(event, snapshot.round.number)


def standings_table(event: Event) -> dict:
    """What the standings page, the CSV and the JSON export all show.

    ``after_round`` is the round the standings were taken after; for a Swiss event with a top
    cut (``top_cut``) that stays the last Swiss round: elimination games never add to Swiss
    points. An event with a bracket also gets its placements as of the last closed round
    (``placements``, best first: the final ranking, 1st, 2nd, 3rd–4th, ...; ``placements_after_round``)
    and each row's ``placement`` label; players outside the bracket, and those still in it,
    have none. Soft scores: ``soft_score_categories`` and each row's ``soft_scores`` by key.
    """
    snapshot = latest_snapshot(event)
    stored_after = snapshot.round.number if snapshot else None
    rows = snapshot.rows if snapshot else []
    after_round = records.standings_round(event, stored_after) if stored_after is not None else None
    cols = columns(event)
    settled = []
    if stored_after is not None:
        # Rounds that do not form a bracket are reported on the bracket page; the standings
        # are still worth exporting without placements.
        with contextlib.suppress(EventError):
            settled = placements_for(event, through_round=stored_after)
    # A team event's bracket seats teams: its placements name team ids.
    key = "team" if event.is_team_event else "registration"
    label = {p["registration"]: p["label"] for p in settled}
    categories = list(event.soft_score_categories or [])
    return {
        "event": event.slug,
        "after_round": after_round,
        "top_cut": event.format == EventFormat.SWISS_TOP_CUT,
        "teams": event.is_team_event,
        "order": records.ranking_order(event),
        "scoring": "battle_points" if event.battle_points else "win_draw_loss",
        "columns": [{"key": c.key, "name": c.name, "in_order": c.in_order} for c in cols],
        "soft_score_categories": categories,
        "soft_scores_use": event.soft_scores_use,
        "rows": [
            {
                "rank": r["rank"],
                "registration": r["registration"],
                **({"team": r.get("team"), "members": r.get("members", [])} if event.is_team_event else {}),
                "name": r["name"],
                "dropped": r["dropped"],
                "metrics": {c.key: r["metrics"].get(c.key) for c in cols},
                "soft_scores": {c["key"]: (r.get("soft_scores") or {}).get(c["key"]) for c in categories},
                "placement": label.get(r.get(key)),
            }
            for r in rows
        ],
        "placements": settled,
        "placements_after_round": stored_after if settled else None,
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
        placing = next(
            (
                r["rank"]
                for r in rows
                if r["registration"] == registration.pk
                or (registration.team_id and r.get("team") == registration.team_id)
            ),
            None,
        )
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


def ratings(*, provisional_below: int = 5, game: str | None = None) -> dict[int, PlayerRating]:
    """OpenSkill ratings by user id over every counted game of every event, oldest event first; with
    ``game``, over that game's events only (a Fields of Eternia team game and a Battleground duel say
    different things about a player). Partners are rated as a team (tournaments.algorithms.ratings)."""
    matches = Match.objects.filter(state__in=COUNTED_STATES)
    if game:
        matches = matches.filter(round__event__game=game)
    matches = (
        matches.select_related("round__event")
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
