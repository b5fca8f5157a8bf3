"""The map of Eternia as an area graph (FE-6.1): adjacency by border, path or wrap; flight routes apart.

Built once per (pack, map) from content; never mutated by a replay.
"""

from __future__ import annotations

from collections import deque

ADJACENT_KINDS = ("border", "path", "wrap")  # FE-6.1.5: all three create adjacency


class Board:
    def __init__(self, map_doc: dict):
        self.areas: dict[str, dict] = {a["id"]: a for a in map_doc["areas"]}
        self.order = [a["id"] for a in map_doc["areas"]]
        self.adjacent: dict[str, set[str]] = {a: set() for a in self.areas}
        self.paths: dict[str, set[str]] = {a: set() for a in self.areas}
        self.flights: dict[str, set[str]] = {a: set() for a in self.areas}
        self.cost: dict[tuple[str, str], int] = {}
        for edge in map_doc["edges"]:
            a, b, kind = edge["a"], edge["b"], edge["kind"]
            if a == b:
                raise ValueError(f"an area is never adjacent to itself ({a}, FE-6.1.3)")
            if kind in ADJACENT_KINDS:
                self.adjacent[a].add(b)
                self.adjacent[b].add(a)
                if kind == "path":
                    self.paths[a].add(b)
                    self.paths[b].add(a)
                step = int(edge.get("cost", 1))  # AMB-04: 1 unless the map says otherwise
            elif kind == "flight":
                self.flights[a].add(b)
                self.flights[b].add(a)
                step = int(edge.get("cost", 2))  # FE-6.6.1
            else:
                raise ValueError(f"unknown edge kind {kind!r}")
            self.cost[(a, b)] = self.cost[(b, a)] = step
        self.towers = [a for a in self.order if self.areas[a].get("tower")]
        # The outposts in map order with their base (None for a plain outpost): control (FE-6.2, FE-6.3) is
        # asked of every outpost several times an event (merchants, round scoring), so it is read off once.
        self.outposts: tuple[tuple[str, str | None], ...] = tuple(
            (a, self.areas[a].get("base")) for a in self.order if self.areas[a]["kind"] == "outpost"
        )
        # The same, by merchant symbol (AMB-08: a merchant's price counts the controlled outposts with it).
        self.merchant_outposts: dict[str, tuple[tuple[str, str | None], ...]] = {}
        for a, base in self.outposts:
            kind = self.areas[a].get("merchant")
            self.merchant_outposts[kind] = (*self.merchant_outposts.get(kind, ()), (a, base))
        self._dist: dict[tuple[str, bool], dict[str, int]] = {}

    def is_outpost(self, area: str) -> bool:
        return self.areas[area]["kind"] == "outpost"

    def is_wild(self, area: str) -> bool:
        return self.areas[area]["kind"] == "wild"

    def base_of(self, area: str) -> str | None:
        return self.areas[area].get("base")

    def neighbours(self, area: str, *, flying: bool) -> list[str]:
        out = set(self.adjacent[area])
        if flying:
            out |= self.flights[area]
        return sorted(out)

    def distances(self, start: str, *, flying: bool = False) -> dict[str, int]:
        """Adjacency steps from ``start`` over land (flight routes only for a flier; AMB-13)."""
        key = (start, flying)
        found = self._dist.get(key)
        if found is None:
            found = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for nxt in self.neighbours(here, flying=flying):
                    if nxt not in found:
                        found[nxt] = found[here] + 1
                        queue.append(nxt)
            self._dist[key] = found
        return found
