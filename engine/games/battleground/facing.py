"""Turning to face (spec BG-10.3.1, BG-AMB-07, BG-19.6, BG-19.7): the facings the rules allow toward a
character or object, and the one an event chooses among them."""

from __future__ import annotations

from engine.core.errors import IllegalEvent
from engine.games.battleground import massive
from engine.games.battleground.state import Unit


def face_toward(g, unit: Unit, target: Unit, event: dict, weapon=None) -> None:
    """BG-10.3.1 / BG-AMB-07: face the adjacent hex closest to the target; ties are the controller's choice.
    BG-19.6 / BG-19.7 when either is massive (``weapon``: the attack's weapon, for a massive attacker)."""
    rule = "BG-10.3.1"
    if unit.shape is None and target.shape is None:
        options = g.board.grid.facings_toward(unit.hex, target.hex)
    else:
        options, rule = massive.facings_toward(g, unit, target, weapon)
        if not options:
            raise IllegalEvent(rule, f"{unit.name} cannot turn to face {target.name}")
    chosen = choose_facing(g, options, event, toward=target, rule=rule, must=f"{unit.name} must face toward")
    massive.face(g, unit, chosen)


def choose_facing(g, options, event: dict, *, toward: Unit, rule: str, must: str) -> int:
    """The facing among ``options`` (those the rules allow) that the event's ``facing`` names. With one
    option it may be left out; a tie must be chosen in the log (BG-AMB-07), or by the simulator's author
    when a log is being written. Returns an int: a log may write 2.0 (BG-10.3.1)."""
    chosen = event.get("facing")
    if chosen is None:
        if len(options) == 1:
            return options[0]
        author = g.dice.author
        if author is None:
            raise IllegalEvent(
                "BG-AMB-07",
                f"two facings are equally close to {toward.name}: the log must choose one "
                f"of {list(options)} ('facing')",
            )
        chosen = event["facing"] = author.choose(list(options))
    if chosen not in options:
        raise IllegalEvent(rule, f"{must} {toward.name}: facing {list(options)}, not {chosen!r}")
    return int(chosen)
