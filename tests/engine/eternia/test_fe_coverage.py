"""The rules index accounts for every id of the specification; the coverage report runs on these tests."""

from __future__ import annotations

import json
from pathlib import Path

from engine.games.eternia.coverage import load_index, parse_spec, report

HERE = Path(__file__).parent
# The specification lives beside the repository (../shared/rules/), not in it: found by walking up.
SPEC = next((p / "shared" / "rules" / "eternia.md" for p in HERE.parents if (p / "shared" / "rules" / "eternia.md").exists()),
            HERE / "missing.md")  # fmt: skip


def test_index_lists_every_id_once_with_a_title_and_no_text_cut_from_the_specification():
    index = load_index()
    ids = [r["id"] for r in index]
    assert len(ids) == len(set(ids)) == 391
    assert all(r["title"] and "explanation" not in r for r in index)  # explanations: rules_explained.json
    assert {"FE-11.5.3.6", "WE-01", "AMB-60", "FE-20.12"} <= set(ids)
    assert sum(r["provisional"] for r in index) == 93 and not any(
        r["provisional"] for r in index if r["id"] == "FE-9.1.1"
    )
    # Mounted heroes and bosses rest on the pack's placeholder entries (FE-4.1.8, FE-19.4.1, FE-11.5.9.5).
    assert all(r["provisional"] for r in index if r["id"] in ("FE-4.1.8", "FE-19.4.1", "FE-11.5.9.5"))


def test_explanations_cover_exactly_the_index_and_are_written_in_our_own_words():
    """rules_explained.json paraphrases each rule: no explanation shares a run of seven words with the
    specification (names and game terms may repeat; sentences may not)."""
    import re

    from engine import game

    info = game("motu-fields-of-eternia")
    written = json.loads(info.rules_explanations_file.read_text("utf-8"))["explanations"]
    ids = [r["id"] for r in load_index()]
    assert list(written)[: len(ids)] == ids  # then the sections and items verdicts cite
    assert all(info.rule(extra)["kind"] in ("section", "item") for extra in list(written)[len(ids) :])
    assert (
        info.rule("FE-9.10.4")["explanation"] == written["FE-9.10.4"]
        and "never less than 1" in written["FE-9.10.4"]
    )
    assert info.rule("FE-16.1.1")["provisional"] and not info.rule("FE-9.1.1")["provisional"]
    if not SPEC.exists():
        return
    words = re.findall(r"[a-z0-9]+", SPEC.read_text("utf-8").lower())
    runs = {tuple(words[i : i + 7]) for i in range(len(words) - 6)}
    copied = {}
    for rule_id, text in written.items():
        mine = re.findall(r"[a-z0-9]+", text.lower())
        shared = [" ".join(mine[i : i + 7]) for i in range(len(mine) - 6) if tuple(mine[i : i + 7]) in runs]
        if shared:
            copied[rule_id] = shared[0]
    assert not copied, copied


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


def test_every_rule_id_the_eternia_engine_cites_has_an_explanation_for_the_verdict_page():
    """An illegal verdict names a rule id, a section (FE-11.5) or a numbered item of a rule (FE-17.2.4, item 4
    of FE-17.2); the verdict page finds an explanation for each one the engine's code can raise."""
    import re

    from engine import game

    info = game("motu-fields-of-eternia")
    source = "".join(
        p.read_text("utf-8")
        for p in Path(info.rules_index_file).parent.glob("*.py")
        if p.name != "coverage.py"
    )
    cited = set(re.findall(r'"((?:FE|WE|AMB)-[0-9A-Z.]+)"', source))
    assert len(cited) > 100
    unexplained = sorted(i for i in cited if info.rule(i) is None or len(info.rule(i)["explanation"]) < 40)
    assert not unexplained, unexplained
    item = info.rule("FE-17.2.4")
    assert (item["kind"], item["title"]) == ("item", "Tie-breaks") and "duel" in item["explanation"]
    assert info.rule("FE-11.5")["kind"] == "section" and "ten steps" in info.rule("FE-11.5")["explanation"]
    assert info.rule("FE-17.9") is None and info.rule("FE-99") is None
