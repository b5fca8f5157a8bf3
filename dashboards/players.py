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

from django.db.models import Count, Max, Q, QuerySet, Sum

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


def sides_of(
    names: Iterable[str], *, viewer_logs: QuerySet | None = None, simulated: str = "exclude"
) -> QuerySet:
    """SideStat rows played under any of ``names`` that the viewer may see, simulated games per
    the meta's filter (left out by default)."""
    sides = m.SideStat.objects.filter(visible_games(viewer_logs), player_name__in=list(names))
    if simulated == "exclude":
        sides = sides.filter(game_stat__simulated=False)
    elif simulated == "only":
        sides = sides.filter(game_stat__simulated=True)
    return sides


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


def dice(sides: QuerySet) -> dict:
    """Observed against expected successes over the recorded dice of ``sides`` (seeded games are
    fair by construction). For the player themselves only: never on a public page."""
    tests = m.TestStat.objects.filter(side__in=sides, side__game_stat__randomness="recorded")
    d = tests.aggregate(dice=Sum("dice"), successes=Sum("successes"), expected=Sum("expected_successes"))
    luck = stats.dice_luck(int(d["dice"] or 0), int(d["successes"] or 0), float(d["expected"] or 0.0))
    return {
        "dice": luck.dice,
        "successes": luck.successes,
        "expected": round(luck.expected, 4),
        "difference": round(luck.difference, 4),
        "z": luck.z,
        "p_value": luck.flag.p_value,
        "luck": luck.flag.label,
        "test": stats.DICE_TEST_NAME,
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
