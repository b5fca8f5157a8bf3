"""The data behind every chart: SQL aggregation over the summary tables, cached per filter.

Each public function takes a ``MetaFilter`` and returns plain rows (lists of dicts of numbers
and strings) — the same rows the page draws, the API returns and the CSV holds. Sums and
counts happen in the database (``SUM … GROUP BY`` over summary rows); Python only adds the
per-row arithmetic that needs the aggregated counts (rates, intervals, tests).

Cache keys are ``meta:<game>:v<version>:<query>:<filter digest>``; the version is bumped
whenever the game's stat rows or summaries change, so a cached answer is never stale and
nothing has to be deleted.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.db import connection
from django.db.models import F, Max, Min, Q, QuerySet, Sum
from django.db.models.functions import TruncMonth

from dashboards import models as m
from dashboards import providers, stats
from dashboards.filters import MetaFilter
from dashboards.providers import public_q

CACHE_SECONDS = 24 * 3600
T = TypeVar("T")

# Entry dimensions with win and pick rates: API dimension → EntryDaily.dimension.
RATE_DIMENSIONS = {
    "factions": "faction",
    "characters": "character",
    "pairs": "pair",
    "weapons": "weapon",
    "items": "item",
}

_RESULT_NAMES = {"win": "Winners", "draw": "Drawn sides", "loss": "Losers"}


def version(game: str) -> int:
    return m.SummaryVersion.objects.filter(game=game).values_list("version", flat=True).first() or 0


def cached(name: str, f: MetaFilter, compute: Callable[[MetaFilter], T]) -> T:
    """``compute(f)``, remembered under the game's current data version and the filter digest."""
    key = f"meta:{f.game}:v{version(f.game)}:{name}:{f.cache_key()}"
    value = cache.get(key)
    if value is None:
        value = compute(f)
        cache.set(key, value, CACHE_SECONDS)
    return value


def public_games(prefix: str = "") -> Q:
    """GameStat rows (through ``prefix``, e.g. "game_stat__") that may be named on a public page:
    the game's log is public (``visibility``), or there is no uploaded log behind it (synthetic
    demo and benchmark rows). Private logs count only in anonymous aggregates."""
    return Q(**{f"{prefix}game_log__isnull": True}) | public_q(f"{prefix}game_log")


def public_events(game: str) -> list[str]:
    """Event names that public logs of ``game`` carry: the only ones a page may name or filter by."""

    def compute(f: MetaFilter) -> list[str]:
        qs = m.GameStat.objects.filter(public_games(), game=f.game, event_ref__isnull=False)
        return sorted(v for v in qs.values_list("event_ref", flat=True).distinct() if v)

    return cached("public-events", MetaFilter(game=game), compute)


def bucket(model, f: MetaFilter) -> QuerySet:
    """Summary rows of ``model`` inside the filter: every filter is a WHERE on bucket columns."""
    qs = model.objects.filter(game=f.game)
    if f.event and f.event not in public_events(f.game):
        return qs.none()  # an event only private logs name does not exist for anyone else
    if f.date_from:
        qs = qs.filter(day__gte=f.date_from)
    if f.date_to:
        qs = qs.filter(day__lte=f.date_to)
    if f.event:
        qs = qs.filter(event_ref=f.event)
    if f.pack:
        qs = qs.filter(content_pack=f.pack)
    if f.rating_band is not None:
        qs = qs.filter(rating_band=f.rating_band)
    if f.mode:
        qs = qs.filter(mode=f.mode)
    if f.simulated == "exclude":
        qs = qs.filter(simulated=False)
    elif f.simulated == "only":
        qs = qs.filter(simulated=True)
    if not f.include_reported:
        qs = qs.filter(source=m.Source.LOG)  # hand-reported results are unverified: off by default
    return qs


def _sums(qs: QuerySet, group: list[str], **sums: str) -> list[dict]:
    """``SELECT group…, SUM(col) AS name … GROUP BY group…`` with annotation names that cannot
    clash with model fields (Django refuses an annotation named like a column)."""
    rows = qs.values(*group).annotate(**{f"_{k}": Sum(v) for k, v in sums.items()}).order_by(*group)
    return [{**{g: r[g] for g in group}, **{k: r[f"_{k}"] or 0 for k in sums}} for r in rows]


