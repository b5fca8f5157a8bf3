"""HexGrid basics: construction, labels (BG-2.1.2, BG-AMB-02), adjacency (BG-2.1.4) and hex distance."""

from __future__ import annotations

import copy
import math
import pickle
from collections import deque

import pytest

from engine.geometry import HexGrid
from engine.geometry.labels import column_index, column_letters

BATTLEGROUND = HexGrid(25, 30, "flat", "odd-q", 1.0)  # BG-2.1.1: 25 columns A–Y, 30 rows
GRIDS = [
    BATTLEGROUND,
    HexGrid(25, 30, "flat", "even-q", 1.25),
    HexGrid(25, 30, "pointy", "odd-r", 1.0),
    HexGrid(12, 9, "pointy", "even-r", 0.75),
    HexGrid(1, 1, "flat", "odd-q", 1.0),
]


def grid_id(grid: HexGrid) -> str:
    return f"{grid.columns}x{grid.rows}-{grid.orientation}-{grid.offset}"


# ---------------------------------------------------------------------- construction


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 30, "flat", "odd-q", 1.0), "at least one column"),
        ((25, 0, "flat", "odd-q", 1.0), "at least one column"),
        ((25, 30, "square", "odd-q", 1.0), "orientation"),
        ((25, 30, "flat", "odd-r", 1.0), "needs offset 'odd-q' or 'even-q'"),
        ((25, 30, "pointy", "even-q", 1.0), "needs offset 'odd-r' or 'even-r'"),
        ((25, 30, "flat", "odd-q", 0.0), "hex_width_in"),
        ((25, 30, "flat", "odd-q", -1.0), "hex_width_in"),
        ((25, 30, "flat", "odd-q", math.inf), "hex_width_in"),
        ((25, 30, "flat", "odd-q", "1"), "hex_width_in"),
    ],
)
def test_constructor_rejects_bad_parameters(args, message):
    """BG-AMB-01/02: the map declares a positive hex width and a consistent orientation and offset."""
    with pytest.raises(ValueError, match=message):
        HexGrid(*args)


def test_size_and_id_formula():
    """h = col_index * rows + (row - 1)."""
    grid = BATTLEGROUND
    assert grid.size == 750
    assert grid.parse("A1") == 0
    assert grid.parse("A30") == 29
    assert grid.parse("B1") == 30
    assert grid.parse("K12") == 10 * 30 + 11
    assert grid.parse("Y30") == 749


def test_grid_is_an_immutable_value():
    """Callers cache one grid per map; copies, pickles and equal parameters give an equal grid."""
    grid = BATTLEGROUND
    assert copy.copy(grid) is grid
    assert copy.deepcopy({"grid": grid})["grid"] is grid
    clone = pickle.loads(pickle.dumps(grid))
    assert clone == grid and hash(clone) == hash(grid)
    assert clone.parse("K12") == grid.parse("K12")
    assert grid != HexGrid(25, 30, "flat", "odd-q", 1.25)
    assert "odd-q" in repr(grid)


# ---------------------------------------------------------------------- labels


@pytest.mark.parametrize("grid", GRIDS, ids=grid_id)
def test_labels_round_trip_for_every_hex(grid):
    """BG-2.1.2: every hex has a label ``<column><row>`` that parses back to the same id."""
    labels = [grid.label(h) for h in range(grid.size)]
    assert len(set(labels)) == grid.size
    for h, text in enumerate(labels):
        assert grid.parse(text) == h
        assert grid.parse(text.lower()) == h


def test_battleground_labels_run_a_to_y_and_1_to_30():
    """BG-2.1.2: columns A–Y, rows 1–30."""
    labels = {BATTLEGROUND.label(h) for h in range(BATTLEGROUND.size)}
    assert {"A1", "Y1", "A30", "Y30", "K12"} <= labels
    assert "Z1" not in labels and "A31" not in labels and "A0" not in labels


def test_columns_beyond_z_use_two_letters():
    grid = HexGrid(30, 4, "flat", "odd-q", 1.0)
    assert grid.label(grid.parse("Z1")) == "Z1"
    assert grid.parse("AA1") == 26 * 4
    assert grid.parse("ad4") == 29 * 4 + 3
    assert grid.label(29 * 4 + 3) == "AD4"
    assert [column_letters(i) for i in (0, 25, 26, 27, 51, 52, 701, 702)] == [
        "A",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]
    for i in range(800):
        assert column_index(column_letters(i)) == i


