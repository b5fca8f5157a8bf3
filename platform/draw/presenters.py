"""What pages show, assembled from rows: kept out of views so that those stay thin."""

from __future__ import annotations

import contextlib
import json

from django.urls import reverse

from draw import seats
from draw.models import LogFlag, Match, MatchState, ResultSource, Round, RoundState
from draw.services.brackets import bracket_table
from participants.entrants import faction_name, list_lines  # noqa: F401 (pages and the event day read them here)
from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import manages

STATE_CLASSES = {
    MatchState.AWAITING_LOG: "pending",
    MatchState.VERIFYING: "pending",
    MatchState.VERIFIED: "legal",
    MatchState.REPORTED: "unreadable",
    MatchState.DISPUTED: "illegal",
    MatchState.CONFIRMED: "legal",
}


def visible_rounds(event: Event, user) -> list[Round]:
    rounds = event.rounds.order_by("number")
    if not manages(user, event):
        rounds = rounds.exclude(state=RoundState.DRAFT)
    return list(rounds)


def points_before(round_: Round) -> dict[int, float]:
    """Each player's points before ``round_`` (from the previous round's stored standings)."""
    previous = round_.event.standing_snapshots.filter(round__number=round_.number - 1).first()
    if previous is None:
        return {r.pk: float(r.starting_points) for r in round_.event.registrations.all()}
    if round_.event.is_team_event:  # a team event's rows are teams
        return {row["team"]: row["metrics"]["points"] for row in previous.rows}
    points = {row["registration"]: row["metrics"]["points"] for row in previous.rows}
    for r in round_.event.registrations.filter(joined_round=round_.number):
        points.setdefault(r.pk, float(r.starting_points))
    return points


def round_rows(round_: Round) -> list[dict]:
    points = points_before(round_)
    rows = []
    teams = round_.event.is_team_event
    factions: dict[str, str] = {}

    def dealt(seat) -> str:  # the faction dealt at the table (draw.table_factions), by name
        if seat.faction and seat.faction not in factions:
            factions[seat.faction] = faction_name(round_.event, seat.faction)
        return factions.get(seat.faction, "")

    for match in round_.matches.prefetch_related("seats__registration").order_by("table"):
        if teams:  # one line per team: "Grayskull (Adam, Teela)", with the team's points
            seated = [
                {"name": name, "points": points.get(int(side[0].team)), "faction": dealt(side[0])}
                for name, side in zip(seats.side_names(match), seats.sides(match), strict=True)
            ]
        else:
            seated = [
                {
                    "name": seat.registration.display_name,
                    "points": points.get(seat.registration_id),
                    "faction": dealt(seat),
                }
                for seat in match.seat_list()
            ]
        rows.append(
            {
                "match": match,
                "first": seated[0] if seated else None,
                "others": seated[1:],
                # Every seat with the faction dealt to its side (the result slips list seats).
                "seats": [
                    {"name": seat.registration.display_name, "faction": dealt(seat)}
                    for seat in match.seat_list()
                ],
                "places": len(seated) > 2,  # a pod: each seat takes a place, not a win or a loss
                "state_class": STATE_CLASSES.get(match.state, "pending"),
            }
        )
    return rows


def dealt_sides(match: Match) -> list[dict]:
    """The match's sides in table order, ``{"name", "faction"}`` (the faction dealt to the side at
    this table, by name: draw.table_factions), or [] when no faction was dealt."""
    groups = seats.sides(match)
    if len(groups) < 2 or not any(group[0].faction for group in groups):
        return []
    event = match.round.event
    return [
        {"name": name, "faction": faction_name(event, group[0].faction) if group[0].faction else ""}
        for name, group in zip(seats.side_names(match), groups, strict=True)
    ]


def bracket_page(event: Event) -> tuple[dict | None, str]:
    """The bracket table with what the page adds to it (each paired game's match page and
    state badge, the round each placed player went out in), or the reason it cannot be drawn."""
    try:
        table = bracket_table(event)
    except EventError as exc:
        return None, exc.message
    names = {column["round"]: column["name"] for column in table["rounds"]}
    for column in table["rounds"]:
        for game in column["games"]:
            match, state = game["match"], game["state"]
            game["url"] = reverse("tournaments:match", args=[event.slug, match]) if match else ""
            game["state_label"] = MatchState(state).label if state else ""
            game["state_class"] = STATE_CLASSES.get(state, "pending")
    for placement in table["placements"]:
        out = placement["eliminated_in_round"]
        placement["out_in"] = f"{names.get(out, 'Round')} (round {out})" if out else ""
    return table, ""


