"""Fixed tables for the two hex orientations and the four offset conventions (BG-AMB-02).

Three coordinate systems are used by :mod:`engine.geometry`:

* **offset** ``(col, row)``: 0-based column and row indices of the printed map, the way labels are
  written (``A1`` is ``(0, 0)``).
* **axial/cube** ``(q, r)`` (``s = -q - r`` implied): used for adjacency, hex distance and hex lines
  (BG-AMB-02).
* **lattice** ``(X, Y)``: integers such that every hex centre and every hex corner is a lattice point.
  The map from lattice to inches is affine (a different scale on each axis), so incidence tests
  (intersection, collinearity, point in interior) can be done exactly on integers (BG-AMB-08).
  Metric quantities (dot products, squared distances) use the weights ``METRIC`` below so that they too
  stay exact integers, proportional to the true Euclidean values.

Lattice units. Let ``w`` be the flat-to-flat width and ``R = w/√3`` the circumradius (BG-AMB-01).

* flat-topped: one X unit is ``R/2`` inches, one Y unit is ``w/2`` inches;
* pointy-topped: one X unit is ``w/2`` inches, one Y unit is ``R/2`` inches.

In both cases the true squared length of a lattice vector ``(x, y)`` is
``(kx·x² + ky·y²) · w²/12`` with ``(kx, ky) = METRIC[orientation]``; neighbouring centres are
12 weighted units (``w``) apart.

Screen conventions: x grows towards later columns ("east"), y grows towards higher row numbers
("south"); the centre of ``A1`` is the origin. "Clockwise" is as seen on the printed map with row 1 at
the top.
"""

from __future__ import annotations

from math import sqrt

FLAT = "flat"
POINTY = "pointy"

#: Offset conventions allowed for each orientation (Red Blob Games naming). "odd-q" shoves the odd
#: columns (0-based, so B, D, F, …) half a hex towards higher rows; "even-q" shoves A, C, E, … instead.
#: "odd-r"/"even-r" do the same for rows (0-based, so odd-r shoves rows 2, 4, 6, … to the east).
OFFSETS = {FLAT: ("odd-q", "even-q"), POINTY: ("odd-r", "even-r")}

#: Axial ``(dq, dr)`` step for each direction 0..5, clockwise.
#: flat:   0 N (towards row 1), 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
#: pointy: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW.
AXIAL_DIRECTIONS = {
    FLAT: ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),
    POINTY: ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)),
}

#: Compass names of the directions, for messages and documentation.
DIRECTION_NAMES = {
    FLAT: ("N", "NE", "SE", "S", "SW", "NW"),
    POINTY: ("NE", "E", "SE", "SW", "W", "NW"),
}

#: Corners of a hex relative to its lattice centre, clockwise; side ``d`` runs from corner ``d`` to
#: corner ``(d + 1) % 6``. flat: corner 0 is the west end of the north side; pointy: corner 0 is the
#: top vertex (north end of the north-east side).
LATTICE_CORNERS = {
    FLAT: ((-1, -1), (1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0)),
    POINTY: ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)),
}

#: Weights ``(kx, ky)`` of the lattice inner product ``kx·x1·x2 + ky·y1·y2`` (proportional to the true
#: Euclidean inner product, factor ``w²/12``).
METRIC = {FLAT: (1, 3), POINTY: (3, 1)}

#: Weighted squared length of one centre-to-centre step (``w`` inches).
STEP_NORM2 = 12


def axial_to_lattice(orientation: str, q: int, r: int) -> tuple[int, int]:
    """Lattice centre of the hex with axial coordinates ``(q, r)``."""
    if orientation == FLAT:
        return 3 * q, q + 2 * r
    return 2 * q + r, 3 * r


def offset_to_axial(offset: str, col: int, row: int) -> tuple[int, int]:
    """Axial coordinates of the 0-based offset position ``(col, row)`` under ``offset``."""
    if offset == "odd-q":
        return col, row - (col - (col & 1)) // 2
    if offset == "even-q":
        return col, row - (col + (col & 1)) // 2
    if offset == "odd-r":
        return col - (row - (row & 1)) // 2, row
    if offset == "even-r":
        return col - (row + (row & 1)) // 2, row
    raise ValueError(f"unknown offset convention {offset!r}")


def lattice_to_inches(orientation: str, hex_width_in: float) -> tuple[float, float]:
    """Inches per lattice unit along x and along y (see the module docstring)."""
    half_w = hex_width_in / 2
    half_r = hex_width_in / (2 * sqrt(3))
    return (half_r, half_w) if orientation == FLAT else (half_w, half_r)
