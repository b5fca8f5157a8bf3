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

from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models import Count, Max, Q, QuerySet, Sum

from dashboards import models as m
from dashboards import providers, stats
from dashboards.filters import MetaFilter
from dashboards.queries import public_games


def side_models():
    """The per-side rows of the game plugin that keeps them (``GamePlugin.side_models``: Battleground's)."""
    for game in providers.game_ids():
        plugin = providers.plugin(game)
        if plugin.side_statistics and (found := plugin.side_models()) is not None:
            return found
    raise ImproperlyConfigured("no per-side statistics tables: no installed game plugin keeps them")


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
    sides = side_models().side.objects.filter(visible_games(viewer_logs), player_name__in=list(names))
    return _simulated(sides, simulated)


def games_seen(game: str, *, viewer_logs: QuerySet | None = None, simulated: str = "exclude") -> QuerySet:
    """GameStat rows of ``game`` the viewer may see named (:func:`visible_games`), simulated games per the meta's
    filter: where a game without per-side rows (``SideStat``) looks for a player's seats."""
    rows = m.GameStat.objects.filter(visible_games(viewer_logs, prefix=""), game=game)
    return _simulated(rows, simulated, prefix="")


def _logs_named(logs: QuerySet, names: list[str]) -> QuerySet:
    """The logs of ``logs`` whose players (the header's names) include one of ``names``."""
    if connection.features.supports_json_field_contains:
        return logs.filter(reduce(or_, (Q(players__contains=[{"name": n}]) for n in names)))
    wanted = set(names)  # SQLite: the names are matched here
    ids = [
        pk
        for pk, players in logs.values_list("pk", "players").iterator(chunk_size=500)
        if any(isinstance(p, dict) and p.get("name") in wanted for p in players or [])
    ]
    return logs.filter(pk__in=ids)


def _seat_logs(game: str, names: list[str], viewer_logs: QuerySet | None, simulated: str) -> QuerySet:
    """Verified logs of ``game`` (a game without per-side rows) the viewer may see, played under ``names``."""
    from gamelogs.models import GameLog  # the log app depends on this one: imported when asked

    logs = GameLog.objects.filter(
        meta_stat__in=games_seen(game, viewer_logs=viewer_logs, simulated=simulated)
    )
    return _logs_named(logs, names)


def games_by_game(
    names: Iterable[str], *, viewer_logs: QuerySet | None = None, simulated: str = "exclude"
) -> list[dict]:
    """Verified games played under any of ``names`` that the viewer may see, per game: {"game", "name",
    "games"}, games with none left out. A game with per-side rows counts its sides' games; any other game
    the logs whose players (the header's names) include one of ``names``."""
    names = sorted(set(names))
    out = []
    for game in providers.game_ids():
        if not names:
            break
        if providers.plugin(game).side_statistics:
            count = (
                sides_of(names, viewer_logs=viewer_logs, simulated=simulated)
                .filter(game_stat__game=game)
                .values("game_stat_id")
                .distinct()
                .count()
            )
        else:
            count = _seat_logs(game, names, viewer_logs, simulated).count()
        if count:
            out.append({"game": game, "name": providers.plugin(game).label, "games": count})
    return out


def _mode_names(game: str) -> dict[str, tuple[str, bool]]:
    """{mode id: (short name, against the game)} of the engine's modes of ``game``."""
    from dashboards.modes import game_modes

    out = {}
    for mode in game_modes(game):
        name = str(getattr(mode, "name", mode.id))
        # "Alliance, two teams of two" → "Alliance": the long names crowd a phone's table.
        short = name.split(",")[0].split(":")[0].split(" (")[0]
        out[mode.id] = (short, bool(getattr(mode, "against_game", False)))
    return out


