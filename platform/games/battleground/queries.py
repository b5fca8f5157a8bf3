"""Battleground's meta queries: SQL aggregation over its summaries (``EntryDaily``, ``RoundDaily``) and, for
what the summaries cannot hold (matchups need both sides of a game; dice luck names players), over its
per-side rows. Each takes a ``MetaFilter`` and returns plain rows, cached as the core's are
(``dashboards.queries.cached``).
"""

from __future__ import annotations

import hashlib

from django.db.models import Max, Min, QuerySet, Sum
from django.db.models.functions import TruncMonth
from django.utils.translation import pgettext_lazy

from dashboards import stats
from dashboards.filters import MetaFilter
from dashboards.models import GameStat
from dashboards.providers import publicity_moved
from dashboards.queries import (
    RESULT_NAMES,
    bucket,
    cached,
    game_stats,
    public_events,
    rolled_up,
    rolled_up_values,
    sums,
)
from games.battleground.models import DiceDaily, EntryDaily, MatchupDaily, RoundDaily, TestStat

# The seats of the initiative chart by their key (the summaries name them in English).
SEAT_NAMES = {
    "first": pgettext_lazy("the seat that took the first turn", "First player"),
    "second": pgettext_lazy("the seat that took the first turn", "Second player"),
}

# Entry dimensions with win and pick rates: API dimension → EntryDaily.dimension.
RATE_DIMENSIONS = {
    "factions": "faction",
    "characters": "character",
    "pairs": "pair",
    "weapons": "weapon",
    "items": "item",
}


_ENTRY_SUMS = {
    "games": "appearances",
    "wins": "wins",
    "draws": "draws",
    "losses": "losses",
    **{c: c for c in ("vp_total", "vp_objectives", "vp_missions", "vp_knockouts", "knockouts",
                      "objectives_claimed", "survived", "wounds_dealt", "wounds_taken", "activations",
                      "attacks", "successes", "wounds", "uses")},
}  # fmt: skip


def _entries(
    f: MetaFilter, dimension: str | tuple[str, ...], extra_group: tuple[str, ...] = ()
) -> list[dict]:
    """Summed EntryDaily rows per entry; several dimensions are read in one scan (the balance page)."""
    dimensions = (dimension,) if isinstance(dimension, str) else dimension
    qs = bucket(EntryDaily, f).filter(dimension__in=dimensions)
    group = [*extra_group, "dimension", "key"]
    rows = (
        qs.values(*group)
        .annotate(
            _name=Max("name"), _faction=Max("faction"), **{f"_{k}": Sum(v) for k, v in _ENTRY_SUMS.items()}
        )
        .order_by(*group)
    )
    return [
        {
            **{g: r[g] for g in extra_group},
            "key": r["key"],
            "name": r["_name"],
            "faction": r["_faction"],
            **{k: r[f"_{k}"] or 0 for k in _ENTRY_SUMS},
            **({"dimension": r["dimension"]} if len(dimensions) > 1 else {}),
        }
        for r in rows
    ]


def _total_sides(f: MetaFilter) -> int:
    return bucket(EntryDaily, f).filter(dimension="seat").aggregate(n=Sum("appearances"))["n"] or 0


def _per_game(row: dict, column: str) -> float | None:
    return stats.rate(row[column], row["games"])


def _derived(r: dict, dimension: str) -> dict:
    """Per-game and per-attack figures a dimension's page shows beside its rates."""
    if dimension == "character":
        r["survival_rate"] = _per_game(r, "survived")
        r["wounds_dealt_per_game"] = _per_game(r, "wounds_dealt")
    elif dimension == "weapon":
        r["wounds_per_attack"] = stats.rate(r["wounds"], r["attacks"])
        r["knockouts_per_game"] = _per_game(r, "knockouts")
    elif dimension == "item":
        r["uses_per_game"] = _per_game(r, "uses")
    return r


def _rate_rows(f: MetaFilter, dimension: str) -> list[dict]:
    total = _total_sides(f)
    rows = [
        _derived(stats.decorate_rate_row(r, total, f.min_games), dimension) for r in _entries(f, dimension)
    ]
    for r in rows:
        r["total_sides"] = total
    rows.sort(key=lambda r: (-r["games"], r["key"]))
    return rows


def entry_rates(f: MetaFilter, api_dimension: str) -> list[dict]:
    """Win, score and pick rates for factions, characters, pairs, weapons or items."""
    dimension = RATE_DIMENSIONS[api_dimension]
    return cached(api_dimension, f, lambda f: _rate_rows(f, dimension))


