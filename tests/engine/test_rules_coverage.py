"""The rules-coverage tool for any game (engine/core/coverage.py): any prefix, any specification, the game's
notes; ``arbiter rules-coverage <game>`` for every registered game."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from engine.cli import main
from engine.core import coverage, registry
from tests.engine.conformance.dice_race.game import GAME as DICE_RACE

CONFORMANCE = Path(__file__).resolve().parent / "conformance"

SPEC = textwrap.dedent(
    """\
    ## 3 Combat
    - **HR-3.1 Attack.** A gladiator attacks an adjacent enemy.
    - **HR-3.2** A roll of 6 is a critical hit; crits ignore armour entirely, whatever the armour says it does.
    - **HR-AMB-01 Push into a pillar.** Treated as blocked.
    | HR-DIS-01 | Card text against the rulebook | rulebook wins |
    ### 3.3 Steps of a round
    - **XX-1.1 Not ours.** Another game's id.
    """
)


def test_any_prefix_and_spec_parse_into_ids_titles_and_kinds():
    ids = coverage.RuleIds("HR", ("AMB", "DIS"), section_rules=("3.3",))
    assert ids.parse_spec(SPEC) == [
        {"id": "HR-3.1", "title": "Attack", "kind": "rule"},
        {"id": "HR-3.2", "title": "A roll of 6 is a critical hit", "kind": "rule"},
        {"id": "HR-AMB-01", "title": "Push into a pillar", "kind": "ambiguity"},
        {"id": "HR-DIS-01", "title": "Card text against the rulebook", "kind": "discrepancy"},
        {"id": "HR-3.3", "title": "Steps of a round", "kind": "section"},
    ]
    assert ids.in_text("as HR-3.2. and HR-AMB-01 say, not XX-3.2") == {"HR-3.2", "HR-AMB-01"}
    assert ids.in_name("test_hr_3_2_1_crit", known={"HR-3.2"}) == {"HR-3.2"}
    assert ids.in_name("test_hr_amb_01_pillar") == {"HR-AMB-01"}


def test_bare_lettered_ids_ranges_and_lettered_steps_as_hoplomachus_and_eternia_write_them():
    ids = coverage.RuleIds("FE", ("WE", "AMB"), bare_lettered=True)
    known = {"WE-01", "AMB-07", "FE-11.5.1.H", "FE-9.7.1", "FE-9.7.2", "FE-9.7.3"}
    assert ids.in_text("WE-01 and AMB-07; the hero's step FE-11.5.1.H; FE-9.7.1–9.7.3.", known) == known
    assert ids.in_text("FE-9.7.3–9.7.1 is no range, nor is XWE-01") == {"FE-9.7.3"}
    assert ids.in_name("test_we1_first_move_amb_7", known) == {"WE-01", "AMB-07"}
    assert ids.kind("WE-01") == "example" and ids.kind("FE-9.7.1") == "rule"
    assert coverage.RuleIds("HR", ("WE", "DV"), bare_lettered=True).in_name("test_dv3_thresholds") == {"DV-3"}


def test_scan_counts_citations_inside_test_functions_only(tmp_path):
    (tmp_path / "test_sample.py").write_text(
        textwrap.dedent(
            '''\
            """HR-3.1 in a module docstring is not a citation."""
            import pytest

            def helper():
                return "HR-3.1"

            def test_hr_3_2_crit_ignores_armour():
                pass

            @pytest.mark.xfail(reason="not yet")
            def test_push():
                """HR-AMB-01."""
            '''
        )
    )
    ids = coverage.RuleIds("HR", ("AMB",))
    index = [{"id": i, "title": i, "kind": "rule"} for i in ("HR-3.1", "HR-3.2", "HR-AMB-01", "HR-9.9")]
    rows = coverage.coverage_report(
        tmp_path, ids, index, {"HR-9.9": {"status": "not-applicable", "reason": "r"}}
    )
    assert [r["status"] for r in rows] == ["MISSING", "tested", "xfail", "not-applicable"]
    assert coverage.format_report(rows, "Hoplomachus").startswith(
        "Hoplomachus rules coverage: 4 rule ids — 1 tested"
    )


def test_the_toy_game_is_fully_covered_by_its_own_tests():
    rows = coverage.game_report(DICE_RACE, CONFORMANCE)
    assert [r["id"] for r in rows] == [f"DR-{n}" for n in range(1, 9)]
    assert all(r["status"] == "tested" for r in rows), [r["id"] for r in rows if r["status"] != "tested"]
    assert all(DICE_RACE.rules_index[r["id"]]["explanation"] for r in rows)


def test_the_command_reports_any_registered_game(capsys):
    with registry.registered(DICE_RACE):
        assert main(["rules-coverage", "dice-race", "--tests", str(CONFORMANCE), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["id"] for r in rows} == set(DICE_RACE.rules_index)
    assert main(["rules-coverage", "battleground", "--tests", str(CONFORMANCE)]) == 1  # no BG tests there
    assert capsys.readouterr().out.startswith("Battleground rules coverage: ")


def test_a_rule_no_test_or_note_names_is_tested_through_its_cited_sub_rules(tmp_path):
    (tmp_path / "test_sample.py").write_text(
        textwrap.dedent(
            '''\
            def test_dazed_units_do_not_move():
                """HR-7.2.2: a dazed unit cannot move."""
            '''
        )
    )
    ids = coverage.RuleIds("HR", ())
    index = [
        {"id": "HR-7.2", "title": "Dazed", "kind": "rule"},
        {"id": "HR-7.2.2", "title": "No move", "kind": "rule"},
        {"id": "HR-7.3", "title": "Explained", "kind": "rule"},
        {"id": "HR-7.4", "title": "Nothing", "kind": "rule"},
    ]
    notes = {"HR-7.3": {"status": "not-applicable", "reason": "a component"}}
    rows = {r["id"]: r for r in coverage.coverage_report(tmp_path, ids, index, notes)}
    assert rows["HR-7.2"]["status"] == "tested"
    assert rows["HR-7.2"]["tests"] == ["test_sample.py::test_dazed_units_do_not_move (via HR-7.2.2)"]
    assert rows["HR-7.2.2"]["tests"] == ["test_sample.py::test_dazed_units_do_not_move"]
    assert (rows["HR-7.3"]["status"], rows["HR-7.4"]["status"]) == ("not-applicable", "MISSING")
