"""Fields of Eternia's team win rates read from summaries (``TeamDaily`` and its month rollup ``TeamMonthly``)
give the numbers the stat rows give: a random corpus (bulk-loaded simulated games, then real logs through the
upload, the worker's verification and the verdict receiver: team games, skirmishes and solo games against the
game (FE-18), some private, some naming an event), every filter the pages take, compared with the SQL the page
ran over the seat rows before the summary kept teams (issue #25)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.core.cache import cache
from django.db.models import Count, Q

import engine
from dashboards import queries, summaries
from dashboards.bulk import insert_games
from dashboards.datasets import datasets_for
from dashboards.filters import MetaFilter
from dashboards.models import GameStat, SeatStat, TeamDaily, TeamMonthly
from dashboards.synthetic import SyntheticMeta, stored_fields
from gamelogs.services import submit_log
from visibility import services as visibility
from workers import tasks

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

FE = "motu-fields-of-eternia"
START = dt.date(2025, 1, 1)
SOLO = Q(game_log__verdict__result__has_key="difficulty")  # FE-18, as the page read it before

# (seed, mode, day played, event, published): real logs verified by the worker.
LOGS = [
    (1, "standard", "2025-01-12", "Eternia Cup", True),
    (2, "standard", "2025-01-12", "Eternia Cup", False),
    (3, "solo", "2025-01-31", None, True),
    (4, "skirmish", "2025-02-01", None, True),
    (5, "solo", "2025-02-14", "Eternia Cup", True),
    (6, "standard", "2025-03-03", None, False),
    (7, "skirmish", "2025-03-31", "Snake Mountain Open", True),
    (8, "solo", "2025-04-01", None, False),
]


def raw_teams(f: MetaFilter) -> dict:
    """The teams data set's query before the summary (issue #25): every seat of the filter's team games."""
    games = queries.game_stats(f).exclude(SOLO)
    grouped = (
        SeatStat.objects.filter(game_stat__in=games)
        .values("team")
        .annotate(
            n=Count("game_stat", distinct=True),
            w=Count("game_stat", distinct=True, filter=Q(outcome="win")),
            d=Count("game_stat", distinct=True, filter=Q(outcome="draw")),
        )
    )
    return {r["team"]: (r["n"], r["w"], r["d"]) for r in grouped}


def teams(f: MetaFilter) -> dict:
    return {r["key"]: (r["games"], r["wins"], r["draws"]) for r in datasets_for(FE)["teams"].rows(f)}


@pytest.fixture
def corpus(settings, user, django_capture_on_commit_callbacks):
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    generator = SyntheticMeta(5, players=25, start=START, days=100, games=[FE])
    insert_games((g.game, g.verdict, stored_fields(g)) for g in (generator.game(i) for i in range(240)))
    summaries.rebuild_all()
    for seed, mode, day, event, public in LOGS:
        doc = engine.simulate(FE, seed, mode=mode)
        doc["created"] = f"{day}T12:00:00Z"
        doc["simulated"] = False
        if event:
            doc["reference"] = {"event": event}
        log = submit_log(user, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        if public:
            visibility.publish(user, log)
    cache.clear()
    yield
    cache.clear()


def filters() -> list[MetaFilter]:
    base = {"game": FE, "simulated": "include"}
    d = dt.date
    packs = sorted(set(GameStat.objects.filter(game=FE).values_list("content_pack", flat=True)))
    events = sorted({e for e in GameStat.objects.filter(game=FE).values_list("event_ref", flat=True) if e})
    modes = sorted(set(GameStat.objects.filter(game=FE).values_list("mode", flat=True)))
    bands = sorted({b for b in GameStat.objects.filter(game=FE).values_list("rating_band", flat=True) if b})
    return [
        MetaFilter(**base),
        MetaFilter(game=FE),  # played games only: the real logs
        MetaFilter(game=FE, simulated="only"),
        *(
            MetaFilter(**base, event=e) for e in events
        ),  # "Eternia Cup" is public; private-only events are none
        MetaFilter(**base, event="No such event"),
        *(MetaFilter(**base, pack=p) for p in packs),
        *(MetaFilter(**base, mode=mode) for mode in modes),
        *(MetaFilter(**base, rating_band=b) for b in bands[:2]),
        MetaFilter(**base, date_from=d(2025, 1, 10), date_to=d(2025, 1, 20)),  # inside one month
        MetaFilter(**base, date_from=d(2025, 1, 12), date_to=d(2025, 3, 7)),  # part, whole, part
        MetaFilter(**base, date_from=d(2025, 2, 1), date_to=d(2025, 3, 31)),  # whole months only
        MetaFilter(**base, date_from=d(2025, 1, 31), date_to=d(2025, 2, 28)),  # a day, then a month
        MetaFilter(**base, date_from=d(2025, 2, 2)),  # open-ended
        MetaFilter(**base, date_to=d(2025, 3, 1)),
        MetaFilter(**base, date_from=d(2025, 4, 1), date_to=d(2025, 4, 1)),
        MetaFilter(game=FE, date_from=d(2025, 1, 12), date_to=d(2025, 3, 31), mode="standard"),
    ]


def test_team_rates_from_summaries_equal_the_seat_rows(corpus):
    played = GameStat.objects.filter(game=FE, game_log__isnull=False)
    assert played.count() == len(LOGS)  # the receiver stored them
    assert played.filter(SOLO).count() == 3  # FE-18: solo games are left out of the teams
    assert TeamDaily.objects.filter(game=FE, solo=True, simulated=False).exists()
    checked = 0
    for f in filters():
        cache.clear()
        raw = raw_teams(f)
        assert teams(f) == raw, f
        checked += sum(v[0] for v in raw.values())
    assert checked > 1000  # the filters found games
    cache.clear()
    assert sum(v[0] for v in teams(MetaFilter(game=FE)).values()) == 2 * 5  # five team games, two teams each


def _table(model) -> list[tuple]:
    fields = [f.name for f in model._meta.fields if f.name != "id"]
    return sorted(model.objects.values_list(*fields), key=repr)


def test_refreshes_leave_the_team_summaries_a_rebuild_makes(corpus):
    """The receiver's refreshes (a day at a time, its month rollup re-summed) end where a rebuild does."""
    before = {model: _table(model) for model in (TeamDaily, TeamMonthly)}
    assert all(before.values())
    summaries.rebuild_all()
    assert {model: _table(model) for model in (TeamDaily, TeamMonthly)} == before


def test_the_migration_fills_the_team_summaries_as_a_rebuild(corpus):
    from importlib import import_module

    from django.apps import apps
    from django.db import connection

    before = {model: _table(model) for model in (TeamDaily, TeamMonthly)}
    TeamDaily.objects.all().delete()
    TeamMonthly.objects.all().delete()
    fill = import_module("dashboards.migrations.0014_team_summaries").fill
    with connection.schema_editor() as editor:
        fill(apps, editor)
    assert {model: _table(model) for model in (TeamDaily, TeamMonthly)} == before
