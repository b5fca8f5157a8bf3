"""Each player's games so far, built once from the result records and read by everything else.

Standings, Swiss pairing and audits all ask the same questions ("how many points does P
have?", "have P and Q met?", "how many byes has P had?"); :class:`EventHistory` answers them
from one pass over the results.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.algorithms.errors import InvalidInput
from tournaments.algorithms.players import Competitor, Outcome, PlayerId, ResultRecord, index_competitors
from tournaments.algorithms.rules import ScoringRules


@dataclass(frozen=True)
class Game:
    """One game (or bye) from one player's side.

    ``opponent`` is None for a bye; its VP come from the scoring rules, not from the record.
    """

    round: int
    opponent: PlayerId | None
    outcome: Outcome
    points: float
    vp_for: float
    vp_against: float
    knockouts: int

    @property
    def is_bye(self) -> bool:
        return self.opponent is None


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
        results: Iterable[ResultRecord],
        rules: ScoringRules | None = None,
        *,
        before_round: int | None = None,
    ) -> None:
        self.rules = rules or ScoringRules()
        self.competitors = index_competitors(competitors)
        self.games: dict[PlayerId, list[Game]] = {pid: [] for pid in self.competitors}
        # (a, b) and (b, a) -> rounds in which they met; one entry per game.
        self._met: dict[tuple[PlayerId, PlayerId], list[int]] = defaultdict(list)
        for r in sorted(results, key=lambda r: r.round):
            if before_round is not None and r.round >= before_round:
                continue
            for pid in r.players:
                if pid not in self.competitors:
                    raise InvalidInput(f"round {r.round}: result names {pid!r}, who is not a competitor")
            self._add(r)
        # Starting points (a late joiner's score for missed rounds) count like points won.
        self.points: dict[PlayerId, float] = {
            pid: self.competitors[pid].starting_points + sum(g.points for g in games)
            for pid, games in self.games.items()
        }

    def _add(self, r: ResultRecord) -> None:
        rules = self.rules
        if r.player_b is None:
            self.games[r.player_a].append(
                Game(r.round, None, "win", rules.points("win"), rules.bye_vp_for, rules.bye_vp_against, 0)
            )
            return
        assert r.outcome_b is not None  # filled in by ResultRecord.__post_init__
        self.games[r.player_a].append(
            Game(r.round, r.player_b, r.outcome_a, rules.points(r.outcome_a), r.vp_a, r.vp_b, r.knockouts_a)
        )
        self.games[r.player_b].append(
            Game(r.round, r.player_a, r.outcome_b, rules.points(r.outcome_b), r.vp_b, r.vp_a, r.knockouts_b)
        )
        self._met[(r.player_a, r.player_b)].append(r.round)
        self._met[(r.player_b, r.player_a)].append(r.round)

    def opponents(self, pid: PlayerId) -> list[PlayerId]:
        """Real opponents of ``pid`` in round order, one entry per game (byes left out)."""
        return [g.opponent for g in self.games[pid] if g.opponent is not None]

    def rounds_met(self, a: PlayerId, b: PlayerId) -> list[int]:
        """Rounds in which ``a`` and ``b`` played each other (empty if never)."""
        return self._met.get((a, b), [])

    def byes(self, pid: PlayerId) -> int:
        """Byes ``pid`` has had: those in the results, or 1 if there are none but ``had_bye`` is set.

        ``had_bye`` means "has had at least one bye"; it may describe a bye the results also
        show, so it is not added on top of them.
        """
        recorded = sum(1 for g in self.games[pid] if g.is_bye)
        return recorded + (1 if self.competitors[pid].had_bye and recorded == 0 else 0)