def _force_entry(entry) -> str:
    """One entry of a header player's force as the log card lists it: a character with its equipment
    (Battleground), or an entry that is a bare id (a Fields of Eternia hero)."""
    if not isinstance(entry, dict):
        return str(entry)
    equipment = entry.get("equipment") or []
    return f"{entry.get('character')}" + (f" ({', '.join(equipment)})" if equipment else "")


def log_facts(match: Match) -> dict | None:
    """The attached log's verdict at a glance: state, summary, error and header players."""
    log = match.game_log
    if log is None:
        return None
    verdict = log.verdict or {}
    header_players = []
    with contextlib.suppress(ValueError):
        header_players = json.loads(log.raw_bytes()).get("players") or []
    # The generic result every game's verdict carries: a seat per header player id.
    seats = {str(seat.get("seat")): seat for seat in ((verdict.get("result") or {}).get("seats") or [])}
    players = [
        {
            "id": p.get("id"),
            "name": p.get("name"),
            "faction": p.get("faction"),
            "force": [_force_entry(f) for f in p.get("force") or []],
            "score": (seats.get(str(p.get("id"))) or {}).get("score"),
            "winner": (seats.get(str(p.get("id"))) or {}).get("outcome") == "win",
        }
        for p in header_players
    ]
    return {
        "log": log,
        "score_label": match.round.event.game_plugin.score_label,
        "state": log.state,
        "summary": log.summary or verdict.get("summary", ""),
        "error": verdict.get("error"),
        "players": players,
    }


def result_table(match: Match) -> dict:
    """The match page's result table: a row per seat with its outcome, score and the counters
    the game keeps (the column labels come from the game's plugin)."""
    plugin = match.round.event.game_plugin
    counters = list(plugin.counters.items())
    rows = [
        {
            "name": seat.registration.display_name,
            "team": seat.team,
            "outcome": seat.outcome,
            "outcome_label": seat.get_outcome_display(),
            "score": seat.score,
            "counters": [(seat.components or {}).get(key, 0) for key, _ in counters],
        }
        for seat in match.seat_list()
    ]
    return {"score_label": plugin.score_label, "counters": [label for _, label in counters], "rows": rows}


def match_status(match: Match, *, pending_report=None, open_dispute=None, name=str) -> str:
    """The match header's one line: where its result truly stands. ``name(user)`` gives a person's
    display name in the event (results.services.match_results.person_name)."""
    source = match.result_source
    if match.is_bye:
        return "Bye: a win without a game"
    if match.state == MatchState.AWAITING_LOG:
        if match.log_flag:
            return f"Awaiting a result: the uploaded log was not accepted ({LogFlag(match.log_flag).label.lower()})"
        return "Awaiting a result: upload the log or report it"
    if match.state == MatchState.VERIFYING:
        return "Log uploaded: being verified"
    if match.state == MatchState.VERIFIED:
        return "Verified from the log"
    if match.state == MatchState.REPORTED:
        who = name(pending_report.reported_by) if pending_report else "a player"
        return f"Reported by {who}: awaiting the opponent's confirmation"
    if match.state == MatchState.DISPUTED:
        who = name(open_dispute.raised_by) if open_dispute else "a player"
        return f"Disputed by {who}: an organizer or judge decides"
    if source == ResultSource.LOG:
        return "Verified from the log, upheld after a dispute"
    if source == ResultSource.REPORT:
        report = (
            match.reports.filter(status="confirmed").select_related("reported_by", "confirmed_by").first()
        )
        if report is not None and report.confirmed_by is not None:
            return f"Reported by {name(report.reported_by)}, confirmed by {name(report.confirmed_by)}"
        return "Reported, upheld after a dispute"
    if source == ResultSource.ORGANIZER:
        corrected = match.audit_entries.filter(action="corrected").exists()
        return "Corrected after the round closed" if corrected else "Decided by an organizer or judge"
    return match.get_state_display()
