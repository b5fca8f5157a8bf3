"""Hex lines (BG-AMB-19 helpers), push/pull lines (BG-18.5, BG-AMB-18) and massive bases (BG-19).

Flat-topped maps are odd-q (B, D, F, … sit half a hex lower) unless stated; hex_width_in = 1".
"""

from __future__ import annotations

import math

import pytest

from engine.geometry import HexGrid

FLAT = HexGrid(25, 30, "flat", "odd-q", 1.0)
POINTY = HexGrid(25, 30, "pointy", "odd-r", 1.0)


def labels(grid: HexGrid, hexes) -> list[str]:
    return [grid.label(h) for h in hexes]


def push(grid: HexGrid, source: str, target: str, steps: int, away: bool = True) -> list[list[str]]:
    line = grid.push_line(grid.parse(source), grid.parse(target), steps, away)
    return [labels(grid, step) for step in line]


def nearest_hex(grid: HexGrid, x: float, y: float) -> int:
    """Float oracle: the hex whose centre is nearest to a point (hexes are the Voronoi cells)."""
    return min(range(grid.size), key=lambda h: math.dist(grid.centre(h), (x, y)))


# ---------------------------------------------------------------------- line_hexes


def test_line_along_an_axis():
    assert labels(FLAT, FLAT.line_hexes(FLAT.parse("K12"), FLAT.parse("K16"))) == [
        "K12",
        "K13",
        "K14",
        "K15",
        "K16",
    ]
    assert labels(POINTY, POINTY.line_hexes(POINTY.parse("C5"), POINTY.parse("F5"))) == [
        "C5",
        "D5",
        "E5",
        "F5",
    ]
    k12 = FLAT.parse("K12")
    assert FLAT.line_hexes(k12, k12) == (k12,)


def test_line_ties_are_broken_by_the_usual_nudge():
    """K12 → M12: the middle sample lies on the L11/L12 side. The cube nudge (+1e-6, +2e-6, −3e-6)
    moves it south, so L12 is chosen, in both directions."""
    assert labels(FLAT, FLAT.line_hexes(FLAT.parse("K12"), FLAT.parse("M12"))) == ["K12", "L12", "M12"]
    assert labels(FLAT, FLAT.line_hexes(FLAT.parse("M12"), FLAT.parse("K12"))) == ["M12", "L12", "K12"]


def test_line_ties_prefer_hexes_on_the_board():
    """On an even-q map the bottom samples between A30 and C30 tie between B30 and the off-map B31;
    the nudge would pick B31, so the hex on the board wins."""
    grid = HexGrid(25, 30, "flat", "even-q", 1.0)
    assert labels(grid, grid.line_hexes(grid.parse("A30"), grid.parse("C30"))) == ["A30", "B30", "C30"]


def test_line_off_axis_follows_the_centre_line():
    a, b = FLAT.parse("C3"), FLAT.parse("J20")
    line = FLAT.line_hexes(a, b)
    n = FLAT.hex_distance(a, b)
    assert len(line) == n + 1 and line[0] == a and line[-1] == b
    (ax, ay), (bx, by) = FLAT.centre(a), FLAT.centre(b)
    for i, h in enumerate(line):
        x, y = ax + (bx - ax) * i / n, ay + (by - ay) * i / n
        assert math.dist(FLAT.centre(h), (x, y)) == pytest.approx(
            math.dist(FLAT.centre(nearest_hex(FLAT, x, y)), (x, y))
        )
    for first, second in zip(line, line[1:], strict=False):
        assert FLAT.direction_to(first, second) is not None


# ---------------------------------------------------------------------- push and pull


def test_push_along_an_axis_continues_along_it():
    """BG-18.5.2 / BG-AMB-18: source and target on a hex axis — continue along that axis."""
    assert push(FLAT, "K14", "K12", 3) == [["K11"], ["K10"], ["K9"]]
    assert push(FLAT, "I13", "K12", 2) == [["L11"], ["M11"]]  # north-east axis
    assert push(POINTY, "C5", "E5", 2) == [["F5"], ["G5"]]


def test_push_stops_at_the_board_edge():
    assert push(FLAT, "K4", "K2", 5) == [["K1"]]
    assert push(FLAT, "K3", "K1", 5) == []