def balance(f: MetaFilter) -> list[dict]:
    """Every rated entry of every dimension with its balance test, most significant first."""

    def compute(f: MetaFilter) -> list[dict]:
        names = {v: k for k, v in RATE_DIMENSIONS.items()}
        total = _total_sides(f)
        out = []
        for r in _entries(f, tuple(RATE_DIMENSIONS.values())):
            dimension = r.pop("dimension")
            row = _derived(stats.decorate_rate_row(r, total, f.min_games), dimension)
            out.append({"dimension": names[dimension], **row, "total_sides": total})
        out.sort(
            key=lambda r: (r["p_value"] is None, r["p_value"] if r["p_value"] is not None else 1, -r["games"])
        )
        return out

    return cached("balance", f, compute)


def initiative(f: MetaFilter) -> list[dict]:
    """First player against second; the 'first' row's binomial test is the initiative test."""

    def compute(f: MetaFilter) -> list[dict]:
        total = _total_sides(f)
        # The summary names the seats in English ("First player"); the page says them in its language.
        return [
            {
                **stats.decorate_rate_row(r, total, f.min_games),
                "name": str(SEAT_NAMES.get(r["key"], r["name"])),
            }
            for r in _entries(f, "seat")
        ]

    return cached("initiative", f, compute)


def vp_sources(f: MetaFilter) -> list[dict]:
    """Mean VP per side from each source, for winners, drawn sides and losers."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = []
        for r in _entries(f, "result"):
            sides = r["games"]
            rows.append(
                {
                    "key": r["key"],
                    "name": str(RESULT_NAMES.get(r["key"], r["key"])),
                    "sides": sides,
                    "vp_objectives": stats.rate(r["vp_objectives"], sides),
                    "vp_missions": stats.rate(r["vp_missions"], sides),
                    "vp_knockouts": stats.rate(r["vp_knockouts"], sides),
                    "vp_total": stats.rate(r["vp_total"], sides),
                }
            )
        order = {"win": 0, "draw": 1, "loss": 2}
        return sorted(rows, key=lambda r: order.get(r["key"], 9))

    return cached("vp-sources", f, compute)


def vp_by_round(f: MetaFilter) -> list[dict]:
    """Mean cumulative VP at the end of each round, for winners, drawn sides and losers."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = sums(bucket(RoundDaily, f), ["round", "result"], sides="sides", vp_sum="vp_sum")
        return [{**r, "name": str(RESULT_NAMES.get(r["result"], r["result"])), "mean_vp": stats.rate(r["vp_sum"], r["sides"])}
                for r in rows]  # fmt: skip

    return cached("vp-by-round", f, compute)


def knockout_timing(f: MetaFilter) -> list[dict]:
    """Characters knocked out, by the round it happened in."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = sums(
            bucket(EntryDaily, f).filter(dimension="knockout_round"), ["key"], knockouts="appearances"
        )
        total = sum(r["knockouts"] for r in rows)
        out = [{"round": int(r["key"]), "knockouts": r["knockouts"], "share": stats.rate(r["knockouts"], total)}
               for r in rows]  # fmt: skip
        return sorted(out, key=lambda r: r["round"])

    return cached("knockout-timing", f, compute)


def weapon_types(f: MetaFilter) -> list[dict]:
    """Attacks, successes, wounds and knock-outs by weapon type (melee, ranged, spell)."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = []
        for r in _entries(f, "weapon_type"):
            rows.append(
                {
                    "key": r["key"],
                    "name": r["name"],
                    "sides": r["games"],
                    "attacks": r["attacks"],
                    "successes": r["successes"],
                    "wounds": r["wounds"],
                    "knockouts": r["knockouts"],
                    "wounds_per_attack": stats.rate(r["wounds"], r["attacks"]),
                    "successes_per_attack": stats.rate(r["successes"], r["attacks"]),
                    "knockouts_per_attack": stats.rate(r["knockouts"], r["attacks"]),
                }
            )
        return rows

    return cached("weapon-types", f, compute)


def dice_luck(f: MetaFilter, names: list[str] | None = None) -> list[dict]:
    """Observed against expected successes per player name, recorded dice only, most dice first (then by name); with
    ``names``, the rows of those names only (a page of :func:`dice_luck_order`). It names people: staff only (the
    staff API); public pages show :func:`dice_luck_distribution`."""

    def rows(totals) -> list[dict]:
        return [_luck_row(*t) for t in totals]

    if names is not None:
        wanted = set(names)
        return rows(t for t in _dice_totals(f) if t[0] in wanted)
    return cached("dice-luck", f, lambda f: rows(_dice_totals(f)))


def dice_luck_order(f: MetaFilter) -> list[str]:
    """The names :func:`dice_luck` lists, in its order, without testing anyone's dice (staff page through the table
    or look a name up)."""
    return [t[0] for t in _dice_totals(f)]


