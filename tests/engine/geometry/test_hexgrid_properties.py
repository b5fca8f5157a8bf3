"""Property tests (hypothesis) for the hex geometry: symmetry, agreement with float oracles, and the
invariants the rules layer relies on (BG-AMB-01, 06, 07, 08, 10, 18)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import HexGrid

GRIDS = (
    HexGrid(25, 30, "flat", "odd-q", 1.25),
    HexGrid(25, 30, "flat", "even-q", 1.0),
    HexGrid(25, 30, "pointy", "odd-r", 1.0),
    HexGrid(19, 23, "pointy", "even-r", 0.8),
)

PROPERTY_SETTINGS = settings(max_examples=100, deadline=None)


@st.composite
def grid_and_hexes(draw, count: int = 2):
    grid = draw(st.sampled_from(GRIDS))
    return (grid, *(draw(st.integers(0, grid.size - 1)) for _ in range(count)))


@st.composite
def grid_pair_and_blockers(draw):
    """Two hexes and a set of blockers around them (near enough to matter)."""
    grid, a, b = draw(grid_and_hexes())
    near = sorted(set(grid.within(a, 3)) | set(grid.within(b, 2)) | set(grid.line_hexes(a, b)[:12]))
    blockers = draw(st.frozensets(st.sampled_from(near), max_size=8))
    return grid, a, b, blockers


def point_segment_distance(p, u, v) -> float:
    ex, ey = v[0] - u[0], v[1] - u[1]
    length2 = ex * ex + ey * ey
    t = 0.0 if length2 == 0 else min(1.0, max(0.0, ((p[0] - u[0]) * ex + (p[1] - u[1]) * ey) / length2))
    return math.hypot(p[0] - u[0] - t * ex, p[1] - u[1] - t * ey)


# ---------------------------------------------------------------------- distances


@PROPERTY_SETTINGS
@given(grid_and_hexes(3))
def test_hex_distance_is_a_metric(args):
    grid, a, b, c = args
    assert grid.hex_distance(a, b) == grid.hex_distance(b, a)
    assert (grid.hex_distance(a, b) == 0) == (a == b)
    assert grid.hex_distance(a, c) <= grid.hex_distance(a, b) + grid.hex_distance(b, c)


@PROPERTY_SETTINGS
@given(grid_and_hexes())
def test_distance_in_is_symmetric_and_matches_floats(args):
    """BG-AMB-01: nearest points of the two closed hexagons, exact, symmetric."""
    grid, a, b = args
    d = grid.distance_in(a, b)
    assert d == grid.distance_in(b, a)
    expected = min(
        point_segment_distance(p, poly[i], poly[(i + 1) % 6])
        for first, poly in ((grid.corners(a), grid.corners(b)), (grid.corners(b), grid.corners(a)))
        for p in first
        for i in range(6)
    )
    assert math.isclose(d, expected, abs_tol=1e-9)
    assert (d == 0.0) == (grid.hex_distance(a, b) <= 1)
    # Each hex holds the disc of radius w/2 round its centre and lies inside the disc of radius R.
    centres = math.dist(grid.centre(a), grid.centre(b))
    w = grid.hex_width_in
    assert max(0.0, centres - 2 * w / math.sqrt(3)) - 1e-9 <= d <= max(0.0, centres - w) + 1e-9
    assert grid.in_range(a, b, d) and grid.in_range(b, a, d)


# ---------------------------------------------------------------------- line of sight


@PROPERTY_SETTINGS
@given(grid_and_hexes())
def test_los_without_blockers_is_symmetric(args):
    """BG-10.4.1: on an open board everyone sees everyone, both ways, under both readings."""
    grid, a, b = args
    assert grid.has_los(a, b, frozenset()) and grid.has_los(b, a, frozenset())
    assert grid.has_los(a, b, frozenset(), same_origin_corner=True)


@PROPERTY_SETTINGS
@given(grid_pair_and_blockers(), st.data())
def test_more_blockers_never_create_los(args, data):
    """Blocking is monotonic, and the same-origin reading is never more permissive (BG-AMB-08)."""
    grid, a, b, blockers = args
    fewer = (
        data.draw(st.frozensets(st.sampled_from(sorted(blockers)), max_size=len(blockers)))
        if blockers
        else blockers
    )
    with_all = grid.has_los(a, b, blockers)
    if with_all:
        assert grid.has_los(a, b, fewer)
    if grid.has_los(a, b, blockers, same_origin_corner=True):
        assert with_all
    # The lines listed as unblocked agree with the yes/no answer: LoS needs two of them.
    lines = grid.unblocked_lines(a, b, blockers)
    if with_all:
        assert len({j for _, j in lines}) >= 2


@PROPERTY_SETTINGS
@given(grid_pair_and_blockers())
def test_los_ignores_the_two_hexes_and_side_sharing_hexes_always_see(args):
    grid, a, b, blockers = args
    assert grid.has_los(a, b, blockers) == grid.has_los(a, b, blockers | {a, b})
    if grid.hex_distance(a, b) <= 1:
        assert grid.has_los(a, b, blockers)


# ---------------------------------------------------------------------- cover lines


@PROPERTY_SETTINGS
@given(grid_and_hexes())
def test_cover_line_is_symmetric_and_matches_sampling(args):
    """BG-AMB-10: the same hexes both ways; every hex the centre line visits is listed, and every listed
    hex really lies on the line."""
    grid, a, b = args
    forward = grid.cover_line(a, b)
    backward = grid.cover_line(b, a)
    assert set(forward) == set(backward)
    assert len(set(forward)) == len(forward)
    assert a not in forward and b not in forward
    (ax, ay), (bx, by) = grid.centre(a), grid.centre(b)
    radius = grid.hex_width_in / math.sqrt(3)
    for h in forward:
        assert point_segment_distance(grid.centre(h), (ax, ay), (bx, by)) <= radius + 1e-9
    # Samples strictly inside a hex (clear of its boundary) must belong to a listed hex. Only centres
    # within one width of the segment's bounding box can be nearest to a sample.
    w = grid.hex_width_in
    nearby = [
        h
        for h in range(grid.size)
        if min(ax, bx) - w <= grid.centre(h)[0] <= max(ax, bx) + w
        and min(ay, by) - w <= grid.centre(h)[1] <= max(ay, by) + w
    ]
    steps = 97
    for i in range(1, steps):
        x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
        ranked = sorted(nearby, key=lambda h: math.dist(grid.centre(h), (x, y)))[:2]
        first, second = ranked
        if math.dist(grid.centre(second), (x, y)) - math.dist(grid.centre(first), (x, y)) > 1e-6:
            assert first in forward or first in (a, b)


# ---------------------------------------------------------------------- facing


@PROPERTY_SETTINGS
@given(grid_and_hexes(), st.integers(0, 5))
def test_arcs_flip_with_the_facing(args, facing):
    """BG-AMB-06: facing the opposite side swaps front and rear and keeps halfway."""
    grid, h, other = args
    if h == other:
        return
    assert grid.arc(h, facing, other) == -grid.arc(h, (facing + 3) % 6, other)


@PROPERTY_SETTINGS
@given(grid_and_hexes())
def test_facings_toward_picks_the_closest_neighbour_centres(args):
    """BG-AMB-07: the neighbour-hex centres closest to the target centre; at most two tie."""
    grid, a, b = args
    if a == b:
        return
    chosen = grid.facings_toward(a, b)
    assert 1 <= len(chosen) <= 2
    target = grid.centre(b)
    cx, cy = grid.centre(a)
    w = grid.hex_width_in
    first = math.pi / 2 if grid.orientation == "flat" else math.pi / 3
    dists = []
    for d in range(6):
        angle = first - d * math.pi / 3
        dists.append(math.dist((cx + w * math.cos(angle), cy - w * math.sin(angle)), target))
    best = min(dists)
    assert {d for d in range(6) if dists[d] - best < 1e-9} == set(chosen)
    assert all(grid.arc(a, d, b) == 1 for d in chosen)


# ---------------------------------------------------------------------- hex lines and pushes


@PROPERTY_SETTINGS
@given(grid_and_hexes())
def test_line_hexes_is_a_connected_shortest_line(args):
    grid, a, b = args
    line = grid.line_hexes(a, b)
    n = grid.hex_distance(a, b)
    assert len(line) == n + 1 and line[0] == a and line[-1] == b
    for i, h in enumerate(line):
        assert grid.hex_distance(a, h) == i
    for first, second in zip(line, line[1:], strict=False):
        assert grid.direction_to(first, second) is not None
    # Ties are broken by a fixed rule, so the line reads the same both ways.
    assert grid.line_hexes(b, a) == line[::-1]


@PROPERTY_SETTINGS
@given(grid_and_hexes(), st.integers(0, 8), st.booleans())
def test_push_lines_move_one_hex_at_a_time(args, steps, away):
    """BG-18.5.1: every step goes to a hex sharing a side with (one of) the previous step's hexes,
    moving one further from (push) or closer to (pull) the source, never into it."""
    grid, source, target = args
    if source == target:
        return
    line = grid.push_line(source, target, steps, away)
    assert len(line) <= steps
    n = grid.hex_distance(source, target)
    previous = (target,)
    for k, options in enumerate(line, start=1):
        assert 1 <= len(options) <= 2 and list(options) == sorted(options)
        for h in options:
            assert h != source
            assert any(grid.direction_to(p, h) is not None for p in previous)
            assert grid.hex_distance(source, h) == (n + k if away else n - k)
        previous = options
