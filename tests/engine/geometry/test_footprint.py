"""Multi-hex bases (BG-19): footprints, turning about the pivot, translation, the hexes around a base,
nearest hexes, facing distances and cover lines to the centre of a base.

Flat-topped maps are odd-q unless stated; hex_width_in = 1". K12's neighbours are K11 (side 0), L11,
L12, K13 (3), J12, J11.
"""

from __future__ import annotations

import pytest

from engine.geometry import HexGrid
from engine.geometry.footprint import base_from, distance_in, shift

FLAT = HexGrid(25, 30, "flat", "odd-q", 1.0)
POINTY = HexGrid(25, 30, "pointy", "odd-r", 1.0)
TWO = base_from([[0, 0], [-1, 0]], [-1, 0])
SEVEN = base_from([[0, 0], [-1, 0], [-1, 1], [-2, 1], [-2, 0], [-1, -1], [0, -1]], [-1, 0])


def labels(grid, hexes):
    return [grid.label(h) for h in hexes]


def test_a_base_turns_with_its_facing():
    """BG-19.7: offsets are stated for facing side 0 and turn with the miniature."""
    k12 = FLAT.parse("K12")
    assert labels(FLAT, TWO.cells(FLAT, k12, 0)) == ["K12", "K13"]  # the rear hex is across side 3
    assert labels(FLAT, TWO.cells(FLAT, k12, 3)) == ["K12", "K11"]
    for facing in range(6):
        rear = TWO.cells(FLAT, k12, facing)[1]
        assert FLAT.direction_to(k12, rear) == (facing + 3) % 6
    three = base_from([[0, 0], [-1, 0], [-1, 1]])
    assert labels(FLAT, three.cells(FLAT, k12, 0)) == ["K12", "K13", "L12"]  # behind, and behind-clockwise


def test_a_base_off_the_board_has_no_footprint():
    assert TWO.cells(FLAT, FLAT.parse("K30"), 0) is None
    assert TWO.cells(FLAT, FLAT.parse("K1"), 0) is not None


def test_turning_about_the_pivot_moves_the_facing_hex_round_it():
    """BG-19.7: the pivot (the rear hex) stays; the facing hex swings round it."""
    k12 = FLAT.parse("K12")
    after = {f: FLAT.label(TWO.facing_hex_after_turn(FLAT, k12, 0, f)) for f in range(6)}
    assert after == {0: "K12", 1: "L12", 2: "L13", 3: "K14", 4: "J13", 5: "J12"}
    for f in range(6):
        h = TWO.facing_hex_after_turn(FLAT, k12, 0, f)
        assert FLAT.label(TWO.cells(FLAT, h, f)[1]) == "K13"


def test_a_seven_hex_base_turning_about_its_middle_covers_the_same_hexes():
    k12 = FLAT.parse("K12")
    covered = set(SEVEN.cells(FLAT, k12, 0))
    assert len(covered) == 7
    for f in range(6):
        h = SEVEN.facing_hex_after_turn(FLAT, k12, 0, f)
        assert set(SEVEN.cells(FLAT, h, f)) == covered
        assert FLAT.direction_to(FLAT.parse("K13"), h) == f  # the facing hex is the middle's neighbour


def test_turning_off_the_board_is_refused():
    assert TWO.facing_hex_after_turn(FLAT, FLAT.parse("K29"), 0, 3) is None  # K30's other side is off


@pytest.mark.parametrize("grid", [FLAT, POINTY], ids=["flat", "pointy"])
def test_offsets_mean_the_same_on_both_orientations(grid):
    """The (forward, clockwise) frame does not depend on the grid's orientation."""
    h = grid.parse("K12")
    for facing in range(6):
        front, rear = TWO.cells(grid, h, facing)
        assert grid.direction_to(front, rear) == (facing + 3) % 6
    assert grid.direction_vector(0) != grid.direction_vector(1)
    with pytest.raises(ValueError):
        grid.direction_vector(6)


@pytest.mark.parametrize(
    ("hexes", "pivot", "message"),
    [
        ([[1, 0], [0, 1]], None, "facing hex"),
        ([[0, 0]], None, "at least two"),
        ([[0, 0], [0, 0], [1, 0]], None, "twice"),
        ([[0, 0], [-2, 0]], None, "one piece"),
        ([[0, 0], [-1, 0]], [3, 3], "turns about"),
        ([[0, 0], "x"], None, "pair"),
        ([[0, 0], [True, 0]], None, "pair"),
    ],
)
def test_a_malformed_base_is_refused(hexes, pivot, message):
    with pytest.raises(ValueError, match=message):
        base_from(hexes, pivot)


