"""Game plugins: everything the generic apps need to know about one game, found by its id.

The generic apps (logs, matches, standings, dashboards core) name no game. What is
particular to a game lives in one folder here (``games/<folder>/``) holding a
:class:`GamePlugin` that it registers with :func:`register` when imported: the labels of its
score components, the draw breaks an elimination event may choose, and (step by step) its
list rules, log-versus-list checks and presentation. A game with an engine but no folder here
gets :class:`GamePlugin`'s generic defaults, which read only ``verdict["result"]``.

Every folder under ``games/`` is imported the first time a plugin is looked up, so adding a
game is adding a folder; tests may also :func:`register` a plugin of their own.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass


@dataclass(frozen=True)
class DrawBreak:
    """How an elimination game that ended drawn (or in a double loss) picks who advances.

    ``compare`` lists what is compared in that game, most important first: ``"score"`` or a
    score component key; the better seed advances when all are equal.
    """

    key: str
    label: str
    compare: tuple[str, ...] = ()


#: Draw breaks every game offers; a game adds its own (``GamePlugin.draw_breaks``).
GENERIC_DRAW_BREAKS = (
    DrawBreak("higher_seed", "Better seed advances"),
    DrawBreak("more_score", "Higher score in the game advances", ("score",)),
)


class GamePlugin:
    """One game as the platform sees it. Subclass per game and override what differs.

    ``score_components`` are the sources of a seat's score, {key: label}, in the order pages
    show them; ``counters`` are other per-seat numbers a match result keeps (tiebreaks and
    draw breaks may read both).
    """

    game_id: str = ""
    name: str = ""
    score_label: str = "Score"
    score_components: dict[str, str] = {}
    counters: dict[str, str] = {}
    draw_breaks: tuple[DrawBreak, ...] = ()

    def __init__(self, game_id: str | None = None, name: str | None = None) -> None:
        if game_id is not None:
            self.game_id = game_id
        if name is not None:
            self.name = name

    @property
    def label(self) -> str:
        return self.name or self.game_id

    def seat_components(self, verdict: dict, seat: dict) -> dict[str, int]:
        """A seat's components and counters from a legal verdict: the generic result's
        components, plus what the game adds from its statistics."""
        return {key: int(value) for key, value in (seat.get("components") or {}).items()}

    def all_draw_breaks(self) -> tuple[DrawBreak, ...]:
        return GENERIC_DRAW_BREAKS + tuple(self.draw_breaks)

    def draw_break(self, key: str) -> DrawBreak:
        """The draw break ``key``; raises KeyError naming the known ones."""
        for rule in self.all_draw_breaks():
            if rule.key == key:
                return rule
        known = ", ".join(rule.key for rule in self.all_draw_breaks())
        raise KeyError(f"unknown draw rule {key!r} for {self.label}; known: {known}")


_PLUGINS: dict[str, GamePlugin] = {}
_loaded = False


def register(plugin: GamePlugin) -> GamePlugin:
    """Make ``plugin`` the one for its game id (a later registration replaces an earlier one)."""
    if not plugin.game_id:
        raise ValueError("a game plugin needs a game id")
    _PLUGINS[plugin.game_id] = plugin
    return plugin


def unregister(game_id: str) -> None:
    _PLUGINS.pop(game_id, None)


def load() -> None:
    """Import every plugin folder once (each registers itself)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")


def plugin(game_id: str) -> GamePlugin:
    """The plugin of ``game_id``, or the generic defaults for a game without a folder here."""
    load()
    found = _PLUGINS.get(game_id)
    return found if found is not None else GamePlugin(game_id)


def plugins() -> dict[str, GamePlugin]:
    load()
    return dict(_PLUGINS)
