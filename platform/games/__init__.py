"""Game plugins: everything the generic apps need to know about one game, found by its id.

The generic apps (logs, matches, standings, dashboards core) name no game. What is
particular to a game lives in one folder here (``games/<folder>/``) holding a
:class:`GamePlugin` that it registers with :func:`register` when imported: the labels of its
score components, the draw breaks an elimination event may choose and the tiebreaks it adds,
its content packs and list rules, its log-versus-list check, how its results are shown, its
dashboards' data sets and synthetic games, how its simulated events are played, its free-game form
for the table recorder, and its own board drawing (a script in the folder's ``static/``, which the
settings add to the static files). A game with an engine but no folder here gets :class:`GamePlugin`'s
generic defaults (:meth:`GamePlugin.generic`: its name, score label and score components from
the engine's registry), which read only ``verdict["result"]`` (it cannot run events: it has no
list rules).

Every folder under ``games/`` and every package of the entry-point group ``arbiter.platform_games``
is imported the first time a plugin is looked up, so adding a game is adding a folder or installing
a package; tests may also :func:`register` a plugin of their own. A plugin with models of its own is a
Django app too (an ``apps.py``): the settings install it without naming it.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from importlib.metadata import entry_points

from django.conf import settings
from django.utils.translation import gettext_lazy as _

import engine


class UnknownPack(ValueError):
    """The event names a game or content pack this installation cannot check lists against."""


@dataclass(frozen=True)
class ListProblem:
    """What is wrong with a list, and the 0-based entry it is about (None: the list as a whole)."""

    message: str
    entry: int | None = None

    def to_dict(self) -> dict:
        return {"entry": self.entry, "message": self.message}


def engine_pack_ids(game_id: str) -> list[str]:
    """The content packs the engine ships with ``game_id``."""
    return engine.builtin_packs(game_id)


def load_engine_pack(game_id: str, pack_id: str):
    """``game_id``'s typed content for one of its built-in packs. Raises UnknownPack."""
    if pack_id not in engine_pack_ids(game_id):
        raise UnknownPack(f"unknown content pack {pack_id!r} for {game_id}")
    return engine.game(game_id).content_loader(pack_id)


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
    DrawBreak("higher_seed", _("Better seed advances")),
    DrawBreak("more_score", _("Higher score in the game advances"), ("score",)),
)


