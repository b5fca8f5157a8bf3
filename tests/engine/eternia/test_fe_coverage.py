"""The rules index accounts for every id of the specification; the coverage report runs on these tests."""

from __future__ import annotations

from pathlib import Path

from engine.games.eternia.coverage import load_index, parse_spec, report

HERE = Path(__file__).parent
# The specification lives beside the repository (../shared/rules/), not in it: found by walking up.
SPEC = next((p / "shared" / "rules" / "eternia.md" for p in HERE.parents if (p / "shared" / "rules" / "eternia.md").exists()),
            HERE / "missing.md")  # fmt: skip


def test_index_lists_every_id_once_with_a_title_and_an_explanation():
    index = load_index()
    ids = [r["id"] for r in index]
    assert len(ids) == len(set(ids)) == 391
    assert all(r["title"] and r["explanation"] for r in index)
    assert {"FE-11.5.3.6", "WE-01", "AMB-60", "FE-20.12"} <= set(ids)


def test_index_matches_the_specification_when_it_is_at_hand():
    if SPEC.exists():
        assert [r["id"] for r in parse_spec(SPEC.read_text("utf-8"))] == [r["id"] for r in load_index()]


def test_coverage_report():
    r = report(HERE)
    assert r["defined"] == 391 and r["cited"] >= 280
    assert all(
        w not in r["uncited"] for w in [f"WE-{i:02d}" for i in range(1, 12)]
    )  # every worked example is a test
    assert "FE-11.5.1.H" in r["provisional"] or "FE-16.1.1" in r["provisional"]


def test_every_id_is_tested_or_explained():
    """Each id no test cites has a note saying why (not applicable, carried by content, or a reading)."""
    import json
    from importlib import resources

    notes = json.loads(
        resources.files("engine.games.eternia").joinpath("coverage_notes.json").read_text("utf-8")
    )["rules"]
    r = report(HERE)
    ids = {x["id"] for x in load_index()}
    assert set(notes) <= ids
    assert [i for i in r["uncited"] if i not in notes] == []
    assert [i for i in notes if i not in r["uncited"]] == []  # a note goes once its rule is tested
