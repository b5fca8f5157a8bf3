"""Rules coverage: every rule id of the specification is cited by a Battleground test or explained in
coverage_notes.json (engine/games/battleground/coverage.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from engine.games.battleground import coverage

HERE = Path(__file__).resolve().parent
SPEC = HERE.parents[2].parent / "shared" / "rules" / "battleground.md"  # ../shared beside the repository


@pytest.fixture(scope="module")
def rows():
    return coverage.coverage_report(HERE)


def test_bg_0_4_every_rule_id_is_tested_or_explained(rows):
    """BG-0.4: each stable rule id is cited by a test or has a reason in coverage_notes.json."""
    missing = [r["id"] for r in rows if r["status"] == "MISSING"]
    assert not missing, f"rule ids neither cited by a test nor explained in coverage_notes.json: {missing}"


def test_notes_explain_only_uncited_known_ids_with_a_reason(rows):
    """A note is for an id of the index that no test cites; a test citing it makes the note stale."""
    notes = coverage.load_notes()
    known = {r["id"] for r in rows}
    cited = {r["id"] for r in rows if r["tests"]}
    assert set(notes) <= known, sorted(set(notes) - known)
    assert not set(notes) & cited, f"notes for ids that tests now cite: {sorted(set(notes) & cited)}"
    for rule_id, note in notes.items():
        assert note["status"] in coverage.NOTE_STATUSES, rule_id
        assert len(note["reason"]) > 20, rule_id


def test_tests_cite_only_ids_the_specification_defines():
    """A cited id that the index does not know is a typo (or the index is stale). A section that the
    engine cites as a whole (BG-7.5, victory points from all three sources) is known when the rules
    reference explains it."""
    from engine import game

    info = game("motu-battleground")
    unknown = {k: v for k, v in coverage.unknown_citations(HERE).items() if info.rule(k) is None}
    assert unknown == {}


def test_bg_0_4_the_index_lists_each_id_once_with_a_title():
    """BG-0.4: identifiers are unique; every entry has a title and a kind."""
    index = coverage.load_index()
    ids = [r["id"] for r in index]
    assert len(ids) == len(set(ids)) > 300
    assert all(
        r["title"] and r["kind"] in ("rule", "example", "ambiguity", "discrepancy", "section") for r in index
    )
    assert {f"BG-EX-{n:02d}" for n in range(1, 31)} <= set(ids)
    assert {f"BG-AMB-{n:02d}" for n in range(1, 44)} <= set(ids)
    assert {f"BG-DIS-{n:02d}" for n in range(1, 27)} <= set(ids)


@pytest.mark.skipif(not SPEC.is_file(), reason=f"the specification is not at {SPEC}")
def test_the_index_matches_the_specification():
    """rules_index.json is what parse_spec extracts from shared/rules/battleground.md (regenerate it with
    tests/engine/battleground/make_rules_index.py when the specification gains ids)."""
    assert coverage.parse_spec(SPEC.read_text("utf-8")) == coverage.load_index()


def test_every_worked_example_is_tested_or_explained(rows):
    """BG-EX-01 … BG-EX-30: each is a test unless the engine lacks what it needs (then a note says so)."""
    examples = [r for r in rows if r["kind"] == "example"]
    assert len(examples) == 30
    assert all(r["status"] == "tested" or r["status"] == "not-implemented" for r in examples)
    assert sum(r["status"] == "tested" for r in examples) >= 28


def test_format_report_lists_every_rule(rows):
    text = coverage.format_report(rows)
    head = text.splitlines()[0]
    assert head.startswith(f"Battleground rules coverage: {len(rows)} rule ids")
    for row in rows:
        assert f"\n{row['id']} " in "\n" + text
    lines = text.splitlines()
    ex07 = next(i for i, line in enumerate(lines) if line.startswith("BG-EX-07 "))
    assert "tested" in lines[ex07] and "test_examples.py::" in lines[ex07 + 1]


def test_rule_ids_in_names_and_text():
    """Ids are found in test names (bg_9_2_1, bg_ex_04, bg_amb_33) and in text (BG-9.2.1, BG-EX-04)."""
    known = {"BG-6.6.2", "BG-9.2.1", "BG-7.1"}
    assert coverage.ids_in_name("test_bg_9_2_1_speed", known) == {"BG-9.2.1"}
    assert coverage.ids_in_name("test_bg_6_6_2_2_attacks", known) == {"BG-6.6.2"}
    assert coverage.ids_in_name("test_bg_ex_04_ram_man") == {"BG-EX-04"}
    assert coverage.ids_in_name("test_bg_amb_33_rerolls") == {"BG-AMB-33"}
    assert coverage.ids_in_name("test_debug_output") == set()
    assert coverage.ids_in_text("BG-7.5.3. and BG-EX-04, BG-AMB-33 (BG-14.1.4 c)") == {
        "BG-7.5.3",
        "BG-EX-04",
        "BG-AMB-33",
        "BG-14.1.4",
    }


def test_scan_counts_only_test_functions_and_marks_xfail(tmp_path):
    (tmp_path / "test_sample.py").write_text(
        textwrap.dedent('''
        """Module docstring citing BG-1.1 does not count."""
        import pytest


        def helper():
            """BG-1.2 in a helper does not count."""


        def test_bg_9_2_1_walks():
            assert "BG-9.2.3"


        @pytest.mark.parametrize("rule", ["BG-10.3.5"])
        def test_range(rule):
            pass


        @pytest.mark.xfail(strict=True, reason="engine bug")
        def test_bg_6_4_2_double():
            pass
    '''),
        "utf-8",
    )
    cited = coverage.scan_tests(tmp_path, known={"BG-9.2.1", "BG-6.4.2"})
    assert coverage.scan_tests(tmp_path, exclude=("test_sample.py",)) == {}
    assert cited == {
        "BG-10.3.5": ["test_sample.py::test_range"],
        "BG-6.4.2": ["test_sample.py::test_bg_6_4_2_double (xfail)"],
        "BG-9.2.1": ["test_sample.py::test_bg_9_2_1_walks"],
        "BG-9.2.3": ["test_sample.py::test_bg_9_2_1_walks"],
    }
