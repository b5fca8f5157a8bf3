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

Conventions shared by all metrics (platform rules, documented for organisers in
``docs/tournaments.md``, "Tiebreaks"):

* A bye counts as a win worth the scoring rules' win points (or, with battle points, the
  band of the bye's margin), with ``bye_vp_for`` scored and ``bye_vp_against`` conceded (0
  and 0 by default) and no score components.
* The Buchholz family and Sonneborn-Berger follow FIDE's Tie-Break Regulations (Handbook
  C.07, 2023): Articles 8.1 (Buchholz), 9.1 (Sonneborn-Berger), 14.1 and 14.3 (Cut-1 and
  Median-1) and Article 16 for unplayed rounds. A bye is a pairing-allocated bye (16.2.1): the
  player's own tiebreak counts it as a game against a dummy with the player's own score
  (16.4); opponents read the bye's points as scored (16.3.1). A dropped player's rounds after
  dropping are voluntary unplayed rounds (16.1.2, 16.2.5): opponents count them as draws
  (16.3.2), the player's own tiebreak counts them as losses to the dummy, and Cut-1 cuts them
  first (16.5).
* Strength of schedule is the opponents' average win rate, byes excluded (Best Coast
  Pairings' definition); head-to-head applies only when every tied player met every other.
* Dropped players keep their results and still count as opponents.
* Two games against the same opponent count twice.

* Progressive score is FIDE C.07 Article 7.5's sum of running scores after each round
  (``progressive``), and its Cut-1 (``progressive_cut1``, Article 14.1) without the first
  round's running score.

The keys: ``points``, ``score_diff``, ``score``, ``sos``, ``median_buchholz``,
``sonneborn_berger``, ``head_to_head``, ``buchholz``, ``buchholz_cut1``, ``progressive``,
``progressive_cut1``, ``soft_score``, ``total``, and those games register.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
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
    #: True when the value reads the games' scores: it says nothing where no score is recorded (a pod).
    reads_score: ClassVar[bool] = False

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


def metrics_for(
    game: str | None = None, format: str | None = None, *, scored: bool = True
) -> dict[str, type[Metric]]:
    """The registered metrics an event of ``game`` in ``format`` may use, in registration order; with
    ``scored`` False (games decided by places alone) none that reads the games' scores."""
    return {
        key: cls
        for key, cls in METRICS.items()
        if cls.supports(game, format) and (scored or not cls.reads_score)
    }


def component_metric(key: str, name: str, component: str, *, games: Collection[str]) -> type[Metric]:
    """Register a metric summing one score component over a player's games (a game's own tiebreak)."""

    class ComponentTotal(Metric):
        def compute(self, context):
            return {
                pid: _tidy(sum(g.components.get(component, 0) for g in played))
                for pid, played in context.history.games.items()
            }

    ComponentTotal.key, ComponentTotal.name = key, name
    ComponentTotal.reads_score = True
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
    reads_score = True

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
    reads_score = True

    def compute(self, context):
        return {pid: _tidy(sum(g.score_for for g in games)) for pid, games in context.history.games.items()}


