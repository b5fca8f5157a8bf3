"""The two arenas on the shared hex grid (HR-3): hexes, adjacency, distance and hex tags.

Layer 2 (board): built once per (pack, arena) and shared read-only between replays.
"""

from __future__ import annotations

from engine.core.errors import UnreadableLog
from engine.geometry import HexGrid

TAGS = {
    "pozzuoli": ("deploy_red", "deploy_blue", "stone"),
    "colosseum": ("outer_red", "outer_blue", "central", "inner", "chained_red", "chained_blue", "pedestal"),
}


class Arena:
    """Read-only arena data: ``tags[name]`` is a frozenset of hex ids (HR-3.2, HR-3.3)."""

    def __init__(self, spec: dict):
        self.id = spec["id"]
        self.name = spec["name"]
        self.favour = spec["favour"]
        try:
            self.grid = HexGrid(spec["columns"], spec["rows"], spec["orientation"], spec["offset"], 1.0)
        except ValueError as exc:
            raise UnreadableLog(
                "content pack arena '{id}' is malformed: {exc}", id=self.id, exc=exc, rule="LOG-3.5"
            ) from None
        self.size = self.grid.size
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in self.grid.neighbours(h) if n is not None) for h in range(self.size)
        )
        self.tags: dict[str, frozenset[int]] = {}
        for name in TAGS[self.id]:
            labels = spec["tags"].get(name)
            if labels is None:
                raise UnreadableLog(
                    "content pack arena '{id}' has no '{name}' hexes (HR-21.5)",
                    id=self.id,
                    name=name,
                    rule="LOG-3.5",
                )
            try:
                self.tags[name] = frozenset(self.grid.parse(label) for label in labels)
            except ValueError as exc:
                raise UnreadableLog(
                    "content pack arena '{id}': {exc}", id=self.id, exc=exc, rule="LOG-3.5"
                ) from None
        self.pozzuoli = self.id == "pozzuoli"
        # HR-2.11.2: arena-die face → hex direction, as printed on the mat (pack data, provisional).
        self.compass: dict[int, int] = {int(k): int(v) for k, v in spec.get("compass", {}).items()}
        self.pedestal = [h in self.tags.get("pedestal", ()) for h in range(self.size)]  # hot in blocked()
        self.pedestals = self.tags.get("pedestal", frozenset())  # hot in blocked_hexes()
        self.inner = [h in self.tags.get("inner", ()) for h in range(self.size)]  # hot in on_inner()
        self._label_of = tuple(self.grid.label(h) for h in range(self.size))  # hot in legal_events
        self._labels = {label: h for h, label in enumerate(self._label_of)}
        self.hex_of_label = self._labels  # read directly where events name many hexes (actions.check_path)
        # Every distance, computed once per arena (at most a few thousand pairs): range and reach checks are hot.
        self._dist = [[self.grid.hex_distance(a, b) for b in range(self.size)] for a in range(self.size)]
        self.dist = self._dist  # read directly where a check is hot (actions.attack)
        self._within: dict[tuple[int, int], frozenset[int]] = {}  # within(): at most size × ranges in use

    def label(self, h: int) -> str:
        if type(h) is int and 0 <= h < self.size:
            return self._label_of[h]
        return self.grid.label(h)  # raises, naming what is wrong

    def parse(self, label, *, path: str) -> int:
        if not isinstance(label, str):
            raise UnreadableLog(
                "{path_}: a hex is a label such as 'C4'", path_=path, rule="LOG-5.2", path=path
            )
        h = self._labels.get(label)
        if h is not None:
            return h
        try:
            return self.grid.parse(label.upper())
        except ValueError:
            raise UnreadableLog(
                "{path_}: '{label}' is not a hex of {name}",
                path_=path,
                label=label,
                name=self.name,
                rule="LOG-5.2",
                path=path,
            ) from None

    def distance(self, a: int, b: int) -> int:
        """HR-3.1.2: steps between hexes, ignoring occupancy."""
        return self._dist[a][b]

    def distances_from(self, h: int) -> list[int]:
        return self._dist[h]

    def within(self, h: int, r: int) -> frozenset[int]:
        """The hexes at most ``r`` steps from ``h`` (HR-2.5.1's "in Range"), built once per arena, hex and
        range: rival plans ask it of every opponent for every move they check."""
        key = (h, r)
        near = self._within.get(key)
        if near is None:
            row = self._dist[h]
            near = self._within[key] = frozenset(x for x in range(self.size) if row[x] <= r)
        return near

    def compass_direction(self, die: int) -> int:
        """HR-2.11.2: the hex direction the compass gives for an arena-die result."""
        if die not in self.compass:
            raise UnreadableLog(
                "content pack arena '{id}' prints no compass direction for an arena die of {die} (HR-21.5)",
                id=self.id,
                die=die,
                rule="LOG-3.5",
            )
        return self.compass[die]

    def step(self, h: int, direction: int) -> int | None:
        """The hex next to ``h`` in ``direction``, or None off the arena's edge."""
        return self.grid.neighbour(h, direction)

    def is_(self, tag: str, h: int) -> bool:
        return h in self.tags.get(tag, ())

    def view(self) -> dict:
        return {"id": self.id, "tags": {k: sorted(self.label(h) for h in v) for k, v in self.tags.items()}}

    def geometry(self) -> dict:
        """The arena as drawing data for the replay viewer: every hex with its centre (one hex wide, A1's
        centre at the origin, x east, y towards higher rows; corners follow from ``orientation`` and
        ``hex_width_in`` as on Battleground's board) and its hex tags (HR-3.2, HR-3.3)."""
        hexes = []
        for h in range(self.size):
            x, y = self.grid.centre(h)
            tags = sorted(name for name, found in self.tags.items() if h in found)
            hexes.append({"label": self.label(h), "x": round(x, 3), "y": round(y, 3), "tags": tags})
        return {
            "map": self.id,
            "name": self.name,
            "orientation": self.grid.orientation,
            "hex_width_in": self.grid.hex_width_in,
            "hexes": hexes,
            "tags": self.view()["tags"],
        }
