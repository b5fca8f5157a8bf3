"""The recorder's modules import one way (function-level imports count): play.errors and play.tables
below play.services, play.challenges and play.matches; play.finish and the views above them. The
challenges app calls play.challenges, which calls nothing of the challenges app."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "platform"
APPS = ("play", "challenges", "tournaments", "gamelogs", "games", "accounts")


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    modules = {
        _module(p): p for app in APPS for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        here = todo.pop()
        if here == goal:
            return True
        if here not in seen:
            seen.add(here)
            todo.extend(graph.get(here, ()))
    return False


def test_no_module_of_the_recorder_is_in_an_import_circle():
    graph = _graph()
    circles = [
        (name, other)
        for name in graph
        if name.startswith("play")
        for other in graph[name]
        if _reaches(graph, other, name)
    ]
    assert circles == []


def test_the_layers_run_one_way():
    graph = _graph()
    assert not _reaches(graph, "play.services", "play.challenges")
    assert not _reaches(graph, "play.services", "play.matches")
    assert not _reaches(graph, "play.challenges", "challenges.services")
    assert not _reaches(graph, "play.tables", "play.services")
    assert _reaches(graph, "play.finish", "play.matches") and _reaches(
        graph, "challenges.services", "play.challenges"
    )


def test_the_scan_sees_a_function_level_import():
    graph = _graph()
    assert "play.challenges" in graph["challenges.services"]  # imported inside play_at_table
