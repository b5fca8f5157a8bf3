"""Swiss pairing: one round at a time, as a minimum-cost perfect matching.

Accepts the competitors, every result so far and the round to pair; returns
:class:`~tournaments.algorithms.players.Pairing` rows, each with a one-line reason.

How a round is paired
---------------------
1. **Ranking.** Active (not dropped) players are ranked by the event's tiebreak order on
   the results of earlier rounds (:func:`~tournaments.algorithms.standings.rank`); exact ties
   fall back to seeding order. Before anyone has played, the ranking is the seeding order,
   or a shuffle of it by ``random.Random(random_seed)`` when ``first_round="random"`` (the
   same seed always gives the same draw).
2. **Pairs and bye together.** The pool (with a bye node when it is odd) is one minimum-cost
   perfect matching; :mod:`~tournaments.algorithms.swiss_solver` lists the cost tiers, most
   important first: same faction (only with ``distinct_factions``), an extra bye, rematches,
   how far above the lowest possible score group the bye goes, the squared point difference of
   each pair (how far a float goes, not only that it happens), same club (``avoid_same_club``),
   the bye to the lowest-ranked, and the slide (top half of a score group against its bottom
   half). The bye is thus the plain rule's player (lowest-ranked, fewest byes) unless another
   player lets the others pair with fewer rematches (then from a higher group if need be), or,
   from the same group, with smaller floats or fewer same-club games; its reason then names
   what the plain choice would have cost.
3. **First player.** The upper-ranked of each pair is not automatically listed first: the
   match's first seat goes to the player who has gone first less often, then to the one who
   went second in their latest game, then by table (higher-ranked first at odd tables), like
   colours in chess (:func:`first_player`). The game itself may decide who acts first (BG-4.7
   rolls for it); the seat order is what the pairing lists and balances.

Speed: pools up to ``exact_limit`` are matched on the complete graph (the exact optimum);
larger ones score group by score group in windows of a few tables, held to lower bounds that
prove the first tiers optimal, else matched globally (swiss_solver's docstring). Run
``python benchmarks/pairing.py`` for the timings.

Every reason states only what the optimum guarantees ("no pairing of the round has fewer
rematches"); with ``distinct_factions`` such claims are made among pairings with as few
same-faction games.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.algorithms.errors import InvalidInput, PairingError
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.players import (
    Competitor,
    Pairing,
    PlayerId,
    ResultRecord,
    seeding_order,
    shared_factions,
)
from tournaments.algorithms.rules import ScoringRules, format_points
from tournaments.algorithms.standings import DEFAULT_ORDER, ranked_ids
from tournaments.algorithms.swiss_solver import Entry, Outcome, Solver, entries, fewest_mirrors, mirror

__all__ = ["SwissOptions", "SwissPairer", "fewest_mirrors", "first_player", "pair_swiss_round"]


@dataclass(frozen=True)
class SwissOptions:
    """An event's Swiss settings.

    ``ranking_order`` ranks players inside score groups and chooses the bye.
    ``first_round`` is ``"seeded"`` (slide by seeding order) or ``"random"`` (slide over a
    shuffle by ``random_seed``, which is then required). ``distinct_factions`` keeps players
    of the same registered faction apart above all else (cost tier 0). ``exact_limit`` and
    ``neighbours`` tune speed only (see the module docstring).
    """

    scoring: ScoringRules = ScoringRules()
    ranking_order: tuple[str, ...] = DEFAULT_ORDER
    first_round: Literal["seeded", "random"] = "seeded"
    random_seed: int | None = None
    avoid_same_club: bool = True
    distinct_factions: bool = False
    exact_limit: int = 64
    neighbours: int = 6


class SwissPairer:
    """Pairs Swiss rounds under one event's :class:`SwissOptions`.

    Raises InvalidInput for an unknown ``first_round`` or a random first round without a seed.
    """

    def __init__(self, options: SwissOptions | None = None) -> None:
        self.options = options or SwissOptions()
        if self.options.first_round not in ("seeded", "random"):
            raise InvalidInput(f"first_round must be 'seeded' or 'random', not {self.options.first_round!r}")
        if self.options.first_round == "random" and self.options.random_seed is None:
            raise InvalidInput("a random first round needs random_seed, so that the draw can be replayed")

    def pair(
        self,
        competitors: Sequence[Competitor],
        results: Sequence[ResultRecord],
        round_number: int,
    ) -> list[Pairing]:
        """Pair ``round_number`` from the results of the rounds before it.

        Results of ``round_number`` and later are ignored. Returns one Pairing per table,
        top table first, the bye (if any) last. Raises PairingError with fewer than two
        active players, InvalidInput for results naming unknown players.
        """
        if round_number < 1:
            raise PairingError(f"rounds are numbered from 1, not {round_number}")
        # A large round allocates hundreds of thousands of small objects that all live until it
        # ends; the cyclic collector's passes over them are a third of a 10,000-player round.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._pair(competitors, results, round_number)
        finally:
            if collecting:
                gc.enable()

    def _pair(self, competitors, results, round_number) -> list[Pairing]:
        opts = self.options
        history = EventHistory(competitors, results, opts.scoring, before_round=round_number)
        ranked = self._ranking(competitors, results, history, round_number)
        active = [pid for pid in ranked if not history.competitors[pid].dropped]
        if len(active) < 2:
            raise PairingError(f"round {round_number}: {len(active)} active player(s); a round needs two")

        pool = entries(active, history, opts.distinct_factions)
        solver = Solver(pool, history, opts)
        outcome = solver.solve()

        first_round = all(not history.games[e.pid] for e in pool)
        pairs = sorted(outcome.pairs, key=lambda p: p[0].rank)
        pairings = []
        for table, (u, v) in enumerate(pairs, start=1):
            first, second = first_player(u, v, history, table)
            pairings.append(
                Pairing(
                    table,
                    first.pid,
                    second.pid,
                    self._reason(u, v, history, first_round, outcome.bye is not None),
                )
            )
        if outcome.bye is not None:
            reason = self._bye_reason(solver, outcome, pool, history)
            pairings.append(Pairing(len(pairings) + 1, outcome.bye.pid, None, reason))
        return pairings

    def _bye_reason(self, solver: Solver, outcome: Outcome, pool: list[Entry], history: EventHistory) -> str:
        """Why this player has the bye, in words that hold: the plain rule's choice (the lowest-ranked
        player on the fewest byes), or what giving it to that player instead would have cost."""
        fewest = min(history.byes(e.pid) for e in pool)
        plain = max((e for e in pool if e.extra_byes == 0), key=lambda e: e.rank)
        if fewest == 0:
            rule = "lowest-ranked player without an earlier bye"
        else:
            rule = f"every active player has had a bye; lowest-ranked with the fewest ({fewest})"
        if outcome.bye is plain:
            return f"bye: {rule}"
        forced = Solver(pool, history, self.options).solve(forced_bye=plain)
        ours, theirs = solver.totals(outcome), solver.totals(forced)
        club = sum(1 for u, v in outcome.pairs if solver.pair_tiers(u, v, 0)[5])
        their_club = sum(1 for u, v in forced.pairs if solver.pair_tiers(u, v, 0)[5])
        label = history.competitors[plain.pid].label
        if theirs[0] > ours[0]:
            why = f"more players of one faction meeting ({theirs[0]} instead of {ours[0]})"
        elif theirs[2] > ours[2]:
            why = f"more rematches ({theirs[2]} instead of {ours[2]})"
        elif theirs[4] > ours[4]:
            why = (
                "larger score gaps between opponents (squared differences "
                f"{format_points(theirs[4] / 100)} instead of {format_points(ours[4] / 100)})"
            )
        elif their_club > club:
            why = f"more players of one club meeting ({their_club} instead of {club})"
        else:
            why = "a pairing no better by the event's order of priorities"
        return f"bye: chosen with the pairing; a bye to {label} ({rule.split(';')[-1].strip()}) would leave {why}"

    def _ranking(self, competitors, results, history, round_number) -> list[PlayerId]:
        opts = self.options
        nobody_played = not any(history.games.values())
        if nobody_played and opts.first_round == "random":
            order = [c.id for c in seeding_order(competitors)]
            random.Random(opts.random_seed).shuffle(order)
            return order
        ranked = ranked_ids(history, opts.ranking_order)
        # Score groups come first whatever the event's tiebreak order; the order ranks within them.
        return sorted(ranked, key=lambda pid: -history.points[pid])

    def _reason(self, u: Entry, v: Entry, history: EventHistory, first_round: bool, bye: bool = False) -> str:
        """One line that holds for this table: the pairing is optimal on mirrors, extra byes,
        rematches and squared score differences (swiss_solver), so those claims are true."""
        opts = self.options
        as_few = " with as few same-faction games" if opts.distinct_factions else ""
        if first_round:
            how = f"random draw (seed {opts.random_seed})" if opts.first_round == "random" else "by seeding"
            text = f"round 1 {how}: top half meets bottom half"
            if u.group == v.group and abs(v.position - u.position) != u.group_size // 2:
                text += ", partners moved off the strict slide to keep players of one club or faction apart"
        elif u.points == v.points:
            text = f"same score group ({format_points(u.points)} pts)"
        else:
            # The bye's tiers rank above the score: with a bye, the claim holds among pairings that give
            # it as low (and to a player on the fewest byes).
            bye_low = " and the bye as low" if bye else ""
            text = (
                f"pulled down from {format_points(u.points)} to {format_points(v.points)} pts "
                f"({v.group - u.group} score group(s) apart): no pairing of the round{as_few} with as few "
                f"rematches{bye_low} has smaller squared score differences"
            )
        met = history.rounds_met(u.pid, v.pid)
        if met:
            rounds = ", ".join(str(r) for r in met)
            no_extra = " that gives the bye to a player on the fewest byes" if bye else ""
            text += f"; rematch (met in round {rounds}): no pairing of the round{as_few}{no_extra} has fewer rematches"
        elif u.points == v.points and not first_round:
            text += ", no earlier game"
        if opts.avoid_same_club and u.club is not None and u.club == v.club:
            text += f"; same club ({u.club}): no better pairing found"
        if mirror(u, v):
            text = (
                f"warning: same faction ({', '.join(shared_factions(u.faction, v.faction))}) on both sides, "
                "which the game does not allow; "
                f"no pairing of this round has fewer such games; {text}"
            )
        return text


def first_player(u: Entry, v: Entry, history: EventHistory, table: int) -> tuple[Entry, Entry]:
    """Who plays first (listed first, the match's first seat), balanced over the event: the player
    who has gone first less often; on a tie the one who went second in their latest game; on a tie
    again (round 1, say) the higher-ranked player at odd tables and the lower-ranked at even ones."""
    fu, fv = history.times_first(u.pid), history.times_first(v.pid)
    if fu != fv:
        return (u, v) if fu < fv else (v, u)
    lu, lv = history.last_first(u.pid), history.last_first(v.pid)
    if lu is not None and lv is not None and lu != lv:
        return (v, u) if lu else (u, v)
    return (u, v) if table % 2 else (v, u)


def pair_swiss_round(
    competitors: Sequence[Competitor],
    results: Sequence[ResultRecord],
    round_number: int,
    options: SwissOptions | None = None,
) -> list[Pairing]:
    """Shortcut for ``SwissPairer(options).pair(competitors, results, round_number)``."""
    return SwissPairer(options).pair(competitors, results, round_number)
