"""The summary SQL and every data query also run on the SQLite demo database (dev profile).

Runs in a child process because the test session itself is configured for PostgreSQL.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

SCRIPT = r"""
import json, datetime as dt
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("load_synthetic_meta", games=300, seed=4, stdout=open("/dev/null", "w"))
from dashboards import summaries
from dashboards.datasets import datasets_for
DATASETS = datasets_for("motu-battleground")
from dashboards.filters import MetaFilter
from dashboards.models import GameStat
summaries.refresh_buckets("motu-battleground", [dt.date(2025, 1, 5), dt.date(2025, 6, 1)])
f = MetaFilter(game="motu-battleground", simulated="include", min_games=1)
out = {key: len(ds.rows(f)) for key, ds in DATASETS.items()}
out["faction_games"] = sum(r["games"] for r in DATASETS["factions"].rows(f))
out["games"] = GameStat.objects.filter(game="motu-battleground").count()
# Matchup cells from the month rollup and the days at a range's edges add up to the daily rows' own.
from dashboards.queries import bucket
from games.battleground.models import MatchupDaily
from games.battleground.queries import faction_matchups
ranged = MetaFilter(game="motu-battleground", simulated="include", date_from=dt.date(2025, 1, 20),
                    date_to=dt.date(2025, 7, 9))
out["matchup_games"] = sum(r["games"] for r in faction_matchups(ranged))
out["daily_matchup_games"] = sum(bucket(MatchupDaily, ranged).filter(dimension="faction").values_list("games", flat=True))
# Fields of Eternia's teams from TeamDaily/TeamMonthly (a date range across months) equal the seat rows'.
from django.db.models import Count
from dashboards.models import SeatStat
fe = MetaFilter(game="motu-fields-of-eternia", simulated="include", date_from=dt.date(2025, 1, 20),
                date_to=dt.date(2025, 7, 9))
fe_teams = lambda: {r["key"]: r["games"] for r in datasets_for("motu-fields-of-eternia")["teams"].rows(fe)}
out["fe_teams"] = fe_teams()
seats = SeatStat.objects.filter(game_stat__game="motu-fields-of-eternia", game_stat__played_on__gte=fe.date_from,
                                game_stat__played_on__lte=fe.date_to)
out["fe_teams_from_seats"] = {r["team"]: r["n"] for r in seats.values("team").annotate(n=Count("game_stat", distinct=True))}
# The migration back drops the new tables and forward fills them again.
call_command("migrate", "battleground", "0003", verbosity=0)
call_command("migrate", "dashboards", "0012", verbosity=0)
call_command("migrate", verbosity=0)
from django.core.cache import cache
cache.clear()
out["matchup_games_after_migrations"] = sum(r["games"] for r in faction_matchups(ranged))
out["fe_teams_after_migrations"] = fe_teams()
print(json.dumps(out))
"""


def test_summaries_and_queries_run_on_sqlite(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "arbiter_site.settings.dev",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'meta.sqlite3'}",
        "ARBITER_VAR_DIR": str(tmp_path),
        "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'platform'}",
    }
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["games"] > 50
    assert result["faction_games"] == 2 * result["games"]  # two sides per game
    for key in ("factions", "characters", "pairs", "weapons", "items", "dice-luck", "trends-month",
                "faction-matchups", "character-matchups"):  # fmt: skip
        assert result[key] > 0, key
    assert result["matchup_games"] == result["daily_matchup_games"] > 0
    assert result["matchup_games_after_migrations"] == result["matchup_games"]
    assert result["fe_teams"] == result["fe_teams_from_seats"] and sum(result["fe_teams"].values()) > 10
    assert result["fe_teams_after_migrations"] == result["fe_teams"]


HOPLOMACHUS_SCRIPT = r"""
import json
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth import get_user_model
import engine
from gamelogs.services import submit_log
from gamelogs.verification import verify_stored_log
from dashboards.tasks import refresh_all_stale
from dashboards.datasets import datasets_for
from dashboards.filters import MetaFilter
user = get_user_model().objects.create_user("sqlite")
for seed, mode in ((3, "skirmish"), (4, "skirmish"), (2, "pandemonium"), (7, "assault")):
    doc = engine.simulate("hoplomachus-remastered", seed, mode=mode)
    verify_stored_log(submit_log(user, json.dumps(doc).encode()).log.pk)
for seed, mode in ((8, "ascension"), (5, "alliance")):  # recorded dice: the dice-luck data sets count these only
    doc = engine.simulate("hoplomachus-remastered", seed, mode=mode, randomness="recorded")
    verify_stored_log(submit_log(user, json.dumps(doc).encode()).log.pk)
refresh_all_stale.apply()
f = MetaFilter(game="hoplomachus-remastered", simulated="only", min_games=1)
sets = datasets_for("hoplomachus-remastered")
out = {key: len(ds.rows(f)) for key, ds in sets.items()}
out["seat_games"] = {r["key"]: r["games"] for r in sets["seat-positions"].rows(f)}
print(json.dumps(out))
"""


def test_hoplomachus_queries_run_on_sqlite(tmp_path):
    """Hoplomachus' JSON-path queries (per unit, per seat place, statistics v3's blocks and its recorded-dice
    filter) give the same groups on SQLite."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "arbiter_site.settings.dev",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'meta.sqlite3'}",
        "ARBITER_VAR_DIR": str(tmp_path),
        "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'platform'}",
    }
    done = subprocess.run([sys.executable, "-c", HOPLOMACHUS_SCRIPT], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    for key in ("factions", "units", "heroes", "unit-modes", "seat-positions", "titans", "immortals", "tactics",
                "tactic-modes", "favour-by-round", "reward-timing", "reward-rounds", "dice-colours"):  # fmt: skip
        assert result[key] > 0, key
    # two Skirmishes (2 seats), one Pandemonium of three and an Alliance of four; the Assault and the Ascension
    # have no turn-order rows
    assert result["seat_games"] == {"skirmish/2/1": 2, "skirmish/2/2": 2, "pandemonium/3/1": 1,
                                    "pandemonium/3/2": 1, "pandemonium/3/3": 1, "alliance/4/1": 1,
                                    "alliance/4/2": 1, "alliance/4/3": 1, "alliance/4/4": 1}  # fmt: skip
