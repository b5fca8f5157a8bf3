"""Tiebreak metrics: a registry of small classes, one number per player each.

A metric has a ``key`` (what an event's ranking order lists), a ``name`` (what a standings
page shows) and one method, ``compute(context) -> {player id: number}``. Higher is better for
every metric here. Adding a tiebreak is adding a class decorated with :func:`register`.

Each metric declares where it applies: ``games`` (game ids, None for every game) and
``formats`` (event formats, None for every format); :func:`metrics_for` lists those an event
may use. The metrics here name no game: they read outcomes, points and the seat's score. A
game adds metrics on its own score components with :func:`component_metric` (Battleground's
knock-outs dealt, for example).

Games of more than two seats and team games: a seat's opponents are the seats not on its
team; "score against" is the best opposing score, and a seat beats the opponents it out-ranks.

Conventions shared by all metrics (platform rules, documented for organisers):

* A bye counts as a win worth the scoring rules' win points, with ``bye_vp_for`` scored
  and ``bye_vp_against`` conceded (0 and 0 by default) and no score components.
* Metrics built on opponents (strength of schedule, median Buchholz, Sonneborn-Berger,
  head-to-head) ignore the bye: it has no opponent and contributes nothing.
* Dropped players keep their results and still count as opponents, with their final points.
* Opponents' points are their total tournament points, byes included. Two games against
  the same opponent count twice.

The keys: ``points``, ``score_diff``, ``score``, ``sos``, ``median_buchholz``,
``sonneborn_berger``, ``head_to_head``, and those games register.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import ClassVar

from tournaments.algorithms.errors import UnknownMetric
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import PlayerId

Number = int | float


@dataclass(frozen=True)
class StandingsContext:
    """What a metric may read: the event's history, and the tie groups of the ranking so far.

    ``tie_groups`` are the sets of players still exactly tied on the keys ranked before the
    metric being computed; only position-dependent metrics (head-to-head) read them. None
    means "no ranking so far": the whole field is one group.
    """

    history: EventHistory
    tie_groups: tuple[frozenset[PlayerId], ...] | None = None

    @property
    def players(self) -> list[PlayerId]:
        return list(self.history.competitors)

    def groups(self) -> tuple[frozenset[PlayerId], ...]:
        if self.tie_groups is None:
            return (frozenset(self.history.competitors),)
        return self.tie_groups


class Metric:
    """Base class of a tiebreak metric. Subclasses set ``key`` and ``name`` and define ``compute``."""

    key: ClassVar[str]
    name: ClassVar[str]
    #: Game ids the metric applies to (None: every game).
    games: ClassVar[frozenset[str] | None] = None
    #: Event formats the metric applies to (None: every format).
    formats: ClassVar[frozenset[str] | None] = None
    #: True when the value depends on who is tied with whom (so it needs ``tie_groups``).
    uses_tie_groups: ClassVar[bool] = False

    def compute(self, context: StandingsContext) -> dict[PlayerId, Number]:
        """One number per competitor of ``context`` (every competitor, dropped ones included)."""
        raise NotImplementedError

    @classmethod
    def supports(cls, game: str | None = None, format: str | None = None) -> bool:
        """Whether an event of ``game`` in ``format`` may rank by this metric (None: any)."""
        return (cls.games is None or game is None or game in cls.games) and (
            cls.formats is None or format is None or format in cls.formats
        )


METRICS: dict[str, type[Metric]] = {}


def register(cls: type[Metric]) -> type[Metric]:
    """Class decorator adding a metric to :data:`METRICS` under its key."""
    if cls.key in METRICS:
        raise ValueError(f"tiebreak key {cls.key!r} is already registered by {METRICS[cls.key].__name__}")
    METRICS[cls.key] = cls
    return cls


def get_metric(key: str) -> Metric:
    """An instance of the metric registered under ``key``. Raises UnknownMetric otherwise."""
    try:
        return METRICS[key]()
    except KeyError:
        raise UnknownMetric(f"unknown tiebreak {key!r}; known: {', '.join(sorted(METRICS))}") from None


def metrics_for(game: str | None = None, format: str | None = None) -> dict[str, type[Metric]]:
    """The registered metrics an event of ``game`` in ``format`` may use, in registration order."""
    return {key: cls for key, cls in METRICS.items() if cls.supports(game, format)}


def component_metric(key: str, name: str, component: str, *, games: Collection[str]) -> type[Metric]:
    """Register a metric summing one score component over a player's games (a game's own tiebreak)."""

    class ComponentTotal(Metric):
        def compute(self, context):
            return {
                pid: _tidy(sum(g.components.get(component, 0) for g in played))
                for pid, played in context.history.games.items()
            }

    ComponentTotal.key, ComponentTotal.name = key, name
    ComponentTotal.games = frozenset(games)
    ComponentTotal.__name__ = ComponentTotal.__qualname__ = f"ComponentTotal[{component}]"
    ComponentTotal.__doc__ = f"Sum of the {component!r} score component over all games (byes add 0)."
    return register(ComponentTotal)


def _tidy(value: float) -> Number:
    """Whole numbers as ints, so standings print ``9`` rather than ``9.0``."""
    return int(value) if float(value).is_integer() else value


@register
class TournamentPoints(Metric):
    """Sum of the scoring rules' points over all games, byes counted as wins."""

    key = "points"
    name = "Tournament points"

    def compute(self, context):
        return {pid: _tidy(p) for pid, p in context.history.points.items()}