@dataclass(frozen=True)
class SimulatedSide:
    """A list simulated players register (``tournaments.simulation``): its faction, its entries, and the
    ``engine.simulate`` option value that makes a player of it play that list (a force id, a faction id)."""

    faction: str
    entries: tuple = ()
    plays: str = ""
    points: int = 0


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
    # The meta pages' word for one piece a side fields (a character, a unit, a hero) and the slug of
    # the page that lists them all (``meta_pages``); the generic pages name no game's pieces.
    piece_noun: str = "piece"
    pieces_noun: str = "pieces"
    pieces_page: str = "overview"

    def __init__(self, game_id: str | None = None, name: str | None = None) -> None:
        if game_id is not None:
            self.game_id = game_id
        if name is not None:
            self.name = name

    @classmethod
    def generic(cls, game_id: str) -> GamePlugin:
        """The defaults for a game without a plugin folder, named and scored as the engine registers it
        (``GameInfo.name`` and ``result_schema``); a game the engine does not know keeps bare defaults."""
        plugin = cls(game_id)
        try:
            info = engine.game(game_id)
        except engine.GameNotAvailable:
            return plugin
        plugin.name = info.name
        plugin.score_label = info.result_schema.score_label
        plugin.score_components = dict(info.result_schema.components)
        return plugin

    @property
    def label(self) -> str:
        return self.name or self.game_id

    @property
    def short_label(self) -> str:
        return self.short_name or self.label

    def seat_components(self, verdict: dict, seat: dict) -> dict[str, int]:
        """A seat's components and counters from a legal verdict: the generic result's
        components, plus what the game adds from its statistics."""
        return {key: int(value) for key, value in (seat.get("components") or {}).items()}

    # --- content packs and force lists: a game without them cannot run events yet ---------

    #: Whether events can be run for this game (its packs load and its lists are checked).
    runs_events: bool = False

    def pack_ids(self) -> list[str]:
        return []

    def default_pack(self) -> str:
        """The pack a new event of this game checks lists against: the engine's default pack for the game
        (``GameInfo.default_pack``) when the plugin offers it, else its first pack ("" without packs)."""
        packs = self.pack_ids()
        try:
            preferred = engine.game(self.game_id).default_pack
        except engine.GameNotAvailable:
            preferred = None
        if preferred in packs:
            return preferred
        return packs[0] if packs else ""

    def load_pack(self, pack_id: str):
        """The game's typed content pack. Raises UnknownPack."""
        raise UnknownPack(f"lists cannot be checked for the game {self.game_id!r}")

    def catalogue(self, pack) -> dict:
        """What the list page shows as a reference: factions, characters, equipment."""
        return {}

    def faction_name(self, pack, faction_id: str) -> str:
        return faction_id

    def parse_list_text(self, text: str):
        """(faction, entries, problems) from the list as a player typed it."""
        raise UnknownPack(f"lists cannot be checked for the game {self.game_id!r}")

    def check_list(self, entries: list, pack, *, points_limit: int, faction: str | None = None):
        """The list's check: ``valid``, ``faction``, ``points``, resolved ``entries``, ``to_dict()``."""
        raise UnknownPack(f"lists cannot be checked for the game {self.game_id!r}")

    def format_list_text(self, entries: list, pack=None, faction: str | None = None) -> str:
        return ""

    def list_options(self, event) -> dict:
        """Keyword arguments the event adds to :meth:`check_list` (a game whose lists depend on the
        event's mode says so here); none by default."""
        return {}

    def header_players(self, header: dict) -> list[dict]:
        """A log header's players as :meth:`compare_force` reads them (a game may add what its setup
        gives each player, e.g. Hoplomachus Alliance's chosen units); the header's players by default."""
        return list(header.get("players") or [])

    def compare_force(self, player, header: dict, pack) -> list[str]:
        """Differences between a log header player's force and their registered list
        (``player`` is a tournaments.log_check.ExpectedPlayer)."""
        return []

    def log_mode(self, header: dict) -> str:
        """The mode (an engine ``Mode`` id) a log header says its game was played in, for the log check
        (tournaments.log_check.check_mode); "" when the game's logs name none (the mode is then not
        compared: a game of one mode, such as Battleground)."""
        return ""

    def mode_words(self, mode_id: str) -> str:
        """A mode as a player reads it after "this event plays" or "this log is" ("a Skirmish (HR-15)");
        by default the engine's name of the mode."""
        try:
            modes = engine.game(self.game_id).seats.modes
        except engine.GameNotAvailable:
            return mode_id
        return next((m.name for m in modes if m.id == mode_id), mode_id)

    # --- simulated events (tournaments.simulation): none unless the game says how ----------------

    #: Players per team in a simulated event (0: each plays for themselves; else a team event).
    simulated_team_size: int = 0
    #: True when a game's sides are chosen at the table, not registered: simulated players then
    #: register no list, and each game deals the simulated sides to its teams (or seats) in turn.
    sides_at_table: bool = False
    #: True when the two opponents of the game's two-seat duel must play different factions (a
    #: Hoplomachus Skirmish, AMB-17): Swiss pairing then keeps players of one registered faction
    #: apart above all else, and a same-faction match is shown as a warning (tournaments.distinct_factions).
    distinct_factions: bool = False

    def simulated_sides(self, pack) -> list[SimulatedSide]:
        """The lists simulated players register, in turn (with ``sides_at_table``: the sides a game
        deals); [] when the engine's simulator cannot play this game's lists (a simulated event is
        then refused with a sentence saying so)."""
        return []

    def table_factions(self, pack) -> list[str]:
        """With ``sides_at_table``: the two factions each table of an event deals to its two sides
        (draw.table_factions); [] deals none."""
        return []

    #: Modes (``Event.game_mode``, engine ``Mode`` ids) a simulated event may play besides the game's
    #: standard one; ``simulate_options`` is then told the mode.
    simulated_modes: tuple[str, ...] = ()

    def simulate_options(self, sides: list[SimulatedSide], mode: str = "") -> dict:
        """``engine.simulate`` options for one game whose seats, in order, play ``sides`` (one per
        seat: partners in a team game play the same side); the log's players are in that order.
        ``mode``: the event's mode (one of ``simulated_modes``), or "" for the standard game."""
        return {}

    def simulated_entries(self, side: SimulatedSide, mode: str = "") -> list:
        """The list entries a simulated player of ``side`` registers in an event of ``mode``."""
        return list(side.entries)

    def simulated_seating(self, groups: list[list], mode: str = "") -> list:
        """A table's seats (grouped by side, partners together) in the order the simulated log's
        players take them: side by side unless the game's mode seats partners apart."""
        return [seat for group in groups for seat in group]

    # --- the table recorder (play): free games at a table, none unless the game has a form -------

    #: The game's name in the recorder's game picker ("" : its full name).
    short_name: str = ""
    #: What the recorder's start page says about chance under the game's form.
    table_note: str = _(
        "Dice and draws: the site rolls and shuffles (the seed's commitment is shown to both players before the "
        "first roll and the seed is revealed when the game ends, so every die and card can be checked), or you "
        "roll the real dice and draw the real cards and enter what you see; the engine says what each step "
        "needs and checks it."
    )

    def table_form(self):
        """The form class that sets up a free game at the table (built from ``engine.session.table_options``,
        with ``table_choices(user)``), or None when the recorder cannot start one of this game."""
        return None

    def demo_games(self) -> list[tuple[str, dict]]:
        """Simulated games the demo adds beside one per mode, as (label, ``engine.simulate`` options), for
        what a mode's default game does not show (Eternia: a boss on the map, a mounted hero); [] by default."""
        return []

    #: A mode against the game (the engine's seat model) the demo challenge plays ("": none).
    demo_challenge_mode: str = ""

    #: The static path of the game's own board drawing for the replay viewer and the recorder (a script that
    #: registers ``window.ArbiterBoards[game id]``, kept in the plugin folder's ``static/``); "": the core's.
    board_script: str = ""

    # --- presentation ----------------------------------------------------------------------

    def result_rows(self, players: list[dict], result: dict) -> list[dict]:
        """One row per header player for the log page: name, faction, score by component and
        total, winner flag; read from the generic result (``result["seats"]``)."""
        seats = {str(seat.get("seat")): seat for seat in result.get("seats") or []}
        rows = []
        for player in players:
            seat = seats.get(str(player.get("id"))) or {}
            components = seat.get("components") or {}
            rows.append(
                {
                    "id": player.get("id"),
                    "name": player.get("name", player.get("id")),
                    "faction": player.get("faction", ""),
                    "sources": [components.get(key, 0) for key in self.score_components],
                    "total": seat.get("score") or 0,
                    "winner": seat.get("outcome") == "win",
                }
            )
        return rows

    def result_details(self, header: dict, result: dict, statistics: dict | None) -> dict:
        """What the log page shows under the result table, from the log's header, the generic result and
        the statistics: ``{"tables": [{"title", "columns", "rows": [{"winner", "cells"}]}], "facts":
        [(label, value)]}``; nothing by default."""
        return {}

    # --- the meta (dashboards) ------------------------------------------------------------

    #: Whether the verdict's statistics follow the dashboards' per-side contract
    #: (:meth:`statistics_rows`); a game without them is counted from the generic result alone.
    side_statistics: bool = False

    def statistics_rows(self, statistics: dict):
        """With ``side_statistics``: a legal verdict's statistics as rows, ``game`` (the columns they give the
        dashboards' GameStat) and ``tables()`` (the rows under it, ``dashboards.onestatement.Table``s placed
        right after the game's, written in the verdict's one statement); raises
        ``dashboards.statrows.StatisticsError`` when they cannot be. None: counted from the generic result."""
        return None

    #: A game without per-side rows: the key of its meta data set whose rows (keyed by faction id) rate the
    #: factions :meth:`seat_faction` names, set beside a player's own record on the player pages; "" for none.
    faction_rates_dataset: str = ""
    #: Whether that data set counts games against the game (solo, co-op): a player's record counts what it counts.
    faction_rates_against_game: bool = True

    def piece_name(self, piece_id: str) -> str:
        """The name the content pack prints for a piece a seat controls (a table's ``controls``); its id if none."""
        return str(piece_id)

    def seat_faction(self, player: dict, team: str) -> tuple[str, str]:
        """The faction (id, name) a seat played, for a player's record by faction: ``player`` is the log header's
        entry of the seat, ``team`` the seat's team in the generic result ("" for none)."""
        faction = str(player.get("faction") or "")
        return faction, faction

    def meta_datasets(self) -> dict:
        """The game's dashboard data sets by key (dashboards.datasets.Dataset); by default the
        core's generic ones (score by component, from the generic result)."""
        from dashboards.datasets import generic_datasets

        return generic_datasets(self.game_id)

    def meta_pages(self) -> dict:
        """The game's dashboard pages by slug (dashboards.datasets.Page), overview first."""
        from dashboards.datasets import generic_pages

        return generic_pages()

    def dice_luck_by_player(self, f, names: list[str] | None = None) -> list[dict]:
        """Recorded dice luck per player name inside the filter ``f`` (dashboards.filters.MetaFilter), public games
        only, for staff: one row per name with ``key``, ``name``, ``dice``, ``successes``, ``expected``, ``z``,
        ``p_value``, ``luck``, in ``dice_luck_order``; with ``names``, those names' rows only. None recorded by
        default (the generic result holds no dice)."""
        return []

    def dice_luck_order(self, f) -> list[str]:
        """The names ``dice_luck_by_player`` lists, in its order (most dice first), found without testing anyone's
        dice: the staff API pages through them and looks names up."""
        return []

    def own_dice(self, names: list[str], games) -> dict | None:
        """The recorded dice rolled under any of ``names`` in ``games`` (this game's dashboards GameStat rows that
        the player may see), in ``dice_luck_by_player``'s keys plus ``games``; shown to the player alone. None: the
        per-side dice tests hold them (meta.players.dice reads those for every game at once)."""
        return None

    def side_models(self):
        """With ``side_statistics``: the models of the game's per-side rows the player pages read (``side``, one
        player's side of a game with ``game_stat``, ``player_name``, ``faction``, ``faction_name``, ``result``,
        ``vp_total`` and ``first_player``; under it ``character``, the pieces it fielded, and ``test``, its dice
        tests), as attributes of one object; None for a game counted from its generic result."""
        return None

    def meta_rates(self, f, dimension: str) -> list[dict]:
        """The meta's rate rows (keyed by ``key``, with ``games`` and ``win_rate``) of one of the game's entry
        dimensions ("factions", or a dimension its ``side_models`` name) inside the filter ``f``: the player pages
        set a player's own record beside them. By default the factions of ``faction_rates_dataset``."""
        dataset = self.meta_datasets().get(self.faction_rates_dataset) if dimension == "factions" else None
        return dataset.rows(f) if dataset is not None else []

    def meta_piece_rows(self, f, key: str) -> list[dict]:
        """The rate rows that name the piece (unit, hero) ``key`` inside the filter ``f``, for its page
        (``/meta/<game>/characters/<key>/``): by default the rows of the game's data sets that name pieces
        (``Dataset.names_pieces``), each with its data set's title as ``dataset``."""
        return [
            {**r, "dataset": d.title}
            for d in self.meta_datasets().values()
            if d.names_pieces
            for r in d.rows(f)
            if str(r["key"]) == key
        ]

    def meta_piece_details(self, f, key: str, row: dict | None) -> dict | None:
        """What a piece's page shows beyond its rate rows (``row``: the first of them): ``faction``,
        ``faction_name``, ``months`` (rates by month), ``matchups`` (rows against each opposing piece, ``col``
        naming it), ``partners`` (pieces fielded beside it); None when the game records none of that."""
        return None

    def synthetic_verdict(self, rng, *, names: tuple[str, str], edge: float, late: bool) -> dict:
        """A made-up legal verdict of one game for demos and benchmarks (dashboards.synthetic), in the
        engine's shape (``result`` with its seats, ``statistics``, ``content_pack``). ``rng`` is the
        seeded generator to draw from; ``names``, the players; ``edge``, how much likelier the first is
        to win (from their hidden ratings); ``late``, whether it is played in the later half of the
        period. By default one of a few games the engine's simulator played, renamed."""
        from dashboards.synthetic import simulated_verdict

        return simulated_verdict(self.game_id, rng, names=names)

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


