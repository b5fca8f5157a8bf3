"""Hoplomachus' data sets read the groups each verdict adds up from summaries kept per bucket
(``dashboards.verdictgroups``: ``VerdictGroupDaily`` and its month rollup), and give the numbers the verdicts
themselves give (issue #25): a corpus of verified logs (bulk-loaded simulated logs the engine verified, then real
uploads through the worker's verification and the verdict receiver, some private, some naming an event), every
filter the pages take, each group and each data set compared with the same computation over the filter's verdicts.
The players' dice luck counts public games only: a log made private is taken off again."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache

import engine
from dashboards import providers, queries, summaries, verdictgroups
from dashboards.bulk import insert_games
from dashboards.filters import MetaFilter
from dashboards.models import GameStat, VerdictGroupDaily, VerdictGroupGame, VerdictGroupMonthly
from dashboards.synthetic import SyntheticMeta, stored_fields
from gamelogs.services import submit_log
from games.hoplomachus import meta_dice
from games.hoplomachus.meta import seat_groups
from visibility import services as visibility
from workers import tasks

from .verdict_group_checks import compare_datasets, compare_groups

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HR = "hoplomachus-remastered"
FE = "motu-fields-of-eternia"
ROOT = Path(__file__).resolve().parents[2]

# (seed, day played, event, names, published): real uploads, dice recorded at the table.
LOGS = [
    (1, "2025-01-12", "Arena Cup", ("Lia Moss", "Ned Moss"), True),
    (2, "2025-01-12", "Arena Cup", ("Ned Moss", "Ola Reed"), False),
    (3, "2025-01-31", None, ("Ola Reed", "Lia Moss"), True),
    (4, "2025-02-01", None, ("Pia Hart", "Ned Moss"), False),
    (5, "2025-03-03", "Arena Cup", ("Ola Reed",), True),  # Assault, one player (HR-13)
    (6, "2025-03-31", None, ("Pia Hart", "Lia Moss"), True),
]


def upload(user, seed: int, day: str, event: str | None, names: tuple[str, ...], capture) -> object:
    doc = engine.simulate(HR, seed, randomness="recorded")
    doc["created"] = f"{day}T12:00:00Z"
    doc["simulated"] = False
    if event:
        doc["reference"] = {"event": event}
    for player, name in zip(doc["players"], names, strict=False):
        player["name"] = name
    log = submit_log(user, json.dumps(doc).encode()).log
    with capture(execute=True):
        assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
    return log


@pytest.fixture
def corpus(settings, user, django_capture_on_commit_callbacks):
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    generator = SyntheticMeta(5, players=25, start=dt.date(2025, 1, 1), days=100, games=[HR], logs=True)
    insert_games(
        (g.game, g.verdict, stored_fields(g), g.log) for g in (generator.game(i) for i in range(240))
    )
    summaries.rebuild_all()
    logs = {}
    for seed, day, event, names, public in LOGS:
        logs[seed] = upload(user, seed, day, event, names, django_capture_on_commit_callbacks)
        if public:
            visibility.publish(user, logs[seed])
    cache.clear()
    yield {"logs": logs, "user": user}
    cache.clear()


def test_every_group_from_the_summaries_equals_the_verdicts_sums(corpus):
    assert GameStat.objects.filter(game=HR, game_log__isnull=False).count() == 240 + len(LOGS)
    assert (
        VerdictGroupMonthly.objects.filter(game=HR).count()
        < VerdictGroupDaily.objects.filter(game=HR).count()
    )
    names = {s.name for s in providers.verdict_groups(HR)}
    assert names >= {"hr-seats", "hr-units", "hr-rivals", "hr-tactics", "hr-dice-colours", "hr-dice-players"}
    # Every group has rows: the simulated logs play every mode, half of them with recorded dice.
    f = MetaFilter(game=HR, simulated="include")
    assert all(verdictgroups.groups(f, name) for name in names)
    assert compare_groups(HR) > 2000


def test_every_data_set_from_the_summaries_equals_the_verdicts(corpus):
    assert compare_datasets(HR) > 500


def test_seat_groups_equal_the_sql_over_the_verdicts_they_replace(corpus):
    """The factions' groups as the data set grouped them in SQL over the stored verdicts before (issue #25)."""
    from django.db.models import Count, IntegerField, Sum
    from django.db.models.fields.json import KT
    from django.db.models.functions import Cast

    from gamelogs.models import GameLog

    def as_int(path):
        return Cast(KT(path), IntegerField())

    for f in (
        MetaFilter(game=HR, simulated="include"),
        MetaFilter(game=HR, mode="skirmish", simulated="include"),
    ):
        logs = GameLog.objects.filter(meta_stat__in=queries.game_stats(f))
        out: dict[tuple, dict] = {}
        for i in range(4):
            seat, troop = f"verdict__result__seats__{i}", f"verdict__statistics__troops__{i}"
            grouped = (
                logs.filter(**{f"{seat}__has_key": "outcome", f"{troop}__has_key": "faction"})
                .values(_faction=KT(f"{troop}__faction"), _mode=KT("verdict__result__mode"),
                        _arena=KT("verdict__result__arena"), _outcome=KT(f"{seat}__outcome"))
                .annotate(seats=Count("id"), favour=Sum(as_int(f"{seat}__components__favour")),
                          rewards=Sum(as_int(f"{troop}__rewards")), attacks=Sum(as_int(f"{troop}__attacks")),
                          hits=Sum(as_int(f"{troop}__hits")))
            )  # fmt: skip
            for r in grouped:
                row = out.setdefault((r["_faction"], r["_mode"], r["_arena"], r["_outcome"]),
                                     dict.fromkeys(("seats", "favour", "rewards", "attacks", "hits"), 0))  # fmt: skip
                for name in row:
                    row[name] += r[name] or 0
        before = [
            {"faction": k[0], "mode": k[1], "arena": k[2], "outcome": k[3], **v}
            for k, v in sorted(out.items())
        ]
        cache.clear()
        assert seat_groups(f) == before
        assert sum(r["seats"] for r in before) > 100


