"""The map of Eternia as drawing data for the replay viewer: the area graph (FE-6.1) with a position for
every area.

The rulebook does not print where the regions lie (FE-23.1), so positions are provisional: a pack may give
every area an ``x`` and ``y`` (0..1, left to right and top to bottom), and otherwise the graph is laid out
automatically from the distances over land (stress majorization) from a fixed start, so the same map
is always drawn the same way.
Flight routes (FE-6.6) and the wrap at the map's edge are left out of the forces: they cross the sea or
the edge, so their ends are far apart on the table.

Pure: no Django, nothing random; built once per content pack.
"""

from __future__ import annotations

import math

from engine.games.eternia.board import Board
from engine.games.eternia.content import Content

WIDTH = 1000  # drawing units; portrait, because the map is read first on a phone
HEIGHT = 1250
MARGIN = 110  # room for a node's label and the heroes around it
MIN_GAP = 185  # the closest two areas' centres may be after the layout
ITERATIONS = 200
SHORT_PREFIXES = (
    "Castello dei ",
    "Village of ",
    "City of ",
    "Temple of the ",
    "Temple of ",
    "Halls of ",
    "Mountains of ",
)
_geometry_cache: dict[str, dict] = {}


def short_name(name: str) -> str:
    """A label that fits beside a node on a phone: "Village of Eldor" -> "Eldor"."""
    for prefix in SHORT_PREFIXES:
        if name.startswith(prefix) and len(name) > len(prefix):
            return name[len(prefix) :]
    return name


def board_geometry(board: Board, content: Content) -> dict:
    """The map as drawing data::

        {"kind": "areas", "width", "height", "layout": "content" | "automatic", "provisional": note,
         "areas": [{"id", "name", "short", "kind", "x", "y", "eternium", "merchant", "tower", "base",
                    "side"}],
         "edges": [{"a", "b", "kind", "cost"}], "factions": {id: {"name", "base"}}, "heroes": {id: name},
         "cards": {id: name},
         "water": [{"a", "b"}]}

    ``water`` is the sea each flight route crosses (FE-6.5.2: only fliers cross the sea); a pack that
    places its seas may list them in ``map.water`` as pairs of areas on either shore.
    """
    cached = _geometry_cache.get(content.sha256)
    if cached is None:
        cached = _build(board, content)
        if len(_geometry_cache) >= 16:
            _geometry_cache.pop(next(iter(_geometry_cache)))
        _geometry_cache[content.sha256] = cached
    return cached


def _build(board: Board, content: Content) -> dict:
    given = _positions_from_content(board)
    positions = given or layout(board, content.map["edges"])
    edges = [
        {"a": e["a"], "b": e["b"], "kind": e["kind"], "cost": board.cost[(e["a"], e["b"])]}
        for e in content.map["edges"]
    ]
    water = content.map.get("water") or [{"a": e["a"], "b": e["b"]} for e in edges if e["kind"] == "flight"]
    areas = []
    for area in board.order:
        row = board.areas[area]
        x, y = positions[area]
        areas.append({
            "id": area, "name": row.get("name", area), "short": short_name(row.get("name", area)),
            "kind": row["kind"], "x": round(x, 1), "y": round(y, 1), "eternium": row.get("eternium", 0),
            "merchant": row.get("merchant"), "tower": bool(row.get("tower")), "base": row.get("base"),
            "side": row.get("side"),
        })  # fmt: skip
    return {
        "kind": "areas",
        "width": WIDTH,
        "height": HEIGHT,
        "layout": "content" if given else "automatic",
        "provisional": "Where the regions lie is not printed in the rulebook (FE-23.1): the map is drawn "
        "from its adjacency, not from the printed board.",
        "areas": areas,
        "edges": edges,
        "factions": {fid: {"name": f["name"], "base": f["base"]} for fid, f in content.factions.items()},
        # The panel names heroes (a mounted hero too, FE-4.1.8) and the cards a hero carries (FE-16).
        "heroes": {hid: h["name"] for table in (content.mounted, content.heroes) for hid, h in table.items()},
        "cards": {
            cid: c["name"]
            for table in (content.support, content.encounters, content.epic_beasts)
            for cid, c in table.items()
        },
        "water": [{"a": w["a"], "b": w["b"]} for w in water],
    }


