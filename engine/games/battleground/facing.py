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
        raise IllegalEvent(rule, "{name} cannot turn to face {name_2}", name=unit.name, name_2=target.name)
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
                (
                    "{must} {name}, and {options_count} facings ({map}) are equally close: the rules leave the "
                    "choice to the player, so the log must write it, even where either would change nothing; add "
                    '"facing" with one of them to this event, e.g. "facing": {options} (see BG-AMB-07)'
                ),
                must=must,
                name=toward.name,
                options_count=len(options),
                map=", ".join(map(str, options)),
                options=options[0],
            )
        chosen = event["facing"] = author.choose(list(options))
    if chosen not in options:
        raise IllegalEvent(
            rule,
            "{must} {name}: facing {options}, not {chosen!r}",
            must=must,
            name=toward.name,
            options=list(options),
            chosen=chosen,
        )
    return int(chosen)