def test_shift_translates_like_the_facing_hex():
    """BG-19.2 / BG-AMB-28: every hex of the base moves by the same translation."""
    a, b = FLAT.parse("K12"), FLAT.parse("M12")
    assert FLAT.label(shift(FLAT, a, b, FLAT.parse("K13"))) == "M13"
    assert shift(FLAT, a, FLAT.parse("K11"), FLAT.parse("K1")) is None


def test_distances_between_a_base_and_a_hex():
    """BG-2.3.2: inches between the nearest points of two sets of hexes."""
    base = TWO.cells(FLAT, FLAT.parse("K12"), 0)
    assert distance_in(FLAT, base, [FLAT.parse("K20")]) == pytest.approx(6.0)
    assert distance_in(FLAT, base, [FLAT.parse("K11")]) == pytest.approx(0.0)


def test_faced_distance_picks_the_nearest_target_hex():
    """BG-AMB-07 / BG-19.7: distances from the hex across a side to the nearest target centre."""
    k12 = FLAT.parse("K12")
    target = [FLAT.parse("K20")]
    dists = [FLAT.faced_distance2(k12, d, target) for d in range(6)]
    assert dists.index(min(dists)) == 3
    assert FLAT.faced_distance2(k12, 3, [FLAT.parse("K13")]) == 0
    with pytest.raises(ValueError):
        FLAT.faced_distance2(k12, 3, [])


def test_cover_line_to_the_centre_of_a_base():
    """BG-13.3.2 / BG-19.9: the line runs to the middle of the base; the base's own hexes are left out."""
    base = TWO.cells(FLAT, FLAT.parse("K12"), 0)
    assert labels(FLAT, FLAT.cover_line_to_base(FLAT.parse("K20"), base)) == [
        f"K{n}" for n in range(19, 13, -1)
    ]
    assert FLAT.cover_line_to_base(FLAT.parse("K20"), [FLAT.parse("K12")]) == FLAT.cover_line(
        FLAT.parse("K20"), FLAT.parse("K12")
    )
    # A line along the side shared by K12 and K13 from the east runs between L12's neighbours.
    line = labels(FLAT, FLAT.cover_line_to_base(FLAT.parse("O12"), base))
    assert "L12" in line and "K12" not in line and "K13" not in line
    with pytest.raises(ValueError):
        FLAT.cover_line_to_base(FLAT.parse("K12"), base)
    with pytest.raises(ValueError):
        FLAT.cover_line_to_base(FLAT.parse("K20"), [])


@pytest.mark.parametrize("grid", [FLAT, HexGrid(25, 30, "pointy", "odd-r", 1.0)], ids=["flat", "pointy"])
def test_cover_line_to_a_base_matches_a_search_over_every_hex(grid):
    """BG-13.3.5 / BG-19.9: the candidate pruning of ``cover_line_to_base`` loses nothing: for random compact
    bases and attackers, it lists exactly the hexes a test of the segment against every hex of the map
    finds."""
    import random

    rng = random.Random(7)
    shapes = [
        base_from([[0, 0], [-1, 0]], [-1, 0]),
        base_from([[0, 0], [-1, 0], [-1, 1]], [-1, 0]),
        base_from([[0, 0], [-1, 0], [-1, 1], [-2, 1], [-2, 0], [-1, -1], [0, -1]], [-1, 0]),
    ]
    checked = 0
    while checked < 150:
        shape = rng.choice(shapes)
        cells = shape.cells(grid, rng.randrange(grid.size), rng.randrange(6))
        a = rng.randrange(grid.size)
        if cells is None or a in cells:
            continue
        n = len(cells)
        p = tuple(n * v for v in grid._lattice[a])
        q = (sum(grid._lattice[c][0] for c in cells), sum(grid._lattice[c][1] for c in cells))
        everywhere = set(range(grid.size)) - set(cells) - {a}
        assert grid.cover_line_to_base(a, cells) == grid._segment_through(p, q, everywhere, n)
        checked += 1
