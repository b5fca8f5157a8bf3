"""Issue #9: the statistics contract is checked at ingest. Each game registers a versioned statistics
JSON Schema (``GameInfo.statistics_schema``); a legal verdict whose ``statistics`` break it keeps its
verdict, gets no stat rows, is logged and is flagged for staff (``manage.py statistics_rejections``),
and never crashes the worker."""

from __future__ import annotations

import copy
import datetime as dt
import json
import logging

import pytest
from django.core.management import call_command

from dashboards import ingest
from dashboards import models as m
from dashboards.statrows import contract_problems
from gamelogs import verification
from gamelogs.services import submit_log
from tests.dashboards.test_ingest_rows import golden_verdicts, stored_log
from tests.support.logs import legal_simulated_log

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def broken(case: str, damage) -> dict:
    """A golden case whose verdict's statistics were damaged by ``damage(statistics)``."""
    case = copy.deepcopy(golden_verdicts()[case])
    damage(case["verdict"]["statistics"])
    return case


def test_the_golden_verdicts_follow_their_games_statistics_schemas():
    for case in golden_verdicts().values():
        assert contract_problems(case["game"], case["verdict"]["statistics"]) == []


def test_problems_name_where_the_statistics_break_the_schema():
    case = broken("battleground", lambda s: s.pop("sides"))
    assert any("sides" in p for p in contract_problems(case["game"], case["verdict"]["statistics"]))
    assert contract_problems("motu-battleground", ["not", "an", "object"]) == [
        "/: statistics are list, not an object"
    ]


def test_a_battleground_verdict_with_malformed_statistics_is_stored_without_rows_and_flagged(caplog):
    case = broken("battleground", lambda s: s["game"][0].update(rounds_played="four"))
    log = stored_log("bad-bg", case)
    with caplog.at_level(logging.WARNING, logger="dashboards.ingest"):
        ingest.store_verdict(log, case["verdict"])
    assert not m.GameStat.objects.filter(game_log=log).exists()
    assert not m.SeatStat.objects.exists()
    rejection = m.StatisticsRejection.objects.get(game_log=log)
    assert rejection.game == "motu-battleground" and rejection.schema_version == 1
    assert any(p.startswith("/game/0/rounds_played") for p in rejection.problems), rejection.problems
    assert f"log {log.pk} (motu-battleground): statistics do not follow" in caplog.text


def test_a_game_counted_from_its_generic_result_is_not_counted_either_when_its_statistics_break():
    """Fields of Eternia is counted from the generic result; broken statistics still leave it out."""
    case = broken("eternia", lambda s: s.update(teams="two"))
    log = stored_log("bad-fe", case)
    ingest.store_verdict(log, case["verdict"])
    assert not m.GameStat.objects.filter(game_log=log).exists()
    assert m.StatisticsRejection.objects.filter(game_log=log, game="motu-fields-of-eternia").exists()


def test_a_later_verdict_that_follows_the_contract_clears_the_flag_and_counts():
    bad = broken("battleground", lambda s: s.pop("game"))
    log = stored_log("fixed", bad)
    ingest.store_verdict(log, bad["verdict"])
    assert m.StatisticsRejection.objects.filter(game_log=log).exists()
    ingest.store_verdict(log, golden_verdicts()["battleground"]["verdict"])
    assert not m.StatisticsRejection.objects.filter(game_log=log).exists()
    assert m.GameStat.objects.filter(game_log=log).count() == 1


def test_rows_of_an_earlier_verdict_go_when_the_new_verdicts_statistics_break():
    good = golden_verdicts()["battleground"]
    log = stored_log("regressed", good)
    ingest.store_verdict(log, good["verdict"])
    touched = ingest.store_verdict(log, broken("battleground", lambda s: s.pop("sides"))["verdict"])
    assert not m.GameStat.objects.filter(game_log=log).exists()
    assert touched.by_game() == {"motu-battleground": [dt.date(2026, 5, 4)]}


def test_the_worker_records_the_verdict_and_flags_malformed_statistics(user, monkeypatch):
    """Through the worker's own verification: the verdict stands (legal), nothing crashes, no rows."""
    doc, _ = legal_simulated_log(first_seed=4)
    log = submit_log(user, json.dumps(doc).encode()).log
    real = verification.verdict_dict

    def malformed(verdict):
        data = real(verdict)
        data["statistics"] = {"game": "not a list of rows"}
        return data

    monkeypatch.setattr(verification, "verdict_dict", malformed)
    assert verification.verify_stored_log(log.pk) == "legal"
    log.refresh_from_db()
    assert log.state == "legal"
    assert not m.GameStat.objects.filter(game_log=log).exists()
    assert m.StatisticsRejection.objects.get(game_log=log).problems


def test_the_command_lists_the_flagged_logs(capsys):
    case = broken("battleground", lambda s: s.pop("sides"))
    log = stored_log("listed", case)
    ingest.store_verdict(log, case["verdict"])
    call_command("statistics_rejections")
    out = capsys.readouterr().out
    assert "1 verified log(s)" in out and f"log {log.pk} (motu-battleground" in out and "sides" in out
    call_command("statistics_rejections", game="motu-fields-of-eternia")
    assert "Every verified log's statistics follow" in capsys.readouterr().out
