"""Each player's games so far, built once from the result records and read by everything else.

Standings, Swiss pairing and audits all ask the same questions ("how many points does P
have?", "have P and Q met?", "how many byes has P had?"); :class:`EventHistory` answers them
from one pass over the results.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.placement_points import placement_points
from tournaments.algorithms.players import (
    AnyRecord,
    Competitor,
    Outcome,
    PlayerId,
    ResultRecord,
    index_competitors,
)
from tournaments.algorithms.rules import ScoringRules


@dataclass(frozen=True)
class Game:
    """One game (or bye) from one seat's side.

    ``opponents`` are the other seats not on this seat's team (empty for a bye), and
    ``against`` how this seat fared against each of them (better rank wins). ``score_against``
    is the best opposing score (in a two-seat game, the opponent's). A bye's scores come from
    the scoring rules, not from the record.
    """

    round: int
    opponents: tuple[PlayerId, ...]
    against: tuple[Outcome, ...]
    outcome: Outcome
    points: float
    score_for: float
    score_against: float
    components: Mapping[str, float] = field(default_factory=dict, hash=False)

    @property
    def is_bye(self) -> bool:
        return not self.opponents

    @property
    def opponent(self) -> PlayerId | None:
        """The one opponent of a two-seat game (None for a bye)."""
        return self.opponents[0] if len(self.opponents) == 1 else None


class EventHistory:
    """Every competitor's games, points, opponents and byes.

    Accepts the event's competitors (dropped players included: they keep their results),
    the result records, and the scoring rules. ``before_round`` keeps only results of earlier
    rounds, which is what a pairing or an audit of that round needs.

    Raises InvalidInput when a result names a player who is not a competitor.
    """

    def __init__(
        self,
        competitors: Sequence[Competitor],
        results: Iterable[AnyRecord],
        rules: ScoringRules | None = None,
        *,
        before_round: int | None = None,
    ) -> None:
        self.rules = rules or ScoringRules()
        self.competitors = index_competitors(competitors)
        self.games: dict[PlayerId, list[Game]] = {pid: [] for pid in self.competitors}
        # (a, b) and (b, a) -> rounds in which they met; one entry per game.
        self._met: dict[tuple[PlayerId, PlayerId], list[int]] = defaultdict(list)
        # Per player, whether they held the first seat (played first) in each game, in round order.
        self._first: dict[PlayerId, list[bool]] = defaultdict(list)
        #: The last round with a result: what "the rounds so far" means for unplayed rounds.
        self.last_round = 0
        for r in sorted(results, key=lambda r: r.round):
            if before_round is not None and r.round >= before_round:
                continue
            self.last_round = max(self.last_round, r.round)
            for pid in r.players:
                if pid not in self.competitors:
                    raise InvalidInput(f"round {r.round}: result names {pid!r}, who is not a competitor")
            self._add(r)
        # Starting points (a late joiner's score for missed rounds) count like points won.
        self.points: dict[PlayerId, float] = {
            pid: self.competitors[pid].starting_points + sum(g.points for g in games)
            for pid, games in self.games.items()
        }

    def _add(self, r: AnyRecord) -> None:
        if isinstance(r, ResultRecord):
            self._add_two_seats(r)
            return
        rules = self.rules
        seats = r.seats
        if len(seats) == 1:
            self.games[seats[0].player].append(self._bye(r.round))
            return
        double_loss = all(seat.outcome == "loss" for seat in seats)
        by_place = rules.placement is not None and not any(seat.team is not None for seat in seats)
        places = [seat.place for seat in seats]
        for seat in seats:
            rivals = [other for other in seats if seat.is_opponent_of(other)]
            against = max((o.score for o in rivals), default=0)
            if by_place:  # a free-for-all pod scores by finishing place (tournaments.algorithms.pods)
                points = placement_points(seat.place, len(seats), places.count(seat.place), rules.placement)
            else:
                points = rules.game_points(seat.outcome, seat.score, against, double_loss=double_loss)
            self.games[seat.player].append(
                Game(
                    r.round,
                    tuple(o.player for o in rivals),
                    tuple("loss" if double_loss else seat.against(o) for o in rivals),
                    seat.outcome,
                    points,
                    seat.score,
                    against,
                    seat.components,
                )
            )
            for other in rivals:
                self._met[(seat.player, other.player)].append(r.round)
        if len(seats) > 1:
            for i, seat in enumerate(seats):
                self._first[seat.player].append(i == 0)

    def _add_two_seats(self, r: ResultRecord) -> None:
        """The common case, without building seats (pairing a large Swiss round reads thousands)."""
        rules = self.rules
        if r.is_bye:
            self.games[r.players[0]].append(self._bye(r.round))
            return
        double_loss = r.outcomes == ("loss", "loss")
        # Against each other a two-seat game's outcomes are the seats' own (a double loss included).
        for me, other in ((0, 1), (1, 0)):
            outcome = r.outcomes[me]
            self.games[r.players[me]].append(
                Game(
                    r.round,
                    (r.players[other],),
                    (outcome,),
                    outcome,
                    rules.game_points(outcome, r.scores[me], r.scores[other], double_loss=double_loss),
                    r.scores[me],
                    r.scores[other],
                    r.components[me],
                )
            )
            self._met[(r.players[me], r.players[other])].append(r.round)
            self._first[r.players[me]].append(me == 0)

    def _bye(self, round_number: int) -> Game:
        rules = self.rules
        return Game(round_number, (), (), "win", rules.bye_points(), rules.bye_vp_for, rules.bye_vp_against)

    def withdrawn_rounds(self, pid: PlayerId) -> list[int]:
        """Rounds so far that ``pid`` missed after dropping out (none while they play on, or when
        it is not known after which round they dropped)."""
        c = self.competitors[pid]
        if not c.dropped or c.dropped_after_round is None:
            return []
        played = {g.round for g in self.games[pid]}
        return [n for n in range(c.dropped_after_round + 1, self.last_round + 1) if n not in played]

    def adjusted_points(self, pid: PlayerId) -> float:
        """``pid``'s points as their opponents' tiebreaks read them (FIDE C.07 Article 16.3).

        A pairing bye counts with the points it gave (16.3.1, already in ``points``); each
        round missed after withdrawing, a zero-point bye followed only by unplayed rounds
        (16.2.5), counts as a draw (16.3.2), so an opponent who dropped does not sink the
        Buchholz of everyone who met them.
        """
        return self.points[pid] + len(self.withdrawn_rounds(pid)) * self.rules.draw_value

    def win_rate(self, pid: PlayerId) -> Fraction:
        """Wins over games played, a draw counting half; byes are not games and count in neither."""
        played = [g for g in self.games[pid] if not g.is_bye]
        if not played:
            return Fraction(0)
        halves = sum(2 if g.outcome == "win" else 1 for g in played if g.outcome != "loss")
        return Fraction(halves, 2 * len(played))

    def opponents(self, pid: PlayerId) -> list[PlayerId]:
        """Real opponents of ``pid`` in round order, one entry per opponent per game (byes left out)."""
        return [o for g in self.games[pid] for o in g.opponents]

    def rounds_met(self, a: PlayerId, b: PlayerId) -> list[int]:
        """Rounds in which ``a`` and ``b`` played each other (empty if never)."""
        return self._met.get((a, b), [])

    def times_first(self, pid: PlayerId) -> int:
        """Games in which ``pid`` held the first seat (the record's first player plays first)."""
        return sum(self._first.get(pid, ()))

    def last_first(self, pid: PlayerId) -> bool | None:
        """Whether ``pid`` played first in their latest game (None before their first game)."""
        seats = self._first.get(pid)
        return seats[-1] if seats else None

    def byes(self, pid: PlayerId) -> int:
        """Byes ``pid`` has had: those in the results, or 1 if there are none but ``had_bye`` is set.

        ``had_bye`` means "has had at least one bye"; it may describe a bye the results also
        show, so it is not added on top of them.
        """
        recorded = sum(1 for g in self.games[pid] if g.is_bye)
        return recorded + (1 if self.competitors[pid].had_bye and recorded == 0 else 0)