class ListModulePlugin(GamePlugin):
    """A game whose list rules live in one module of its plugin folder (``lists``: ``pack_ids``,
    ``load_pack``, ``parse_list_text``, ``check_list``, ``format_list_text``, ``compare_force``), for
    lists that name a faction (and its heroes) and cost no points: the plugin's methods are those."""

    lists = None  # the game's lists module

    def pack_ids(self) -> list[str]:
        return self.lists.pack_ids()

    def load_pack(self, pack_id: str):
        return self.lists.load_pack(pack_id)

    def parse_list_text(self, text: str):
        return self.lists.parse_list_text(text)

    def check_list(self, entries: list, pack, *, points_limit: int, faction: str | None = None):
        return self.lists.check_list(entries, pack, faction=faction)

    def format_list_text(self, entries: list, pack=None, faction: str | None = None) -> str:
        return self.lists.format_list_text(entries, pack, faction)

    def compare_force(self, player, header: dict, pack) -> list[str]:
        return self.lists.compare_force(player, header)


def register(plugin: GamePlugin) -> GamePlugin:
    """Make ``plugin`` the one for its game id (a later registration replaces an earlier one)."""
    if not plugin.game_id:
        raise ValueError("a game plugin needs a game id")
    _PLUGINS[plugin.game_id] = plugin
    return plugin


