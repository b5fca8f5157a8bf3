"""What the dashboards core reads from the apps above it, registered by those apps when Django is ready.

Dependencies point one way: the game plugins (``games``) and the platform apps (``visibility``) use the
dashboards core, never the reverse. So the core imports neither: the game registry registers how a
game's plugin is found (``games.apps``), the visibility app which logs are public (``visibility.apps``),
a game plugin that keeps statistics rows of its own the summaries it makes of them
(``games.<game>.apps``), and the platform's wiring (``meta.apps``) the cursor a verdict's statements
run through and what the player pages read.

A plugin is read by its attributes only (label, score components, data sets, ``side_statistics``,
``log_mode``, ``synthetic_verdict`` …: ``games.GamePlugin``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.db.models import Q

_plugin: Callable[[str], object] | None = None
_game_ids: Callable[[], list[str]] | None = None
_public_q: Callable[[str], Q] | None = None
_public_log_ids: Callable[[], list] | None = None
_publicity_changes: Callable[[], object] | None = None
_statement_cursor: Callable[[], object] | None = None


@dataclass(frozen=True)
class Summary:
    """A summary table a game plugin keeps beside the core's (``dashboards.summaries``): its ``model`` (a
    ``dashboards.models.Bucket``), ``statements(where)``, the ``INSERT … SELECT`` statements that aggregate
    the stat rows of the buckets ``where`` picks (a condition on the GameStat alias ``g``, with the same
    parameters as the core's), and ``sources``, the stat tables it reads (analysed after a bulk load)."""

    model: type
    statements: Callable[[str], list[str]]
    sources: tuple[type, ...] = ()
    rollup: Rollup | None = None
    # A summary that names players counts public games only: ``public_game`` is the game whose games it counts.
    # Its statements count a game with no log and one marked ``GameStat.groups_public``; ``dashboards.summaries``
    # marks the games of the days it refreshes as they are then, and when a log turns public or private
    # (``summaries.publicity_changed``) marks it again and aggregates its day again.
    public_game: str | None = None
    # Further month rollups that add some bucket columns together (``Rollup.merges``): far fewer rows, read
    # instead of ``rollup`` for a filter that names none of those columns.
    merged_rollups: tuple[Rollup, ...] = ()

    def rollups(self) -> tuple[Rollup, ...]:
        """Its month rollups: ``rollup``, then ``merged_rollups``."""
        return ((self.rollup,) if self.rollup is not None else ()) + self.merged_rollups


@dataclass(frozen=True)
class Rollup:
    """A month-grain copy of a summary (``Summary.rollup``): ``model``, a ``Bucket`` whose ``day`` is the
    first of the month, holds the daily rows summed per month and bucket, by the daily model's ``keys``
    (a subset of its own key columns), with ``sums`` summed and ``maxes`` (names) their maximum. Kept by
    ``dashboards.summaries`` beside the daily rows; read through ``dashboards.queries.rolled_up``, whole
    months from here and the days at the edges of a date range from the daily rows, so the answers are
    those of the daily rows. Worth it where a month holds far fewer rows than its days together."""

    model: type
    keys: tuple[str, ...]
    sums: tuple[str, ...]
    maxes: tuple[str, ...] = ()
    # Bucket columns whose values it adds together, kept NULL (``MERGEABLE``): it answers only the filters that
    # name none of them (``dashboards.queries.rolled_up``).
    merges: tuple[str, ...] = ()


# The bucket columns a rollup may add together: a filter names them or not (no event, no rating band).
MERGEABLE = ("event_ref", "rating_band")


@dataclass(frozen=True)
class VerdictGroups:
    """Groups a game plugin adds up from each stored verdict's JSON (a list of a varying length the SQL of both
    databases cannot group by alike), kept per bucket in ``VerdictGroupDaily`` and its month rollup by
    ``dashboards.verdictgroups``: ``game`` and ``name`` (unique per game), ``keys`` and ``sums`` (the names of
    the group's key values and of its integer sums, at most six), and ``extract(verdict)``, one game's groups as
    ``{key tuple: sums tuple}``. ``extract`` is the one reading of a verdict for the group: the summary adds up
    what it gives, and so does the direct computation over a filter's verdicts (the tests)."""

    game: str
    name: str
    keys: tuple[str, ...]
    sums: tuple[str, ...]
    extract: Callable[[dict], dict[tuple, tuple]]
    # The bucket sums count public games only (a grouping that names players, for a public page): each game's
    # groups are also kept per game (``VerdictGroupGame``), so a log made public or private is added to or taken
    # off its bucket's sums at once (``verdictgroups.publicity_changed``).
    public_only: bool = False


_summaries: dict[type, Summary] = {}


def register_games(plugin: Callable[[str], object], game_ids: Callable[[], list[str]]) -> None:
    """``plugin(game_id)``: the plugin of one game (generic defaults for a game without one);
    ``game_ids()``: every game the engine verifies."""
    global _plugin, _game_ids
    _plugin, _game_ids = plugin, game_ids


def register_public_q(
    public_q: Callable[[str], Q],
    public_log_ids: Callable[[], list] | None = None,
    publicity_changes: Callable[[], object] | None = None,
) -> None:
    """``public_q(field)``: a Q that holds for rows whose ``field`` names a public log (an ``EXISTS`` per row:
    for a few rows); ``public_log_ids()``: querysets of log ids whose union is the public logs (for many rows:
    ``IN`` a set built once); ``publicity_changes()``: a queryset of the logs whose publicity may have changed
    (rows ``id``, ``log_id``), kept whatever made the change, or None where none is kept."""
    global _public_q, _public_log_ids, _publicity_changes
    _public_q, _public_log_ids, _publicity_changes = public_q, public_log_ids, publicity_changes


_verdict_groups: dict[tuple[str, str], VerdictGroups] = {}


def register_verdict_groups(groups: VerdictGroups) -> None:
    if len(groups.sums) > 6:
        raise ImproperlyConfigured(f"{groups.name}: at most six sums")
    _verdict_groups[(groups.game, groups.name)] = groups


def verdict_groups(game: str | None = None) -> tuple[VerdictGroups, ...]:
    return tuple(g for (name, _), g in _verdict_groups.items() if game is None or name == game)


def verdict_group(game: str, name: str) -> VerdictGroups | None:
    return _verdict_groups.get((game, name))


def register_summary(summary: Summary) -> None:
    _summaries[summary.model] = summary


def summaries() -> tuple[Summary, ...]:
    return tuple(_summaries.values())


def summary_of(model: type) -> Summary | None:
    """The registered summary whose daily table is ``model`` (None for the core's own)."""
    return _summaries.get(model)


def plugin(game_id: str):
    if _plugin is None:
        raise ImproperlyConfigured("no game registry: the 'games' app registers it when it is installed")
    return _plugin(game_id)


def game_ids() -> list[str]:
    if _game_ids is None:
        raise ImproperlyConfigured("no game registry: the 'games' app registers it when it is installed")
    return _game_ids()


def register_statement_cursor(cursor: Callable[[], object]) -> None:
    """``cursor()``: the cursor the few statements every verdict runs go through (the site's prepared
    statements, ``arbiter_site.prepared``)."""
    global _statement_cursor
    _statement_cursor = cursor


def statement_cursor():
    """The registered statement cursor; Django's own when none is registered."""
    return _statement_cursor() if _statement_cursor is not None else connection.cursor()


@dataclass(frozen=True)
class PlayerPages:
    """What the meta's player page (``/meta/players/<name>/``) reads about a name, from the apps that hold it:
    ``profile(name, simulated)``, the games logged under it (``meta.players.name_profile``); ``ratings(name)``
    and ``accounts(name)``, its tournament ratings and the accounts it belongs to."""

    profile: Callable[..., dict]
    ratings: Callable[[str], list[dict]]
    accounts: Callable[[str], list[str]]


_player_pages: PlayerPages | None = None


def register_player_pages(pages: PlayerPages) -> None:
    global _player_pages
    _player_pages = pages


def player_pages() -> PlayerPages:
    if _player_pages is None:
        raise ImproperlyConfigured("no player pages: the 'meta' app registers them when it is installed")
    return _player_pages


def public_q(field: str) -> Q:
    """Without the visibility app no log is public: only rows with no log behind them are shown."""
    if _public_q is None:
        return Q(pk__in=[])
    return _public_q(field)


# Up to this many queued logs, their games are looked up by id and checked one by one (``public_q``).
FEW_CHANGES = 2000


def publicity_changes():
    """The logs whose publicity may have changed since the public-only summaries counted them (a queryset of rows
    ``id``, ``log_id``: ``visibility.models.PublicityChange``), or None when no such record is kept (then any game
    may be counted otherwise). A game counted otherwise than its log is now has its log there, until
    ``summaries.publicity_changed`` counts it again and takes the log off."""
    return None if _publicity_changes is None else _publicity_changes()


def publicity_moved(games, everything: bool = False):
    """``games`` (GameStat rows) that public-only summaries count otherwise than their log is now
    (``GameStat.groups_public``): (marked not public whose log is public now, marked public whose log is not).
    Only the games of the logs queued as changed (``publicity_changes``) can be, so only those are checked: none
    queued, none read. ``everything``: check every game (a rebuild, a migration, which mark them all afresh)."""
    changes = None if everything else publicity_changes()
    public = public_in_q("game_log")
    if changes is not None:
        logs = list(changes.order_by().values_list("log_id", flat=True).distinct()[: FEW_CHANGES + 1])
        if not logs:
            return games.none(), games.none()
        if len(logs) <= FEW_CHANGES:
            games, public = games.filter(game_log_id__in=logs), public_q("game_log")
        else:
            games = games.filter(game_log_id__in=changes.values("log_id"))
    return games.filter(groups_public=False).filter(public), games.filter(groups_public=True).exclude(public)


def public_in_q(field: str) -> Q:
    """``public_q(field)`` as ``field IN (…)`` the public logs' ids: each set is read once, then looked up per
    row (a hashed subplan on PostgreSQL), where ``public_q``'s ``EXISTS`` probes two tables for every row."""
    if _public_log_ids is None:
        return public_q(field)
    q = Q()
    for ids in _public_log_ids():
        q |= Q(**{f"{field}__in": ids})
    return q
