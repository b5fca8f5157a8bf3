"""What pages show, assembled from rows: kept out of views so that those stay thin."""

from __future__ import annotations

import contextlib
import json

from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _

from draw import seats
from draw.models import LogFlag, Match, MatchState, ResultSource, Round, RoundState
from draw.services.brackets import bracket_table
from games.pack_names import content_name
from participants.entrants import faction_name, list_lines  # noqa: F401 (pages and the event day read them here)
from tournaments.algorithms.placement_points import placement_points, scaled
from tournaments.errors import EventError
from tournaments.game_modes import placement_table, plays_in_pods
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
    """Each player's points before ``round_`` (from the previous round's stored standings); in a
    team event each team's, by team id."""
    previous = round_.event.standing_snapshots.filter(round__number=round_.number - 1).first()
    if round_.event.is_team_event:  # a team event's rows are teams
        if previous is None:
            return {team.pk: 0.0 for team in round_.event.teams.all()}
        return {row["team"]: row["metrics"]["points"] for row in previous.rows}
    if previous is None:
        return {r.pk: float(r.starting_points) for r in round_.event.registrations.all()}
    points = {row["registration"]: row["metrics"]["points"] for row in previous.rows}
    for r in round_.event.registrations.filter(joined_round=round_.number):
        points.setdefault(r.pk, float(r.starting_points))
    return points


def seating(match: Match, points: dict | None = None, dealt=lambda seat: "") -> dict:
    """The table as one line reads it, seats in seating order: ``sides``, each with its ``players``
    (``name``, ``points``, ``faction``), ``team`` (the team's name, or "") and in a team event the
    team's ``points``; ``pod`` is True for a free-for-all pod (its seats read "Anna · Ben · Carla ·
    Dan"), else the sides read "Anna vs Ben" or, partners together, "Anna & Ben vs Carla & Dan"."""
    from participants.models import Team

    points = points or {}
    groups = seats.sides(match)
    team_ids = [int(group[0].team) for group in groups if group[0].team]
    teams = {t.pk: t.name for t in Team.objects.filter(pk__in=team_ids)} if team_ids else {}
    sides = []
    for group in groups:
        team = int(group[0].team) if group[0].team else None
        sides.append(
            {
                "team": teams.get(team, "") if team is not None else "",
                "points": points.get(team) if team is not None else None,
                "points_shown": points_shown(points[team]) if points.get(team) is not None else "",
                "faction": dealt(group[0]),
                "players": [
                    {
                        "name": seat.registration.display_name,
                        "registration": seat.registration_id,
                        "points": None if team is not None else points.get(seat.registration_id),
                        "points_shown": ""
                        if team is not None or points.get(seat.registration_id) is None
                        else points_shown(points[seat.registration_id]),
                        "faction": "" if team is not None else dealt(seat),
                    }
                    for seat in group
                ],
            }
        )
    return {"pod": seats.is_pod(match), "sides": sides, "bye": len(sides) < 2}


def seating_text(match: Match) -> str:
    """The table's players in one line of text: "Anna · Ben · Carla · Dan" (a pod), "Anna & Ben vs
    Carla & Dan" (teams), "Anna vs Ben"."""
    return line_text(seating(match))


def line_text(line: dict) -> str:
    """:func:`seating`'s line as text, without points or factions."""
    joiner = " · " if line["pod"] else f" {_('vs')} "
    return joiner.join(" & ".join(p["name"] for p in side["players"]) for side in line["sides"])


def result_places(match: Match) -> list[str]:
    """A pod's places, best first ("1st Dan", "2nd Anna", "2nd Ben", "4th Carla"); [] for other tables
    or without a result."""
    if match.is_bye or not match.has_result or not seats.is_pod(match):
        return []
    ordered = sorted(match.seat_list(), key=lambda seat: (seat.rank or 99, seat.index))
    return [
        f"{seats.place_label(seat.rank) if seat.rank else '—'} {seat.registration.display_name}"
        for seat in ordered
    ]


def result_text(match: Match) -> str:
    """The result in one line: a pod's places, best first ("1st Dan · 2nd Anna · 2nd Ben · 4th Carla");
    otherwise the match's score line ("win 30–10 loss")."""
    if match.is_bye or not match.has_result:
        return match.score_line()
    return " · ".join(result_places(match)) or match.score_line()


def points_shown(points: float) -> str:
    """Points as few digits as they need (3, 1.5, 1.25), with the language's decimal separator."""
    return f"{points:g}".replace(".", formats.get_format("DECIMAL_SEPARATOR"))


