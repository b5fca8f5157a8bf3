"""The data behind every chart: SQL aggregation over the summary tables, cached per filter.

Each public function takes a ``MetaFilter`` and returns plain rows (lists of dicts of numbers
and strings) — the same rows the page draws, the API returns and the CSV holds. Sums and
counts happen in the database (``SUM … GROUP BY`` over summary rows); Python only adds the
per-row arithmetic that needs the aggregated counts (rates, intervals, tests).

Cache keys are ``meta:<game>:v<version>:<language>:<query>:<filter digest>`` (rows may hold words of
the page's language: outcome and band names); the version is bumped
whenever the game's stat rows or summaries change, so a cached answer is never stale and
nothing has to be deleted.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TypeVar

from django.core.cache import cache
from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import BigIntegerField, Exists, IntegerField, Max, Min, OuterRef, Q, QuerySet, Sum
from django.db.models.functions import Cast
from django.utils import formats
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext as _

from dashboards import models as m
from dashboards import providers, stats
from dashboards.filters import MetaFilter
from dashboards.months import month_of, next_month
from dashboards.providers import public_q

CACHE_SECONDS = 24 * 3600
T = TypeVar("T")

RESULT_NAMES = {
    "win": pgettext_lazy("seats of a game, by outcome", "Winners"),
    "draw": pgettext_lazy("seats of a game, by outcome", "Drawn sides"),
    "loss": pgettext_lazy("seats of a game, by outcome", "Losers"),
}


def version(game: str) -> int:
    return m.SummaryVersion.objects.filter(game=game).values_list("version", flat=True).first() or 0


def cached(name: str, f: MetaFilter, compute: Callable[[MetaFilter], T]) -> T:
    """``compute(f)``, remembered under the game's current data version and the filter digest."""
    key = f"meta:{f.game}:v{version(f.game)}:{get_language() or ''}:{name}:{f.cache_key()}"
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
        # The events the summaries name (one summary row each), each kept if a public game carries it: a
        # look-up per event (index dash_game_game_event), not a pass over every game with an event.
        named = m.GameDaily.objects.filter(game=f.game, event_ref__isnull=False)
        one_row_each = named.values("event_ref").annotate(first=Min("id")).values("first")
        public = m.GameStat.objects.filter(public_games(), game=f.game, event_ref=OuterRef("event_ref"))
        events = m.GameDaily.objects.filter(id__in=one_row_each).filter(Exists(public))
        return sorted(e for e in events.values_list("event_ref", flat=True) if e)

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


def _grains(model, f: MetaFilter) -> list[QuerySet]:
    """Where the rows of ``model`` inside ``f`` are read from: its month rollup for the whole months of
    the date range (all of them without one), its daily rows for the days at the range's edges; of its
    rollups, the one that adds most bucket columns together that the filter does not name."""
    summary = providers.summary_of(model)
    # A rollup that adds event or rating band together (``Rollup.merges``) answers a filter that names neither.
    named = {"event_ref": bool(f.event), "rating_band": f.rating_band is not None}
    rollups = [r for r in summary.rollups() if not any(named[c] for c in r.merges)] if summary else []
    if not rollups:
        return [bucket(model, f)]
    monthly = max(rollups, key=lambda r: len(r.merges)).model
    lo, hi = f.date_from, f.date_to
    first = None if lo is None else (lo if lo.day == 1 else next_month(month_of(lo)))
    # Months starting before ``end`` are whole when they end by ``hi``.
    end = (
        None
        if hi is None
        else (
            next_month(month_of(hi))
            if hi + dt.timedelta(days=1) == next_month(month_of(hi))
            else month_of(hi)
        )
    )
    if first is not None and end is not None and first >= end:
        return [bucket(model, f)]
    day = dt.timedelta(days=1)
    parts = [bucket(monthly, replace(f, date_from=first, date_to=None if end is None else end - day))]
    if lo is not None and lo < first:
        parts.append(bucket(model, replace(f, date_from=lo, date_to=first - day)))
    if hi is not None and end <= hi:
        parts.append(bucket(model, replace(f, date_from=end, date_to=hi)))
    return parts


def rolled_up(model, f: MetaFilter, group: list[str], sums: tuple[str, ...], maxes: tuple[str, ...] = (),
              where: dict | None = None) -> list[dict]:  # fmt: skip
    """``SUM`` of ``sums`` and ``MAX`` of ``maxes`` over the summary rows of ``model`` inside ``f`` (and
    ``where``), grouped by ``group`` and ordered by it: as one ``GROUP BY`` over the daily rows would give, read
    from the month rollup where one is kept (``dashboards.providers.Rollup``)."""
    out = rolled_up_values(model, f, group, sums, maxes, where)
    names = (*group, *sums, *maxes)
    return [
        dict(zip(names, (*key, *out[key]), strict=True))
        for key in sorted(out, key=lambda k: tuple((v is None, v) for v in k))
    ]