def test_parse_accepts_case_and_spaces():
    assert BATTLEGROUND.parse("k12") == BATTLEGROUND.parse(" K12 ") == 311


@pytest.mark.parametrize("text", ["Z99", "Z1", "A31", "A0", "AA1"])
def test_parse_off_map_label_says_so(text):
    """A log naming a hex that is not on the map gets a message a person understands."""
    with pytest.raises(ValueError, match=rf"^'{text}' is not a hex of this 25×30 map"):
        BATTLEGROUND.parse(text)


def test_parse_message_names_the_map_limits():
    with pytest.raises(ValueError, match=r"columns A–Y, rows 1–30"):
        BATTLEGROUND.parse("Z99")


@pytest.mark.parametrize("text", ["", "K", "12", "12K", "K-1", "K1.5", "Ä1", "K 12"])
def test_parse_rejects_what_is_not_a_label(text):
    with pytest.raises(ValueError, match="is not a hex label"):
        BATTLEGROUND.parse(text)


def test_parse_rejects_non_strings():
    with pytest.raises(TypeError):
        BATTLEGROUND.parse(311)  # type: ignore[arg-type]


@pytest.mark.parametrize("h", [-1, 750, 10_000])
def test_ids_off_the_map_are_rejected(h):
    with pytest.raises(ValueError, match="is not a hex id of this 25×30 map"):
        BATTLEGROUND.label(h)
    with pytest.raises(ValueError):
        BATTLEGROUND.neighbours(h)
    with pytest.raises(ValueError):
        BATTLEGROUND.hex_distance(0, h)


# ---------------------------------------------------------------------- adjacency and directions


def labels_of(grid: HexGrid, hexes) -> list[str | None]:
    return [None if h is None else grid.label(h) for h in hexes]


def test_flat_odd_q_directions_start_north_and_run_clockwise():
    """Direction 0 is the side towards row 1; odd-q shoves the B, D, F, … columns half a hex down."""
    grid = BATTLEGROUND
    assert labels_of(grid, grid.neighbours(grid.parse("K12"))) == ["K11", "L11", "L12", "K13", "J12", "J11"]
    assert labels_of(grid, grid.neighbours(grid.parse("L12"))) == ["L11", "M12", "M13", "L13", "K13", "K12"]


def test_flat_even_q_shoves_the_other_columns():
    grid = HexGrid(25, 30, "flat", "even-q", 1.0)
    assert labels_of(grid, grid.neighbours(grid.parse("K12"))) == ["K11", "L12", "L13", "K13", "J13", "J12"]


def test_pointy_directions_start_north_east_and_run_clockwise():
    """Pointy grids: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW; odd-r shoves rows 2, 4, 6, … half a hex east."""
    grid = HexGrid(25, 30, "pointy", "odd-r", 1.0)
    assert labels_of(grid, grid.neighbours(grid.parse("B2"))) == ["C1", "C2", "C3", "B3", "A2", "B1"]
    assert labels_of(grid, grid.neighbours(grid.parse("B3"))) == ["B2", "C3", "B4", "A4", "A3", "A2"]
    even = HexGrid(25, 30, "pointy", "even-r", 1.0)
    assert labels_of(even, even.neighbours(even.parse("B3"))) == ["C2", "C3", "C4", "B4", "A3", "B2"]


@pytest.mark.parametrize("grid", GRIDS, ids=grid_id)
def test_direction_angles_are_clockwise_sixty_degrees_apart(grid):
    """Centres of side-sharing hexes are ``hex_width_in`` apart (BG-AMB-01), at 60° steps clockwise
    on the printed map (y grows towards higher rows, so clockwise is increasing atan2)."""
    w = grid.hex_width_in
    first = 90.0 if grid.orientation == "flat" else 60.0  # angle of direction 0 above east
    for h in range(grid.size):
        cx, cy = grid.centre(h)
        for d, n in enumerate(grid.neighbours(h)):
            if n is None:
                continue
            nx, ny = grid.centre(n)
            assert math.hypot(nx - cx, ny - cy) == pytest.approx(w)
            above_east = math.degrees(math.atan2(cy - ny, nx - cx))
            turn = (first - 60 * d - above_east + 180) % 360 - 180  # in (-180, 180]
            assert turn == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize("grid", GRIDS, ids=grid_id)