def points_per_place(event: Event, sizes) -> list[dict]:
    """The points each finishing place earns in a pod of each size in ``sizes`` (the event's placement
    points, scaled to the pod: tournaments.algorithms.placement_points), for the results pages."""
    table = placement_table(event)
    if table is None:
        return []
    return [
        {
            "size": size,
            "places": [
                {"place": seats.place_label(n), "points": points, "shown": points_shown(points)}
                for n, points in enumerate(scaled(table, size), 1)
            ],
        }
        for size in sorted(set(sizes))
    ]


def round_rows(round_: Round) -> list[dict]:
    points = points_before(round_)
    rows = []
    teams = round_.event.is_team_event
    pods = plays_in_pods(round_.event)
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
        line = seating(match, points, dealt)
        rows.append(
            {
                "match": match,
                # Pods and team tables read as one line ("Anna · Ben · Carla", "Anna & Ben vs Carla & Dan").
                "line": line,
                "lined": pods or teams,
                "result_line": result_text(match),
                # A pod's places, best first, each "1st Anna" kept on one line on a phone.
                "result_places": result_places(match),
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
            game["state_label"] = str(MatchState(state).label) if state else ""
            game["state_class"] = STATE_CLASSES.get(state, "pending")
    for placement in table["placements"]:
        out = placement["eliminated_in_round"]
        placement["out_in"] = (
            _("%(name)s (round %(number)s)") % {"name": names.get(out, _("Round")), "number": out}
            if out
            else ""
        )
    return table, ""


def _force_entry(game: str, entry) -> str:
    """One entry of a header player's force as the log card lists it, by the names the game's pack prints:
    a character with its equipment (Battleground), or an entry that is a bare id (a Fields of Eternia hero)."""
    if not isinstance(entry, dict):
        return str(content_name(game, entry))
    equipment = [str(content_name(game, e)) for e in entry.get("equipment") or []]
    character = content_name(game, entry.get("character"))
    return f"{character}" + (f" ({', '.join(equipment)})" if equipment else "")


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
            "faction": content_name(log.game, p.get("faction")),
            "force": [_force_entry(log.game, f) for f in p.get("force") or []],
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
    places = seats.is_pod(match)
    if places:  # a pod: each seat's finishing place and the points it earns (ties share them)
        table = placement_table(match.round.event)
        ranks = [seat.rank for seat in match.seat_list()]
        for row, seat in zip(rows, match.seat_list(), strict=True):
            row["place"] = seats.place_label(seat.rank) if seat.rank else "—"
            row["points"] = (
                points_shown(placement_points(seat.rank, len(ranks), ranks.count(seat.rank), table))
                if seat.rank and table and all(ranks)
                else ""
            )
    return {
        "score_label": plugin.score_label,
        "counters": [str(label) for _key, label in counters],
        "rows": rows,
        "places": places,
    }


def match_status(match: Match, *, pending_report=None, open_dispute=None, name=str) -> str:
    """The match header's one line: where its result truly stands. ``name(user)`` gives a person's
    display name in the event (results.services.match_results.person_name)."""
    source = match.result_source
    if match.is_bye:
        return _("Bye: a win without a game")
    if match.state == MatchState.AWAITING_LOG:
        if match.log_flag:
            return _("Awaiting a result: the uploaded log was not accepted (%(flag)s)") % {
                "flag": str(LogFlag(match.log_flag).label).lower()
            }
        return _("Awaiting a result: upload the log or report it")
    if match.state == MatchState.VERIFYING:
        return _("Log uploaded: being verified")
    if match.state == MatchState.VERIFIED:
        return _("Verified from the log")
    if match.state == MatchState.REPORTED:
        who = name(pending_report.reported_by) if pending_report else _("a player")
        return _("Reported by %(who)s: awaiting the opponent's confirmation") % {"who": who}
    if match.state == MatchState.DISPUTED:
        who = name(open_dispute.raised_by) if open_dispute else _("a player")
        return _("Disputed by %(who)s: an organizer or judge decides") % {"who": who}
    if source == ResultSource.LOG:
        return _("Verified from the log, upheld after a dispute")
    if source == ResultSource.REPORT:
        report = (
            match.reports.filter(status="confirmed").select_related("reported_by", "confirmed_by").first()
        )
        if report is not None and report.confirmed_by is not None:
            return _("Reported by %(reporter)s, confirmed by %(confirmer)s") % {
                "reporter": name(report.reported_by),
                "confirmer": name(report.confirmed_by),
            }
        return _("Reported, upheld after a dispute")
    if source == ResultSource.ORGANIZER:
        corrected = match.audit_entries.filter(action="corrected").exists()
        return _("Corrected after the round closed") if corrected else _("Decided by an organizer or judge")
    return match.get_state_display()
