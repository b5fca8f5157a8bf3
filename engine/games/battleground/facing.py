"""Turning to face (spec BG-10.3.1, BG-AMB-07, BG-19.6, BG-19.7): the facings the rules allow toward a
character or object, and the one an event chooses among them."""

from __future__ import annotations

from engine.core.errors import IllegalEvent
from engine.games.battleground import footprint
from engine.games.battleground.state import Unit


def face_toward(g, unit: Unit, target: Unit, event: dict, weapon=None) -> None:
    """Turn ``unit`` toward ``target`` as footprint.facings_toward allows (BG-10.3.1 / BG-AMB-07; BG-19.6 /
    BG-19.7 when either is massive; ``weapon``: the attack's weapon); a tie is the controller's choice.
    Where the rules leave no choice (footprint.fixed_facing) the log's ``facing`` is not read."""
    fixed = footprint.fixed_facing(g, unit, target, weapon)
    if fixed is not None:
        unit.facing = fixed
        return
    options, rule = footprint.facings_toward(g, unit, target, weapon)
    if not options:
        raise IllegalEvent(rule, f"{unit.name} cannot turn to face {target.name}")
    chosen = choose_facing(g, options, event, toward=target, rule=rule, must=f"{unit.name} must face toward")
    footprint.face(g, unit, chosen)


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
                rule,
                f"{must} {toward.name}, and {len(options)} facings ({', '.join(map(str, options))}) are equally "
                f"close: the rules leave the choice to the player, so the log must write it, even where either "
                f'would change nothing; add "facing" with one of them to this event, e.g. "facing": {options[0]} '
                "(see BG-AMB-07)",
            )
        chosen = event["facing"] = author.choose(list(options))
    if chosen not in options:
        raise IllegalEvent(rule, f"{must} {toward.name}: facing {list(options)}, not {chosen!r}")
    return int(chosen)
