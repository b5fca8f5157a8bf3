"""One hex map: labels, adjacency, distances, line of sight, cover lines, arcs and push lines.

Shared by the hex games (Masters of the Universe: Battleground, Hoplomachus). Rule ids refer to
``shared/rules/battleground.md``; the geometric proposals followed are BG-AMB-01, 02, 05, 06, 07, 08,
09, 10, 11, 12 and 18.

Hex ids. A hex is a small int ``h = col_index * rows + (row - 1)``, ``0 <= h < grid.size``. Labels are
``<column letters><row number>`` (BG-2.1.2): columns A, B, …, Z, AA, AB, …; rows from 1.

Directions. ``0..5`` are the six sides of a hex, clockwise as seen on the printed map (row 1 at the top):

* flat-topped grids: 0 N (the side towards row 1), 1 NE, 2 SE, 3 S, 4 SW, 5 NW;
* pointy-topped grids: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW.

``(d + 3) % 6`` is the opposite side. Corner ``d`` is the corner where side ``d - 1`` meets side ``d``
(clockwise order), so side ``d`` runs from corner ``d`` to corner ``(d + 1) % 6``.

Geometry in inches: x grows towards later columns, y towards higher rows, the centre of A1 is the origin
(0, 0). Hex centres of neighbours are ``hex_width_in`` apart and the circumradius is ``hex_width_in/√3``
(BG-AMB-01). Every yes/no geometric question (line of sight, cover, arcs, facing ties, push ties) is
decided with exact integer arithmetic on a lattice (see :mod:`engine.geometry.layout`); floats are only
used to report inches.

What stays outside: terrain and heights. Callers choose which hexes block (BG-10.4.2–10.4.4, BG-AMB-09),
which hexes on a cover line give cover (BG-13.3, BG-AMB-10/11), and whether side-sharing hexes are
"adjacent" for the rules (heights, edge blockers: BG-2.1.4, BG-AMB-05). ``neighbour`` and friends only
describe the grid.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable
from fractions import Fraction

from engine.geometry import lattice
from engine.geometry.labels import column_index, column_letters
from engine.geometry.layout import (
    AXIAL_DIRECTIONS,
    LATTICE_CORNERS,
    METRIC,
    OFFSETS,
    STEP_NORM2,
    axial_to_lattice,
    lattice_to_inches,
    offset_to_axial,
)

#: Tolerance for range comparisons in inches (BG-AMB-01: "compare with ≤ using a small tolerance").
RANGE_TOLERANCE_IN = 1e-9

#: Bound on the number of memoised line-of-sight / cover-line answers per grid.
LOS_CACHE_SIZE = 16384
COVER_CACHE_SIZE = 8192
FACINGS_CACHE_SIZE = 20_000  # facings_toward answers kept per grid (then forgotten all at once)

_LABEL_RE = re.compile(r"([A-Za-z]+)([0-9]+)")


class HexGrid:
    """A rectangular hex map of ``columns × rows`` hexes (BG-2.1, BG-AMB-01, BG-AMB-02).

    ``orientation`` is ``"flat"`` (flat-topped hexes, columns are vertical zig-zags; ``offset`` is
    ``"odd-q"`` or ``"even-q"``) or ``"pointy"`` (pointy-topped, rows are horizontal zig-zags;
    ``offset`` is ``"odd-r"`` or ``"even-r"``). Parities count 0-based indices: with ``"odd-q"`` the
    columns B, D, F, … sit half a hex lower than A, C, E, …; with ``"odd-r"`` rows 2, 4, 6, … sit half a
    hex further east. ``hex_width_in`` is the flat-to-flat width of one hex in inches (BG-AMB-01).

    Raises ValueError for a non-positive size, an unknown orientation, an offset that does not belong
    to the orientation, or a width that is not a positive finite number.

    Treat instances as immutable values: build one per map and reuse it. All per-hex tables are
    precomputed; distances are memoised per coordinate delta (a table bounded by the map size) and
    line-of-sight and cover answers in bounded LRU caches. Copies return the same object and pickling
    rebuilds from the parameters.
    """

    def __init__(self, columns: int, rows: int, orientation: str, offset: str, hex_width_in: float):
        if not isinstance(columns, int) or not isinstance(rows, int) or columns < 1 or rows < 1:
            raise ValueError(f"a map needs at least one column and one row, got {columns}×{rows}")
        if orientation not in OFFSETS:
            raise ValueError(f"orientation must be 'flat' or 'pointy', got {orientation!r}")
        if offset not in OFFSETS[orientation]:
            allowed = " or ".join(repr(name) for name in OFFSETS[orientation])
            raise ValueError(f"a {orientation}-topped grid needs offset {allowed}, got {offset!r}")
        if (
            isinstance(hex_width_in, bool)
            or not isinstance(hex_width_in, int | float)
            or not math.isfinite(hex_width_in)
            or hex_width_in <= 0
        ):
            raise ValueError(f"hex_width_in must be a positive number of inches, got {hex_width_in!r}")

        self.columns = columns
        self.rows = rows
        self.orientation = orientation
        self.offset = offset
        self.hex_width_in = float(hex_width_in)
        self.size = columns * rows
        self._facings: dict[
            tuple[int, int], tuple[int, ...]
        ] = {}  # facings_toward, asked per attack and turn

        self._kx, self._ky = METRIC[orientation]
        self._axial_dirs = AXIAL_DIRECTIONS[orientation]
        self._lattice_dirs = tuple(axial_to_lattice(orientation, dq, dr) for dq, dr in self._axial_dirs)
        corner_template = LATTICE_CORNERS[orientation]
        self._corner_template = corner_template
        unit_x, unit_y = lattice_to_inches(orientation, self.hex_width_in)

        axial: list[tuple[int, int]] = []
        for col in range(columns):
            for row in range(rows):
                axial.append(offset_to_axial(offset, col, row))
        self._axial = tuple(axial)
        self._id_at = {qr: h for h, qr in enumerate(axial)}
        self._lattice = tuple(axial_to_lattice(orientation, q, r) for q, r in axial)
        self._lattice_corners = tuple(
            tuple((x + cx, y + cy) for cx, cy in corner_template) for x, y in self._lattice
        )
        self._boxes = tuple(lattice.bounding_box(corners) for corners in self._lattice_corners)
        self._half_planes = tuple(lattice.half_planes(corners) for corners in self._lattice_corners)
        self._centres = tuple((x * unit_x, y * unit_y) for x, y in self._lattice)
        self._corners = tuple(
            tuple((cx * unit_x, cy * unit_y) for cx, cy in corners) for corners in self._lattice_corners
        )
        id_at = self._id_at
        self._neighbours = tuple(
            tuple(id_at.get((q + dq, r + dr)) for dq, dr in self._axial_dirs) for q, r in axial
        )
        self._distance_cache: dict[tuple[int, int], float] = {}
        self._los_cached = functools.lru_cache(maxsize=LOS_CACHE_SIZE)(self._has_los_uncached)
        # The blockers near a pair of hexes, per set of blockers a caller passes again and again (a map's
        # high obstacles): scanning every blocker led the time of a sight check.
        self._relevant_cached = functools.lru_cache(maxsize=LOS_CACHE_SIZE)(self._relevant_uncached)
        self._cover_cached = functools.lru_cache(maxsize=COVER_CACHE_SIZE)(self._cover_line_uncached)

    # ------------------------------------------------------------------ value-object behaviour

    def _key(self) -> tuple:
        return self.columns, self.rows, self.orientation, self.offset, self.hex_width_in

    def __repr__(self) -> str:
        return (
            f"HexGrid(columns={self.columns}, rows={self.rows}, orientation={self.orientation!r}, "
            f"offset={self.offset!r}, hex_width_in={self.hex_width_in!r})"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HexGrid) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self):
        # Rebuild from the parameters: the caches are not worth shipping and cannot be pickled.
        return HexGrid, self._key()

    def __copy__(self) -> HexGrid:
        return self  # immutable

    def __deepcopy__(self, memo: dict) -> HexGrid:
        return self  # immutable; game states holding a grid can be deep-copied cheaply

    # ------------------------------------------------------------------ labels and validation

    def _map_name(self) -> str:
        return f"{self.columns}×{self.rows} map"

    def _check(self, h: int) -> None:
        if not 0 <= h < self.size:
            raise ValueError(f"{h!r} is not a hex id of this {self._map_name()} (0–{self.size - 1})")

    @staticmethod
    def _check_direction(d: int) -> None:
        if d not in (0, 1, 2, 3, 4, 5):
            raise ValueError(f"a direction is 0..5, got {d!r}")

    def parse(self, label: str) -> int:
        """Hex id of a label such as ``"K12"`` (case-insensitive, surrounding spaces ignored).

        Raises TypeError if ``label`` is not a str, and ValueError with a readable message if it is not
        a label (``"K"``, ``"12"``) or names a hex that is not on this map (``"Z99"``).
        """
        if not isinstance(label, str):
            raise TypeError(f"a hex label is a string such as 'K12', got {label!r}")
        match = _LABEL_RE.fullmatch(label.strip())
        if match is None:
            raise ValueError(
                f"{label!r} is not a hex label: expected column letters then a row number, such as 'K12'"
            )
        col = column_index(match.group(1))
        row = int(match.group(2))
        if col >= self.columns or not 1 <= row <= self.rows:
            raise ValueError(
                f"{label!r} is not a hex of this {self._map_name()} "
                f"(columns A–{column_letters(self.columns - 1)}, rows 1–{self.rows})"
            )
        return col * self.rows + (row - 1)

    def label(self, h: int) -> str:
        """Label of hex ``h``, e.g. ``"K12"``. Raises ValueError if ``h`` is not on this map."""
        self._check(h)
        col, row = divmod(h, self.rows)
        return f"{column_letters(col)}{row + 1}"

    # ------------------------------------------------------------------ adjacency

    def neighbour(self, h: int, d: int) -> int | None:
        """The hex across side ``d`` of ``h``, or None if that is off the board.

        Grid adjacency only: heights and edge blockers (BG-2.1.4, BG-AMB-05) are the caller's business.
        """
        self._check(h)
        self._check_direction(d)
        return self._neighbours[h][d]

    def neighbours(self, h: int) -> tuple[int | None, ...]:
        """The six hexes across the sides of ``h``, indexed by direction (None where off the board)."""
        self._check(h)
        return self._neighbours[h]

    def direction_to(self, a: int, b: int) -> int | None:
        """The side of ``a`` that ``b`` lies across if they share a side, else None (also for a == b)."""
        self._check(a)
        self._check(b)
        row = self._neighbours[a]
        return row.index(b) if b in row else None

    def cube(self, h: int) -> tuple[int, int, int]:
        """Cube coordinates ``(q, r, s)`` of ``h`` (``q + r + s == 0``; BG-AMB-02)."""
        self._check(h)
        q, r = self._axial[h]
        return q, r, -q - r

    def direction_vector(self, d: int) -> tuple[int, int]:
        """Axial ``(dq, dr)`` of one step across side ``d`` (the same for every hex of the grid)."""
        self._check_direction(d)
        return self._axial_dirs[d]

    def hex_at_cube(self, q: int, r: int, s: int | None = None) -> int | None:
        """The hex with cube coordinates ``(q, r, s)``, or None if off the board.

        Raises ValueError if ``s`` is given and ``q + r + s != 0``.
        """
        if s is not None and q + r + s != 0:
            raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
        return self._id_at.get((q, r))

    # ------------------------------------------------------------------ distances

    def hex_distance(self, a: int, b: int) -> int:
        """Number of steps between ``a`` and ``b`` on an unbounded grid, ignoring terrain (HR-3.1.2).

        On a rectangular offset map a shortest path never needs to leave the board, so this is also the
        board distance.
        """
        self._check(a)
        self._check(b)
        return self._axial_distance(self._axial[a], self._axial[b])

    def nearest_distance(self, hexes_a: Iterable[int], hexes_b: Iterable[int]) -> int:
        """``min(hex_distance(a, b) for a in hexes_a for b in hexes_b)`` in one loop, each id checked once
        (the distance between two bases, BG-19.1). Raises ValueError if either is empty or holds an id not
        on the map."""
        axial = self._axial
        others = []
        for b in hexes_b:
            self._check(b)
            others.append(axial[b])
        best = None
        for a in hexes_a:
            self._check(a)
            qa, ra = axial[a]
            for qb, rb in others:
                dq, dr = qa - qb, ra - rb
                n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                if best is None or n < best:
                    best = n
        if best is None:
            raise ValueError("the distance between two sets of hexes needs a hex in each")
        return best

    def axial_table(self) -> tuple[tuple[int, int], ...]:
        """The axial coordinates ``(q, r)`` of every hex, by id: for searches that measure
        ``hex_distance`` to every hex they reach without a call each (``(|dq| + |dr| + |dq + dr|) // 2``)."""
        return self._axial

    @staticmethod
    def _axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
        dq = a[0] - b[0]
        dr = a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def within(self, h: int, n: int) -> tuple[int, ...]:
        """All hexes of the board with ``hex_distance(h, x) <= n``, ``h`` included, in id order.

        Empty for ``n < 0``. Used for areas stated in hexes (BG-AMB-12).
        """
        self._check(h)
        q0, r0 = self._axial[h]
        id_at = self._id_at
        found = []
        for dq in range(-n, n + 1):
            for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
                x = id_at.get((q0 + dq, r0 + dr))
                if x is not None:
                    found.append(x)
        return tuple(sorted(found))

    def distance_in(self, a: int, b: int) -> float:
        """Distance in inches between the nearest points of the closed hexes ``a`` and ``b``.

        BG-2.3.2, BG-10.3.5, BG-AMB-01: the exact Euclidean minimum over every corner of one hexagon
        against every side of the other; 0 for the same or side-sharing hexes; ``(n - 1) * hex_width_in``
        for hexes ``n`` steps apart along a grid axis. The squared distance is computed as an exact
        fraction and only its square root is a float. Memoised per coordinate delta.

        Raises ValueError for ids not on the map.
        """
        self._check(a)
        self._check(b)
        ax, ay = self._lattice[a]
        bx, by = self._lattice[b]
        # Hexes are symmetric under both reflections x → -x and y → -y, so |delta| is enough.
        key = (abs(bx - ax), abs(by - ay))
        cached = self._distance_cache.get(key)
        if cached is None:
            cached = self._distance_for_delta(*key)
            self._distance_cache[key] = cached
        return cached

    def _distance_for_delta(self, dx: int, dy: int) -> float:
        if dx == 0 and dy == 0:
            return 0.0
        template = self._corner_template
        other = tuple((x + dx, y + dy) for x, y in template)
        weighted = lattice.polygon_distance2(template, other, self._kx, self._ky)
        # Weighted squared lattice lengths are (true length)² · 12 / w².
        ratio = Fraction(weighted) / STEP_NORM2
        num_root = math.isqrt(ratio.numerator)
        den_root = math.isqrt(ratio.denominator)
        if num_root * num_root == ratio.numerator and den_root * den_root == ratio.denominator:
            # A rational ratio (every on-axis distance): keep it exact, e.g. exactly 2·w for 3 steps.
            return float(Fraction(num_root, den_root)) * self.hex_width_in
        return math.sqrt(ratio) * self.hex_width_in

    def in_range(self, a: int, b: int, max_in: float) -> bool:
        """True iff ``distance_in(a, b) <= max_in`` within :data:`RANGE_TOLERANCE_IN` (BG-10.3.5,
        BG-AMB-01)."""
        return self.distance_in(a, b) <= max_in + RANGE_TOLERANCE_IN

    def centre(self, h: int) -> tuple[float, float]:
        """Centre of ``h`` in inches (x east, y towards higher rows, A1 at the origin)."""
        self._check(h)
        return self._centres[h]

    def corners(self, h: int) -> tuple[tuple[float, float], ...]:
        """The six corners of ``h`` in inches, clockwise; side ``d`` runs from corner ``d`` to ``d + 1``."""
        self._check(h)
        return self._corners[h]

    # ------------------------------------------------------------------ line of sight

    def has_los(self, a: int, b: int, blockers: frozenset[int], same_origin_corner: bool = False) -> bool:
        """Line of sight from ``a`` to ``b`` (BG-10.4.1, BG-AMB-08).

        A candidate line is a segment from one of the 6 corners of ``a`` to one of the 6 corners of
        ``b`` (a zero-length "segment", possible between side-sharing hexes, is not a line). It is
        blocked iff it meets the interior of the union of the closed ``blockers`` hexes: grazing the
        outer boundary of that union (along a side or through a corner) does not block, while running
        along the side shared by two blocker hexes does, since that side is inside the union.

        LoS exists iff two unblocked lines end at two different corners of ``b`` and do not overlap
        (they are not collinear with a shared part of positive length). With ``same_origin_corner``
        both lines must also start at the same corner of ``a`` (the ``los_same_origin_corner`` reading).

        ``blockers`` are hex ids chosen by the caller (high obstacles that count under BG-10.4.2–10.4.4;
        BG-10.4.5 platform shadows are checked before calling). ``a`` and ``b`` are never blockers and
        are ignored if present. LoS is not symmetric in general. Raises ValueError for ids not on the map.
        """
        self._check(a)
        self._check(b)
        return self._los_cached(a, b, self._relevant_blockers(a, b, blockers), bool(same_origin_corner))

    def _relevant_blockers(self, a: int, b: int, blockers: Iterable[int]) -> frozenset[int]:
        """The blockers that could touch a corner-to-corner line: those whose bounding box meets the
        bounding box of ``a ∪ b``. Keeps the cache keys small and shared between calls."""
        if isinstance(blockers, frozenset):
            return self._relevant_cached(a, b, blockers)
        return self._relevant_uncached(a, b, blockers)

    def _relevant_uncached(self, a: int, b: int, blockers: Iterable[int]) -> frozenset[int]:
        box_a, box_b = self._boxes[a], self._boxes[b]
        region = (
            min(box_a[0], box_b[0]),
            min(box_a[1], box_b[1]),
            max(box_a[2], box_b[2]),
            max(box_a[3], box_b[3]),
        )
        boxes = self._boxes
        relevant = []
        for x in blockers:
            self._check(x)
            if x != a and x != b and lattice.boxes_overlap(region, boxes[x]):
                relevant.append(x)
        return frozenset(relevant)

    def unblocked_lines(self, a: int, b: int, blockers: frozenset[int]) -> tuple[tuple[int, int], ...]:
        """The candidate lines of BG-AMB-08 from ``a`` to ``b`` that ``blockers`` do not block, as
        ``(corner of a, corner of b)`` index pairs in the numbering of :meth:`corners`, ascending.

        Same blocking test as :meth:`has_los`; meant for explanations, logs and tests. Not memoised.
        """
        self._check(a)
        self._check(b)
        blocked = self._line_blocker(self._relevant_blockers(a, b, blockers))
        return tuple(
            (i, j)
            for i, p in enumerate(self._lattice_corners[a])
            for j, q in enumerate(self._lattice_corners[b])
            if p != q and not blocked(p, q)
        )

    def _line_blocker(self, relevant: frozenset[int]):
        """A predicate ``blocked(p, q)`` on lattice segments: does ``p→q`` meet the interior of the union
        of the ``relevant`` closed hexes (BG-AMB-08)?"""
        hexes = [(self._lattice[x], self._boxes[x], self._half_planes[x]) for x in relevant]
        # The interior of the union is the open hexes plus the sides shared by two blockers (and their
        # common corners, which a segment can only reach through one of those). Directions 0..2 visit
        # each shared side once.
        inner_sides = []
        for x in relevant:
            corners = self._lattice_corners[x]
            for d in range(3):
                if self._neighbours[x][d] in relevant:
                    inner_sides.append((corners[d], corners[(d + 1) % 6]))
        kxy = self._kx * self._ky
        # Weighted squared circumradius: (w/√3)² is 12/3 = 4 weighted units (see layout.METRIC).
        radius2 = STEP_NORM2 // 3

        def blocked(p: lattice.Point, q: lattice.Point) -> bool:
            px, py = p
            dx, dy = q[0] - px, q[1] - py
            # A hex whose centre is at least a circumradius from the line cannot meet it inside.
            limit = radius2 * (self._kx * dx * dx + self._ky * dy * dy)
            seg_box = (min(px, q[0]), min(py, q[1]), max(px, q[0]), max(py, q[1]))
            for (cx, cy), box, planes in hexes:
                area = dx * (cy - py) - dy * (cx - px)
                if (
                    kxy * area * area < limit
                    and lattice.boxes_overlap(seg_box, box)
                    and lattice.clip_to_half_planes(p, q, planes, strict=True) is not None
                ):
                    return True
            return any(lattice.collinear_overlap(p, q, u, v) for u, v in inner_sides)

        return blocked

    def _has_los_uncached(self, a: int, b: int, relevant: frozenset[int], same_origin: bool) -> bool:
        blocked = self._line_blocker(relevant)
        unblocked: list[tuple[int, int, lattice.Point, lattice.Point]] = []
        for i, p in enumerate(self._lattice_corners[a]):
            for j, q in enumerate(self._lattice_corners[b]):
                if p == q or blocked(p, q):
                    continue
                # Stop at the first pair of lines that qualifies (BG-10.4.1).
                for i2, j2, p2, q2 in unblocked:
                    if j2 == j or (same_origin and i2 != i):
                        continue
                    if not lattice.collinear_overlap(p, q, p2, q2):
                        return True
                unblocked.append((i, j, p, q))
        return False

    # ------------------------------------------------------------------ cover lines

    def cover_line(self, a: int, b: int) -> tuple[int, ...]:
        """Hexes other than ``a`` and ``b`` that the centre-to-centre segment passes through
        (BG-13.3.2, BG-AMB-10), ordered from ``a`` towards ``b`` (then by id).

        "Passes through" means the segment meets the closed hex in more than a single point: it crosses
        the interior or runs along one of its sides (then both hexes of that side are listed). A hex
        touched only at a corner is not listed. The caller drops the hexes adjacent to the attacker
        (BG-AMB-10), or to the massive target (BG-19.9), and decides what gives cover.
        Empty for ``a == b``. Raises ValueError for ids not on the map.
        """
        self._check(a)
        self._check(b)
        if a == b:
            return ()
        return self._cover_cached(a, b)

    def _cover_line_uncached(self, a: int, b: int) -> tuple[int, ...]:
        p, q = self._lattice[a], self._lattice[b]
        # Every hex the segment meets is a hex of the cube-rounded line or a neighbour of one: a point
        # of the segment lies within w/2 of some sample, so the centres of the hexes holding the point
        # and the sample are at most R + w/2 + R ≈ 1.65·w apart, less than the √3·w of any hex two
        # steps away.
        candidates: set[int] = set()
        for h in self.line_hexes(a, b):
            candidates.add(h)
            candidates.update(x for x in self._neighbours[h] if x is not None)
        candidates.discard(a)
        candidates.discard(b)
        return self._segment_through(p, q, candidates, 1)

    def _segment_through(self, p, q, candidates, scale: int) -> tuple[int, ...]:
        """The ``candidates`` the segment p→q passes through (more than a single point of the closed
        hex), ordered from p; p and q are lattice points scaled by ``scale``."""
        hits = []
        for h in candidates:
            planes = self._half_planes[h]
            if scale != 1:
                planes = tuple((pa, pb, pc * scale) for pa, pb, pc in planes)
            clipped = lattice.clip_to_half_planes(p, q, planes, strict=False)
            if clipped is None:
                continue
            lo_n, lo_d, hi_n, hi_d = clipped
            if lo_n * hi_d < hi_n * lo_d:
                hits.append((Fraction(lo_n, lo_d), h))
        hits.sort()
        return tuple(h for _, h in hits)

    def cover_line_to_base(self, a: int, base: frozenset[int] | tuple[int, ...]) -> tuple[int, ...]:
        """Like :meth:`cover_line`, to the centre of a multi-hex base (the mean of its hex centres) instead
        of a hex centre (BG-13.3.2 measures from base centre to base centre; BG-13.3.5, BG-19.9).

        The hexes of ``base`` and ``a`` are left out; the order is from ``a`` outward (then by id). Meant
        for compact bases (a few hexes); not memoised. Raises ValueError for an empty base, a base holding
        ``a``, or ids not on the map.
        """
        self._check(a)
        cells = sorted(set(base))
        if not cells:
            raise ValueError("a base covers at least one hex")
        for c in cells:
            self._check(c)
        if a in cells:
            raise ValueError("the line starts outside the base")
        if len(cells) == 1:
            return self.cover_line(a, cells[0])
        n = len(cells)
        p = tuple(n * v for v in self._lattice[a])  # scaled by n so the base centre is a lattice point
        q = (sum(self._lattice[c][0] for c in cells), sum(self._lattice[c][1] for c in cells))
        # Every hex the segment meets lies within two steps of a hex line from a to some base hex (the
        # base centre lies inside the base's hull).
        candidates: set[int] = set()
        for c in cells:
            for h in self.line_hexes(a, c):
                candidates.add(h)
                for x in self._neighbours[h]:
                    if x is not None:
                        candidates.add(x)
                        candidates.update(y for y in self._neighbours[x] if y is not None)
        candidates.difference_update(cells)
        candidates.discard(a)
        return self._segment_through(p, q, candidates, n)

    # ------------------------------------------------------------------ facing

    def arc(self, h: int, facing: int, other: int) -> int:
        """Which arc of a miniature on ``h`` facing side ``facing`` the hex ``other`` lies in
        (BG-12.2, BG-AMB-06): +1 front, 0 halfway, -1 rear.

        The sign of ``(centre(other) - centre(h)) · f`` where ``f`` points from the centre of ``h`` to
        the midpoint of side ``facing``, computed exactly. For the six side-sharing hexes: the faced hex
        and the two beside it (±60°) are front, the other three (±120°, 180°) are rear; none is halfway.
        Raises ValueError if ``other == h``, for a bad direction or ids not on the map.
        """
        self._check(h)
        self._check(other)
        self._check_direction(facing)
        if other == h:
            raise ValueError("a hex is in no arc of a miniature standing on it")
        hx, hy = self._lattice[h]
        ox, oy = self._lattice[other]
        fx, fy = self._lattice_dirs[facing]
        dot = self._kx * (ox - hx) * fx + self._ky * (oy - hy) * fy
        return (dot > 0) - (dot < 0)

    def facings_toward(self, a: int, b: int) -> tuple[int, ...]:
        """Directions ``d`` (ascending) whose neighbouring hex centre of ``a`` is closest to the centre
        of ``b`` (BG-10.3.1, BG-AMB-07); several on an exact tie, for the controller to choose.

        Neighbour positions off the board still count (a miniature may face the board edge). For a
        side-sharing ``b`` this is ``(direction_to(a, b),)``. Raises ValueError if ``a == b``.

        Remembered per pair of hex ids (at most a few thousand answers a game uses; the grid is immutable).
        """
        known = self._facings.get((a, b)) if type(a) is int and type(b) is int else None
        if known is not None:
            return known
        self._check(a)
        self._check(b)
        if a == b:
            raise ValueError("a hex has no facing toward itself")
        ax, ay = self._lattice[a]
        bx, by = self._lattice[b]
        kx, ky = self._kx, self._ky
        dist2 = []
        for fx, fy in self._lattice_dirs:
            dx, dy = bx - (ax + fx), by - (ay + fy)
            dist2.append(kx * dx * dx + ky * dy * dy)
        best = min(dist2)
        found = tuple(d for d in range(6) if dist2[d] == best)
        if type(a) is int and type(b) is int:
            if len(self._facings) >= FACINGS_CACHE_SIZE:
                self._facings.clear()  # bounded: a long-running worker never grows it past this
            self._facings[(a, b)] = found
        return found

    def faced_distance2(self, h: int, d: int, targets: Iterable[int]) -> int:
        """Exact weighted squared distance (lattice units, see :data:`STEP_NORM2`) from the centre of
        the hex across side ``d`` of ``h`` (on or off the board) to the nearest centre of ``targets``.

        Compares facings toward a massive target (BG-AMB-07: the nearest occupied hex centre) and the
        facings of a massive miniature (BG-19.7). Raises ValueError for an empty ``targets``."""
        self._check(h)
        self._check_direction(d)
        hx, hy = self._lattice[h]
        fx, fy = self._lattice_dirs[d]
        px, py = hx + fx, hy + fy
        best = None
        for t in targets:
            self._check(t)
            tx, ty = self._lattice[t]
            d2 = self._kx * (tx - px) ** 2 + self._ky * (ty - py) ** 2
            best = d2 if best is None or d2 < best else best
        if best is None:
            raise ValueError("no target hexes to face")
        return best

    # ------------------------------------------------------------------ hex lines

    def _containing(self, num_q: int, num_r: int, den: int) -> list[tuple[int, int]]:
        """Axial centres of the closed hexes containing the point ``(num_q/den, num_r/den)``: one, two
        (on a side) or three (on a corner). Exact: the hexes are the Voronoi cells of their centres."""
        # A containing centre is within 2/3 of the point on each axial coordinate, so within 1 of the
        # per-coordinate rounding.
        base_q = (2 * num_q + den) // (2 * den)
        base_r = (2 * num_r + den) // (2 * den)
        best: int | None = None
        found: list[tuple[int, int]] = []
        for cq in (base_q - 1, base_q, base_q + 1):
            for cr in (base_r - 1, base_r, base_r + 1):
                dq = num_q - cq * den
                dr = num_r - cr * den
                d2 = dq * dq + dr * dr + dq * dr  # proportional to the Euclidean distance squared
                if best is None or d2 < best:
                    best, found = d2, [(cq, cr)]
                elif d2 == best:
                    found.append((cq, cr))
        return found

    def line_hexes(self, a: int, b: int) -> tuple[int, ...]:
        """The standard cube-rounded hex line from ``a`` to ``b``, both included, one hex per step
        (``hex_distance(a, b) + 1`` hexes, each side-sharing the previous one).

        Sample ``i`` is the point ``i/N`` of the way between the centres, rounded exactly to the hex
        containing it. When a sample lies on a side or corner, a hex on the board is preferred, then the
        one the usual nudge ``(+1e-6, +2e-6, -3e-6)`` in cube coordinates would pick, so the line is
        deterministic.
        """
        self._check(a)
        self._check(b)
        n = self.hex_distance(a, b)
        if n == 0:
            return (a,)
        q0, r0 = self._axial[a]
        q1, r1 = self._axial[b]
        id_at = self._id_at
        line = []
        for i in range(n + 1):
            num_q = q0 * n + i * (q1 - q0)
            num_r = r0 * n + i * (r1 - r0)
            options = self._containing(num_q, num_r, n)
            on_board = [c for c in options if c in id_at] or options
            if len(on_board) > 1:
                # Infinitesimal nudge along axial (1, 2): the nearest centre of the nudged point is the
                # one minimising <point - centre, (1, 2)>, i.e. 4·dq + 5·dr in axial units.
                on_board.sort(key=lambda c, nq=num_q, nr=num_r: 4 * (nq - c[0] * n) + 5 * (nr - c[1] * n))
            line.append(id_at[on_board[0]])
        return tuple(line)

    def ray(self, h: int, d: int, steps: int) -> tuple[int, ...]:
        """The hexes met crossing side ``d`` ``steps`` times from ``h`` (``h`` excluded): a straight line
        along a hex axis (BG-18.5.1), cut at the board edge. Raises ValueError for a bad hex, direction or
        a negative ``steps``."""
        self._check(h)
        self._check_direction(d)
        if steps < 0:
            raise ValueError(f"steps must be ≥ 0, got {steps}")
        line = []
        for _ in range(steps):
            h = self._neighbours[h][d]
            if h is None:
                break
            line.append(h)
        return tuple(line)

    def push_line(self, source: int, target: int, steps: int, away: bool) -> list[tuple[int, ...]]:
        """Hexes of a straight push away from ``source`` (``away=True``) or pull toward it
        (``away=False``) of the miniature on ``target``, one tuple per step (BG-18.5.1–18.5.2,
        BG-AMB-18 problem 2).

        When ``source`` and ``target`` lie on a common hex axis the line continues along that axis.
        Otherwise step ``k`` is the hex containing the point of the line through both centres at
        ``(N + k)/N`` of the way from ``source`` (push) or ``k/N`` of the way from ``target`` back to
        ``source`` (pull), ``N = hex_distance``: the cube-coordinate hex line, extended. When that point
        lies exactly on a side or corner the tuple lists every such hex on the board (ascending ids);
        the controller chooses and the log records the choice. The line itself is fixed, so later steps
        do not depend on that choice.

        The list stops at the board edge (the first step with no hex on the board), and a pull stops
        before entering ``source``. Terrain and miniatures (BG-18.5.3) are the caller's business.
        Raises ValueError if ``source == target`` or ``steps < 0``.
        """
        self._check(source)
        self._check(target)
        if source == target:
            raise ValueError("a miniature cannot be pushed or pulled by a source in its own hex")
        if steps < 0:
            raise ValueError(f"steps must be ≥ 0, got {steps}")
        qs, rs = self._axial[source]
        qt, rt = self._axial[target]
        dq, dr = qt - qs, rt - rs
        n = self._axial_distance((qs, rs), (qt, rt))
        line: list[tuple[int, ...]] = []

        if dq == 0 or dr == 0 or dq == -dr:
            # Common axis: step by the unit direction from source to target (or back, for a pull).
            unit = (dq // n, dr // n) if away else (-dq // n, -dr // n)
            d = self._axial_dirs.index(unit)
            current = target
            limit = steps if away else min(steps, n - 1)
            for _ in range(limit):
                nxt = self._neighbours[current][d]
                if nxt is None:
                    break
                line.append((nxt,))
                current = nxt
            return line

        limit = steps if away else min(steps, n - 1)
        for k in range(1, limit + 1):
            if away:
                num_q, num_r = qs * n + (n + k) * dq, rs * n + (n + k) * dr
            else:
                num_q, num_r = qt * n - k * dq, rt * n - k * dr
            options = sorted(self._id_at[c] for c in self._containing(num_q, num_r, n) if c in self._id_at)
            options = [h for h in options if h != source]
            if not options:
                break
            line.append(tuple(options))
        return line

    # ------------------------------------------------------------------ massive bases

    def footprint_neighbours(self, hexes: frozenset[int]) -> frozenset[int]:
        """Every board hex sharing a side with some hex of the footprint ``hexes``, minus the footprint
        itself (BG-19.1, BG-19.9)."""
        found: set[int] = set()
        for h in hexes:
            self._check(h)
            found.update(x for x in self._neighbours[h] if x is not None)
        return frozenset(found.difference(hexes))

    def translate(self, hexes: frozenset[int], direction: int) -> frozenset[int] | None:
        """The footprint moved one hex in ``direction`` (one massive step, BG-19.2, BG-AMB-28), or None
        if any part would leave the board."""
        self._check_direction(direction)
        moved = []
        for h in hexes:
            self._check(h)
            x = self._neighbours[h][direction]
            if x is None:
                return None
            moved.append(x)
        return frozenset(moved)