def unregister(game_id: str) -> None:
    _PLUGINS.pop(game_id, None)


#: The entry-point group a plugin shipped as its own package declares (its value: the package, which
#: registers its plugin when imported, or a GamePlugin class or instance); the settings install it as a
#: Django app when it has an ``apps.py`` (arbiter_site.settings.game_apps).
ENTRY_POINT_GROUP = "arbiter.platform_games"


def load() -> None:
    """Import every plugin folder and every plugin package of :data:`ENTRY_POINT_GROUP` once (each
    registers itself)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
    for entry in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        found = entry.load()
        if isinstance(found, type) and issubclass(found, GamePlugin):
            found = found()
        if isinstance(found, GamePlugin):
            register(found)


def discover() -> list[GamePlugin]:
    """Import the plugin folders and the :data:`ENTRY_POINT_GROUP` packages again and return the plugins
    that were not registered yet: a plugin package installed after the registry was first read."""
    global _loaded
    known = set(plugins())
    _loaded = False
    load()
    return [found for game_id, found in _PLUGINS.items() if game_id not in known]


def plugin(game_id: str) -> GamePlugin:
    """The plugin of ``game_id``, or the generic defaults for a game without a folder here."""
    load()
    found = _PLUGINS.get(game_id)
    return found if found is not None else GamePlugin.generic(game_id)


def plugins() -> dict[str, GamePlugin]:
    load()
    return dict(_PLUGINS)


def game_ids() -> list[str]:
    """Every game the engine verifies now (``engine.games()``: built-in and registered), by id."""
    return [info.id for info in engine.games()]


def event_games() -> list[tuple[str, str]]:
    """(game id, name) of the games events can be run for, for choice lists."""
    registered = set(game_ids())
    return [
        (game_id, p.label)
        for game_id, p in sorted(plugins().items())
        if p.runs_events and game_id in registered
    ]


def default_game() -> str:
    """The game a new event plays unless its organizer picks another: the setting ``ARBITER_DEFAULT_GAME``
    (Battleground, the game existing events were made for) when the engine registers it and events can be
    run for it, else the first such game by id. Chosen from the registry, so no generic app names a game."""
    runnable = [game_id for game_id, _ in event_games()]
    wanted = getattr(settings, "ARBITER_DEFAULT_GAME", "")
    if wanted in runnable:
        return wanted
    return runnable[0] if runnable else wanted


def table_games() -> list[tuple[str, str]]:
    """(game id, short name) of the games the table recorder can start a free game of (their plugin
    has a table form), the default game first, then by id."""
    first = default_game()
    found = [
        (game_id, p.short_label) for game_id in game_ids() if (p := plugin(game_id)).table_form() is not None
    ]
    return sorted(found, key=lambda pair: (pair[0] != first, pair[0]))


def default_pack() -> str:
    """The content pack of :func:`default_game` that a new event checks lists against."""
    return plugin(default_game()).default_pack()
