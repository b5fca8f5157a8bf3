"""Each event of a Fields of Eternia log in a few words for the replay viewer ("He-Man: move to Village
of Gaz"), built from the event and the content's names; it never refuses anything (``apply`` does)."""

from __future__ import annotations

VERBS = {
    "move": "moves",
    "fast_travel": "travels fast",
    "push": "is pushed",
    "flee": "flees",
    "end_turn": "ends the turn",
}
PLACES = ("to", "from")
THINGS = ("card", "weapon", "spell", "merchant", "deck", "die", "zone")


def describe(g, event: dict) -> str:
    """``event`` in words, naming the hero or team and what the event names (areas, cards)."""
    kind = str(event.get("type", "event"))
    actor = g.describe_actor(event)
    words = [f"{actor}:" if actor else "", VERBS.get(kind, kind.replace("_", " "))]
    path = event.get("path")
    if isinstance(path, list) and path:
        words.append("via " + " → ".join(_name(g, a) for a in path))
    for key in PLACES:
        if isinstance(event.get(key), str):
            words.append(f"{key} {_name(g, event[key])}")
    for key in THINGS:
        if isinstance(event.get(key), (str, int)) and not isinstance(event.get(key), bool):
            words.append(_name(g, str(event[key])))
    if isinstance(event.get("soldiers"), int) and not isinstance(event.get("soldiers"), bool):
        words.append(f"{event['soldiers']} soldier{'' if event['soldiers'] == 1 else 's'}")
    cards = event.get("cards")
    if isinstance(cards, list) and cards:
        words.append(", ".join(_name(g, str(c)) for c in cards))
    return " ".join(w for w in words if w)


def apply_described(g, index: int, event: dict) -> dict:
    """``apply`` that also returns the event in words (engine.session.step)."""
    text = describe(g, event)
    g.apply(index, event)
    return {"text": text, "rolls": []}


def _name(g, cid: str) -> str:
    weapon = g.content.weapons.get(cid)
    return weapon.get("name", cid) if weapon else g.name(cid)