def test_pull_along_an_axis_stops_before_the_puller():
    assert push(FLAT, "K12", "K16", 10, away=False) == [["K15"], ["K14"], ["K13"]]
    assert push(FLAT, "K12", "K16", 2, away=False) == [["K15"], ["K14"]]
    assert push(FLAT, "K12", "K13", 3, away=False) == []


def test_push_off_axis_with_ties_lists_both_hexes():
    """BG-AMB-18: K12 → M12 is not on an axis. The extended centre line runs along the N11/N12 side,
    through O12's centre, then along the P11/P12 side; each tie lists both hexes for the log."""
    assert push(FLAT, "K12", "M12", 3) == [["N11", "N12"], ["O12"], ["P11", "P12"]]


def test_pull_off_axis_with_ties_lists_both_hexes():
    assert push(FLAT, "K12", "O12", 9, away=False) == [["N11", "N12"], ["M12"], ["L11", "L12"]]


def test_push_off_axis_follows_the_extended_centre_line():
    """BG-AMB-18: step k is the hex containing the point (N + k)/N of the way from source to target."""
    source, target = FLAT.parse("K12"), FLAT.parse("L9")
    line = FLAT.push_line(source, target, 6, True)
    assert [labels(FLAT, step) for step in line] == [["L8"], ["M8"], ["M7"], ["M6"], ["N5"], ["N4"]]
    (sx, sy), (tx, ty) = FLAT.centre(source), FLAT.centre(target)
    n = FLAT.hex_distance(source, target)
    for k, step in enumerate(line, start=1):
        x, y = sx + (tx - sx) * (n + k) / n, sy + (ty - sy) * (n + k) / n
        assert step == (nearest_hex(FLAT, x, y),)


def test_push_off_axis_stops_at_the_board_edge():
    line = push(FLAT, "K12", "L9", 20)
    assert line[6:] == [["N3"], ["O3"], ["O2"], ["O1"]]


def test_ray_runs_along_a_hex_axis_to_the_board_edge():
    """BG-18.5.1: a push nobody causes goes along one of the six hex axes."""
    k12 = FLAT.parse("K12")
    assert labels(FLAT, FLAT.ray(k12, 0, 3)) == ["K11", "K10", "K9"]
    assert labels(FLAT, FLAT.ray(k12, 2, 2)) == ["L12", "M13"]
    assert labels(FLAT, FLAT.ray(FLAT.parse("K2"), 0, 5)) == ["K1"]
    assert FLAT.ray(k12, 4, 0) == ()
    with pytest.raises(ValueError):
        FLAT.ray(k12, 6, 1)
    with pytest.raises(ValueError):
        FLAT.ray(k12, 0, -1)


def test_push_line_rejects_nonsense():
    with pytest.raises(ValueError):
        FLAT.push_line(5, 5, 1, True)
    with pytest.raises(ValueError):
        FLAT.push_line(5, 6, -1, True)
    assert FLAT.push_line(5, 6, 0, True) == []


# ---------------------------------------------------------------------- massive bases


def test_footprint_neighbours():
    """BG-19.1: a massive miniature is adjacent to every hex sharing a side with any hex it occupies."""
    k12 = FLAT.parse("K12")
    assert FLAT.footprint_neighbours(frozenset({k12})) == frozenset(FLAT.neighbours(k12))
    triangle = frozenset({FLAT.parse("K12"), FLAT.parse("K11"), FLAT.parse("L11")})
    around = FLAT.footprint_neighbours(triangle)
    assert len(around) == 9
    assert not around & triangle
    assert set(labels(FLAT, around)) == {"K10", "L10", "M11", "M12", "L12", "K13", "J12", "J11", "J10"}
    assert labels(FLAT, sorted(FLAT.footprint_neighbours(frozenset({0})))) == ["A2", "B1"]


def test_translate_moves_the_whole_footprint_one_hex():
    """BG-19.2 / BG-AMB-28: one step translates the footprint; leaving the board is impossible."""
    triangle = frozenset({FLAT.parse("K12"), FLAT.parse("K11"), FLAT.parse("L11")})
    moved = FLAT.translate(triangle, 0)
    assert set(labels(FLAT, moved)) == {"K11", "K10", "L10"}
    assert FLAT.translate(moved, 3) == triangle
    assert FLAT.translate(frozenset({FLAT.parse("K1"), FLAT.parse("K2")}), 0) is None
    with pytest.raises(ValueError, match="direction"):
        FLAT.translate(triangle, 7)
