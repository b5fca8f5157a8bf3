"""Game plugins are found, never listed: the folders of platform/games/ and the packages of the entry-point
group ``arbiter.platform_games``, installed as Django apps when they have models of their own; and the
dashboards core reaches the plugins and the visibility rules only through what those apps register."""

from __future__ import annotations

import ast
import sys
import types
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from django.conf import settings as django_settings

import games
from arbiter_site.settings import game_apps
from dashboards import providers
from games import GamePlugin

ROOT = Path(__file__).resolve().parents[2]


class Shipped(GamePlugin):
    game_id = "shipped-game"
    name = "A Game Shipped as a Package"


@pytest.fixture
def plugin_package(tmp_path, monkeypatch):
    """A plugin package on the path that is a Django app (an apps.py), declared in the entry-point group."""
    package = tmp_path / "shipped_game_plugin"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "apps.py").write_text("")
    plain = tmp_path / "plain_game_plugin"
    plain.mkdir()
    (plain / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = [
        EntryPoint("shipped", "shipped_game_plugin", game_apps.ENTRY_POINT_GROUP),
        EntryPoint("plain", "plain_game_plugin", game_apps.ENTRY_POINT_GROUP),
    ]
    monkeypatch.setattr(
        game_apps, "entry_points", lambda group: found if group == game_apps.ENTRY_POINT_GROUP else []
    )
    return found


def test_plugin_folders_with_an_apps_module_are_the_game_apps(tmp_path):
    for folder, files in {
        "withmodels": ("__init__.py", "apps.py"),
        "plain": ("__init__.py",),
        "stray": ("apps.py",),
    }.items():
        (tmp_path / folder).mkdir()
        for name in files:
            (tmp_path / folder / name).write_text("")
        (tmp_path / folder / "static").mkdir()
    assert game_apps.folder_apps(tmp_path) == ["games.withmodels"]
    # An app's static files are found with the app; a plain folder's are added by hand.
    assert game_apps.static_dirs(tmp_path) == [str(tmp_path / "plain" / "static")]


def test_an_entry_point_package_with_an_apps_module_is_installed(plugin_package):
    assert game_apps.entry_point_apps() == ["shipped_game_plugin"]


def test_the_installed_apps_hold_the_game_folders_that_are_apps_and_name_no_game():
    assert "games" in django_settings.INSTALLED_APPS
    for app in game_apps.folder_apps(ROOT / "platform" / "games"):
        assert app in django_settings.INSTALLED_APPS
    source = (ROOT / "platform" / "arbiter_site" / "settings" / "base.py").read_text()
    installed = source[source.index("INSTALLED_APPS") : source.index("MIDDLEWARE")]
    for folder in ("battleground", "hoplomachus", "eternia"):
        assert folder not in installed


def test_the_registry_loads_plugins_of_the_entry_point_group(monkeypatch):
    module = types.ModuleType("shipped_module")
    module.Shipped = Shipped
    monkeypatch.setitem(sys.modules, "shipped_module", module)
    found = [EntryPoint("shipped", "shipped_module:Shipped", games.ENTRY_POINT_GROUP)]
    monkeypatch.setattr(
        games, "entry_points", lambda group: found if group == games.ENTRY_POINT_GROUP else []
    )
    monkeypatch.setattr(games, "_loaded", False)
    try:
        games.load()
        assert isinstance(games.plugin("shipped-game"), Shipped)
        assert games.plugin("shipped-game").label == "A Game Shipped as a Package"
        # The folders are loaded as before.
        assert games.plugin("motu-battleground").side_statistics
    finally:
        games.unregister("shipped-game")


def test_the_dashboards_core_reads_the_registry_the_games_app_registered():
    plugin = games.register(Shipped())
    try:
        assert providers.plugin("shipped-game") is plugin
        assert providers.game_ids() == games.game_ids()
    finally:
        games.unregister("shipped-game")


# The dashboards app names no app above it, not even in its wiring: what it needs is registered with
# dashboards.providers (the platform's wiring is the 'meta' app). Every platform app is above it.
_ABOVE = (*sorted(p.name for p in (ROOT / "platform").iterdir() if (p / "__init__.py").exists()), "workers")


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def test_the_dashboards_app_imports_no_game_plugin_nor_platform_app():
    assert {"games", "gamelogs", "tournaments", "arbiter_site", "meta"} <= set(_ABOVE)
    offending = {
        str(path.relative_to(ROOT)): sorted(name for name in _imports(path) if name.split(".")[0] in _ABOVE)
        for path in sorted((ROOT / "dashboards").rglob("*.py"))
        if "migrations" not in path.parts
    }
    assert {name: found for name, found in offending.items() if found} == {}


def test_the_log_queue_imports_no_worker_module():
    source = ROOT / "platform" / "gamelogs" / "queue.py"
    assert not [name for name in _imports(source) if name.split(".")[0] == "workers"]