@register
class ScoreDifference(Metric):
    """Score (VP in Battleground) scored minus conceded over all games (a bye adds the rules' bye score)."""

    key = "score_diff"
    name = "Score difference"

    def compute(self, context):
        return {
            pid: _tidy(sum(g.score_for - g.score_against for g in games))
            for pid, games in context.history.games.items()
        }


@register
class ScoreTotal(Metric):
    """Score scored over all games (a bye adds the rules' ``bye_vp_for``)."""

    key = "score"
    name = "Score"

    def compute(self, context):
        return {pid: _tidy(sum(g.score_for for g in games)) for pid, games in context.history.games.items()}


@register
class StrengthOfSchedule(Metric):
    """Sum of the tournament points of every opponent played (byes contribute nothing)."""

    key = "sos"
    name = "Strength of schedule"

    def compute(self, context):
        h = context.history
        return {pid: _tidy(sum(h.points[o] for o in h.opponents(pid))) for pid in h.competitors}


@register
class MedianBuchholz(Metric):
    """Opponents' points without the highest and the lowest single value.

    With fewer than three opponents nothing is removed (removing two of two would leave
    every early-round score at 0). A player with a bye has one opponent fewer, so early in an
    event this metric favours nobody in particular; later it trims the same two outliers.
    """

    key = "median_buchholz"
    name = "Median Buchholz"

    def compute(self, context):
        h = context.history
        values = {}
        for pid in h.competitors:
            opp_points = sorted(h.points[o] for o in h.opponents(pid))
            if len(opp_points) >= 3:
                opp_points = opp_points[1:-1]
            values[pid] = _tidy(sum(opp_points))
        return values


@register
class SonnebornBerger(Metric):
    """Sum of the points of opponents beaten, plus half the points of opponents drawn.

    Defined on the game result, not on the points it earned: with 3/1/0 scoring a win over
    an opponent who finished on 6 points adds 6 (not 3 x 6), a draw with them adds 3, a loss
    adds 0. Opponents' points are their final tournament points under the event's scoring
    (so 3/1/0 points here). A double loss adds nothing; a bye has no opponent and adds nothing.
    """

    key = "sonneborn_berger"
    name = "Sonneborn-Berger"

    _SHARE = {"win": 1.0, "draw": 0.5, "loss": 0.0}

    def compute(self, context):
        h, share = context.history, self._SHARE
        values = {}
        for pid, games in h.games.items():
            total = 0.0
            for g in games:
                for opponent, result in zip(g.opponents, g.against, strict=True):
                    total += share[result] * h.points[opponent]
            values[pid] = _tidy(total)
        return values


@register
class HeadToHead(Metric):
    """Points scored in games among the players tied with you, when they form a complete mini-league.

    Applies inside each tie group (players exactly tied on every key ranked before this
    one). If every pair of the group has met at least once, a player's value is the
    tournament points they scored in all games against other members of the group; the group
    is then ordered by that mini-league. If some pair of the group never met, the mini-league
    would favour whoever happened to be drawn against the weaker tied players, so the metric
    does not separate the group: everyone in it gets 0 and the next key decides. A player
    tied with nobody gets 0.
    """

    key = "head_to_head"
    name = "Head-to-head"
    uses_tie_groups = True

    def compute(self, context):
        h = context.history
        values: dict[PlayerId, Number] = dict.fromkeys(h.competitors, 0)
        for group in context.groups():
            if len(group) < 2 or not _complete_mini_league(h, group):
                continue
            for pid in group:
                values[pid] = _tidy(sum(g.points for g in h.games[pid] if group.intersection(g.opponents)))
        return values


def _complete_mini_league(h: EventHistory, group: Collection[PlayerId]) -> bool:
    members = list(group)
    return all(h.rounds_met(a, b) for i, a in enumerate(members) for b in members[i + 1 :])
