"""The rules-coverage report: every id of the specification is tested or explained."""

from __future__ import annotations

from pathlib import Path

from engine.games.hoplomachus.coverage import coverage_report, load_index, scan_tests, summary

HERE = Path(__file__).parent


def test_every_id_is_tested_or_explained():
    rows = coverage_report(HERE)
    missing = [r["id"] for r in rows if r["status"] == "MISSING"]
    assert not missing, missing
    counts = summary(rows)
    assert counts["tested"] >= 300


def test_tests_cite_only_ids_the_specification_defines():
    known = {r["id"] for r in load_index()}
    unknown = sorted(k for k in scan_tests(HERE) if k not in known)
    assert not unknown, unknown


def test_index_has_titles_and_explanations():
    for rule in load_index():
        assert rule["title"] and rule["kind"], rule
        assert rule["explanation"] or rule["kind"] == "worked-example", rule
