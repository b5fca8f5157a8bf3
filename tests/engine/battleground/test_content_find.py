"""Content.find: the quiet look-up setup uses to tell a weapon from an item answers as lookup does, without
a refusal, and a name that is neither is still refused in lookup's words (LOG-3.4)."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.core.errors import UnreadableLog
from engine.games.battleground.content import load_pack


@pytest.fixture(scope="module")
def content():
    return load_pack()


def _names(content, table: str) -> list:
    defs = getattr(content, table)
    odd = ["", "  ", "no such thing", 3, None, ["sword-of-power"]]
    return [*defs, *(d.name for d in defs.values()), *(d.name.upper() for d in defs.values()), *odd]


@pytest.mark.parametrize("table", ["weapons", "items", "characters", "cards"])
def test_find_answers_as_lookup_does(content, table):
    for name in _names(content, table) + _names(content, "items" if table == "weapons" else "weapons"):
        try:
            expected = content.lookup(table, name, path="x")
        except UnreadableLog:
            expected = None
        assert content.find(table, name) == expected, name


def test_equipment_that_is_neither_a_weapon_nor_an_item_is_refused_in_the_same_words():
    log = engine.simulate("motu-battleground", 1)
    bad = copy.deepcopy(log)
    bad["players"][0]["force"][0]["equipment"] = ["Excalibur"]
    verdict = engine.verify(bad)
    assert verdict.status == "unreadable"
    assert verdict.error.rule == "LOG-3.4"
    assert (
        verdict.error.message
        == "/players/0/force/0/equipment/0: unknown item 'Excalibur' in content pack "
        + (f"{log['content_pack']['id']}")
    )