def test_neighbours_are_symmetric(grid):
    """BG-2.1.4: sharing a side is mutual, across opposite sides."""
    for h in range(grid.size):
        row = grid.neighbours(h)
        assert len(row) == 6
        for d, n in enumerate(row):
            assert grid.neighbour(h, d) == n
            if n is not None:
                assert grid.neighbour(n, (d + 3) % 6) == h
                assert grid.direction_to(h, n) == d
                assert grid.hex_distance(h, n) == 1


@pytest.mark.parametrize("grid", GRIDS[:4], ids=grid_id)
def test_interior_hexes_have_six_neighbours_and_edges_fewer(grid):
    """BG-2.1.4: a normal character has at most 6 adjacent hexes."""
    for h in range(grid.size):
        col, row = divmod(h, grid.rows)
        count = sum(n is not None for n in grid.neighbours(h))
        if 0 < col < grid.columns - 1 and 0 < row < grid.rows - 1:
            assert count == 6
        else:
            assert 2 <= count <= 5
    corner = BATTLEGROUND.parse("A1")
    assert labels_of(BATTLEGROUND, BATTLEGROUND.neighbours(corner)) == [None, None, "B1", "A2", None, None]


def test_direction_to_is_none_unless_sides_are_shared():
    grid = BATTLEGROUND
    k12 = grid.parse("K12")
    assert grid.direction_to(k12, grid.parse("K11")) == 0
    assert grid.direction_to(k12, grid.parse("J11")) == 5
    assert grid.direction_to(k12, k12) is None
    assert grid.direction_to(k12, grid.parse("K10")) is None


def test_neighbour_rejects_bad_directions():
    with pytest.raises(ValueError, match="direction"):
        BATTLEGROUND.neighbour(0, 6)
    with pytest.raises(ValueError, match="direction"):
        BATTLEGROUND.neighbour(0, -1)


def test_cube_coordinates_round_trip():
    """BG-AMB-02: labels convert to cube coordinates."""
    for grid in GRIDS:
        for h in range(grid.size):
            q, r, s = grid.cube(h)
            assert q + r + s == 0
            assert grid.hex_at_cube(q, r, s) == h
            assert grid.hex_at_cube(q, r) == h
    assert BATTLEGROUND.hex_at_cube(-5, 0) is None
    with pytest.raises(ValueError, match="sum to 0"):
        BATTLEGROUND.hex_at_cube(1, 1, 1)


# ---------------------------------------------------------------------- hex distance


def bfs_distances(grid: HexGrid, start: int) -> list[int]:
    dist = [-1] * grid.size
    dist[start] = 0
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for n in grid.neighbours(h):
            if n is not None and dist[n] < 0:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


@pytest.mark.parametrize("grid", GRIDS, ids=grid_id)
def test_hex_distance_agrees_with_breadth_first_search(grid):
    """HR-3.1.2 / BG-AMB-12: steps between adjacent hexes on the shortest route, ignoring terrain."""
    starts = {0, grid.size - 1, grid.size // 2, grid.rows - 1, grid.size - grid.rows, 7 % grid.size}
    for start in sorted(starts):
        expected = bfs_distances(grid, start)
        assert [grid.hex_distance(start, h) for h in range(grid.size)] == expected
        assert [grid.hex_distance(h, start) for h in range(grid.size)] == expected


@pytest.mark.parametrize("grid", GRIDS, ids=grid_id)
@pytest.mark.parametrize("n", [-1, 0, 1, 2, 5, 40])
def test_within_is_every_board_hex_at_most_n_steps_away(grid, n):
    """BG-AMB-12: an area stated in hexes is the hex distance ≤ N from the centre hex."""
    for h in sorted({0, grid.size // 2, grid.size - 1}):
        expected = tuple(x for x in range(grid.size) if grid.hex_distance(h, x) <= n)
        assert grid.within(h, n) == expected


def test_within_one_is_the_hex_and_its_neighbours():
    grid = BATTLEGROUND
    k12 = grid.parse("K12")
    assert set(grid.within(k12, 1)) == {k12, *grid.neighbours(k12)}
    assert len(grid.within(k12, 2)) == 19
