"""The Battleground package is layered (architecture: content, then board and state, then queries, then
effects, then actions, then the turn flow): no module imports a later layer, modules of one layer import
only the ones listed before them, nothing is imported inside a function to dodge a cycle, and each module
imports on its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = "engine.games.battleground"
ROOT = Path(__file__).resolve().parents[3] / "engine" / "games" / "battleground"

# In order: a module may import those before it (within its layer, the ones listed before it).
LAYERS = {
    "content": ["options", "content", "forces", "list_compare"],
    "board and state": ["board", "state", "dice"],
    "queries": [
        "base_steps",
        "platform_push",
        "footprint",
        "movement",
        "facing",
        "toward_objects",
        "ongoing",
    ],
    "effects": ["effects", "pending", "cards", "guard", "markers", "movement_effects", "timing"],
    "actions and combat": ["stat_tests", "ability_tests", "actions", "combat"],
    "flow": ["flow", "choices", "view", "narrate", "dice_needed", "tables", "replay"],
}
# Above the rules: the ruleset's entry point and the tools built on it.
TOOLS = ["__init__", "simulator", "table", "scenario", "coverage"]
ORDER = [m for layer in LAYERS.values() for m in layer] + TOOLS
# The imports inside a function: the ruleset loads the simulator, and the table module built on it, when
# asked (both import the package's entry point).
LAZY = {("__init__", "simulator"), ("__init__", "table")}


def _imports(tree: ast.Module) -> list[tuple[str, bool]]:
    """(imported module of the package, whether the import is inside a function)."""
    found = []

    def visit(node, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            nested = inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom) and child.module and child.module.startswith(PACKAGE):
                rest = child.module[len(PACKAGE) :].lstrip(".")
                if rest:
                    found.append((rest.split(".")[0], nested))
                else:  # from engine.games.battleground import x, y
                    for alias in child.names:
                        name = alias.name if (ROOT / f"{alias.name}.py").exists() else "__init__"
                        found.append((name, nested))
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith(PACKAGE + "."):
                        found.append((alias.name[len(PACKAGE) + 1 :].split(".")[0], nested))
            visit(child, nested)

    visit(tree, False)
    return found


def _modules() -> list[str]:
    return sorted(p.stem for p in ROOT.glob("*.py"))


def test_every_module_has_a_place_in_the_layers():
    assert sorted(ORDER) == _modules()


@pytest.mark.parametrize("module", [m for m in ORDER])
def test_no_module_imports_a_later_layer_or_inside_a_function(module):
    tree = ast.parse((ROOT / f"{module}.py").read_text(encoding="utf-8"))
    rank = {m: i for i, m in enumerate(ORDER)}
    for imported, inside in _imports(tree):
        if (module, imported) in LAZY:
            continue
        assert not inside, f"{module} imports {imported} inside a function"
        assert rank[imported] < rank[module], f"{module} imports {imported}, which comes after it"


def test_the_scan_sees_imports_inside_functions():
    """The scan itself: an import inside a function is seen as one, a module-level one is not."""
    tree = ast.parse(
        "from engine.games.battleground import footprint\n"
        "def f():\n    from engine.games.battleground.actions import speed\n"
        "    from engine.games.battleground import flow\n"
    )
    assert _imports(tree) == [("footprint", False), ("actions", True), ("flow", True)]
