"""The platform reaches the engine only through its public API (``engine/__init__``).

Every module of the platform's folders is parsed (ast) and each import of the engine is read: only
``import engine`` and ``from engine import <public name>`` are allowed, so the engine's insides can
move without the platform noticing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("platform", "dashboards", "workers", "arbiter_cli")


def engine_imports(source: str) -> list[tuple[int, str]]:
    """(line, what) for every import of ``engine`` other than its public API in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("engine.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("engine."):
                found.append((node.lineno, node.module))
            elif node.module == "engine":
                found += [
                    (node.lineno, f"engine.{a.name}") for a in node.names if a.name not in engine.__all__
                ]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.args[0].value
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if (
                called in {"import_module", "__import__"}
                and isinstance(name, str)
                and name.startswith("engine.")
            ):
                found.append((node.lineno, name))
    return found


def python_files():
    for folder in FOLDERS:
        yield from sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_folder_imports_only_the_engines_public_api(folder):
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in python_files()
        if path.relative_to(ROOT).parts[0] == folder
        for line, what in engine_imports(path.read_text("utf-8"))
    ]
    assert offenders == []


def test_the_scan_finds_what_it_must_refuse():
    source = (
        "import engine\n"
        "from engine import verify, games\n"
        "from engine.core.errors import UnreadableLog\n"
        "import engine.games.battleground\n"
        "from engine import core\n"
        "importlib.import_module('engine.cli')\n"
    )
    assert engine_imports(source) == [
        (3, "engine.core.errors"),
        (4, "engine.games.battleground"),
        (5, "engine.core"),
        (6, "engine.cli"),
    ]
