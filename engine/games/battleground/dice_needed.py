"""What the table must roll or draw for an event, before it is applied (recorded randomness, LOG-4).

A recorder asks this between a player's choice (an attack, an ability, a deal) and the faces seen at the
table: how many dice each test of the event rolls (BG-8.2 step 4), what succeeds (the threshold, BG-8.4),
how many mana rerolls the roller could pay for (BG-8.2 step 7, BG-17.4.2) and whether every six must
explode (BG-8.2 step 8, BG-AMB-33); and for a card draw how many cards are drawn and from which deck
(BG-4.6, BG-5.2.1).

The answer comes from the handlers themselves, not from a second copy of the rules: the event is applied to
a copy of the game whose dice come from a probe that notes each test the handlers make (``run_test`` calls
its ``test_needed``) and each draw (``pick_cards``), and answers with dice that never succeed or explode and
with no rerolls. Later tests of one event do not depend on the faces of earlier ones (the defence test's
dice and threshold are fixed before the attack's faces are read; an area attack's targets are fixed before
the first roll, BG-15.1.2, and knock-outs wait for its end, BG-15.3.1), except for the mana left after
rerolls, which the answer gives as the most the roller could spend; the engine checks the rest when the
event is stored.
"""

from __future__ import annotations

import copy

from engine.core import dice_grid
from engine.core.narrate import Text
from engine.games.battleground import narrate

# The parts of an event the table supplies in recorded mode; they are left out before probing.
ROLL_KEYS = ("attack", "defence")
DRAW_KEY = "draw"


class _Probe:
    """Stands in for the table while the event is applied to a copy: notes what is asked."""

    def __init__(self):
        self.asked: list[tuple[object, dict]] = []  # (the roll or draw object written, what it needs)

    def test_needed(self, roll, *, stat, dice, threshold, mana, free_rerolls, what) -> None:
        self.asked.append(
            (
                roll,
                {
                    "kind": "dice",
                    "what": str(what),
                    # its template and params (combat.py, ability_tests.py), said in the reader's language
                    **({"what_said": what.data()} if isinstance(what, Text) else {}),
                    "stat": stat,
                    "dice": dice,
                    "threshold": threshold,
                    "mana_rerolls": mana,
                    "free_rerolls": free_rerolls,
                },
            )
        )

    def dice(self, n: int) -> list[int]:
        return [1] * n  # BG-8.4.3: a 1 always fails and never explodes, so nothing follows from it

    def mana_rerolls(self, dice, threshold, limit) -> list[int]:
        return []

    def pick_cards(self, deck: list[str], count: int) -> list[str]:
        drawn = list(deck[:count])
        self.asked.append((drawn, {"kind": "cards", "count": count, "deck": list(deck)}))
        return drawn

    def choose(self, options: list):
        return options[0]  # a tie the event leaves open is refused when the event itself is applied


def _without_outcomes(event: dict) -> dict:
    """A copy of ``event`` with the dice and drawn cards left out (area targets kept, their rolls not)."""
    bare = {k: copy.deepcopy(v) for k, v in event.items() if k not in (*ROLL_KEYS, DRAW_KEY, "expect")}
    if isinstance(bare.get("additional"), list):
        bare["additional"] = [
            {k: v for k, v in spec.items() if k not in (*ROLL_KEYS, "expect")}
            if isinstance(spec, dict)
            else spec
            for spec in bare["additional"]
        ]
    return bare


def _paths(node, path: tuple, found: dict[int, list]) -> None:
    found[id(node)] = list(path)
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, dict | list):
                _paths(value, (*path, key), found)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            if isinstance(value, dict | list):
                _paths(value, (*path, i), found)


def dice_needed(game, event: dict) -> dict:
    """What the table must supply for ``event`` as the next event of ``game``::

        {"event": the event, with an area attack's further targets filled in when it did not name them,
         "needs": [{"path": ["attack"], "kind": "dice", "what", "stat", "dice", "threshold",
                    "mana_rerolls", "free_rerolls", "explosions_automatic"},
                   {"path": ["draw"], "kind": "cards", "what", "count",
                    "deck": [{"id", "name", "copies"} of the cards left in it]}]}

    ``needs`` is in the order the rules use randomness (docs/log-format.md, "Randomness, draw order");
    ``path`` is where the roll or the list of cards goes in the event (``["additional", 0, "defence"]`` for
    an area attack's first further target). ``needs`` is empty for a seeded game (the seed supplies
    everything) and for an event that rolls and draws nothing.
    Raises IllegalEvent or UnreadableLog when the event is refused whatever the dice, as ``apply`` would.
    The game is not changed.
    """
    if game.dice.seeded:
        return {"event": event, "needs": []}
    trial = game.copy()
    probe = _Probe()
    trial.dice.author = probe
    bare = _without_outcomes(event)
    trial.apply(game.events_applied, bare)
    found: dict[int, list] = {}
    _paths(bare, (), found)
    needs = []
    for obj, need in probe.asked:
        path = found.get(id(obj))
        if path is None:  # asked by something other than this event's own fields: nothing to enter
            continue
        if need["kind"] == "dice":
            need["explosions_automatic"] = game.dice.explosions_automatic
        else:
            side = game.sides.get(event.get("player"))
            copies: dict[str, int] = {}
            for cid in need["deck"]:  # the deck is a multiset in recorded mode (BG-5.2.4)
                copies[cid] = copies.get(cid, 0) + 1
            need["deck"] = [
                {"id": cid, "name": game.content.cards[cid].name, "copies": n}
                for cid, n in sorted(copies.items())
            ]
            what = narrate.draw_what(side.name if side else None, need["count"])
            need["what"], need["what_said"] = str(what), what.data()
        needs.append({"path": path, **need, "grid": _grid(need)})
    # The event as the player chose it, with what the probe filled in that is a choice (area targets).
    chosen = dict(event)
    if "additional" in bare and "additional" not in event:
        chosen["additional"] = [{"target": spec["target"]} for spec in bare["additional"]]
    return {"event": chosen, "needs": needs}


def _succeeds(value: int, threshold: int) -> bool:
    return value == 6 or (value != 1 and value >= threshold)  # BG-8.4.3


def _grid(need: dict) -> dict:
    """The need as the generic grid a recorder draws (engine.core.dice_grid)."""
    if need["kind"] == "cards":
        return dice_grid.pick(need["deck"], need["count"], note=narrate.draw_note())
    threshold = need["threshold"]
    return dice_grid.grid(
        dice_grid.rows(need["dice"], None, dice_grid.d6(lambda v: _succeeds(v, threshold))),
        shape="pool",
        note=narrate.entry_note(need["dice"], threshold),
        rerolls={"limit": need["mana_rerolls"], "label": narrate.rerolls_label()}
        if need["mana_rerolls"] > 0
        else None,
        extra={
            "on": [6],
            "label": narrate.explosion_label(),
            "faces": dice_grid.d6(lambda v: v >= 5),
            "optional": not need["explosions_automatic"],
            "note": narrate.explosion_note(),
        },
    )
