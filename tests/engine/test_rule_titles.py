"""Rule titles read as English titles (issue #24): no glosses of the Italian, Spanish or Polish terms in
them, and the ones the specification cut mid-gloss ("A test (IT prova, ES prueba, PL test)…", "crowd
favour (favore della…") replaced by whole titles written by hand (each game's rules_explained.json)."""

from __future__ import annotations

import re

import pytest

import engine

FIXED = {
    "BG-8.1.1": "A test is a roll of six-sided dice",
    "BG-6.4.1": "The active player chooses one of their ready characters",
    "HR-2.1.1": "A troop is all the units and components of one controller",
    "HR-4.1.1": "Only player-controlled troops earn crowd favour",
    "HR-7.2.1": "A unit is dazed during the turn it is deployed",
    "HR-14.10.1": "Shards are special chips, used only in Ascension",
    "FE-4.1.2": "Each team selects three heroes of its own faction",
    "FE-6.1.2": "Paths are dashed borders that connect two outposts",
}
# A gloss: the editions' codes ("(IT prova, ES prueba, PL test)"), or one of the originals' words the
# specification put in brackets after the English ("crowd favour (favore della…").
GLOSS = re.compile(r"\((?:IT|ES|PL) |\((?:truppa|favore|pronto|frastornato|frammenti|sentieri|faction…)")


@pytest.mark.parametrize("rule_id", sorted(FIXED))
def test_the_glossed_titles_are_whole_english_titles(rule_id):
    info = next(g for g in engine.games() if rule_id.startswith(g.rule_prefix + "-"))
    title = info.rule(rule_id)["title"]
    assert title == FIXED[rule_id]
    assert "(" not in title and "…" not in title


def test_no_rule_title_carries_a_gloss_of_an_edition():
    glossed = [
        (info.id, rule_id, row["title"])
        for info in engine.games()
        for rule_id, row in info.rules_index.items()
        if GLOSS.search(row["title"])
    ]
    assert not glossed


# A title cut short by the specification ("A defeated arena unit goes back into the draw bag (and the…",
# HR-13.13.3), or an edition's code before a gloss (" IT ", "(IT ", "ES ", "PL ").
CUT = ("…", "...")
EDITION_CODE = re.compile(r"(?:^|[\s(/,])(?:IT|ES|PL)\s")


def test_no_rule_title_is_cut_short():
    cut = [
        (info.id, rule_id, row["title"])
        for info in engine.games()
        for rule_id, row in info.rules_index.items()
        if row["title"].rstrip().endswith(CUT)
    ]
    assert not cut


def test_no_rule_title_names_an_edition():
    named = [
        (info.id, rule_id, row["title"])
        for info in engine.games()
        for rule_id, row in info.rules_index.items()
        if EDITION_CODE.search(row["title"])
    ]
    assert not named


@pytest.mark.parametrize(
    ("rule_id", "title"),
    [
        ("HR-13.13.3", "A defeated arena unit returns to the draw bag"),
        ("BG-1.3", "Each character has a miniature and a character card"),
        ("FE-8.3.1", "The starting team activates one of its heroes"),
        ("FE-11.4.3", "Surge"),
    ],
)
def test_the_cut_and_glossed_titles_are_written_by_hand(rule_id, title):
    info = next(g for g in engine.games() if rule_id.startswith(g.rule_prefix + "-"))
    assert info.rule(rule_id)["title"] == title