def rolled_up_values(model, f: MetaFilter, group: list[str], sums: tuple[str, ...], maxes: tuple[str, ...] = (),
                     where: dict | None = None) -> dict[tuple, list]:  # fmt: skip
    """:func:`rolled_up` as {group's values: [sums…, maxes…]}, unordered: the rows as tuples, with no dict per row
    of each grain (a grouping of names has tens of thousands of groups, read once per month and day grain)."""
    out: dict[tuple, list] = {}
    width, counted = len(group), len(sums)
    for qs in _grains(model, f):
        annotations = {f"_{c}": _summed(qs.model, c) for c in sums} | {f"_{c}": Max(c) for c in maxes}
        rows = qs.filter(**(where or {})).values_list(*group).annotate(**annotations).order_by()
        if not out:  # the first grain (often the only one: whole months): nothing to add its rows to
            out = {row[:width]: list(row[width:]) for row in _fetched(rows)}
            continue
        for row in _fetched(rows):
            key, values = row[:width], row[width:]
            have = out.get(key)
            if have is None:
                out[key] = [v or 0 for v in values[:counted]] + list(values[counted:])
                continue
            for i in range(counted):
                have[i] += values[i] or 0
            for i in range(counted, len(values)):
                if have[i] is None or (values[i] is not None and values[i] > have[i]):
                    have[i] = values[i]
    return out


def _fetched(rows: QuerySet) -> Iterable[tuple]:
    """A ``values_list`` query's rows; on PostgreSQL as psycopg gives them, without Django's converter call per value
    (a grouping of a hundred thousand names: 0.4 s of a 1.5 s read). The summaries' group columns and sums are text,
    numbers and dates, which psycopg already gives as Python's own; SQLite's dates need Django's converters."""
    db = connections[rows.db]
    if db.vendor != "postgresql":
        return rows
    try:
        sql, params = rows.query.sql_with_params()
    except EmptyResultSet:  # a filter no row can match (``none()``, an empty list): Django would ask nothing
        return []
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _summed(model, column: str):
    """SUM of a column, 0 rather than NULL; of an integer column, as a bigint: PostgreSQL sums bigints as numeric, slower to add up and
    to send (a grouping of a hundred thousand names: 0.25 s of a 1 s read) and read as Decimal without Django's
    converters (``_fetched``); no count here comes near 2⁶³."""
    if isinstance(model._meta.get_field(column), IntegerField):
        return Cast(Sum(column, default=0), BigIntegerField())
    return Sum(column, default=0)


def score_components(f: MetaFilter) -> list[dict]:
    """Mean score and mean of each score component per seat, for winning, drawn and losing
    seats (any game: read from the generic result's seats). Component keys are the game's."""

    def compute(f: MetaFilter) -> list[dict]:
        sums = _sums(bucket(m.ScoreDaily, f), ["outcome", "component"], seats="seats", total="total")
        by_outcome: dict[str, dict] = {}
        for r in sums:
            if r["component"] == "":
                by_outcome[r["outcome"]] = {"key": r["outcome"], "name": str(RESULT_NAMES.get(r["outcome"], r["outcome"])),
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


def game_length(f: MetaFilter) -> list[dict]:
    """Games by rounds played and how they ended."""

    def compute(f: MetaFilter) -> list[dict]:
        rows = _sums(bucket(m.GameDaily, f), ["rounds_played", "ended_by"], games="games")
        total = sum(r["games"] for r in rows)
        return [{**r, "share": stats.rate(r["games"], total)} for r in rows]

    return cached("game-length", f, compute)


def dice_luck_distribution(f: MetaFilter) -> list[dict]:
    """Players' dice luck as a distribution with no names (the public view): how many players'
    z-scores fall in each band against what fair dice would give, plus a row for players with
    too few dice to test. Empty when fewer than ``stats.MIN_PLAYERS_FOR_DISTRIBUTION`` players
    were tested, so that no band points at a person."""

    def compute(f: MetaFilter) -> list[dict]:
        named = providers.plugin(f.game).dice_luck_by_player(f)
        zs = [r["z"] for r in named if r["z"] is not None]
        if len(zs) < stats.MIN_PLAYERS_FOR_DISTRIBUTION:
            return []
        untested = len(named) - len(zs)
        rows = [{**r, "name": _band_name(r["low"], r["high"])} for r in stats.z_distribution(zs)]
        return [*rows, {"key": "not tested", "name": _("not tested (too few dice)"), "low": None, "high": None,
                        "players": untested, "share": None, "expected_share": None, "expected_players": None}]  # fmt: skip

    return cached("dice-luck-distribution", f, compute)


def _band_name(low: float | None, high: float | None) -> str:
    """A band of dice z-scores in the page's language (the key stays the English name)."""
    if low is None:
        return _("below %(high)s") % {"high": formats.number_format(high)}
    if high is None:
        return _("%(low)s and above") % {"low": formats.number_format(low)}
    return _("%(low)s to %(high)s") % {"low": formats.number_format(low), "high": formats.number_format(high)}


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