def seat_games(
    names: Iterable[str], *, viewer_logs: QuerySet | None = None, simulated: str = "exclude"
) -> list[dict]:
    """The seats played under any of ``names`` in games without per-side rows (Hoplomachus, Fields of Eternia)
    that the viewer may see, newest first: one row per seat in the history's keys (:func:`history`) plus
    ``seat``, ``mode``, ``mode_name``, ``against_game``, ``opponents`` and ``teammates`` (each ``name``,
    ``faction_name``, ``score``) and ``counts_for_factions`` (whether the game's meta faction rates count it).
    A seat is found by its name in the log header (``GameLog.players``), whose id is ``SeatStat.seat``."""
    names = sorted(set(names))
    wanted = set(names)
    rows: list[dict] = []
    order: list[tuple] = []  # (played on, game id) of each row: newest first
    for game in providers.game_ids():
        plugin = providers.plugin(game)
        if plugin.side_statistics or not names:
            continue
        logs = _seat_logs(game, names, viewer_logs, simulated)
        players_of = dict(logs.values_list("pk", "players"))
        if not players_of:
            continue
        mode_names = _mode_names(game)
        stats_rows = m.GameStat.objects.filter(game_log_id__in=list(players_of)).prefetch_related("seats")
        for g in stats_rows:
            seats = {s.seat: s for s in g.seats.all()}
            header = [p for p in players_of[g.game_log_id] or [] if isinstance(p, dict)]
            mode_name, against_game = mode_names.get(g.mode, (g.mode, False))
            for player in header:
                seat = seats.get(str(player.get("id")))
                if player.get("name") not in wanted or seat is None:
                    continue
                faction, faction_name = plugin.seat_faction(player, seat.team)
                opponents, teammates = [], []
                for other in header:
                    other_seat = seats.get(str(other.get("id")))
                    if other is player or other_seat is None:
                        continue
                    entry = {
                        "name": other.get("name"),
                        "faction_name": plugin.seat_faction(other, other_seat.team)[1],
                        "score": other_seat.score,
                    }
                    # Against the game every player is on one side; else a team (Alliance, FE) is one side.
                    if against_game or (seat.team and other_seat.team == seat.team):
                        teammates.append(entry)
                    else:
                        opponents.append(entry)
                alone = opponents[0] if len(opponents) == 1 else None
                rows.append(
                    {
                        "played_on": g.played_on.isoformat(),
                        "game": g.game,
                        "event": g.event_ref,
                        "faction": faction,
                        "faction_name": faction_name,
                        "opponent": alone["name"] if alone else None,
                        "opponent_faction": alone["faction_name"] if alone else None,
                        "result": seat.outcome,
                        "vp": seat.score,
                        "opponent_vp": alone["score"] if alone else None,
                        # The generic core does not store who went first (ingest.result_game_fields).
                        "first_player": seat.seat == g.first_player if g.first_player else None,
                        "ended_by": g.ended_by,
                        "rounds_played": g.rounds_played,
                        "simulated": g.simulated,
                        "seat": seat.seat,
                        "mode": g.mode,
                        "mode_name": mode_name,
                        "against_game": against_game,
                        "opponents": opponents,
                        "teammates": teammates,
                        "counts_for_factions": plugin.faction_rates_against_game or not against_game,
                    }
                )
                order.append((g.played_on, g.pk))
    return [row for _, row in sorted(zip(order, rows, strict=True), key=lambda pair: pair[0], reverse=True)]


def seat_factions(seats: list[dict], simulated: str = "exclude") -> list[dict]:
    """A player's record with each faction over ``seats`` (:func:`seat_games`' rows), per game, beside that
    faction's win rate in the game's meta (the plugin's ``faction_rates_dataset``); the seats the meta's
    faction rates leave out (games against the game, in Fields of Eternia) are left out here too."""
    counts: dict[tuple[str, str], dict] = {}
    for s in seats:
        if not s["counts_for_factions"] or not s["faction"]:
            continue
        c = counts.setdefault((s["game"], s["faction"]), {"game": s["game"], "key": s["faction"],
                              "name": s["faction_name"], "games": 0, "wins": 0, "draws": 0, "losses": 0})  # fmt: skip
        c["games"] += 1
        c[{"win": "wins", "draw": "draws"}.get(s["result"], "losses")] += 1
    return _rate_rows(counts.values(), "factions", simulated)


def simulated_hidden(names: Iterable[str], *, viewer_logs: QuerySet | None = None) -> int:
    """How many simulated games under ``names`` the default view leaves out, of every game."""
    return sum(r["games"] for r in games_by_game(names, viewer_logs=viewer_logs, simulated="only"))