sums = _sums  # for a game plugin's own summaries


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
    qs = bucket(m.EntryDaily, f).filter(dimension__in=dimensions)
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
    return bucket(m.EntryDaily, f).filter(dimension="seat").aggregate(n=Sum("appearances"))["n"] or 0


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
        return [stats.decorate_rate_row(r, total, f.min_games) for r in _entries(f, "seat")]

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
                    "name": _RESULT_NAMES.get(r["key"], r["key"]),
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


def score_components(f: MetaFilter) -> list[dict]:
    """Mean score and mean of each score component per seat, for winning, drawn and losing
    seats (any game: read from the generic result's seats). Component keys are the game's."""

    def compute(f: MetaFilter) -> list[dict]:
        sums = _sums(bucket(m.ScoreDaily, f), ["outcome", "component"], seats="seats", total="total")
        by_outcome: dict[str, dict] = {}
        for r in sums:
            if r["component"] == "":
                by_outcome[r["outcome"]] = {"key": r["outcome"], "name": _RESULT_NAMES.get(r["outcome"], r["outcome"]),
                                            "seats": r["seats"], "score": None, "components": {}}  # fmt: skip
        for r in sums:
            row = by_outcome.get(r["outcome"])
            if row is None:
                continue
            if r["component"] == "":
                row["score"] = stats.rate(r["total"], row["seats"])
            else:
                row["components"][r["component"]] = stats.rate(r["total"], row["seats"])
        order = {"win": 0, "draw": 1, "loss": 2}
        return sorted(by_outcome.values(), key=lambda r: order.get(r["key"], 9))

    return cached("score-components", f, compute)


def vp_by_round(f: MetaFilter) -> list[dict]:
    """Mean cumulative VP at the end of each round, for winners, drawn sides and losers."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = _sums(bucket(m.RoundDaily, f), ["round", "result"], sides="sides", vp_sum="vp_sum")
        return [{**r, "name": _RESULT_NAMES.get(r["result"], r["result"]), "mean_vp": stats.rate(r["vp_sum"], r["sides"])}
                for r in rows]  # fmt: skip

    return cached("vp-by-round", f, compute)


def game_length(f: MetaFilter) -> list[dict]:
    """Games by rounds played and how they ended."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = _sums(bucket(m.GameDaily, f), ["rounds_played", "ended_by"], games="games")
        total = sum(r["games"] for r in rows)
        return [{**r, "share": stats.rate(r["games"], total)} for r in rows]

    return cached("game-length", f, compute)


