"""Exact predicates on integer lattice points (BG-AMB-08, BG-AMB-10, BG-AMB-01).

Hex corners and centres are integer points of the lattice described in :mod:`engine.geometry.layout`.
Incidence questions (does a segment meet an open polygon, do two segments overlap) are invariant under
the affine map from the lattice to inches, so they are answered here with integer arithmetic only; no
float ever decides a line-of-sight or cover question. Metric questions (squared distances) take the
lattice weights ``(kx, ky)`` and return exact :class:`fractions.Fraction` values.

Points are ``(x, y)`` tuples of ints; polygons are tuples of points listing the vertices of a convex
polygon in order (either orientation).
"""

from __future__ import annotations

from fractions import Fraction

Point = tuple[int, int]
Polygon = tuple[Point, ...]


def cross(o: Point, a: Point, b: Point) -> int:
    """Z component of ``(a - o) × (b - o)``: > 0, 0 or < 0 as ``o, a, b`` turn one way, are collinear,
    or turn the other way."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


HalfPlane = tuple[int, int, int]


def half_planes(poly: Polygon) -> tuple[HalfPlane, ...]:
    """The convex polygon as half-planes ``(A, B, C)``: a point ``(x, y)`` is inside the open polygon
    iff ``A·x + B·y + C > 0`` for every half-plane (and inside the closed polygon iff ``≥ 0``)."""
    # Orientation of the polygon, so that "inside" is "same side as the polygon's interior" per edge.
    sign = 1 if cross(poly[0], poly[1], poly[2]) > 0 else -1
    planes = []
    count = len(poly)
    for i in range(count):
        (ux, uy), (vx, vy) = poly[i], poly[(i + 1) % count]
        a = -sign * (vy - uy)
        b = sign * (vx - ux)
        planes.append((a, b, -(a * ux + b * uy)))
    return tuple(planes)


def clip_to_half_planes(
    p: Point, q: Point, planes: tuple[HalfPlane, ...], *, strict: bool
) -> tuple[int, int, int, int] | None:
    """Clip the segment ``p→q`` to a convex region given by :func:`half_planes` (Cyrus–Beck, exact).

    With ``strict=False`` the region is closed; with ``strict=True`` it is open (its interior).
    Returns ``(lo_num, lo_den, hi_num, hi_den)``, the parameter interval ``[lo, hi] ⊆ [0, 1]`` of the
    points ``p + t·(q - p)`` inside (denominators positive; for the open region the ends are excluded),
    or ``None`` if the intersection is empty. ``p`` must differ from ``q``.
    """
    px, py = p
    qx, qy = q
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for a, b, c in planes:
        # f(t) = f_p + t·(f_q - f_p) is affine along the segment; inside means f > 0 (or f ≥ 0).
        f_p = a * px + b * py + c
        f_q = a * qx + b * qy + c
        if f_p < 0 and f_q < 0 or strict and f_p <= 0 and f_q <= 0:
            return None  # the whole segment is outside this side: the common fast exit
        slope = f_q - f_p
        if slope > 0:
            # t > -f_p / slope
            if -f_p * lo_d > lo_n * slope:
                lo_n, lo_d = -f_p, slope
        elif slope < 0 and f_p * hi_d < hi_n * -slope:
            # t < f_p / -slope
            hi_n, hi_d = f_p, -slope
    # Compare lo and hi. For the open region any bound that came from a side is exclusive, so an
    # empty-length interval is empty; the only closed bounds are 0 and 1, which cannot coincide.
    diff = lo_n * hi_d - hi_n * lo_d
    if diff > 0 or (strict and diff == 0):
        return None
    return lo_n, lo_d, hi_n, hi_d


def clip_segment(p: Point, q: Point, poly: Polygon, *, strict: bool) -> tuple[int, int, int, int] | None:
    """:func:`clip_to_half_planes` for a convex polygon given by its vertices (either orientation)."""
    return clip_to_half_planes(p, q, half_planes(poly), strict=strict)


def segment_meets_interior(p: Point, q: Point, poly: Polygon) -> bool:
    """True iff the segment ``p→q`` contains a point strictly inside the convex polygon.

    Touching the boundary (a corner, or running along an edge) is not meeting the interior.
    """
    return clip_segment(p, q, poly, strict=True) is not None


def segment_meets_in_more_than_a_point(p: Point, q: Point, poly: Polygon) -> bool:
    """True iff the segment ``p→q`` meets the closed convex polygon in more than one point.

    That is: it crosses the interior or runs along (part of) an edge; touching one corner or clipping
    the polygon in a single point is not enough (BG-AMB-10).
    """
    clipped = clip_segment(p, q, poly, strict=False)
    if clipped is None:
        return False
    lo_n, lo_d, hi_n, hi_d = clipped
    return lo_n * hi_d < hi_n * lo_d


def collinear_overlap(p: Point, q: Point, r: Point, s: Point) -> bool:
    """True iff segments ``p→q`` and ``r→s`` are collinear and share a part of positive length.

    Both segments must have positive length. Used for "two lines must not overlap" (BG-10.4.1,
    BG-AMB-08) and for "runs along the shared edge of two blockers" (BG-AMB-08).
    """
    if cross(p, q, r) != 0 or cross(p, q, s) != 0:
        return False
    # Position along the common line: the dot product with the direction is monotonic on the line.
    dx, dy = q[0] - p[0], q[1] - p[1]

    def along(point: Point) -> int:
        return point[0] * dx + point[1] * dy

    a0, a1 = sorted((along(p), along(q)))
    b0, b1 = sorted((along(r), along(s)))
    return max(a0, b0) < min(a1, b1)


def bounding_box(points: tuple[Point, ...]) -> tuple[int, int, int, int]:
    """``(min_x, min_y, max_x, max_y)`` of some points."""
    xs = [pt[0] for pt in points]
    ys = [pt[1] for pt in points]
    return min(xs), min(ys), max(xs), max(ys)


def boxes_overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """True iff two closed axis-aligned boxes ``(min_x, min_y, max_x, max_y)`` intersect."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def point_segment_distance2(p: Point, a: Point, b: Point, kx: int, ky: int) -> Fraction:
    """Exact weighted squared distance from point ``p`` to the closed segment ``a→b`` (``a != b``).

    The inner product is ``kx·x1·x2 + ky·y1·y2`` (see :data:`engine.geometry.layout.METRIC`).
    """
    num, den = _point_segment_ratio(p, a, b, kx, ky)
    return Fraction(num, den)


