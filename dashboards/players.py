"""One account's slice of the meta, for its profile: the games logged under the account's names.

Logs know players by the name written in them, not by account; an account's names are its
username, its display name and the names it registered for events under (the profile gathers
them). What a viewer sees follows the log privacy rules (README, "Logs are private"): public
games, plus the logs the viewer may open (their own uploads; every log for staff).

Dice luck lives here and nowhere public: a player sees their own dice on their own profile, and
no page labels another person lucky or unlucky.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import or_

from django.db import connection
from django.db.models import Count, Max, Q, QuerySet, Sum

import games
from dashboards import models as m
from dashboards import stats
from dashboards.filters import MetaFilter
from dashboards.queries import entry_rates, public_games


def visible_games(viewer_logs: QuerySet | None = None, prefix: str = "game_stat__") -> Q:
    """Stat rows a viewer may see named: public games, and games of logs in ``viewer_logs``."""
    q = public_games(prefix)
    if viewer_logs is not None:
        q |= Q(**{f"{prefix}game_log__in": viewer_logs.values("pk")})
    return q


def _simulated(rows: QuerySet, simulated: str, prefix: str = "game_stat__") -> QuerySet:
    """``rows`` with simulated games per the meta's filter (left out by default)."""
    if simulated == "exclude":
        return rows.filter(**{f"{prefix}simulated": False})
    if simulated == "only":
        return rows.filter(**{f"{prefix}simulated": True})
    return rows


def sides_of(
    names: Iterable[str], *, viewer_logs: QuerySet | None = None, simulated: str = "exclude"
) -> QuerySet:
    """SideStat rows played under any of ``names`` that the viewer may see, simulated games per
    the meta's filter (left out by default)."""
    sides = m.SideStat.objects.filter(visible_games(viewer_logs), player_name__in=list(names))
    return _simulated(sides, simulated)


def games_seen(game: str, *, viewer_logs: QuerySet | None = None, simulated: str = "exclude") -> QuerySet:
    """GameStat rows of ``game`` the viewer may see named (:func:`visible_games`), simulated games per the meta's
    filter: where a game without per-side rows (``SideStat``) looks for a player's seats."""
    rows = m.GameStat.objects.filter(visible_games(viewer_logs, prefix=""), game=game)
    return _simulated(rows, simulated, prefix="")


def games_by_game(
    names: Iterable[str], *, viewer_logs: QuerySet | None = None, simulated: str = "exclude"
) -> list[dict]:
    """Verified games played under any of ``names`` that the viewer may see, per game: {"game", "name",
    "games"}, games with none left out. A game with per-side rows counts its sides' games; any other game
    the logs whose players (the header's names) include one of ``names``."""
    from gamelogs.models import GameLog  # the log app depends on this one: imported when asked

    names = sorted(set(names))
    out = []
    for game in games.game_ids():
        if not names:
            break
        if games.plugin(game).side_statistics:
            count = (
                sides_of(names, viewer_logs=viewer_logs, simulated=simulated)
                .filter(game_stat__game=game)
                .values("game_stat_id")
                .distinct()
                .count()
            )
        else:
            logs = GameLog.objects.filter(
                meta_stat__in=games_seen(game, viewer_logs=viewer_logs, simulated=simulated)
            )
            if connection.features.supports_json_field_contains:
                count = logs.filter(reduce(or_, (Q(players__contains=[{"name": n}]) for n in names))).count()
            else:  # SQLite: the names are matched here
                wanted = set(names)
                count = sum(
                    any(isinstance(p, dict) and p.get("name") in wanted for p in players or [])
                    for players in logs.values_list("players", flat=True).iterator(chunk_size=500)
                )
        if count:
            out.append({"game": game, "name": games.plugin(game).label, "games": count})
    return out


def simulated_hidden(names: Iterable[str], *, viewer_logs: QuerySet | None = None) -> int:
    """How many simulated games under ``names`` the default view leaves out."""
    sides = sides_of(names, viewer_logs=viewer_logs, simulated="only")
    return sides.values("game_stat_id").distinct().count()


def _rate_rows(rows: Iterable[dict], dimension: str, simulated: str) -> list[dict]:
    """Per-entry win rates (Wilson interval) beside the whole meta's rate for the same entry."""
    out: list[dict] = []
    meta: dict[str, dict[str, dict]] = {}
    for r in rows:
        game = r["game"]
        if game not in meta:
            meta_rows = entry_rates(MetaFilter(game=game, simulated=simulated), dimension)
            meta[game] = {row["key"]: row for row in meta_rows}
        row = stats.decorate_rate_row(r, 0)
        row.pop("pick_rate")
        meta_row = meta[game].get(r["key"], {})
        row["meta_win_rate"] = meta_row.get("win_rate")
        row["meta_games"] = meta_row.get("games", 0)
        out.append(row)
    out.sort(key=lambda r: (r["game"], -r["games"], r["key"]))
    return out


def _counts(result: str) -> dict:
    return {
        "_games": Count("id"),
        "_wins": Count("id", filter=Q(**{result: "win"})),
        "_draws": Count("id", filter=Q(**{result: "draw"})),
        "_losses": Count("id", filter=Q(**{result: "loss"})),
    }


