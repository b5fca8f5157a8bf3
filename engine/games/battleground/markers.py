"""Markers (spec BG-16.3): tokens an effect places on the battlefield; they affect the characters near
them until the cleanup removes them (BG-7.3.1).

The effect key ``marker`` (docs/content-packs.md, "Markers")::

    {"id": "trap-sigil", "name": "Trap Sigil", "range_in": 6, "radius_in": 2,
     "affects": "enemies", "modifiers": [{"test": "defence", "narrow": 1}]}

Where the marker goes is the player's decision: the effect opens a pending choice and the next event,
``{"type": "place_marker", "character": …, "hex": …}``, resolves it (pending.py). The hex must be empty
(BG-16.3.2: no character, no terrain element of any kind (BG-AMB-39, BG-DIS-10), no objective token and no
other marker), within ``range_in`` and in line of sight of the character resolving the effect
(BG-16.3.3), and, during an interrupt, adjacent to the interrupted enemy (BG-14.1.4 d). If no hex
qualifies, no marker is placed.

Markers do not block. A token is no obstacle to movement: BG-9.2.3 (IT "che non contenga un altro
personaggio, una scala, un ostacolo basso o un ostacolo alto") names no token, and the terrain table of
§2.2 says tokens "do not block". Sight lines pass through tokens (BG-10.4.2) and a line through tokens
gives no cover (BG-13.3.2). A character may end a move in a marker's hex; only another marker cannot be
placed there.

A massive miniature (BG-19) fills every hex of its base, so no marker goes in any of them (BG-16.3.2).
Placed by one, range and sight are measured from any hex of its base (BG-19.8, BG-2.3.2: between the
nearest hexes); it affects one when any hex of the base is within the marker's radius and in its sight
(BG-16.3.5: the ranged-attack rules, which measure to any hex of a massive target, BG-19.8). During an
interrupt, adjacent to a massive interrupted enemy means beside any hex of its base (BG-19.1).
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, Text, UnreadableLog
from engine.games.battleground import footprint
from engine.games.battleground.pending import Resolver, open_choice
from engine.games.battleground.state import Frame, Marker, Pending, Unit

KIND = "marker"
EVENT = "place_marker"


def during_interrupt(g, frame: Frame | None) -> bool:
    """An effect resolves during an interrupt when its frame is an interrupt in progress (on the stack):
    "on interrupt" effects resolve before it begins and "end of interrupt" ones after it ends (BG-20.1)."""
    return frame is not None and frame.interrupt and any(f is frame for f in g.stack)


def _own_copy(g, marker_id: str, player: str) -> Marker | None:
    return next((m for m in g.markers if m.id == marker_id and m.player == player), None)


def refusal(g, unit: Unit, spec: dict, frame: Frame | None, h: int) -> tuple[str, str] | None:
    """Why ``unit`` cannot place the marker ``spec`` in hex ``h``: (rule, message), or None if it can."""
    board = g.board
    where = board.label(h)
    kind = board.kind[h]
    if kind in ("low", "high"):
        return "BG-16.3.2", Text("{where} is an obstacle; a marker goes in an empty hex", where=where)
    if kind is not None:
        return "BG-16.3.2", (
            Text(
                (
                    "{where} holds terrain ({kind}); a marker goes in a hex without any terrain, difficult terrain "
                    "and ladders included (see BG-AMB-39)"
                ),
                where=where,
                kind=kind,
            )
        )
    occupant = footprint.occupants(g).get(h)  # any hex of a massive base (BG-19.1)
    if occupant is not None:
        return "BG-16.3.2", Text(
            "{where} holds {name}; a marker goes in an empty hex", where=where, name=occupant.name
        )
    if h in g.objectives:
        return "BG-16.3.2", Text(
            "{where} holds an objective token; a marker goes in an empty hex", where=where
        )
    replaced = _own_copy(g, spec["id"], unit.player)  # BG-AMB-27: removed first, so its hex is free
    other = next((m for m in g.markers if m.hex == h and m is not replaced), None)
    if other is not None:
        return "BG-16.3.2", Text(
            "{where} holds the {name} marker; a marker goes in an empty hex", where=where, name=other.name
        )
    if not footprint.in_range(g, unit.cells, (h,), spec["range_in"]):
        dist = footprint.distance_in(g, unit.cells, (h,))
        return (
            "BG-16.3.3",
            Text(
                '{where} is {dist:.2f}" from {name}; the marker is placed within {range_in:g}"',
                where=where,
                dist=dist,
                name=unit.name,
                range_in=spec["range_in"],
            ),
        )
    if during_interrupt(g, frame) and h not in footprint.around(g, frame.target):
        return "BG-14.1.4", Text(
            "during an interrupt the marker goes in a hex adjacent to {name}", name=frame.target.name
        )
    if not footprint.sight(g, unit.cells, (h,)):
        return "BG-16.3.3", Text("{name} has no line of sight to {where}", name=unit.name, where=where)
    return None


def legal_hexes(g, unit: Unit, spec: dict, frame: Frame | None) -> list[int]:
    return [h for h in range(g.board.grid.size) if refusal(g, unit, spec, frame, h) is None]


def apply_marker(g, frame: Frame, target: Unit, value: dict, source: str) -> None:
    """The ``marker`` effect: the character resolving it (the frame's) chooses the hex."""
    unit = frame.unit
    if not unit.on_board or not any(
        refusal(g, unit, value, frame, h) is None for h in range(g.board.grid.size)
    ):
        return  # BG-16.3.2: with no empty hex in range and sight, the marker cannot be placed
    open_choice(g, Pending(kind=KIND, unit=unit, chooser=unit.player, frame=frame, spec=value, source=source))


def _place(g, p: Pending, event: dict) -> None:
    if g.unit(event) is not p.unit:
        raise IllegalEvent(
            "BG-16.3.3",
            "{name} places the marker from {source}, not {name_2}",
            name=p.unit.name,
            source=p.source,
            name_2=g.unit(event).name,
        )
    label = event.get("hex")
    if label is None:
        raise UnreadableLog("a 'place_marker' event needs the 'hex' the marker goes in", rule="LOG-5.1")
    try:
        h = g.board.parse(str(label))
    except ValueError as exc:
        raise UnreadableLog("hex: {exc}", exc=exc, rule="LOG-5.2") from None
    why = refusal(g, p.unit, p.spec, p.frame, h)
    if why is not None:
        raise IllegalEvent(*why)
    spec = p.spec
    old = _own_copy(g, spec["id"], p.unit.player)
    if old is not None:
        g.markers.remove(old)  # BG-16.3.6 / BG-AMB-27: one active copy per source army
    g.markers.append(
        Marker(
            id=spec["id"],
            name=spec.get("name", spec["id"]),
            hex=h,
            player=p.unit.player,
            source=p.source,
            affects=spec.get("affects", "all"),
            radius_in=spec["radius_in"],
            modifiers=tuple(spec.get("modifiers", ())),
        )
    )


def _options(g, p: Pending) -> list[dict]:
    return [
        {"type": EVENT, "character": p.unit.ref, "hex": g.board.label(h)}
        for h in legal_hexes(g, p.unit, p.spec, p.frame)
    ]


def remove_all(g) -> None:
    """BG-7.3.1: the cleanup removes every marker token."""
    g.markers.clear()


RESOLVER = Resolver(
    event_type=EVENT, rule="BG-16.3.3", what="the placement of a marker", apply=_place, options=_options
)