def _point_segment_ratio(p: Point, a: Point, b: Point, kx: int, ky: int) -> tuple[int, int]:
    """:func:`point_segment_distance2` as an unreduced ``(numerator, denominator)``, denominator > 0."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    px, py = p[0] - a[0], p[1] - a[1]
    along = kx * px * ex + ky * py * ey
    if along <= 0:  # the nearest point is a
        return kx * px * px + ky * py * py, 1
    length2 = kx * ex * ex + ky * ey * ey
    if along >= length2:  # the nearest point is b
        qx, qy = p[0] - b[0], p[1] - b[1]
        return kx * qx * qx + ky * qy * qy, 1
    # Inside the segment: distance² = (area of the parallelogram)² / |e|², with the weighted area
    # form kx·ky·(cross)².
    area = px * ey - py * ex
    return kx * ky * area * area, length2


def polygon_distance2(poly_a: Polygon, poly_b: Polygon, kx: int, ky: int) -> Fraction:
    """Exact weighted squared distance between two closed convex polygons with disjoint interiors.

    The minimum over every vertex of one polygon against every edge of the other, in both directions
    (BG-AMB-01). For polygons whose interiors overlap this is not the distance (which would be 0), so
    callers must not pass those.
    """
    best_num, best_den = -1, 1
    for first, second in ((poly_a, poly_b), (poly_b, poly_a)):
        count = len(second)
        for vertex in first:
            for i in range(count):
                num, den = _point_segment_ratio(vertex, second[i], second[(i + 1) % count], kx, ky)
                if best_num < 0 or num * best_den < best_num * den:
                    best_num, best_den = num, den
    return Fraction(best_num, best_den)
