"""The registry discovers its games, never lists them: the packages of engine/games/ that expose ``GAME``,
and the entry points of the group ``arbiter.games`` of every installed distribution (a game shipped as a
package of its own). The distributions here are real ``.dist-info`` folders put on ``sys.path``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import engine
from engine.core import registry

ENGINE = Path(engine.__file__).resolve().parent
TOY = "tests.engine.conformance.dice_race.game"  # the conformance suite's toy game (dice race, DR-…)


def _distribution(root: Path, name: str, entry_points: str, modules: dict[str, str]) -> None:
    """An installed distribution ``name`` in ``root``: its metadata, its entry points and its modules."""
    info = root / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", "utf-8")
    (info / "entry_points.txt").write_text(entry_points, "utf-8")
    for module, text in modules.items():
        (root / f"{module}.py").write_text(text, "utf-8")


@pytest.fixture
def fresh_registry(monkeypatch, tmp_path):
    """A registry that discovers again on its next read, with ``tmp_path`` on ``sys.path``; as before after."""
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for module in [m for m in sys.modules if m.startswith("arbiter_test_plugin")]:
        del sys.modules[module]


def test_the_built_in_games_are_found_by_their_packages(fresh_registry):
    found = {info.id for info in engine.games()}
    assert {"motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"} <= found
    assert "dice-race" not in found  # the toy is no package of engine/games/ and is installed by no one


def test_a_game_installed_only_as_a_distribution_is_found_by_its_entry_point(fresh_registry):
    _distribution(
        fresh_registry,
        "arbiter_test_plugin_race",
        "[arbiter.games]\ndice-race = arbiter_test_plugin_race\n",
        {"arbiter_test_plugin_race": f"from {TOY} import GAME  # noqa: F401\n"},
    )
    from tests.engine.conformance.dice_race.game import GAME

    assert engine.game("dice-race") is GAME
    assert engine.ruleset_version("dice-race") == "dr-1.0.0"
    assert "motu-battleground" in {info.id for info in engine.games()}  # found alongside the built-in ones
    # A log of the game passes the envelope (LOG-2) and is verified like any other.
    assert engine.verify(engine.simulate("dice-race", 4)).status == "legal"


def test_an_entry_point_may_name_the_game_info_itself(fresh_registry):
    _distribution(
        fresh_registry,
        "arbiter_test_plugin_object",
        f"[arbiter.games]\ndice-race = {TOY}:GAME\n",
        {},
    )
    assert engine.game("dice-race").name == "Dice race"


def test_an_entry_point_that_names_no_game_is_refused_by_name(fresh_registry):
    _distribution(
        fresh_registry,
        "arbiter_test_plugin_broken",
        "[arbiter.games]\nnot-a-game = arbiter_test_plugin_broken:THING\n",
        {"arbiter_test_plugin_broken": "THING = 42\n"},
    )
    with pytest.raises(TypeError, match="entry point 'not-a-game'.*does not name a GameInfo"):
        engine.games()
    with pytest.raises(TypeError):  # every read fails alike: no registry short of a game
        engine.game("motu-battleground")


def test_two_games_with_one_id_are_refused(fresh_registry):
    _distribution(
        fresh_registry,
        "arbiter_test_plugin_twin",
        "[arbiter.games]\ntwin = arbiter_test_plugin_twin:GAME\n",
        {
            "arbiter_test_plugin_twin": "import dataclasses\nfrom engine.games.battleground import GAME as BG\n"
            "GAME = dataclasses.replace(BG, name='A twin')\n"
        },
    )
    with pytest.raises(ValueError, match="two games have the id 'motu-battleground'"):
        engine.games()


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Every engine module ``path`` imports, at module level or inside a function (``from a import b``
    imports the module a.b when there is one, else a itself)."""
    tree = ast.parse(path.read_text("utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in modules else node.module)
    return {m for m in found if m in modules}


def test_no_engine_modules_import_each_other_in_a_circle():
    """Function-level imports count; a game module found by discovery (import_module) is no import."""
    modules = {
        ".".join(p.relative_to(ENGINE.parent).with_suffix("").parts).removesuffix(".__init__"): p
        for p in ENGINE.rglob("*.py")
    }
    graph = {name: _imports(path, set(modules)) - {name} for name, path in modules.items()}
    state: dict[str, int] = {}
    cycles = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, cycles


def test_a_game_installed_after_the_first_read_is_found_by_discover(monkeypatch, tmp_path):
    before = {info.id for info in engine.games()}  # the registry has been read
    monkeypatch.syspath_prepend(str(tmp_path))
    _distribution(tmp_path, "arbiter_test_plugin_late", f"[arbiter.games]\ndice-race = {TOY}:GAME\n", {})
    try:
        assert "dice-race" not in {info.id for info in engine.games()}  # read once: not read again by itself
        found = registry.discover()
        assert [info.id for info in found] == ["dice-race"]
        assert {info.id for info in engine.games()} == before | {"dice-race"}
        assert registry.discover() == []  # nothing new the second time
    finally:
        registry.unregister("dice-race")
