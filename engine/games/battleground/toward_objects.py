"""Objects a ``toward`` movement heads for (spec BG-18.1: "toward the indicated character or object").

A movement effect ``{"kind": "toward", "toward": "objective"}`` (or ``"marker"``; docs/content-packs.md,
"Movement effects") heads for an object instead of a character: one of the objective tokens still on the
battlefield (the cleanup removes claimed ones, BG-7.2.1) or one of the markers (BG-16.3), whoever placed it.
Which one is the player's choice, recorded with the path by the ``movement`` event's ``hex``; with a single
candidate the log may leave it out. With none on the battlefield the effect cannot be resolved.

Readings this module takes:
- BG-AMB-19, "for an object on an enterable hex, the object's hex itself counts": the shortest path runs to
  the object's hex when the mover can end there (a hex a character can stand on, free of other miniatures;
  for a massive mover, a position of its whole base covering it, BG-19.2); otherwise, as for a character, to
  the hexes a character can stand on adjacent to it (BG-2.1.4). Tokens do not block (§2.2), so a character
  may stand on one.
- BG-18.1, "rotated to face that object": the facing rule of BG-10.3.1 toward the object's hex (a massive
  mover turns about its pivot as toward a one-hex character, BG-19.7). Standing on the object, every side
  is equally close to it, so its controller picks any (BG-AMB-07).
- A charge heads for a character only (BG-18.2): a pack that sends one toward an object is malformed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.battleground.footprint import ONE_HEX, OneHex
from engine.games.battleground.movement import distance_to_goal

KINDS = {"objective": "objective token", "marker": "marker"}


@dataclass(frozen=True)
class Token:
    """An object where it lies. It answers what a movement asks of the character it aims at (``name``,
    ``hex``, ``cells``, ``footprint``) as a one-hex miniature would."""

    name: str
    hex: int
    footprint: ClassVar[OneHex] = ONE_HEX

    @property
    def cells(self) -> tuple[int, ...]:
        return (self.hex,)


def on_battlefield(g, kind: str) -> list[Token]:
    """The objects of ``kind`` a toward may head for now, by hex."""
    label = g.board.label
    if kind == "objective":
        return [Token(f"the objective token at {label(h)}", h) for h in sorted(g.objectives)]
    return [
        Token(f"the {m.name} marker at {label(m.hex)}", m.hex) for m in sorted(g.markers, key=lambda m: m.hex)
    ]


def goal(g, unit, token: Token) -> tuple[dict[int, int], set[int]]:
    """(distance to the goal per hex, the goal hexes) of ``unit`` heading for ``token`` (BG-AMB-19)."""
    board = g.board
    if board.standable(token.hex):
        dist = distance_to_goal(g, unit, {token.hex})
        if dist:  # the object's hex is free (a massive base fits over it somewhere): it is the goal
            return dist, {token.hex}
    near = {h for h in board.adjacent[token.hex] if board.standable(h)}
    return distance_to_goal(g, unit, near), near


def chosen(g, unit, kind: str, event: dict) -> Token:
    """The object the ``movement`` event names in ``hex`` (it may be left out when only one qualifies)."""
    found = on_battlefield(g, kind)
    board = g.board
    where = ", ".join(board.label(t.hex) for t in found)
    label = event.get("hex")
    if label is None:
        if len(found) == 1:
            return found[0]
        if not found:
            raise IllegalEvent(
                "BG-18.1",
                "no {kinds} is on the battlefield for {name} to head for",
                kinds=KINDS[kind],
                name=unit.name,
            )
        raise IllegalEvent(
            "BG-18.1",
            "{name} heads for the {kinds} at one of {where}: the log must name it ('hex')",
            name=unit.name,
            kinds=KINDS[kind],
            where=where,
        )
    try:
        h = board.parse(str(label))
    except ValueError as exc:
        raise UnreadableLog("hex: {exc}", exc=exc, rule="LOG-5.2") from None
    token = next((t for t in found if t.hex == h), None)
    if token is None:
        raise IllegalEvent(
            "BG-18.1",
            "{h} holds no {kinds}; {name} heads for one at {value}",
            h=board.label(h),
            kinds=KINDS[kind],
            name=unit.name,
            value=where or "none",
        )
    return token
