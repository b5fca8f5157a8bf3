"""Multi-hex bases (massive miniatures, BG-19): the hexes a base covers, turning it, and the hexes
around it. Shared by the hex games; terrain, heights and other miniatures are the caller's business.

A base is stated once, for the miniature facing side 0, as offsets from its **facing hex** (the hex
whose marks show the facing, BG-19.7). An offset ``(f, r)`` is ``f`` steps across the miniature's facing
side and then ``r`` steps across the next side clockwise (negative: the opposite sides). For a
miniature facing side ``d`` the same offset means ``f`` steps across side ``d`` and ``r`` across side
``d + 1``: turning the miniature turns its base. ``(0, 0)`` is the facing hex itself, ``(-1, 0)`` the hex
right behind it, ``(-1, 1)`` the hex behind it on the clockwise side.

A base turns about its **pivot** hex (one of its hexes, the one under the middle of the base): the
pivot stays where it is and the facing hex moves round it (BG-19.7, "rotate the miniature until the
facing hex shares a side with ..."). A seven-hex base turning about its middle hex covers the same hexes
whatever its facing; a two-hex base turning about its rear hex swings its facing hex round.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from engine.geometry.hexgrid import HexGrid

Offset = tuple[int, int]

#: Memoised footprints per (grid, base, facing hex, facing).
FOOTPRINT_CACHE_SIZE = 65536


@dataclass(frozen=True)
class Base:
    """The shape of a multi-hex base: ``hexes`` (offsets, ``(0, 0)`` first) and the ``pivot`` it turns
    about (see the module docstring). Build with :func:`base_from`, which checks the shape."""

    hexes: tuple[Offset, ...]
    pivot: Offset

    def cells(self, grid: HexGrid, h: int, facing: int) -> tuple[int, ...] | None:
        """The hexes covered with the facing hex on ``h`` facing side ``facing`` (facing hex first, then
        ascending ids), or None if part of the base would be off the board."""
        return _cells(grid, self, h, facing)

    def facing_hex_after_turn(self, grid: HexGrid, h: int, facing: int, new_facing: int) -> int | None:
        """Where the facing hex is once the miniature on ``h`` facing ``facing`` turns to ``new_facing``
        about its pivot; None if that would put part of the base off the board."""
        pivot = _offset(grid, h, self.pivot, facing)
        if pivot is None:
            return None
        q, r, _ = grid.cube(pivot)
        dq, dr = _vector(grid, self.pivot, new_facing)
        moved = grid.hex_at_cube(q - dq, r - dr)
        if moved is None or self.cells(grid, moved, new_facing) is None:
            return None
        return moved


def base_from(hexes: Iterable, pivot=None) -> Base:
    """A :class:`Base` from JSON-like offsets (lists of two whole numbers). Raises ValueError unless the
    base has ``(0, 0)``, at least two hexes, no hex twice, hangs together (each hex reachable from the
    facing hex through hexes of the base sharing a side) and turns about one of its own hexes."""
    cells: list[Offset] = []
    for item in hexes:
        if (
            not isinstance(item, list | tuple)
            or len(item) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            raise ValueError(f"a base hex is a pair of whole numbers [forward, clockwise], not {item!r}")
        cells.append((int(item[0]), int(item[1])))
    if (0, 0) not in cells:
        raise ValueError("a base lists its facing hex [0, 0]")
    if len(set(cells)) != len(cells):
        raise ValueError("a base lists a hex twice")
    if len(cells) < 2:
        raise ValueError("a massive base covers at least two hexes")
    # The six unit steps in (forward, clockwise) coordinates: e0, e1, e1 - e0, -e0, -e1, e0 - e1.
    steps = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        f, r = todo.pop()
        for df, dr in steps:
            nxt = (f + df, r + dr)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if len(seen) != len(cells):
        raise ValueError("a base is one piece: every hex shares a side with another hex of the base")
    if pivot is None:
        pivot = (0, 0)
    if not isinstance(pivot, list | tuple) or len(pivot) != 2 or tuple(pivot) not in cells:
        raise ValueError(f"a base turns about one of its own hexes, not {pivot!r}")
    ordered = [(0, 0)] + sorted(c for c in cells if c != (0, 0))
    return Base(hexes=tuple(ordered), pivot=(int(pivot[0]), int(pivot[1])))


def _vector(grid: HexGrid, offset: Offset, facing: int) -> tuple[int, int]:
    f, r = offset
    aq, ar = grid.direction_vector(facing)
    bq, br = grid.direction_vector((facing + 1) % 6)
    return f * aq + r * bq, f * ar + r * br


def _offset(grid: HexGrid, h: int, offset: Offset, facing: int) -> int | None:
    q, r, _ = grid.cube(h)
    dq, dr = _vector(grid, offset, facing)
    return grid.hex_at_cube(q + dq, r + dr)


@functools.lru_cache(maxsize=FOOTPRINT_CACHE_SIZE)
def _cells(grid: HexGrid, base: Base, h: int, facing: int) -> tuple[int, ...] | None:
    out = []
    for offset in base.hexes:
        x = _offset(grid, h, offset, facing)
        if x is None:
            return None
        out.append(x)
    return (out[0], *sorted(out[1:]))


def shift(grid: HexGrid, a: int, b: int, h: int) -> int | None:
    """The hex reached from ``h`` by the translation that takes ``a`` to ``b`` (None if off the board):
    one step of a massive miniature moves every hex of its base alike (BG-19.2, BG-AMB-28)."""
    qa, ra, _ = grid.cube(a)
    qb, rb, _ = grid.cube(b)
    q, r, _ = grid.cube(h)
    return grid.hex_at_cube(q + qb - qa, r + rb - ra)


def distance_in(grid: HexGrid, a: Iterable[int], b: Iterable[int]) -> float:
    """Inches between the nearest points of two sets of hexes (BG-2.3.2 for multi-hex bases)."""
    return min(grid.distance_in(x, y) for x in a for y in b)
