"""What the table must roll or draw for a Hoplomachus event, before it is applied (recorded dice, LOG-4).

Appendix A.1 lists the random inputs: attack dice by colour (HR-2.6), titan dice (HR-14.8.4), immortal
rolls (HR-13.10.3), arena dice (HR-2.11.1), arena-bag and immortal draws (HR-13.10.2, HR-13.12.2) and
Skirmish bag refills (HR-15.6.3). The answer comes from the handlers themselves: the event is applied to
a copy of the game whose dice supply is a probe that notes each roll, arena die and draw the handlers ask
of the table (``Dice.author``) and answers with misses, ones and the first item, and the handlers write
where each answer goes in the event (the same fields the simulator's author fills).

Some inputs depend on earlier ones (the titan's arena dice follow from the hits its dice showed), so the
answer names the inputs of the first field asked only and says ``partial``: the recorder fills them in
and asks again until nothing more is needed. Setup draws (a Skirmish's neutral heroes and first camps)
are in the header, not in an event (table.new_header).
"""

from __future__ import annotations

import copy

from engine.core import dice_grid
from engine.games.hoplomachus import narrate

# The event fields the handlers fill from the table, in the order they may be asked.
FIELDS = ("dice", "unit", "arena_dice", "draw")


class _Probe:
    """Stands in for the table: notes each thing asked and answers with something always possible."""

    def __init__(self, content):
        self.content = content
        self.asked: list[tuple[str, object]] = []

    def dice(self, pool: list[str]) -> list[str]:
        self.asked.append(("dice", list(pool)))
        c = self.content
        return [f"{col}:{'miss' if c.hit_faces[col] < c.die_faces else 'hit'}" for col in pool]

    def d6(self) -> int:
        self.asked.append(("d6", None))
        return 1

    def pick(self, items: list[str]) -> str:
        self.asked.append(("pick", list(items)))
        return items[0]


def _die(content, colour: str) -> dict:
    """One die as the table holds it: its colour, its hit faces (HR-2.6.1: printed on the die icon and
    notched on the border) and its faces in all (the pack's number, provisional: AMB-1)."""
    hits = content.hit_faces[colour]
    return {"colour": colour, "hit_faces": hits, "faces": content.die_faces}


def _unit_name(content, uid: str) -> str:
    unit = content.units.get(uid)
    return unit.name if unit else uid


def dice_needed(game, event: dict) -> dict:
    """What the table supplies next for ``event``::

        {"event", "partial": True, "needs": [
            {"path": ["dice"] | ["dice", k], "kind": "hr_dice", "what", "dice": [{"colour", "hit_faces", "faces"}]},
            {"path": ["arena_dice"], "kind": "d6", "what", "count"},
            {"path": ["unit"] | ["draw"], "kind": "cards", "what", "count", "one", "deck": [{"id", "name", "copies"}]}]}

    A roll's value is a list of ``"<colour>:hit"`` / ``"<colour>:miss"`` in pool order; arena dice a list
    of 1–6; a draw the unit ids drawn (``one``: the id itself, not a list). ``needs`` is empty once the
    event holds everything (or the game is seeded). Raises as ``apply`` does when the event is refused
    whatever the dice; the game is not changed.
    """
    if game.dice.seeded:
        return {"event": event, "needs": []}
    trial = game.copy()
    probe = _Probe(game.c)
    trial.dice.author = probe
    written = copy.deepcopy(event)
    trial.apply(game.events_applied, written)
    filled = [k for k in FIELDS if written.get(k) != event.get(k)]
    if not filled:
        return {"event": event, "needs": []}
    key = min(filled, key=lambda k: _first_ask(probe.asked, k))
    asked = [a for a in probe.asked if _field(a[0], filled) == key]
    needs = []
    chosen = dict(event)
    if key == "dice":
        several = bool(written["dice"]) and isinstance(written["dice"][0], list)  # one roll per target
        slots = [["dice"]]
        if several:  # one place per target, in the event the recorder fills (a roll left null is asked)
            given = (
                event.get("dice") if isinstance(event.get("dice"), list) else [None] * len(written["dice"])
            )
            chosen["dice"] = [roll if isinstance(roll, list) else None for roll in given]
            slots = [["dice", i] for i, roll in enumerate(chosen["dice"]) if roll is None]
        for k, (_, pool) in enumerate(asked):
            needs.append(
                {
                    "path": slots[k] if several else ["dice"],
                    "kind": "hr_dice",
                    **_said(narrate.entry_what(game, event, k, len(asked))),
                    "dice": [_die(game.c, colour) for colour in pool],
                }
            )
    elif key == "arena_dice":
        needs.append(
            {"path": ["arena_dice"], "kind": "d6", "count": len(asked), **_said(narrate.arena_dice_what())}
        )
    else:
        first = asked[0][1]
        one = key == "unit"
        needs.append(
            {
                "path": [key],
                "kind": "cards",
                "one": one,
                "item": "unit",
                "count": len(asked),
                **_said(narrate.draw_what(one, event.get("player"))),
                "deck": [{"id": u, "name": _unit_name(game.c, u), "copies": 1} for u in sorted(set(first))],
            }
        )
    return {"event": chosen, "needs": [{**need, "grid": _grid(need)} for need in needs], "partial": True}


def _grid(need: dict) -> dict:
    """The need as the generic grid a recorder draws (engine.core.dice_grid)."""
    if need["kind"] == "cards":
        return dice_grid.pick(need["deck"], need["count"], one=need["one"], note=narrate.entry_note("cards"))
    if need["kind"] == "d6":
        return dice_grid.grid(
            dice_grid.rows(need["count"], narrate.arena_die(), dice_grid.d6()), note=narrate.entry_note("d6")
        )
    rows = []
    for d in need["dice"]:  # HR-2.6.1: a die offers hit and miss only as its faces allow
        faces = []
        if d["hit_faces"] > 0:
            faces.append(
                dice_grid.face(f"{d['colour']}:hit", narrate.entry_face(True), hit=True, colour=d["colour"])
            )
        if d["hit_faces"] < d["faces"]:
            faces.append(dice_grid.face(f"{d['colour']}:miss", narrate.entry_face(False), colour=d["colour"]))
        rows.append(
            {**dice_grid.said("label", narrate.entry_die(d["colour"], d["hit_faces"])), "faces": faces}
        )
    return dice_grid.grid(rows, note=narrate.entry_note("hr_dice"))


def _field(kind: str, filled: list[str]) -> str:
    if kind == "dice":
        return "dice"
    if kind == "d6":
        return "arena_dice"
    return "draw" if "draw" in filled else "unit"


def _first_ask(asked: list, key: str) -> int:
    kinds = {"dice": "dice", "arena_dice": "d6", "unit": "pick", "draw": "pick"}[key]
    return next((i for i, (k, _) in enumerate(asked) if k == kinds), len(asked))


def _said(what) -> dict:
    """A need's ``what``: its English and its template and params (engine.core.narrate)."""
    return {"what": str(what), "what_said": what.data()}