@register
class StrengthOfSchedule(Metric):
    """The average win rate of the opponents played (Best Coast Pairings' and the ITC's
    "strength of schedule"): each opponent's wins over the games they played, a draw counting
    half, averaged over every game against them. Byes are no game: they add no opponent to the
    average and no game to an opponent's win rate, so a bye neither lowers nor raises it.
    A dropped opponent counts with the games they played. No opponent at all: 0.
    """

    key = "sos"
    name = "Strength of schedule"

    def compute(self, context):
        h = context.history
        rates = {pid: h.win_rate(pid) for pid in h.competitors}
        # Exact sums without Fraction arithmetic per opponent (a 10,000-player round adds tens of
        # thousands): every rate as an integer over one common denominator.
        common = math.lcm(*(r.denominator for r in rates.values()))
        scaled = {pid: r.numerator * (common // r.denominator) for pid, r in rates.items()}
        values = {}
        for pid in h.competitors:
            opponents = h.opponents(pid)
            mean = Fraction(sum(scaled[o] for o in opponents), common * len(opponents)) if opponents else 0
            # Rounded so that equal schedules compare equal and pages print a short number.
            values[pid] = _tidy(round(float(mean), 4))
        return values


@dataclass(frozen=True)
class _Contribution:
    """One round's share of a Buchholz: an opponent's (adjusted) points, or a dummy's."""

    value: float
    voluntary: bool  # a voluntary unplayed round (FIDE C.07 Article 16.1.2), cut first


def _buchholz_contributions(h: EventHistory, pid: PlayerId) -> list[_Contribution]:
    """FIDE C.07 Article 8.1 with Article 16's unplayed rounds.

    Each opponent met adds their score, adjusted per Article 16.3 (rounds they missed after
    withdrawing count as draws). Each of the player's own unplayed rounds is a game against a
    dummy whose score is the player's own (Article 16.4): a pairing bye (16.2.1) and every round
    missed after dropping out (16.2.5, a voluntary unplayed round).
    """
    own = h.points[pid]
    played = [_Contribution(h.adjusted_points(o), False) for o in h.opponents(pid)]
    byes = [_Contribution(own, False) for g in h.games[pid] if g.is_bye]
    withdrawn = [_Contribution(own, True) for _ in h.withdrawn_rounds(pid)]
    return played + byes + withdrawn


def _cut_least(values: list[_Contribution]) -> list[_Contribution]:
    """Article 14.1 Cut-1 with the Article 16.5 exception: a player with voluntary unplayed
    rounds loses the lowest of those contributions rather than their weakest opponent."""
    if not values:
        return values
    voluntary = [v for v in values if v.voluntary]
    cut = min(voluntary or values, key=lambda v: v.value)
    rest = list(values)
    rest.remove(cut)
    return rest


def _cut_most(values: list[_Contribution]) -> list[_Contribution]:
    if not values:
        return values
    rest = list(values)
    rest.remove(max(values, key=lambda v: v.value))
    return rest


def _total(values: list[_Contribution]) -> Number:
    return _tidy(sum(v.value for v in values))


@register
class MedianBuchholz(Metric):
    """Buchholz Median-1 (FIDE C.07 Article 14.3): the Buchholz without its least significant
    value and then its most significant one, in that order.

    Every round counts, played or not (Article 16.4), so a player who had a bye has as many
    values as everyone else and is trimmed like everyone else; the least value cut is a
    voluntary unplayed round's where there is one (Article 16.5). With fewer than three values
    (after one or two rounds) nothing is left: 0 for everyone.
    """

    key = "median_buchholz"
    name = "Median Buchholz"

    def compute(self, context):
        h = context.history
        return {pid: _total(_cut_most(_cut_least(_buchholz_contributions(h, pid)))) for pid in h.competitors}


@register
class SonnebornBerger(Metric):
    """FIDE C.07 Article 9.1: for each game, the opponent's score times the share of the
    game's points the player took (a win 1, a draw ½, a loss 0).

    Defined on the game result, not on the points it earned: with 3/1/0 scoring a win over
    an opponent who finished on 6 points adds 6 (not 3 x 6), a draw with them adds 3, a loss
    adds 0. Opponents' scores are adjusted as for Buchholz (Article 16.3). A bye is a win
    against a dummy with the player's own score (Article 16.4), so it adds the player's own
    points; a round missed after dropping out is a loss to that dummy and adds nothing.
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
                if g.is_bye:
                    total += h.points[pid]
                for opponent, result in zip(g.opponents, g.against, strict=True):
                    total += share[result] * h.adjusted_points(opponent)
            values[pid] = _tidy(total)
        return values


@register
class HeadToHead(Metric):
    """Points scored in games among the players tied with you, when they form a complete mini-league.

    The wargame community's head-to-head (and FIDE C.07 Article 6's direct encounter when
    every tied player has met): inside each tie group (players exactly tied on every key ranked
    before this one), if every pair of the group has met at least once, a player's value is the
    tournament points they scored in all games against other members of the group, and the
    group is ordered by that mini-league. If some pair never met, the mini-league would favour
    whoever happened to be drawn against the weaker tied players, so the tiebreak is skipped:
    the group's values are None (shown blank, "does not apply", rather than a misleading 0) and
    the next key decides. A player tied with nobody has None too.
    """

    key = "head_to_head"
    name = "Head-to-head"
    uses_tie_groups = True

    def compute(self, context):
        h = context.history
        values: dict[PlayerId, Number | None] = dict.fromkeys(h.competitors)
        for group in context.groups():
            if len(group) < 2 or not _complete_mini_league(h, group):
                continue
            for pid in group:
                values[pid] = _tidy(sum(g.points for g in h.games[pid] if group.intersection(g.opponents)))
        return values


def _complete_mini_league(h: EventHistory, group: Collection[PlayerId]) -> bool:
    members = list(group)
    return all(h.rounds_met(a, b) for i, a in enumerate(members) for b in members[i + 1 :])


@register
class Buchholz(Metric):
    """FIDE C.07 Article 8.1: the sum of the scores of the player's opponents, with Article 16's
    unplayed rounds: an opponent who withdrew counts their missed rounds as draws (16.3.2), and
    each of the player's own unplayed rounds, a bye included, adds a dummy opponent with the
    player's own score (16.4)."""

    key = "buchholz"
    name = "Buchholz"

    def compute(self, context):
        h = context.history
        return {pid: _total(_buchholz_contributions(h, pid)) for pid in h.competitors}


@register
class BuchholzCut1(Metric):
    """Buchholz Cut-1 (FIDE C.07 Article 14.1): the Buchholz without its least significant value,
    which for a player with voluntary unplayed rounds is the lowest of those (Article 16.5)."""

    key = "buchholz_cut1"
    name = "Buchholz Cut-1"

    def compute(self, context):
        h = context.history
        return {pid: _total(_cut_least(_buchholz_contributions(h, pid))) for pid in h.competitors}


def _running_scores(h: EventHistory, pid: PlayerId) -> list[float]:
    """``pid``'s score after each round so far, rounds 1 to the last with a result.

    A round's games (a pod, a team game or a bye, all read through their points) add their
    points in the round they were played; a round without a game of the player's (dropped,
    absent) adds nothing, so their running score stays. A late joiner's starting points stand
    for the rounds they missed and are in the running score from round 1 on.
    """
    per_round: dict[int, float] = {}
    for g in h.games[pid]:
        per_round[g.round] = per_round.get(g.round, 0) + g.points
    running = h.competitors[pid].starting_points
    scores = []
    for number in range(1, h.last_round + 1):
        running += per_round.get(number, 0)
        scores.append(running)
    return scores


@register
class ProgressiveScore(Metric):
    """Progressive (cumulative) score, FIDE C.07 (2023) Article 7.5: the sum of the player's
    running scores after each round. Points scored early count once per later round, so of two
    players on the same points the one who scored them sooner (and so met stronger opponents in
    a Swiss) ranks higher.

    Scores are the event's points (battle points, pods' placement points and team results
    included); a bye counts with its points in its round, a round missed after dropping adds 0
    (Article 16's unplayed rounds count as played for their points). No cut: the whole sum, as
    Article 7.5 defines it (``progressive_cut1`` is the Cut-1 variant).
    """

    key = "progressive"
    name = "Progressive score"

    def compute(self, context):
        h = context.history
        return {pid: _tidy(sum(_running_scores(h, pid))) for pid in h.competitors}


@register
class ProgressiveScoreCut1(Metric):
    """Progressive score Cut-1 (FIDE C.07 Articles 7.5 and 14.1): without its least significant
    value, the running score after round 1 (the lowest, as running scores never fall with
    non-negative points; with negative points the least value is cut, whichever round it is).
    After one round nothing is left: 0."""

    key = "progressive_cut1"
    name = "Progressive score Cut-1"

    def compute(self, context):
        h = context.history
        values = {}
        for pid in h.competitors:
            scores = _running_scores(h, pid)
            if scores:
                scores.remove(min(scores))
            values[pid] = _tidy(sum(scores))
        return values


@register
class SoftScore(Metric):
    """Soft scores (sportsmanship, painting, ...) the organizer entered, summed over categories.

    Kept apart from the game points: an event chooses whether they are shown only, break ties,
    or are added to the total (``Event.soft_scores_use``)."""

    key = "soft_score"
    name = "Soft scores"

    def compute(self, context):
        return {pid: _tidy(c.soft_score) for pid, c in context.history.competitors.items()}


@register
class TotalScore(Metric):
    """Tournament (or battle) points plus soft scores: the ranking's first key when an event adds
    soft scores to the total."""

    key = "total"
    name = "Total with soft scores"

    def compute(self, context):
        h = context.history
        return {pid: _tidy(h.points[pid] + c.soft_score) for pid, c in h.competitors.items()}
