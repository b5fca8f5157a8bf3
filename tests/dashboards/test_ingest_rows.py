"""The stat rows one verdict stores, column by column, against a golden copy, and what storing
them costs in SQL statements.

``golden/ingest_verdicts.json`` holds two fixed verdicts (a Battleground game with per-side
statistics and an item row, and a Fields of Eternia game counted from its generic result);
``golden/ingest_rows.json`` holds every row ``dashboards.ingest.store_verdict`` wrote for them
before the inserts were batched (plus the columns added since: ``source`` "log", no match, and
``mode``: "" for Battleground, "standard" for the Eternia log whose header names no mode).
Ids are replaced by the parent row's position, so the file compares what is stored, in the order
it is stored, and nothing the sequence happens to give.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from dashboards import ingest
from dashboards import models as m
from gamelogs.models import GameLog
from games.battleground import models as bg

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

GOLDEN = Path(__file__).parent / "golden"
VERIFIED_AT = dt.datetime(2026, 5, 6, 12, 0, tzinfo=dt.UTC)

# Every stat table, parents before children, with the column that points at the parent.
TABLES = (
    (m.GameStat, None),
    (bg.SideStat, ("game_stat_id", m.GameStat)),
    (bg.RoundStat, ("side_id", bg.SideStat)),
    (bg.CharacterStat, ("side_id", bg.SideStat)),
    (bg.WeaponStat, ("side_id", bg.SideStat)),
    (bg.ItemStat, ("side_id", bg.SideStat)),
    (bg.TestStat, ("side_id", bg.SideStat)),
    (bg.MapStat, ("game_stat_id", m.GameStat)),
    (m.SeatStat, ("game_stat_id", m.GameStat)),
    (m.ComponentStat, ("seat_id", m.SeatStat)),
)


def golden_verdicts() -> dict:
    return json.loads((GOLDEN / "ingest_verdicts.json").read_text())


def stored_log(name: str, case: dict) -> GameLog:
    """A decided log whose upload is the case's header (all ingest reads of the upload)."""
    content = json.dumps(case["header"]).encode()
    return GameLog.objects.create(
        sha256=hashlib.sha256(name.encode()).hexdigest(),
        game=case["game"],
        size=len(content),
        content=content,
        state="legal",
        engine_version=case["verdict"]["engine_version"],
        verified_at=VERIFIED_AT,
    )


def dump_rows() -> dict[str, list[dict]]:
    """Every stat row in id order; ids and the log id left out, parents named by position."""
    positions: dict[type, dict[int, int]] = {}
    out = {}
    for model, parent in TABLES:
        rows = list(model.objects.order_by("pk").values())
        positions[model] = {row["id"]: n for n, row in enumerate(rows)}
        for row in rows:
            row.pop("id")
            row.pop("game_log_id", None)
            if parent:
                column, parent_model = parent
                row[column] = positions[parent_model][row[column]]
        out[model.__name__] = json.loads(json.dumps(rows, default=str))
    return out


def store_golden_logs() -> list[GameLog]:
    logs = []
    for name, case in sorted(golden_verdicts().items()):
        log = stored_log(name, case)
        ingest.store_verdict(log, case["verdict"])
        logs.append(log)
    return logs


@pytest.mark.parametrize("path", ["one statement", "orm"])
def test_rows_stored_for_the_golden_verdicts_are_the_golden_rows(path, monkeypatch):
    if path == "orm":  # what other databases (the SQLite demo) run: one INSERT per table
        monkeypatch.setattr(ingest, "connection", SimpleNamespace(vendor="sqlite"))
    store_golden_logs()
    assert dump_rows() == json.loads((GOLDEN / "ingest_rows.json").read_text())


def test_storing_a_verdict_again_leaves_the_same_rows_and_touches_the_old_and_new_days():
    logs = store_golden_logs()
    before = dump_rows()
    case = golden_verdicts()["battleground"]
    touched = ingest.store_verdict(logs[0], case["verdict"])
    assert touched.by_game() == {"motu-battleground": [dt.date(2026, 5, 4)]}
    # Re-stored rows come after the other game's in id order; compare them table by table.
    after = dump_rows()
    assert {k: len(v) for k, v in after.items()} == {k: len(v) for k, v in before.items()}
    assert sorted(after["GameStat"], key=str) == sorted(before["GameStat"], key=str)


def test_an_illegal_verdict_takes_the_rows_away():
    logs = store_golden_logs()
    touched = ingest.store_verdict(logs[0], {"status": "illegal"})
    assert touched.by_game() == {"motu-battleground": [dt.date(2026, 5, 4)]}
    assert not m.GameStat.objects.filter(game_log=logs[0]).exists()
    assert not bg.SideStat.objects.filter(game_stat__game="motu-battleground").exists()


def test_a_verdict_with_side_statistics_is_stored_in_one_statement():
    """#14: every stat table's rows go in with one statement on PostgreSQL (each statement is a round
    trip inside the verdict's transaction), not one INSERT per table, side or seat."""
    case = golden_verdicts()["battleground"]
    log = stored_log("statements", case)
    with CaptureQueriesContext(connection) as queries:
        ingest.store_verdict(log, case["verdict"])
    statements = [q["sql"] for q in queries.captured_queries]
    # One SELECT for the rows of an earlier verdict (none here), then the rows.
    assert len(statements) == 2, [s[:80] for s in statements]
    for model, _ in TABLES:
        assert statements[1].count(f'INSERT INTO "{model._meta.db_table}" ') == 1, model.__name__
    assert timezone.is_aware(m.GameStat.objects.get(game_log=log).verified_at)


def test_an_eternia_tie_break_ending_is_stored_whole():
    """FE-17.2: a team game decided by the Eternium tie-break ends "tie-break-eternium" (18 characters),
    which the meta shows as the way the game ended; nothing is cut from it."""
    from dashboards.ingest import result_game_fields

    verdict = {"result": {"ended_by": "tie-break-eternium", "seats": [{"seat": "a", "outcome": "win"}]}}
    assert result_game_fields("motu-fields-of-eternia", verdict)["ended_by"] == "tie-break-eternium"
