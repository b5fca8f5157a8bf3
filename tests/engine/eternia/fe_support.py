"""Shared helpers for the Fields of Eternia rules tests.

``table(...)`` starts a recorded two-team game on the starter pack (MOTU: He-Man, She-Ra, Teela; EW:
Skeletor, Evil-Lyn, Beast Man unless told otherwise), deals the setup draws, and returns the replay so a
test can place miniatures and cards (state is plain data) and then apply events with ``play``.
"""

from __future__ import annotations

import copy

import pytest

import engine
from engine.core.content import builtin_pack, pack_hash
from engine.games.eternia import CONTENT_DIR, DEFAULT_PACK, RULESET

MOTU3 = ["he-man", "she-ra", "teela"]
EW3 = ["skeletor", "evil-lyn", "beast-man"]


def pack() -> dict:
    """A private copy of the starter pack, to change values for a test (an organizer's corrected pack)."""
    doc, _ = builtin_pack(CONTENT_DIR, DEFAULT_PACK)
    return copy.deepcopy(doc)


def header(*, motu=MOTU3, ew=EW3, start="motu", first_game=False, deployment=None, options=None, doc=None,
           randomness=None) -> dict:  # fmt: skip
    if doc is None:
        doc, digest = builtin_pack(CONTENT_DIR, DEFAULT_PACK)
    else:
        digest = pack_hash(doc)
    head = {
        "format": "arbiter-log",
        "format_version": 1,
        "game": "motu-fields-of-eternia",
        "rules_version": "1.0",
        "content_pack": {"id": doc["pack"]["id"], "version": doc["pack"]["version"], "sha256": digest},
        "randomness": randomness or {"mode": "recorded"},
        "players": [
            {"id": "p1", "name": "Anna", "faction": "motu", "force": list(motu)},
            {"id": "p2", "name": "Bruno", "faction": "ew", "force": list(ew)},
        ],
        "setup": {"scenario": "standard-1", "starting_team": start},
        "events": [],
    }
    if first_game:
        head["setup"]["first_game"] = True
        head["setup"]["deployment"] = deployment
    if options:
        head["options"] = options
    return head


def setup_draws(g) -> list[dict]:
    """Resolve the setup's draws (victory cards, offers) with the first cards of each deck."""
    out = []
    while g.awaiting and g.awaiting["kind"] == "draw":
        aw = g.awaiting
        deck = g.s.decks[aw["deck"]]
        ev = {"type": "draw", "deck": aw["deck"]}
        if not g.chance.seeded:
            ev["cards"] = deck[: aw["count"]]
        g.apply(len(out), ev)
        out.append(ev)
    return out


def table(**kw):
    doc = kw.pop("doc", None)
    head = header(doc=doc, **kw)
    g = RULESET.start(head, content_pack=doc)
    setup_draws(g)
    return g


def play(g, *events: dict) -> None:
    for ev in events:
        g.apply(g.events_applied, ev)


def illegal(g, event: dict, rule: str) -> str:
    """Apply ``event`` and require the IllegalEvent for ``rule``; return its message."""
    from engine.core.errors import IllegalEvent

    with pytest.raises(IllegalEvent) as info:
        g.apply(g.events_applied, event)
    assert info.value.rule == rule, info.value.message
    return info.value.message


def draw(*cards: str, deck: str = "combat") -> dict:
    return {"type": "draw", "deck": deck, "cards": list(cards)}


def roll(*faces: str, die: str = "wild") -> dict:
    return {"type": "roll", "die": die, "faces": list(faces)}


def simulated(seed: int, randomness: str = "seeded", **kw) -> dict:
    return engine.simulate("motu-fields-of-eternia", seed, randomness=randomness, **kw)
