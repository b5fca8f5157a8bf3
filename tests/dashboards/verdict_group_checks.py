"""Checks shared by the PostgreSQL tests and the SQLite child process of ``test_verdict_group_summaries``: the
groups a data set reads from the summaries (``dashboards.verdictgroups``) against the same groups added up from
the filter's verdicts, and every data set's rows both ways."""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager

from django.core.cache import cache

from dashboards import providers, queries, verdictgroups
from dashboards.datasets import datasets_for
from dashboards.filters import MetaFilter
from dashboards.models import GameStat


def filters(game: str) -> list[MetaFilter]:
    base = {"game": game, "simulated": "include", "min_games": 1}
    d = dt.date
    stats = GameStat.objects.filter(game=game)
    packs = sorted(set(stats.values_list("content_pack", flat=True)))
    events = sorted({e for e in stats.values_list("event_ref", flat=True) if e})
    modes = sorted(set(stats.values_list("mode", flat=True)))
    bands = sorted({b for b in stats.values_list("rating_band", flat=True) if b})
    return [
        MetaFilter(**base),
        MetaFilter(game=game, min_games=1),  # played games only: the uploaded logs
        MetaFilter(**base, event=events[0]) if events else MetaFilter(**base, event="none"),
        *(MetaFilter(**base, pack=p) for p in packs[:2]),
        *(MetaFilter(**base, mode=mode) for mode in modes),
        *(MetaFilter(**base, rating_band=b) for b in bands[:2]),
        MetaFilter(**base, date_from=d(2025, 1, 10), date_to=d(2025, 1, 20)),  # inside one month
        MetaFilter(**base, date_from=d(2025, 1, 12), date_to=d(2025, 3, 7)),  # part, whole, part
        MetaFilter(**base, date_from=d(2025, 2, 1), date_to=d(2025, 3, 31)),  # whole months only
        MetaFilter(**base, date_from=d(2025, 2, 2)),  # open-ended
        MetaFilter(**base, date_to=d(2025, 3, 1)),
    ]


def compare_groups(game: str) -> int:
    """Every registered group of ``game`` under every filter: the summary's rows equal the verdicts' sums.
    Returns the groups compared."""
    checked = 0
    for f in filters(game):
        for source in providers.verdict_groups(game):
            cache.clear()
            summary = verdictgroups.groups(f, source.name)
            direct = verdictgroups.direct(source, queries.game_stats(f))
            assert summary == direct, (f, source.name)
            checked += len(direct)
    return checked


@contextmanager
def from_the_verdicts():
    """Data sets read their groups straight from the filter's verdicts instead of the summaries."""
    summed = verdictgroups.groups

    def direct(f, name):
        return verdictgroups.direct(providers.verdict_group(f.game, name), queries.game_stats(f))

    verdictgroups.groups = direct
    try:
        yield
    finally:
        verdictgroups.groups = summed


def dataset_rows(game: str, f: MetaFilter) -> dict:
    cache.clear()
    return {key: dataset.rows(f) for key, dataset in datasets_for(game).items()}


def compare_datasets(game: str) -> int:
    """Every data set of ``game`` under every filter gives the same rows from the summaries as from the verdicts.
    Returns the rows compared."""
    checked = 0
    for f in filters(game):
        summary = dataset_rows(game, f)
        with from_the_verdicts():
            direct = dataset_rows(game, f)
        for key in direct:
            assert summary[key] == direct[key], (f, key)
            checked += len(direct[key])
    cache.clear()
    return checked