def _meta_rates(game: str, dimension: str, simulated: str) -> dict[str, dict]:
    """The meta's rate rows of ``game`` by key: a game with per-side rows from the summaries' ``dimension``; any
    other game (factions only) from its plugin's ``faction_rates_dataset``."""
    rows = providers.plugin(game).meta_rates(MetaFilter(game=game, simulated=simulated), dimension)
    return {str(row["key"]): row for row in rows}


def _rate_rows(rows: Iterable[dict], dimension: str, simulated: str) -> list[dict]:
    """Per-entry win rates (Wilson interval) beside the whole meta's rate for the same entry."""
    out: list[dict] = []
    meta: dict[str, dict[str, dict]] = {}
    for r in rows:
        game = r["game"]
        if game not in meta:
            meta[game] = _meta_rates(game, dimension, simulated)
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
        side_models()
        .character.objects.filter(side__in=sides)
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
        side_models().test.objects.filter(side__in=sides, side__game_stat__randomness="recorded")
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
    for game in providers.game_ids():
        own = providers.plugin(game).own_dice(
            names, games_seen(game, viewer_logs=viewer_logs, simulated=simulated)
        )
        if own is not None:
            per_game[game] = own
    by_game = [
        {"game": game, "name": providers.plugin(game).label, "success_word": "successes", **row}
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
    accounts: two people logging as "Alice" are one row here. No dice: see :func:`dice`.

    Every game counts: Battleground's per-side rows, and the seats of the games stored in the generic core
    only (:func:`seat_games`), merged into one history, newest first."""
    sides = sides_of([name], simulated=simulated)
    recent = list(
        sides.select_related("game_stat").order_by("-game_stat__played_on", "-game_stat_id")[:history_limit]
    )
    seats = seat_games([name], simulated=simulated)
    rows = history(recent) + seats[:history_limit]
    # Stable: within a day each part keeps its own order (newest game first).
    rows.sort(key=lambda r: r["played_on"], reverse=True)
    return {
        "name": name,
        "games": sides.count() + len(seats),
        "simulated_hidden": simulated_hidden([name]) if simulated == "exclude" else 0,
        "history": rows[:history_limit],
        "factions": all_factions(sides, seats, simulated),
    }


def all_factions(sides: QuerySet, seats: list[dict], simulated: str = "exclude") -> list[dict]:
    """:func:`factions` of the per-side rows and :func:`seat_factions` of the other games' seats, in one order."""
    rows = factions(sides, simulated) + seat_factions(seats, simulated)
    return sorted(rows, key=lambda r: (r["game"], -r["games"], r["key"]))


def history(recent: list) -> list[dict]:
    """One row per side in ``recent`` (SideStat with its game), with the opponent's side."""
    opponents = {
        s.game_stat_id: s
        for s in side_models()
        .side.objects.filter(game_stat_id__in=[s.game_stat_id for s in recent])
        .exclude(pk__in=[s.pk for s in recent])
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


def account_games(names: list[str], *, viewer_logs: QuerySet | None, simulated: str, own: bool) -> dict:
    """What an account's profile shows of the games played under its ``names`` that the viewer may see
    (``accounts.profiles.player_profile``): counts per game, the simulated games left out, the record by faction
    and by character against the meta, and with ``own`` (the viewer is the player) their dice."""
    sides = sides_of(names, viewer_logs=viewer_logs, simulated=simulated)
    by_game = games_by_game(names, viewer_logs=viewer_logs, simulated=simulated)
    out = {
        "games": sum(row["games"] for row in by_game),
        "games_by_game": by_game,
        "simulated_hidden": simulated_hidden(names, viewer_logs=viewer_logs) if simulated == "exclude" else 0,
        "factions": all_factions(
            sides, seat_games(names, viewer_logs=viewer_logs, simulated=simulated), simulated
        ),
        "characters": characters(sides, simulated),
    }
    if own:
        out["dice"] = dice(names, viewer_logs=viewer_logs, simulated=simulated)
    return out