def _positions_from_content(board: Board) -> dict[str, tuple[float, float]] | None:
    """Positions a pack gives for every area (provisional data), scaled to the drawing; None otherwise."""
    rows = board.areas
    if not all(
        isinstance(rows[a].get("x"), (int, float)) and isinstance(rows[a].get("y"), (int, float))
        for a in rows
    ):
        return None
    return {a: (_scale(rows[a]["x"], WIDTH), _scale(rows[a]["y"], HEIGHT)) for a in board.order}


def _scale(t: float, size: float) -> float:
    return MARGIN + min(1.0, max(0.0, float(t))) * (size - 2 * MARGIN)


def layout(board: Board, edges: list[dict]) -> dict[str, tuple[float, float]]:
    """A deterministic layout of the land graph (``edges`` by border or path) inside the margins.

    Stress majorization (Gansner, Koren and North, 2004): areas are placed so that their distances on
    the drawing follow their distances in steps over land. The drawing is then turned so that the first
    faction's base is at the top and the second's at the bottom, and stretched to fill the frame."""
    order = board.order
    land = {a: set() for a in order}
    for e in edges:
        if e["kind"] in ("border", "path"):
            land[e["a"]].add(e["b"])
            land[e["b"]].add(e["a"])
    steps = {a: _hops(land, a) for a in order}
    far = max((d for row in steps.values() for d in row.values()), default=1) + 1
    dist = {(a, b): steps[a].get(b, far) for a in order for b in order if a != b}
    # A fixed start on a spiral in map order: nothing random, so the same map is always drawn alike.
    pos = {a: [math.cos(i * 2.4) * (1 + i), math.sin(i * 2.4) * (1 + i)] for i, a in enumerate(order)}
    for _ in range(ITERATIONS):
        for a in order:
            num_x = num_y = den = 0.0
            for b in order:
                if a == b:
                    continue
                d = dist[(a, b)]
                w = 1.0 / (d * d)
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                norm = math.hypot(dx, dy) or 1e-9
                num_x += w * (pos[b][0] + d * dx / norm)
                num_y += w * (pos[b][1] + d * dy / norm)
                den += w
            pos[a] = [num_x / den, num_y / den]
    bases = [a for a in order if board.areas[a].get("base")]
    if len(bases) >= 2:
        (x0, y0), (x1, y1) = pos[bases[0]], pos[bases[1]]
        turn = math.pi / 2 - math.atan2(y1 - y0, x1 - x0)  # the first base above the second
        c, s = math.cos(turn), math.sin(turn)
        pos = {a: [x * c - y * s, x * s + y * c] for a, (x, y) in pos.items()}
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    span_x, span_y = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    placed = {
        a: (_scale((x - min(xs)) / span_x, WIDTH), _scale((y - min(ys)) / span_y, HEIGHT))
        for a, (x, y) in pos.items()
    }
    return _spread_apart(order, placed)


def _hops(graph: dict[str, set[str]], start: str) -> dict[str, int]:
    found = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for other in sorted(graph[here]):
                if other not in found:
                    found[other] = found[here] + 1
                    nxt.append(other)
        frontier = nxt
    return found


def _spread_apart(order: list[str], placed: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """Push apart any two areas closer than MIN_GAP, so that labels and heroes never sit on each other."""
    pos = {a: list(p) for a, p in placed.items()}
    for _ in range(200):
        moved = False
        for i, a in enumerate(order):
            for b in order[i + 1 :]:
                dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
                d = math.hypot(dx, dy)
                if d >= MIN_GAP:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                shift = (MIN_GAP - d) / 2 + 0.5
                for node, sign in ((a, -1), (b, 1)):
                    pos[node][0] = min(WIDTH - MARGIN, max(MARGIN, pos[node][0] + sign * dx / d * shift))
                    pos[node][1] = min(HEIGHT - MARGIN, max(MARGIN, pos[node][1] + sign * dy / d * shift))
                moved = True
        if not moved:
            break
    return {a: (p[0], p[1]) for a, p in pos.items()}