def _dice_totals(f: MetaFilter) -> list[tuple]:
    """(name, tests, dice, successes, expected successes) per player name, public games only, most dice first."""

    def compute(f: MetaFilter) -> list[tuple]:
        # Rows name players, so public games only: DiceDaily (and its month rollup) counts the games with no log
        # and those whose log was public when their day was aggregated (``GameStat.groups_public``). A log made
        # public or private since by a change no hook saw is corrected here, from its own test rows.
        measures = ("tests", "dice", "successes", "expected")
        totals = rolled_up_values(DiceDaily, f, ["player_name"], measures)
        for sign, games in _counted_otherwise(f):
            changed = (
                TestStat.objects.filter(side__game_stat__in=games)
                .values_list("side__player_name")
                .annotate(Sum("tests"), Sum("dice"), Sum("successes"), Sum("expected_successes"))
                .order_by()
            )
            for key, *counted in changed:
                row = totals.setdefault((key,), [0] * len(measures))
                for i, v in enumerate(counted):
                    row[i] += sign * (v or 0)
                if sign < 0 and row[0] == 0:  # every test of theirs was in a game now private
                    del totals[(key,)]
        listed = [(name, int(t), int(d), int(s), float(e)) for (name,), (t, d, s, e) in totals.items()]
        return sorted(listed, key=lambda r: (-r[2], r[0]))

    return cached("dice-luck-totals", f, compute)


def _luck_row(name: str, tests: int, dice: int, successes: int, expected: float) -> dict:
    luck = stats.dice_luck(dice, successes, expected)
    return {
        "key": name,
        "name": name,
        "tests": tests,
        "dice": luck.dice,
        "successes": luck.successes,
        "expected": round(luck.expected, 4),
        "difference": round(luck.difference, 4),
        "ratio": luck.ratio,
        "z": luck.z,
        "p_value": luck.flag.p_value,
        "luck": luck.flag.label,
        "luck_grade": luck.flag.grade,
        "luck_direction": luck.flag.direction,
    }


def _counted_otherwise(f: MetaFilter) -> list[tuple[int, QuerySet]]:
    """The filter's recorded games with a log that DiceDaily counts the other way from how their log is now
    (public, or not), with the sign that corrects for them: usually none (a publication or withdrawal marks and
    aggregates its day again, ``dashboards.summaries.publicity_changed``)."""
    games = game_stats(f, GameStat.objects.filter(randomness="recorded", game_log__isnull=False))
    gained, lost = publicity_moved(games)
    return [(1, gained), (-1, lost)]


def trends_month(f: MetaFilter) -> list[dict]:
    """Faction win and pick rates per calendar month (pick rate over that month's sides)."""

    def compute(f: MetaFilter) -> list[dict]:
        qs = bucket(EntryDaily, f).annotate(month=TruncMonth("day"))
        totals = {
            r["month"]: r["n"]
            for r in qs.filter(dimension="seat").values("month").annotate(n=Sum("appearances"))
        }
        rows = []
        for r in _entries_by(qs.filter(dimension="faction"), "month"):
            row = stats.decorate_rate_row(r, totals.get(r["month"], 0), f.min_games)
            row["month"] = r["month"].isoformat()[:7]
            rows.append(row)
        return sorted(rows, key=lambda r: (r["month"], r["key"]))

    return cached("trends-month", f, compute)


def entry_months(f: MetaFilter, api_dimension: str, key: str) -> list[dict]:
    """One entry's win and pick rates per calendar month, every month from the first to the last
    month with games in the filter: a month without games has ``games_in_month`` 0 and no rates
    (a gap), a month the entry sat out has pick rate 0 and no win rate."""

    def compute(f: MetaFilter) -> list[dict]:
        qs = bucket(EntryDaily, f).annotate(month=TruncMonth("day"))
        totals = {
            r["month"].isoformat()[:7]: r["n"]
            for r in qs.filter(dimension="seat").values("month").annotate(n=Sum("appearances"))
        }
        entry = qs.filter(dimension=RATE_DIMENSIONS[api_dimension], key=key)
        found = {r["month"].isoformat()[:7]: r for r in _entries_by(entry, "month")}
        if not totals:
            return []
        rows = []
        for month in stats.months_between(min(totals), max(totals)):
            counts = found.get(month) or {
                "key": key,
                "name": None,
                "games": 0,
                "wins": 0,
                "draws": 0,
                "losses": 0,
            }
            row = stats.decorate_rate_row({**counts, "month": month}, totals.get(month, 0), f.min_games)
            row["games_in_month"] = totals.get(month, 0) // 2  # two sides per game
            rows.append(row)
        return rows

    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return cached(f"entry-months:{api_dimension}:{digest}", f, compute)