def _table(model) -> list[tuple]:
    fields = [f.name for f in model._meta.fields if f.name != "id"]
    return sorted(model.objects.values_list(*fields), key=repr)


def test_refreshes_leave_the_groups_a_rebuild_makes(corpus):
    """The receiver's refreshes (a day at a time, its month re-summed) end where a rebuild does."""
    before = {model: _table(model) for model in (VerdictGroupDaily, VerdictGroupMonthly)}
    assert all(before.values())
    summaries.rebuild_all()
    assert {model: _table(model) for model in (VerdictGroupDaily, VerdictGroupMonthly)} == before


def test_the_migration_fills_the_groups_as_a_rebuild(corpus):
    from importlib import import_module

    from django.apps import apps
    from django.db import connection

    before = {model: _table(model) for model in (VerdictGroupDaily, VerdictGroupMonthly)}
    VerdictGroupDaily.objects.all().delete()
    VerdictGroupMonthly.objects.all().delete()
    fill = import_module("dashboards.migrations.0016_verdict_groups_public").fill
    with connection.schema_editor() as editor:
        fill(apps, editor)
    assert {model: _table(model) for model in (VerdictGroupDaily, VerdictGroupMonthly)} == before


def test_the_totals_migration_sums_the_players_rows_as_a_rebuild(
    corpus, user, django_capture_on_commit_callbacks
):
    """0017 adds each name's ``hr-dice-player-totals`` rows up from its ``hr-dice-players`` rows in SQL (day, month
    and game): the rows a rebuild from the verdicts makes, a name JSON must escape and a withdrawn log included."""
    from importlib import import_module

    from django.apps import apps
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the SQL sums are PostgreSQL's; elsewhere 0017 fills the groups as 0016")
    odd = upload(
        user, 7, "2025-03-31", None, ('Zoë "Quill" \\ Ø', "Lia Moss"), django_capture_on_commit_callbacks
    )
    visibility.publish(user, odd)
    visibility.withdraw(user, corpus["logs"][6])  # taken off the bucket rows by the hook, not by a rebuild
    totals = "hr-dice-player-totals"
    models = (VerdictGroupDaily, VerdictGroupMonthly, VerdictGroupGame)
    before = {model: [r for r in _table(model) if totals in r] for model in models}
    assert all(before.values()) and any('["Zoë \\"Quill\\" \\\\ Ø"]' in r for r in before[VerdictGroupDaily])
    for model in models:
        model.objects.filter(name=totals).delete()
    fill = import_module("dashboards.migrations.0017_verdict_groups_refill").fill
    with connection.schema_editor() as editor:
        fill(apps, editor)
    assert {model: [r for r in _table(model) if totals in r] for model in models} == before
    assert _luck(MetaFilter(game=HR))['Zoë "Quill" \\ Ø']["games"] == 1


