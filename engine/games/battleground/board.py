"""The battlefield of one map: terrain per hex, heights, adjacency, sight and cover (spec §2, §10.4, §13.3).

Everything fixed per map is computed once and cached per map, so a replay only looks things up.
"""

from __future__ import annotations

from engine.core.errors import UnreadableLog
from engine.games.battleground.content import Content, MapDef
from engine.geometry import HexGrid

STANDABLE = (None, "difficult", "platform")
LOS_MEMO_SIZE = 16384  # line-of-sight answers kept per map (then forgotten all at once): bounded memory
OBSTACLE_COST = {"low": 3, "high": 6}  # BG-9.2.5, BG-9.2.6


class Board:
    def __init__(self, m: MapDef):
        self.map = m
        self.grid = HexGrid(m.columns, m.rows, m.orientation, m.offset, m.hex_width_in)
        n = self.grid.size
        self.kind: list[str | None] = [None] * n
        self.piece: list[str | None] = [None] * n
        self.under: list[str | None] = [
            None
        ] * n  # platform piece a standard hex lies directly under (BG-2.2.9)
        for t in m.terrain:
            for label in t["hexes"]:
                h = self._parse(label, f"terrain piece {t['piece']}")
                if self.kind[h] is not None:
                    raise UnreadableLog(
                        "map {id}: hex {label} holds two terrain pieces", id=m.id, label=label, rule="LOG-3.5"
                    )
                self.kind[h] = t["kind"]
                self.piece[h] = t["piece"]
        for p in m.platforms:
            for label in p["under"]:
                self.under[self._parse(label, f"platform {p['piece']}")] = p["piece"]
        self.height = [1 if k == "platform" else 0 for k in self.kind]
        self.shadow: dict[str, tuple[int, ...]] = {}
        for h in range(n):
            if self.under[h] is not None:
                self.shadow[self.under[h]] = self.shadow.get(self.under[h], ()) + (h,)
        blocked_edges = {
            frozenset((self._parse(a, "edge blocker"), self._parse(b, "edge blocker")))
            for a, b in m.edge_blockers
        }
        # BG-2.1.4 / BG-AMB-05: adjacent = shares a side, same height, no edge blocker between.
        self.sides: list[tuple[int, ...]] = []
        self.adjacent: list[frozenset[int]] = []
        for h in range(n):
            sides = tuple(x for x in self.grid.neighbours(h) if x is not None)
            self.sides.append(sides)
            self.adjacent.append(
                frozenset(
                    x
                    for x in sides
                    if self.height[x] == self.height[h] and frozenset((h, x)) not in blocked_edges
                )
            )
        self.high = frozenset(h for h in range(n) if self.kind[h] == "high")
        # Obstacle portions and ladders next to each hex, for crossings (BG-9.2.5, 9.2.6, 9.2.9).
        self.portions_beside: list[tuple[int, ...]] = [
            tuple(x for x in self.sides[h] if self.kind[x] in ("low", "high", "ladder")) for h in range(n)
        ]
        self.high_beside: list[frozenset[int]] = [
            frozenset(x for x in self.sides[h] if x in self.high) for h in range(n)
        ]
        self._by_label = {self.grid.label(h): h for h in range(n)}
        self._steps: list[tuple[tuple[int, int], ...] | None] = [None] * n  # filled lazily, fixed per map
        self.massive_steps: dict = {}  # BG-19.2: steps per (base, facing, hex), filled lazily (base_steps.py)
        self.objectives = tuple(self._parse(o, "objective") for o in m.objectives)
        self.zones = tuple(frozenset(self._zone(z)) for z in m.deployment_zones)
        # BG-9.2.3: the hexes one standard step (1 MP) from each hex: adjacent and standable (what step_cost
        # answers first, looked up without its call by the moves of one-hex miniatures).
        self.step_one: list[frozenset[int]] = [
            frozenset(x for x in self.adjacent[h] if self.standable(x)) for h in range(n)
        ]
        # BG-7.2.1: a token's hex and the hexes adjacent to it (where a claimant stands), for the cleanup.
        self.on_or_beside: list[frozenset[int]] = [self.adjacent[h] | {h} for h in range(n)]
        self._los: dict[tuple, bool] = {}  # line_of_sight answers: the map never changes

    def _parse(self, label: str, what: str) -> int:
        try:
            return self.grid.parse(label)
        except ValueError as exc:
            raise UnreadableLog(
                "map {id}: {what}: {exc}", id=self.map.id, what=what, exc=exc, rule="LOG-3.5"
            ) from None

    def _zone(self, z: dict):
        if "hexes" in z:
            return (self._parse(x, "deployment zone") for x in z["hexes"])
        lo, hi = z["rows"]
        return (h for h in range(self.grid.size) if lo <= (h % self.map.rows) + 1 <= hi)

    @property
    def hex_ids(self) -> dict[str, int]:
        """Hex id by label, as the map writes the labels (read-only; :meth:`parse` also reads other spellings)."""
        return self._by_label

    def parse(self, label: str) -> int:
        """Hex id for a label; raises ValueError with a readable message for a hex not on this map."""
        h = self._by_label.get(label)
        return h if h is not None else self.grid.parse(label)

    def label(self, h: int) -> str:
        return self.grid.label(h)

    def standable(self, h: int) -> bool:
        return self.kind[h] in STANDABLE

    def step_cost(self, a: int, b: int) -> int | None:
        """MP to go from a to b in one step of a Move (ignoring characters), or None if no step reaches b.

        The cheapest applicable way counts: standard step 1 (BG-9.2.3), ladder 2 (BG-9.2.9), low obstacle
        3 (BG-9.2.5), climb/descend 3 (BG-9.2.7, BG-9.2.8), high obstacle 6 (BG-9.2.6).
        """
        if a == b or not self.standable(b):
            return None
        if b in self.adjacent[a]:
            return 1
        best = None
        for p in self.portions_beside[a]:
            if b in self.sides[p]:
                cost = 2 if self.kind[p] == "ladder" else OBSTACLE_COST[self.kind[p]]
                if self.kind[p] != "ladder" and self.height[a] != self.height[b]:
                    continue
                best = cost if best is None else min(best, cost)
        if self.climbs(a, b):
            best = 3 if best is None else min(best, 3)
        return best

    def climbs(self, a: int, b: int) -> bool:
        """Is a → b a climb (BG-9.2.7) or a descent (BG-9.2.8): b shares a side with a, lies at the other
        height and can be stood on? No climbing from under a platform, no descending into a hex under one."""
        if b not in self.sides[a] or self.height[a] == self.height[b] or not self.standable(b):
            return False
        if self.height[b] > self.height[a]:
            return self.under[a] is None
        return self.under[b] is None

    def reachable_steps(self, a: int) -> tuple[tuple[int, int], ...]:
        """(hex, cost) for every hex one step of any kind away from a (characters not considered)."""
        steps = self._steps[a]
        if steps is None:
            steps = self._steps[a] = self._compute_steps(a)
        return steps

    def _compute_steps(self, a: int) -> tuple[tuple[int, int], ...]:
        candidates = set(self.sides[a])
        for p in self.portions_beside[a]:
            candidates.update(self.sides[p])
        out = []
        for b in sorted(candidates):
            c = self.step_cost(a, b)
            if c is not None:
                out.append((b, c))
        return tuple(out)

    def line_of_sight(self, a: int, b: int, *, same_origin_corner: bool = False) -> bool:
        """BG-10.4: LoS between characters standing in hexes a and b (heights from the map). Memoised per
        map: characters never block sight (BG-10.4.2–10.4.5 read only the terrain)."""
        key = (a, b, same_origin_corner)
        seen = self._los.get(key)
        if seen is None:
            seen = self._line_of_sight(a, b, same_origin_corner)
            if len(self._los) >= LOS_MEMO_SIZE:
                self._los.clear()
            self._los[key] = seen
        return seen

    def _line_of_sight(self, a: int, b: int, same_origin_corner: bool) -> bool:
        if a == b:
            return True
        ha, hb = self.height[a], self.height[b]
        # BG-10.4.5: no sight between a platform and the hexes directly under it.
        if ha > hb and self.under[b] is not None and self.under[b] == self.piece[a]:
            return False
        if hb > ha and self.under[a] is not None and self.under[a] == self.piece[b]:
            return False
        if ha == hb:
            blockers = self.high  # BG-10.4.2
        elif ha > hb:
            blockers = self.high_beside[b]  # BG-10.4.3: only high obstacles adjacent to the target
        else:
            blockers = self.high_beside[a]  # BG-10.4.4: only high obstacles adjacent to the attacker
        return self.grid.has_los(a, b, blockers, same_origin_corner)

    def in_cover(self, a: int, b: int, occupied: frozenset[int] | set[int]) -> bool:
        """BG-13.3: is a target in hex b in cover from a ranged/spell attack from hex a?"""
        ha, hb = self.height[a], self.height[b]
        if ha < hb:
            return True  # BG-13.3.3
        line = self.grid.cover_line(a, b)
        if ha > hb:
            # BG-13.3.4 / BG-AMB-11: only high obstacles count, ignoring those beside the attacker's hex and
            # beside any hex directly under the attacker's platform.
            ignored = set(self.high_beside[a])
            for h in self.shadow.get(self.piece[a], ()):
                ignored |= self.high_beside[h]
            return any(h in self.high and h not in ignored for h in line)
        near = self.sides[a]
        for h in line:
            if h in near:
                continue  # BG-13.3.2: ignore what stands next to the attacker
            if self.kind[h] in ("low", "high") or h in occupied:
                return True
        return False


_BOARDS: dict[tuple[str, str], Board] = {}
_BOARD_CACHE_SIZE = 16  # bounded: one per (pack, map) in use


def board_for(content: Content, map_id: str) -> Board:
    key = (content.sha256, map_id)
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) >= _BOARD_CACHE_SIZE:
            _BOARDS.pop(next(iter(_BOARDS)))
        try:
            board = Board(content.maps[map_id])
        except (ValueError, KeyError, TypeError) as exc:
            # An organizer-supplied pack whose map the grid cannot be built from (an offset that does not
            # fit the orientation, a zone without its rows…): unreadable, never a traceback (LOG-3.5).
            raise UnreadableLog(
                "content pack map '{map_id}' is malformed: {exc}", map_id=map_id, exc=exc, rule="LOG-3.5"
            ) from None
        _BOARDS[key] = board
    return board
