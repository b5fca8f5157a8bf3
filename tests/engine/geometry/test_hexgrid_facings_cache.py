"""HexGrid.facings_toward remembers its answers (BG-10.3.1, BG-AMB-07): the same answers, a bounded memory."""

from __future__ import annotations

import pytest

from engine.geometry import HexGrid, hexgrid


def _fresh(grid: HexGrid) -> HexGrid:
    return HexGrid(grid.columns, grid.rows, grid.orientation, grid.offset, grid.hex_width_in)


@pytest.mark.parametrize("args", [(25, 30, "flat", "odd-q", 1.0), (12, 9, "pointy", "odd-r", 1.0)])
def test_remembered_answers_are_the_computed_ones(args):
    grid = HexGrid(*args)
    pairs = [(a, b) for a in range(0, grid.size, 7) for b in range(0, grid.size, 5) if a != b]
    first = [grid.facings_toward(a, b) for a, b in pairs]
    again = [grid.facings_toward(a, b) for a, b in pairs]  # from memory
    assert first == again == [_fresh(grid).facings_toward(a, b) for a, b in pairs]
    assert grid.facings_toward(grid.parse("B2"), grid.parse("B3")) == (
        grid.direction_to(grid.parse("B2"), grid.parse("B3")),
    )


def test_bad_hexes_are_still_refused_after_good_ones():
    grid = HexGrid(10, 10, "flat", "odd-q", 1.0)
    grid.facings_toward(3, 4)
    with pytest.raises(ValueError):
        grid.facings_toward(3, 3)
    with pytest.raises(ValueError):
        grid.facings_toward(3, grid.size)


def test_facings_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(hexgrid, "FACINGS_CACHE_SIZE", 10)
    grid = HexGrid(10, 10, "flat", "odd-q", 1.0)
    for b in range(1, 40):
        grid.facings_toward(0, b)
        assert len(grid._facings) <= 10