def _luck(f: MetaFilter) -> dict:
    cache.clear()
    return {r["name"]: r for r in meta_dice.player_luck(f)}


def _public_dice(f: MetaFilter) -> dict:
    """Each name's dice over the filter's public games, added up from their verdicts."""
    source = providers.verdict_group(HR, "hr-dice-players")
    public = queries.game_stats(f).filter(queries.public_games())
    out: dict[str, list] = {}
    for g in verdictgroups.direct(source, public):
        if g["colour"]:
            c = out.setdefault(g["name"], [0, 0])
            c[0] += g["dice"]
            c[1] += g["hits"]
    return out


def _dice_rows(name: str = "hr-dice-players") -> list[tuple]:
    """The public-only grouping's bucket rows, day and month, as a rebuild makes them."""
    return [r for model in (VerdictGroupDaily, VerdictGroupMonthly) for r in _table(model) if name in r]


def test_a_log_made_private_is_taken_off_the_players_dice_luck(corpus):
    played = MetaFilter(game=HR)  # the uploads only
    logs, user = corpus["logs"], corpus["user"]
    luck = _luck(played)
    # Pia Hart played seeds 4 (private) and 5 (public); Lia Moss 1, 3 and 6, all public.
    assert {name: [r["dice"], r["successes"]] for name, r in luck.items()} == _public_dice(played)
    assert luck["Lia Moss"]["games"] == 3 and luck["Pia Hart"]["games"] == 1
    lia = luck["Lia Moss"]["dice"]
    rows = _dice_rows()

    visibility.withdraw(user, logs[3])  # Lia's game against Ola goes private: no refresh of the summaries
    # Its dice left the bucket rows at once (day and month), not at the next refresh.
    assert not GameStat.objects.get(game_log=logs[3]).groups_public
    assert _dice_rows() != rows
    luck = _luck(played)
    assert {name: [r["dice"], r["successes"]] for name, r in luck.items()} == _public_dice(played)
    assert luck["Lia Moss"]["games"] == 2 and luck["Lia Moss"]["dice"] < lia
    assert compare_groups(HR) > 1000  # every group and filter, the dice players' public games included

    visibility.withdraw(user, logs[6])  # Pia's only public game: her name is gone
    luck = _luck(played)
    assert "Pia Hart" not in luck
    assert {name: [r["dice"], r["successes"]] for name, r in luck.items()} == _public_dice(played)
    withdrawn = _dice_rows()
    summaries.rebuild_all()  # the rows taken off are those a rebuild leaves out
    assert _dice_rows() == withdrawn

    visibility.publish(user, logs[3])
    visibility.publish(user, logs[6])
    assert _luck(played)["Lia Moss"]["dice"] == lia
    assert _dice_rows() == rows
    # The staff list over every game (simulated ones have no log made public: private, so not named).
    everything = MetaFilter(game=HR, simulated="include")
    assert {name: [r["dice"], r["successes"]] for name, r in _luck(everything).items()} == _public_dice(
        everything
    )


def test_a_log_made_public_by_a_change_no_hook_sees_counts_at_once(corpus):
    """A log can turn public or private without ``visibility.publish``/``withdraw`` (its round published, a
    publication deleted with its user): the data set corrects the bucket rows for the filter's games counted
    the other way, and the periodic sweep writes the correction into them."""
    from visibility.models import PublishedLog

    played, logs = MetaFilter(game=HR), corpus["logs"]
    rows = _dice_rows()
    PublishedLog.objects.create(log=logs[4])  # Pia's private game, published by the site (no hook)
    PublishedLog.objects.filter(log=logs[1]).delete()  # Lia's and Ned's cup game, taken back (no hook)
    assert _dice_rows() == rows  # the bucket rows still count them as before
    luck = _luck(played)
    assert {name: [r["dice"], r["successes"]] for name, r in luck.items()} == _public_dice(played)
    assert luck["Pia Hart"]["games"] == 2 and luck["Lia Moss"]["games"] == 2
    assert compare_groups(HR) > 1000
    assert summaries.publicity_changed() == 2  # the periodic sweep (dashboards.tasks.refresh_all_stale)
    assert GameStat.objects.get(game_log=logs[4]).groups_public
    assert not GameStat.objects.get(game_log=logs[1]).groups_public
    corrected = _dice_rows()
    assert corrected != rows and _luck(played) == luck
    summaries.rebuild_all()
    assert _dice_rows() == corrected
    assert summaries.publicity_changed() == 0


