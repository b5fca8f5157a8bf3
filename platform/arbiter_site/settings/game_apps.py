"""The game plugins' Django apps, found rather than listed, so the settings name no game.

Two places hold game plugins (``games.load`` imports both): the folders of ``platform/games/`` and the
packages that declare an entry point in the group ``arbiter.platform_games`` (a plugin shipped as its own
package, e.g. ``[project.entry-points."arbiter.platform_games"] my-game = "my_game_plugin"``). Those with
their own models (an ``apps.py`` beside their ``__init__.py``) are installed as Django apps. Nothing is
imported here: the settings are read before any app.
"""

from __future__ import annotations

import importlib.util
from importlib.metadata import entry_points
from pathlib import Path

# The entry-point group plugin packages declare (games.ENTRY_POINT_GROUP reads the same).
ENTRY_POINT_GROUP = "arbiter.platform_games"


def folder_apps(games_dir: Path) -> list[str]:
    """``games.<folder>`` for every plugin folder that is a Django app, by name."""
    return [f"games.{path.parent.name}" for path in sorted(games_dir.glob("*/apps.py"))
            if (path.parent / "__init__.py").exists()]  # fmt: skip


def entry_point_apps() -> list[str]:
    """The module of every entry point of the group whose package is a Django app."""
    found = []
    for entry in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        module = entry.module
        if module.startswith("games.") or module in found:
            continue  # a folder of platform/games/: listed by folder_apps
        if _has_apps_module(module):
            found.append(module)
    return found


def _has_apps_module(module: str) -> bool:
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return False
    return (
        any((Path(place) / "apps.py").exists() for place in (spec.submodule_search_locations or ()))
        if spec
        else False
    )


def game_apps(games_dir: Path) -> list[str]:
    return folder_apps(games_dir) + entry_point_apps()


def static_dirs(games_dir: Path) -> list[str]:
    """The ``static/`` folders of plugin folders that are not apps (an app's are found with it)."""
    return sorted(str(path) for path in games_dir.glob("*/static")
                  if path.is_dir() and not (path.parent / "apps.py").exists())  # fmt: skip