def trends_event(f: MetaFilter) -> list[dict]:
    """Faction win and pick rates per event (games with an event reference only), events in the
    order they were first played (``event_date``: the event's first day in the filter)."""

    def compute(f: MetaFilter) -> list[dict]:
        qs = bucket(EntryDaily, f).filter(event_ref__in=public_events(f.game))
        seats = (
            qs.filter(dimension="seat").values("event_ref").annotate(n=Sum("appearances"), first=Min("day"))
        )
        totals = {r["event_ref"]: r["n"] for r in seats}
        # An event is placed at its first day of play: trends read in time, not in alphabetical order.
        first_day = {r["event_ref"]: r["first"].isoformat() for r in seats}
        rows = []
        for r in _entries_by(qs.filter(dimension="faction"), "event_ref"):
            row = stats.decorate_rate_row(r, totals.get(r["event_ref"], 0), f.min_games)
            row["event"] = row.pop("event_ref")
            row["event_date"] = first_day.get(row["event"])
            rows.append(row)
        return sorted(rows, key=lambda r: (r["event_date"] or "", r["event"], r["key"]))

    return cached("trends-event", f, compute)


def _entries_by(qs: QuerySet, column: str) -> list[dict]:
    rows = qs.values(column, "key").annotate(
        _name=Max("name"),
        _games=Sum("appearances"),
        _wins=Sum("wins"),
        _draws=Sum("draws"),
        _losses=Sum("losses"),
    )
    return [
        {column: r[column], "key": r["key"], "name": r["_name"], "games": r["_games"], "wins": r["_wins"],
         "draws": r["_draws"], "losses": r["_losses"]}
        for r in rows
    ]  # fmt: skip


# --- Matchups: one entry against what the other side fielded ---------------------------------

# How many characters (by games) the character × character matrix keeps: 20 × 20 cells still
# read on a phone inside a scrolling box; the rest are in the single-character pages.
MATRIX_TOP = 20


def _matchups(f: MetaFilter, dimension: str, **where) -> list[dict]:
    """Cells of the ``dimension`` matchup matrix inside ``f`` (and ``where`` on the cells), summed from
    ``MatchupDaily`` and its month rollup."""
    rows = []
    cells = rolled_up(MatchupDaily, f, ["row_key", "col_key"], ("games", "wins", "draws", "losses"),
                      ("row_name", "col_name"), {"dimension": dimension, **where})  # fmt: skip
    for c in cells:
        row = stats.decorate_rate_row(
            {"key": f"{c['row_key']}|{c['col_key']}", "row": c["row_key"], "row_name": c["row_name"],
             "col": c["col_key"], "col_name": c["col_name"], "games": c["games"], "wins": c["wins"],
             "draws": c["draws"], "losses": c["losses"]},
            0, f.min_games,
        )  # fmt: skip
        row.pop("pick_rate")  # a cell has no pick rate: its share is of the row's games
        row["name"] = f"{c['row_name']} v {c['col_name']}"
        rows.append(row)
    return rows


def faction_matchups(f: MetaFilter) -> list[dict]:
    """Every faction against every faction it met: the row faction's games, wins, draws and
    losses against sides of the column faction, win rate with its Wilson 95% interval.

    A matchup needs both sides of one game: ``MatchupDaily`` keeps them per bucket (a self-join of
    the sides of each game, grouped by the two factions). Mirror matches fill the diagonal with one
    win and one loss each. An anonymous aggregate: private logs count."""
    return cached("faction-matchups", f, lambda f: _matchups(f, "faction"))


def character_matchups(f: MetaFilter, top: int = MATRIX_TOP, character: str | None = None) -> list[dict]:
    """Characters against the characters the other side fielded, counted like
    :func:`faction_matchups`: a side fielding the row character that faced a side fielding the
    column character is one game for the cell.

    ``top`` keeps the ``top`` characters by games as rows and columns (the matrix); with
    ``character`` the one row of that character against every opponent (its own page)."""

    def compute(f: MetaFilter) -> list[dict]:
        if character is not None:
            return _matchups(f, "character", row_key=character)
        keys = [r["key"] for r in entry_rates(f, "characters")[:top]]
        if not keys:
            return []
        return _matchups(f, "character", row_key__in=keys, col_key__in=keys)

    # A character key is the game's text: hashed, so no character can upset a cache backend's key rules.
    one = hashlib.sha256((character or "").encode()).hexdigest()[:16]
    name = f"character-matchups:{top}" if character is None else f"character-matchups:one:{one}"
    return cached(name, f, compute)