SQLITE_SCRIPT = r"""
import json, sys
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("load_synthetic_meta", games=300, seed=4, logs=True, stdout=open("/dev/null", "w"))
from dashboards import summaries
from tests.dashboards.verdict_group_checks import compare_datasets, compare_groups
import datetime as dt
summaries.refresh_buckets("hoplomachus-remastered", [dt.date(2025, 1, 5), dt.date(2025, 6, 1)])
games = ("hoplomachus-remastered", "motu-fields-of-eternia")
print(json.dumps({"groups": sum(compare_groups(g) for g in games), "rows": sum(compare_datasets(g) for g in games)}))
"""


@pytest.mark.slow
def test_the_summaries_equal_the_verdicts_on_sqlite(tmp_path):
    """The same comparison on the SQLite demo database (dev profile), in a child process."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "arbiter_site.settings.dev",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'meta.sqlite3'}", "ARBITER_VAR_DIR": str(tmp_path),
           "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'platform'}"}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", SQLITE_SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900)  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["groups"] > 1000 and out["rows"] > 300


@pytest.fixture
def eternia(settings, user, django_capture_on_commit_callbacks):
    """Fields of Eternia's verified logs: bulk-loaded simulated ones (every mode), then uploads through the worker
    (a team game, a skirmish and a solo game against the game, FE-18), one of them private."""
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    generator = SyntheticMeta(6, players=25, start=dt.date(2025, 1, 1), days=100, games=[FE], logs=True)
    insert_games(
        (g.game, g.verdict, stored_fields(g), g.log) for g in (generator.game(i) for i in range(200))
    )
    summaries.rebuild_all()
    for seed, mode, day, public in ((1, "standard", "2025-01-12", True), (4, "skirmish", "2025-02-01", False),
                                    (5, "solo", "2025-03-31", True)):  # fmt: skip
        doc = engine.simulate(FE, seed, mode=mode)
        doc["created"] = f"{day}T12:00:00Z"
        doc["simulated"] = False
        log = submit_log(user, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        if public:
            visibility.publish(user, log)
    cache.clear()
    yield
    cache.clear()


def test_eternia_groups_and_data_sets_from_the_summaries_equal_the_verdicts(eternia):
    assert GameStat.objects.filter(game=FE, game_log__isnull=False).count() == 203
    f = MetaFilter(game=FE, simulated="include")
    assert all(verdictgroups.groups(f, s.name) for s in providers.verdict_groups(FE))  # every group has rows
    assert compare_groups(FE) > 1000
    assert compare_datasets(FE) > 300


def test_eternia_heroes_equal_the_sql_over_the_verdicts_they_replace(eternia):
    """The heroes' counts as the data set grouped them in SQL over the stored verdicts before (issue #25)."""
    from django.db.models import Count, Q
    from django.db.models.fields.json import KT

    from dashboards.datasets import datasets_for
    from gamelogs.models import GameLog

    solo = Q(game_log__verdict__result__has_key="difficulty")
    for f in (
        MetaFilter(game=FE, simulated="include"),
        MetaFilter(game=FE, mode="skirmish", simulated="include"),
    ):
        logs = GameLog.objects.filter(meta_stat__in=queries.game_stats(f).exclude(solo))
        counts: dict[str, dict] = {}
        for i in range(6):
            path = f"verdict__statistics__heroes__{i}"
            grouped = (
                logs.filter(**{f"{path}__has_key": "hero"})
                .values(_hero=KT(f"{path}__hero"), _team=KT(f"{path}__team"), _winner=KT("verdict__result__winner"),
                        _result=KT("verdict__result__outcome"))
                .annotate(n=Count("id"))
            )  # fmt: skip
            for r in grouped:
                c = counts.setdefault(r["_hero"], {"games": 0, "wins": 0, "draws": 0})
                c["games"] += r["n"]
                c["wins"] += r["n"] if r["_team"] == r["_winner"] else 0
                c["draws"] += r["n"] if r["_team"] != r["_winner"] and r["_result"] == "draw" else 0
        cache.clear()
        rows = {
            r["key"]: {k: r[k] for k in ("games", "wins", "draws")}
            for r in datasets_for(FE)["heroes"].rows(f)
        }
        assert rows == counts
        assert sum(c["games"] for c in counts.values()) > 10