def _plain(r: dict, game: str, key: str) -> dict:
    return {"game": r[game], "key": r[key], "name": r["_name"], "games": r["_games"], "wins": r["_wins"],
            "draws": r["_draws"], "losses": r["_losses"]}  # fmt: skip


def factions(sides: QuerySet, simulated: str = "exclude") -> list[dict]:
    """The player's record with each faction, beside that faction's win rate in the meta."""
    rows = (
        sides.values("game_stat__game", "faction")
        .annotate(_name=Max("faction_name"), **_counts("result"))
        .order_by()
    )
    return _rate_rows((_plain(r, "game_stat__game", "faction") for r in rows), "factions", simulated)


def characters(sides: QuerySet, simulated: str = "exclude") -> list[dict]:
    """The player's record with each character they fielded (a side's result is each of its
    characters' result), beside that character's win rate in the meta."""
    rows = (
        m.CharacterStat.objects.filter(side__in=sides)
        .values("side__game_stat__game", "character")
        .annotate(_name=Max("name"), **_counts("side__result"))
        .order_by()
    )
    return _rate_rows(
        (_plain(r, "side__game_stat__game", "character") for r in rows), "characters", simulated
    )


def _luck(dice: int, successes: int, expected: float) -> dict:
    luck = stats.dice_luck(dice, successes, expected)
    return {
        "dice": luck.dice,
        "successes": luck.successes,
        "expected": round(luck.expected, 4),
        "difference": round(luck.difference, 4),
        "z": luck.z,
        "p_value": luck.flag.p_value,
        "luck": luck.flag.label,
    }


def dice(names: Iterable[str], *, viewer_logs: QuerySet | None = None, simulated: str = "exclude") -> dict:
    """Observed against expected successes over the recorded dice rolled under ``names`` in the games the viewer
    may see (seeded games are fair by construction), over every game and in ``by_game``, one entry per game with
    recorded dice: ``game``, ``name``, ``games`` (recorded games counted), ``success_word`` (what a success is
    called in that game) and the same figures, plus what the game adds (Hoplomachus: ``colours``, the figures per
    die colour). Battleground-like games read their per-side dice tests; a game plugin may count its own
    (``GamePlugin.own_dice``). For the player themselves only: never on a public page."""
    names = sorted(set(names))
    sides = sides_of(names, viewer_logs=viewer_logs, simulated=simulated)
    tests = (
        m.TestStat.objects.filter(side__in=sides, side__game_stat__randomness="recorded")
        .values("side__game_stat__game")
        .annotate(_games=Count("side__game_stat", distinct=True), _dice=Sum("dice"), _successes=Sum("successes"),
                  _expected=Sum("expected_successes"))
        .order_by()
    )  # fmt: skip
    per_game = {
        r["side__game_stat__game"]: {
            "games": r["_games"],
            **_luck(int(r["_dice"] or 0), int(r["_successes"] or 0), float(r["_expected"] or 0.0)),
        }
        for r in tests
    }
    for game in games.game_ids():
        own = games.plugin(game).own_dice(
            names, games_seen(game, viewer_logs=viewer_logs, simulated=simulated)
        )
        if own is not None:
            per_game[game] = own
    by_game = [
        {"game": game, "name": games.plugin(game).label, "success_word": "successes", **row}
        for game, row in sorted(per_game.items())
        if row.get("dice")
    ]
    return {
        **_luck(
            sum(r["dice"] for r in by_game),
            sum(r["successes"] for r in by_game),
            sum(r["expected"] for r in by_game),
        ),
        "test": stats.DICE_TEST_NAME,
        "by_game": by_game,
    }


def name_profile(name: str, simulated: str = "exclude", history_limit: int = 100) -> dict:
    """The public games logged under one name (the meta's player page): history, record per
    faction against the meta, and how many simulated games the filter left out. Names are not
    accounts: two people logging as "Alice" are one row here. No dice: see :func:`dice`."""
    sides = sides_of([name], simulated=simulated)
    recent = list(
        sides.select_related("game_stat").order_by("-game_stat__played_on", "-game_stat_id")[:history_limit]
    )
    return {
        "name": name,
        "games": sides.count(),
        "simulated_hidden": simulated_hidden([name]) if simulated == "exclude" else 0,
        "history": history(recent),
        "factions": factions(sides, simulated),
    }


def history(recent: list) -> list[dict]:
    """One row per side in ``recent`` (SideStat with its game), with the opponent's side."""
    opponents = {
        s.game_stat_id: s
        for s in m.SideStat.objects.filter(game_stat_id__in=[s.game_stat_id for s in recent]).exclude(
            pk__in=[s.pk for s in recent]
        )
    }
    rows = []
    for s in recent:
        g, o = s.game_stat, opponents.get(s.game_stat_id)
        rows.append(
            {
                "played_on": g.played_on.isoformat(),
                "game": g.game,
                "event": g.event_ref,
                "faction": s.faction,
                "faction_name": s.faction_name,
                "opponent": o.player_name if o else None,
                "opponent_faction": o.faction_name if o else None,
                "result": s.result,
                "vp": s.vp_total,
                "opponent_vp": o.vp_total if o else None,
                "first_player": s.first_player,
                "ended_by": g.ended_by,
                "rounds_played": g.rounds_played,
                "simulated": g.simulated,
            }
        )
    return rows
