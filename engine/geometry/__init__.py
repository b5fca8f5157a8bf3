"""Hex-map geometry shared by the hex games (Battleground, Hoplomachus): see :mod:`.hexgrid`.

Pure Python with no dependencies outside the standard library.
"""

from engine.geometry.hexgrid import HexGrid

__all__ = ["HexGrid"]