def knockout_timing(f: MetaFilter) -> list[dict]:
    """Characters knocked out, by the round it happened in."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = _sums(
            bucket(m.EntryDaily, f).filter(dimension="knockout_round"), ["key"], knockouts="appearances"
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


def dice_luck(f: MetaFilter) -> list[dict]:
    """Observed against expected successes per player name, recorded dice only. It names people:
    staff only (the staff API); public pages show :func:`dice_luck_distribution`."""

    def compute(f: MetaFilter) -> list[dict]:
        # Rows name players, so public games only: summed from the stat rows, not DiceDaily.
        rows = (
            _recorded_dice(f)
            .values(player_name=F("side__player_name"))
            .annotate(tests=Sum("tests"), dice=Sum("dice"), successes=Sum("successes"),
                      expected=Sum("expected_successes"))
            .order_by()
        )  # fmt: skip
        out = []
        for r in rows:
            luck = stats.dice_luck(int(r["dice"]), int(r["successes"]), float(r["expected"]))
            out.append(
                {
                    "key": r["player_name"],
                    "name": r["player_name"],
                    "tests": r["tests"],
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
            )
        out.sort(key=lambda r: (-r["dice"], r["key"]))
        return out

    return cached("dice-luck", f, compute)


def dice_luck_distribution(f: MetaFilter) -> list[dict]:
    """Players' dice luck as a distribution with no names (the public view): how many players'
    z-scores fall in each band against what fair dice would give, plus a row for players with
    too few dice to test. Empty when fewer than ``stats.MIN_PLAYERS_FOR_DISTRIBUTION`` players
    were tested, so that no band points at a person."""

    def compute(f: MetaFilter) -> list[dict]:
        named = dice_luck(f)
        zs = [r["z"] for r in named if r["z"] is not None]
        if len(zs) < stats.MIN_PLAYERS_FOR_DISTRIBUTION:
            return []
        untested = len(named) - len(zs)
        rows = stats.z_distribution(zs)
        return [*rows, {"key": "not tested", "name": "not tested (too few dice)", "low": None, "high": None,
                        "players": untested, "share": None, "expected_share": None, "expected_players": None}]  # fmt: skip

    return cached("dice-luck-distribution", f, compute)


def _recorded_dice(f: MetaFilter) -> QuerySet:
    """TestStat rows of public games inside the filter, recorded dice only (seeded games are fair
    by construction), as DiceDaily would hold them for public games alone."""
    games = game_stats(f, m.GameStat.objects.filter(public_games(), randomness="recorded"))
    return providers.side_models().test.objects.filter(side__game_stat__in=games)


def game_stats(f: MetaFilter, games: QuerySet | None = None) -> QuerySet:
    """GameStat rows (of ``games``, by default all) inside the filter: for a game's own data sets
    that aggregate per-game rows rather than summaries."""
    games = (m.GameStat.objects.all() if games is None else games).filter(game=f.game)
    if f.event and f.event not in public_events(f.game):
        return games.none()  # as in bucket(): an event only private logs name does not exist
    if f.date_from:
        games = games.filter(played_on__gte=f.date_from)
    if f.date_to:
        games = games.filter(played_on__lte=f.date_to)
    if f.event:
        games = games.filter(event_ref=f.event)
    if f.pack:
        games = games.filter(content_pack=f.pack)
    if f.rating_band is not None:
        games = games.filter(rating_band=f.rating_band)
    if f.mode:
        games = games.filter(mode=f.mode)
    if f.simulated == "exclude":
        games = games.filter(simulated=False)
    elif f.simulated == "only":
        games = games.filter(simulated=True)
    if not f.include_reported:
        games = games.filter(source=m.Source.LOG)
    return games


def trends_month(f: MetaFilter) -> list[dict]:
    """Faction win and pick rates per calendar month (pick rate over that month's sides)."""

    def compute(f: MetaFilter) -> list[dict]:
        qs = bucket(m.EntryDaily, f).annotate(month=TruncMonth("day"))
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
        qs = bucket(m.EntryDaily, f).annotate(month=TruncMonth("day"))
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
        qs = bucket(m.EntryDaily, f).filter(event_ref__in=public_events(f.game))
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


def overview(f: MetaFilter) -> dict:
    """Headline numbers for a game's front page: games counted and simulated games left out."""

    def compute(f: MetaFilter) -> list[dict]:
        games = bucket(m.GameDaily, f).aggregate(n=Sum("games"))["n"] or 0
        hidden = 0
        if f.simulated == "exclude":
            from dataclasses import replace

            hidden = bucket(m.GameDaily, replace(f, simulated="only")).aggregate(n=Sum("games"))["n"] or 0
        first_seen = bucket(m.GameDaily, f).aggregate(a=Max("day"))["a"]
        return [
            {
                "games": games,
                "simulated_hidden": hidden,
                "latest_day": first_seen.isoformat() if first_seen else None,
            }
        ]

    return cached("overview", f, compute)[0]


def known_values(game: str) -> dict[str, list]:
    """Choices for the filter form: events, content packs and rating bands seen for ``game``."""

    def compute(f: MetaFilter) -> list[dict]:
        qs = m.GameDaily.objects.filter(game=f.game)
        return [
            {
                "events": public_events(f.game),
                "packs": sorted(v for v in qs.values_list("content_pack", flat=True).distinct() if v),
                "rating_bands": sorted(
                    v for v in qs.values_list("rating_band", flat=True).distinct() if v is not None
                ),
            }
        ]

    return cached("known-values", MetaFilter(game=game), compute)[0]


def games_with_data() -> list[dict]:
    """Every game that has summary rows: its played games (``games``) and its simulated games
    (``simulated``), which the meta leaves out unless asked to include them."""
    out: dict[str, dict] = {}
    for r in _sums(m.GameDaily.objects.filter(source=m.Source.LOG), ["game", "simulated"], games="games"):
        row = out.setdefault(r["game"], {"game": r["game"], "games": 0, "simulated": 0})
        row["simulated" if r["simulated"] else "games"] += r["games"]
    return list(out.values())


# --- Matchups: one entry against what the other side fielded ---------------------------------

# How many characters (by games) the character × character matrix keeps: 20 × 20 cells still
# read on a phone inside a scrolling box; the rest are in the single-character pages.
MATRIX_TOP = 20


def _matchup_rows(cursor, f: MetaFilter) -> list[dict]:
    rows = []
    for row_key, col_key, row_name, col_name, games, wins, draws, losses in cursor.fetchall():
        row = stats.decorate_rate_row(
            {"key": f"{row_key}|{col_key}", "row": row_key, "row_name": row_name, "col": col_key,
             "col_name": col_name, "games": games, "wins": wins or 0, "draws": draws or 0, "losses": losses or 0},
            0, f.min_games,
        )  # fmt: skip
        row.pop("pick_rate")  # a cell has no pick rate: its share is of the row's games
        row["name"] = f"{row_name} v {col_name}"
        rows.append(row)
    return rows


def _outcomes(side: str) -> str:
    """Games, wins, draws and losses of the row's side (alias ``side``), each side counted once: a
    side with two copies of an entry is one game, as on every other page."""
    return ", ".join(
        [f"COUNT(DISTINCT {side}.id)"]
        + [
            f"COUNT(DISTINCT CASE WHEN {side}.result = '{r}' THEN {side}.id END)"
            for r in ("win", "draw", "loss")
        ]
    )


def _run_matchups(sql: str, games: QuerySet, params: list, f: MetaFilter) -> list[dict]:
    """Run a matchup ``sql`` whose ``{games}`` is the filtered GameStat ids (a subquery)."""
    games_sql, games_params = games.values("id").query.sql_with_params()
    sides = providers.side_models()
    tables = {"side": sides.side._meta.db_table, "character": sides.character._meta.db_table}
    with connection.cursor() as cursor:
        cursor.execute(sql.format(games=games_sql, **tables), [*games_params, *params])
        return _matchup_rows(cursor, f)


def faction_matchups(f: MetaFilter) -> list[dict]:
    """Every faction against every faction it met: the row faction's games, wins, draws and
    losses against sides of the column faction, win rate with its Wilson 95% interval.

    One SQL self-join of the sides of each game, grouped by the two factions: a matchup needs
    both sides of one game, which the per-day summaries do not keep. Mirror matches fill the
    diagonal with one win and one loss each. An anonymous aggregate: private logs count."""

    def compute(f: MetaFilter) -> list[dict]:
        sql = (
            "SELECT a.faction, b.faction, MAX(a.faction_name), MAX(b.faction_name), " + _outcomes("a") +
            " FROM {side} a JOIN {side} b ON b.game_stat_id = a.game_stat_id AND b.id <> a.id"
            " WHERE a.game_stat_id IN ({games}) GROUP BY a.faction, b.faction ORDER BY a.faction, b.faction"
        )  # fmt: skip
        return _run_matchups(sql, game_stats(f), [], f)

    return cached("faction-matchups", f, compute)


def character_matchups(f: MetaFilter, top: int = MATRIX_TOP, character: str | None = None) -> list[dict]:
    """Characters against the characters the other side fielded, counted like
    :func:`faction_matchups`: a side fielding the row character that faced a side fielding the
    column character is one game for the cell.

    ``top`` keeps the ``top`` characters by games as rows and columns (the matrix); with
    ``character`` the one row of that character against every opponent (its own page)."""

    def compute(f: MetaFilter) -> list[dict]:
        if character is not None:
            keys, where = [character], " AND ca.character = %s"
        else:
            keys = [r["key"] for r in entry_rates(f, "characters")[:top]]
            if not keys:
                return []
            marks = ", ".join(["%s"] * len(keys))
            where = f" AND ca.character IN ({marks}) AND cb.character IN ({marks})"
            keys = keys + keys
        sql = (
            "SELECT ca.character, cb.character, MAX(ca.name), MAX(cb.name), " + _outcomes("a") +
            " FROM {character} ca JOIN {side} a ON a.id = ca.side_id"
            " JOIN {side} b ON b.game_stat_id = a.game_stat_id AND b.id <> a.id"
            " JOIN {character} cb ON cb.side_id = b.id"
            " WHERE a.game_stat_id IN ({games})" + where +
            " GROUP BY ca.character, cb.character ORDER BY ca.character, cb.character"
        )  # fmt: skip
        return _run_matchups(sql, game_stats(f), keys, f)

    # A character key is the game's text: hashed, so no character can upset a cache backend's key rules.
    one = hashlib.sha256((character or "").encode()).hexdigest()[:16]
    name = f"character-matchups:{top}" if character is None else f"character-matchups:one:{one}"
    return cached(name, f, compute)
