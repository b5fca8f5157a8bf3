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
2. **Bye.** With an odd number of active players the bye goes to the lowest-ranked player
   without an earlier bye (if everyone has had one: the lowest-ranked among those with the
   fewest byes). With ``avoid_same_club``, when the others would then have to play a
   same-club game, another player of that club in the same (lowest) score group and with as
   few byes takes the bye if that lets the pairing have fewer same-club games without more
   rematches, far pairings or score difference. With ``distinct_factions`` the same goes for
   a player whose bye leaves fewer same-faction games (that wins over everything else).
3. **Costs.** Every candidate pair gets a tuple of costs, compared lexicographically (see
   :mod:`~tournaments.algorithms.matching`), most important first:

   0. same faction (only with ``distinct_factions``, for a game whose two opponents must play
      different factions, e.g. Hoplomachus Skirmish, AMB-17): 1 if both registered the same
      faction. Such a game cannot be played at all, which is worse than any rematch, so a
      mirror is only used when no pairing of the pool has fewer (every player on one faction,
      say); its reason then says so and the organizer is warned;
   a. rematch: the number of earlier games between the two, so a rematch is only used when
      no rematch-free pairing of the pool exists;
   b. far pairing: 1 if the two are neither in the same score group nor in adjacent ones
      (a *score group* is every player on the same points; groups are adjacent when no
      other group lies between their point totals);
   c. score difference: the squared difference in tournament points, so one jump of two
      steps costs more than two jumps of one step;
   d. same club: 1 if both name the same club (optional, ``avoid_same_club``);
   e. rank order, the *slide* (Dutch) rule: in a score group of ``g`` players ranked
      ``0..g-1`` the ideal partner of position ``i`` is ``i + g//2`` (top half meets bottom
      half), and a pair costs how far its rank distance is from ``g//2``. Across two groups
      the cost prefers the lowest-ranked player of the upper group and the highest-ranked
      of the lower group.

4. **Matching.** networkx's blossom algorithm (``max_weight_matching`` with
   ``maxcardinality=True`` on ``offset - cost``) finds the cheapest perfect matching.

Speed, and why the work is split by score group
-----------------------------------------------
A complete graph on 1,000 players has ~500,000 edges. networkx's pure-Python blossom
needs over a second for the complete graph on 256 players (``benchmarks/pairing.py``), and
even a 1,000-player graph restricted to each player's 8 nearest neighbours in the slide
order took about 2 s (16 neighbours: about 4 s) with the costs above: the search slows down
with every score group of odd size and every spread of edge weights it has to close with
dual updates. So:

* Pools of up to ``exact_limit`` players (64 by default) are matched on the complete
  graph: the result is the exact optimum of the costs above.
* Larger pools are paired score group by score group, top down, as the Dutch system does:
  each group is one matching of its own players plus the players floated down to it, with
  extra "float down" nodes that let the group send its lowest-ranked player(s) to the next
  group when its size is odd or rematches block it. Within a group only candidate edges
  near each player's slide partner are built (``neighbours`` players either side in the
  slide order, everyone for floaters and float-down nodes); the candidate set doubles
  until the group pairs without a rematch or the group is complete. Same-club and
  rank-order costs are minimised over these candidate edges, not over every possible
  pair: with the default width each player still has a dozen alternatives.
* The guarantee: if the group-by-group result contains any rematch or any far pairing, it
  is thrown away and the whole pool is matched globally on a candidate graph that doubles
  its width until it pairs with no rematch and no far pairing, or is complete — and the
  complete graph gives the exact optimum. So no rematch is ever used that a rematch-free
  perfect matching of the pool could have avoided, and no far pairing when an all
  within-or-adjacent pairing existed without more rematches. With ``distinct_factions`` the
  check also asks for the fewest same-faction games any pairing can have (the largest
  faction's players beyond half the pool), so none is used that could be avoided. Large fields reach this
  fallback only when rematches are (nearly) unavoidable, which in practice means small
  late-round pools; a 1,000-player pool that did reach it would take seconds per width
  and minutes if it had to go all the way to the complete graph.

Run ``python benchmarks/pairing.py`` for the current timings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.algorithms.errors import InvalidInput, PairingError
from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.matching import combine_tiers, min_cost_perfect_matching
from tournaments.algorithms.players import (
    Competitor,
    Pairing,
    PlayerId,
    ResultRecord,
    faction_set,
    seeding_order,
    shared_factions,
)
from tournaments.algorithms.rules import ScoringRules, format_points
from tournaments.algorithms.standings import DEFAULT_ORDER, rank


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


@dataclass(frozen=True)
class _Entry:
    """One player of the pool with the facts the costs need."""

    pid: PlayerId
    rank: int  # 0 = best active player
    points: float
    group: int  # score group index, 0 = highest points
    position: int  # rank inside the score group
    group_size: int
    club: str | None
    faction: str | None


_Pair = tuple[_Entry, _Entry]  # upper-ranked player first


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
        opts = self.options
        history = EventHistory(competitors, results, opts.scoring, before_round=round_number)
        ranked = self._ranking(competitors, results, history, round_number)
        active = [pid for pid in ranked if not history.competitors[pid].dropped]
        if len(active) < 2:
            raise PairingError(f"round {round_number}: {len(active)} active player(s); a round needs two")

        bye: tuple[PlayerId, str] | None = None
        if len(active) % 2:
            bye, pool, pairs = self._bye_and_pairs(active, history)
        else:
            pool = _entries(active, history, opts.distinct_factions)
            pairs = _Solver(pool, history, opts).solve()

        first_round = all(not history.games[e.pid] for e in pool)
        pairs.sort(key=lambda p: p[0].rank)
        pairings = [
            Pairing(table, u.pid, v.pid, self._reason(u, v, history, first_round))
            for table, (u, v) in enumerate(pairs, start=1)
        ]
        if bye is not None:
            pairings.append(Pairing(len(pairings) + 1, bye[0], None, bye[1]))
        return pairings

    def _bye_and_pairs(
        self, active: list[PlayerId], history: EventHistory
    ) -> tuple[tuple[PlayerId, str], list[_Entry], list[_Pair]]:
        """The bye and the pairs of everyone else, with club avoidance in mind (step 2 of the
        module docstring).

        The bye rule picks the candidates: players with the fewest byes in the lowest score
        group among them, lowest-ranked first; the first is the plain rule's choice. When
        pairing the others around that choice leaves players of one club facing each other,
        the candidates who share a club with such a pair are tried too, and the first whose
        bye gives fewer same-club games, without more rematches, far pairings or score
        difference, takes it (e.g. five players, three of one club: a bye to one of the three
        lets the other four avoid a same-club game).
        """
        opts = self.options
        candidates = _bye_candidates(active, history)
        chosen, reason = candidates[0], _bye_reason(active, history)
        pool, pairs = self._pairs_without(active, chosen, history)
        if not opts.avoid_same_club and not opts.distinct_factions:
            return (chosen, reason), pool, pairs
        best = _pair_costs(pairs, history, opts)
        base_reason = reason
        for pid in candidates[1 : 1 + _MAX_BYE_TRIES]:
            if best[0] == 0 and best[-1] == 0:
                break
            clubs = {
                u.club for u, v in pairs if opts.avoid_same_club and u.club is not None and u.club == v.club
            }
            factions = {f for u, v in pairs for f in shared_factions(u.faction, v.faction)}
            competitor = history.competitors[pid]
            if competitor.club not in clubs and not faction_set(competitor.faction) & factions:
                continue
            other_pool, other_pairs = self._pairs_without(active, pid, history)
            costs = _pair_costs(other_pairs, history, opts)
            if costs[0] < best[0]:
                why = "fewer players of one faction meet"
            elif costs[0] == best[0] and costs[1:-1] <= best[1:-1] and costs[-1] < best[-1]:
                why = "fewer players of one club meet"
            else:
                continue
            chosen, pool, pairs, best = pid, other_pool, other_pairs, costs
            reason = f"{base_reason}, chosen so that {why}"
        return (chosen, reason), pool, pairs

    def _pairs_without(
        self, active: list[PlayerId], bye: PlayerId, history: EventHistory
    ) -> tuple[list[_Entry], list[_Pair]]:
        pool = _entries([pid for pid in active if pid != bye], history, self.options.distinct_factions)
        return pool, _Solver(pool, history, self.options).solve()

    def _ranking(self, competitors, results, history, round_number) -> list[PlayerId]:
        opts = self.options
        nobody_played = not any(history.games.values())
        if nobody_played and opts.first_round == "random":
            order = [c.id for c in seeding_order(competitors)]
            random.Random(opts.random_seed).shuffle(order)
            return order
        rows = rank(competitors, results, opts.ranking_order, rules=opts.scoring, before_round=round_number)
        # Score groups come first whatever the event's tiebreak order; the order ranks within them.
        return [row.player_id for row in sorted(rows, key=lambda row: -history.points[row.player_id])]

    def _reason(self, u: _Entry, v: _Entry, history: EventHistory, first_round: bool) -> str:
        opts = self.options
        if first_round:
            if opts.first_round == "random":
                text = f"round 1, random draw (seed {opts.random_seed}): top half meets bottom half"
            else:
                text = "round 1 by seeding: top half meets bottom half"
        elif u.points == v.points:
            text = f"same score group ({format_points(u.points)} pts)"
        elif v.group - u.group == 1:
            text = f"pulled down from {format_points(u.points)} to {format_points(v.points)} pts: no legal partner in group"
        else:
            text = (
                f"pulled down from {format_points(u.points)} to {format_points(v.points)} pts: "
                "no rematch-free pairing within adjacent score groups"
            )
        met = history.rounds_met(u.pid, v.pid)
        if met:
            rounds = ", ".join(str(r) for r in met)
            text += f"; rematch (met in round {rounds}): no rematch-free pairing existed"
        elif u.points == v.points and not first_round:
            text += ", no earlier game"
        if opts.avoid_same_club and u.club is not None and u.club == v.club:
            text += f"; same club ({u.club}): no better pairing found"
        if _mirror(u, v):
            text = (
                f"warning: same faction ({', '.join(shared_factions(u.faction, v.faction))}) on both sides, "
                "which the game does not allow; "
                f"no pairing of this round avoids it; {text}"
            )
        return text


def pair_swiss_round(
    competitors: Sequence[Competitor],
    results: Sequence[ResultRecord],
    round_number: int,
    options: SwissOptions | None = None,
) -> list[Pairing]:
    """Shortcut for ``SwissPairer(options).pair(competitors, results, round_number)``."""
    return SwissPairer(options).pair(competitors, results, round_number)


# A bye recipient other than the plain rule's is tried at most this many times (each try is a
# matching of the pool): enough for any club that fills a score group, cheap on large fields.
_MAX_BYE_TRIES = 16


def _bye_candidates(active: list[PlayerId], history: EventHistory) -> list[PlayerId]:
    """Who may have the bye, best choice first: the lowest-ranked players with the fewest byes
    (normally: none), and of those only the ones on the lowest points, so that avoiding a
    same-club game never hands the bye to a higher score group."""
    fewest = min(history.byes(pid) for pid in active)
    eligible = [pid for pid in reversed(active) if history.byes(pid) == fewest]
    lowest = min(history.points[pid] for pid in eligible)
    return [pid for pid in eligible if history.points[pid] == lowest]


def _bye_reason(active: list[PlayerId], history: EventHistory) -> str:
    fewest = min(history.byes(pid) for pid in active)
    if fewest == 0:
        return "bye: lowest-ranked player without an earlier bye"
    return f"bye: every active player has had a bye; lowest-ranked with the fewest ({fewest})"


def _mirror(u: _Entry, v: _Entry) -> bool:
    """Both registered the same faction, or two teams share one (entries carry factions only with
    ``distinct_factions``)."""
    return bool(shared_factions(u.faction, v.faction))


def fewest_mirrors(factions: Sequence) -> int:
    """The fewest same-faction games any pairing of an even pool with these factions can have:
    the largest faction's players beyond half the pool must meet each other (everyone else can
    be given a player of another faction). With teams (sets of factions) this is a lower bound:
    the teams holding one faction beyond half the pool must meet each other."""
    counts: dict[str, int] = {}
    for entry in factions:
        for f in faction_set(entry):
            counts[f] = counts.get(f, 0) + 1
    return max(0, max(counts.values(), default=0) - len(factions) // 2)


def _pair_costs(pairs: list[_Pair], history: EventHistory, options: SwissOptions) -> tuple[int, ...]:
    """(same-faction games, rematches, far pairings, score difference, same-club games) summed
    over a round's pairs, the first cost tiers of step 3."""
    mirrors = sum(1 for u, v in pairs if _mirror(u, v))
    rematches = far = score = club = 0
    for u, v in pairs:
        rematches += len(history.rounds_met(u.pid, v.pid))
        far += 1 if v.group - u.group > 1 else 0
        score += round((u.points - v.points) ** 2 * 100)
        club += 1 if options.avoid_same_club and u.club is not None and u.club == v.club else 0
    return mirrors, rematches, far, score, club


def _entries(active: list[PlayerId], history: EventHistory, distinct_factions: bool = False) -> list[_Entry]:
    point_totals = sorted({history.points[pid] for pid in active}, reverse=True)
    group_of = {p: i for i, p in enumerate(point_totals)}
    size: dict[int, int] = {}
    for pid in active:
        g = group_of[history.points[pid]]
        size[g] = size.get(g, 0) + 1
    seen: dict[int, int] = {}
    entries = []
    for rank_index, pid in enumerate(active):
        g = group_of[history.points[pid]]
        seen[g] = seen.get(g, 0) + 1
        entries.append(
            _Entry(
                pid=pid,
                rank=rank_index,
                points=history.points[pid],
                group=g,
                position=seen[g] - 1,  # ``active`` is in rank order, so this is the rank in the group
                group_size=size[g],
                club=history.competitors[pid].club,
                faction=history.competitors[pid].faction if distinct_factions else None,
            )
        )
    return entries


class _Solver:
    """Finds the pairs of one round's pool (see the module docstring for the strategy)."""

    def __init__(self, pool: list[_Entry], history: EventHistory, options: SwissOptions) -> None:
        self.pool = pool
        self.history = history
        self.options = options
        self.fewest_mirrors = fewest_mirrors([e.faction for e in pool])

    def solve(self) -> list[_Pair]:
        if len(self.pool) <= self.options.exact_limit:
            return self._global(width=None)
        pairs = self._by_score_groups()
        if pairs is not None and self._clean(pairs):
            return pairs
        width = 2 * self.options.neighbours
        while True:
            complete = width >= len(self.pool)
            pairs = self._global(width=None if complete else width)
            if complete or (pairs is not None and self._clean(pairs)):
                assert pairs is not None  # the complete graph always has a perfect matching
                return pairs
            width *= 2

    # -- costs ---------------------------------------------------------------------------

    def _clean(self, pairs: list[_Pair]) -> bool:
        """The fewest same-faction games possible, no rematch and no far pairing: the best the
        first three cost tiers can be."""
        if sum(1 for u, v in pairs if _mirror(u, v)) > self.fewest_mirrors:
            return False
        return all(v.group - u.group <= 1 and not self.history.rounds_met(u.pid, v.pid) for u, v in pairs)

    def _pair_tiers(self, u: _Entry, v: _Entry, rank_cost: int) -> tuple[int, ...]:
        """(mirror, rematch, far, score, club, rank) for players u and v; u ranked above v."""
        mirror = 1 if _mirror(u, v) else 0
        rematches = len(self.history.rounds_met(u.pid, v.pid))
        far = 1 if v.group - u.group > 1 else 0
        # Points may be fractional (1/0.5/0 scoring); x100 keeps the squares exact integers.
        score = round((u.points - v.points) ** 2 * 100)
        club = 1 if self.options.avoid_same_club and u.club is not None and u.club == v.club else 0
        return (mirror, rematches, far, score, club, rank_cost)

    @staticmethod
    def _slide_cost(u: _Entry, v: _Entry) -> int:
        """Rank-order cost across the whole pool (used by the global matching)."""
        if u.group == v.group:
            return abs(abs(v.position - u.position) - u.group_size // 2)
        return (u.group_size - 1 - u.position) + v.position

    # -- global matching -------------------------------------------------------------------

    def _global(self, width: int | None) -> list[_Pair] | None:
        """Cheapest perfect matching of the whole pool; ``width`` limits the candidate edges.

        With ``width`` None every pair is a candidate; otherwise each player is joined to the
        next ``width`` players of the slide order (each score group interleaved top half /
        bottom half, groups in points order). Returns None when the candidates admit no
        perfect matching.
        """
        pool = self.pool
        if width is None:
            candidates = [(u, v) for i, u in enumerate(pool) for v in pool[i + 1 :]]
        else:
            order = []
            for group in _split_groups(pool):
                order.extend(_slide_order(group, skip_top=0, parity=len(group) % 2))
            candidates = []
            for i, u in enumerate(order):
                for v in order[i + 1 : i + 1 + width]:
                    candidates.append((u, v) if u.rank < v.rank else (v, u))
        # Nodes are ranks (plain ints hash fast inside the blossom loops); pool[i].rank == i.
        tiers = {(u.rank, v.rank): self._pair_tiers(u, v, self._slide_cost(u, v)) for u, v in candidates}
        matching = min_cost_perfect_matching(range(len(pool)), combine_tiers(tiers, len(pool) // 2))
        if matching is None:
            return None
        return [(pool[min(a, b)], pool[max(a, b)]) for a, b in matching]

    # -- score group by score group ------------------------------------------------------

    def _by_score_groups(self) -> list[_Pair] | None:
        """Pair each score group with the players floated into it, top group first.

        Returns None when some group cannot be paired at all (then the global matching
        takes over).
        """
        groups = _split_groups(self.pool)
        floaters: list[_Entry] = []
        pairs: list[_Pair] = []
        for index, residents in enumerate(groups):
            last = index == len(groups) - 1
            result = self._pair_group(floaters, residents, last)
            if result is None:
                return None
            group_pairs, floaters = result
            pairs.extend(group_pairs)
        return pairs

    def _pair_group(
        self, floaters: list[_Entry], residents: list[_Entry], last: bool
    ) -> tuple[list[_Pair], list[_Entry]] | None:
        """One score group's matching: returns its pairs and the players it floats down.

        ``floaters`` came down from higher groups and must be paired here; ``last`` is the
        lowest group, which cannot float anyone. Returns None when the group cannot be
        paired at all (only possible for the last group).

        First try: only rematch-free edges, exactly as many float-down nodes as the
        group's parity needs, candidate edges widening until the group is complete. Its
        weights stay in a narrow range, which keeps the blossom search fast. If no such
        matching exists the second try allows rematches and floats two extra players down,
        on the complete graph of the group, and the caller's final check decides whether
        the whole pool must be matched globally instead.
        """
        players = floaters + residents
        parity = len(players) % 2
        if last and parity:
            return None
        float_index = {f.pid: i for i, f in enumerate(floaters)}
        # Residents expected to pair among themselves after floaters take the top ones and
        # the odd one out floats down; their slide partner is half that many places away.
        half = max(len(residents) - len(floaters) - parity, 2) // 2

        def rank_cost(u: _Entry, v: _Entry) -> int:
            if u.pid in float_index and v.pid in float_index:
                return 0
            if u.pid in float_index:
                return abs(v.position - float_index[u.pid])  # floaters meet the group's top
            return abs(abs(v.position - u.position) - half)

        def floats_lowest(r: _Entry) -> int:
            return len(residents) - 1 - r.position

        slide = _slide_order(residents, skip_top=len(floaters), parity=parity)
        width = self.options.neighbours
        while True:
            complete = len(players) <= 4 * width
            if complete:
                candidates = [(u, v) for i, u in enumerate(players) for v in players[i + 1 :]]
            else:
                candidates = [(f, v) for i, f in enumerate(floaters) for v in players[i + 1 :]]
                for i, u in enumerate(slide):
                    candidates.extend(
                        (u, v) if u.rank < v.rank else (v, u) for v in slide[i + 1 : i + 1 + width]
                    )
            edges: dict[tuple[int, int], tuple[int, ...]] = {}
            for u, v in candidates:
                mirror, rematch, _far, score, club, _ = self._pair_tiers(u, v, 0)
                if not rematch:
                    # A mirror stays a candidate here (a group may be all one faction); the
                    # caller's final check sends the pool to the global matching if one was avoidable.
                    edges[(u.rank, v.rank)] = (mirror, score, club, rank_cost(u, v))
            down = [] if last or not parity else [-1]
            for d in down:
                for r in residents:
                    edges[(r.rank, d)] = (0, 0, 0, floats_lowest(r))
            nodes = [p.rank for p in players] + down
            matching = min_cost_perfect_matching(nodes, combine_tiers(edges, len(nodes) // 2))
            if matching is not None:
                return self._read_group_matching(matching)
            if complete:
                break
            width *= 2
        if last:
            return None

        # Second try: (mirror, rematch, refloat, float down, score, club, rank) on the complete graph.
        downs = [-1 - i for i in range(parity + 2)]
        edges = {}
        for i, u in enumerate(players):
            for v in players[i + 1 :]:
                mirror, rematch, _far, score, club, _ = self._pair_tiers(u, v, 0)
                edges[(u.rank, v.rank)] = (mirror, rematch, 0, 0, score, club, rank_cost(u, v))
        for d in downs:
            for i, f in enumerate(floaters):
                # A floater sent on meets someone two or more groups below: a far pairing.
                edges[(f.rank, d)] = (0, 0, 1, 0, 0, 0, len(floaters) - 1 - i)
            for r in residents:
                edges[(r.rank, d)] = (0, 0, 0, 1, 0, 0, floats_lowest(r))
        for i, d in enumerate(downs):
            for e in downs[i + 1 :]:
                edges[(d, e)] = (0, 0, 0, 0, 0, 0, 0)  # unused float-down nodes pair up
        nodes = [p.rank for p in players] + downs
        matching = min_cost_perfect_matching(nodes, combine_tiers(edges, len(nodes) // 2))
        return None if matching is None else self._read_group_matching(matching)

    def _read_group_matching(self, matching: list[tuple[int, int]]) -> tuple[list[_Pair], list[_Entry]]:
        pairs: list[_Pair] = []
        floated: list[_Entry] = []
        for a, b in matching:
            low, high = min(a, b), max(a, b)
            if high < 0:
                continue  # two unused float-down nodes
            if low < 0:
                floated.append(self.pool[high])
            else:
                pairs.append((self.pool[low], self.pool[high]))
        floated.sort(key=lambda e: e.rank)
        return pairs, floated


def _split_groups(pool: list[_Entry]) -> list[list[_Entry]]:
    """The pool's score groups, highest points first, each in rank order."""
    groups: dict[int, list[_Entry]] = {}
    for e in pool:
        groups.setdefault(e.group, []).append(e)
    return [groups[g] for g in sorted(groups)]


def _slide_order(group: list[_Entry], *, skip_top: int, parity: int) -> list[_Entry]:
    """The group reordered so that slide partners are neighbours.

    The top ``skip_top`` players (expected to meet floaters from above) come first, then the
    middle players interleaved top half / bottom half (1st, (h+1)th, 2nd, (h+2)th, ...), then
    the ``parity`` lowest (expected to float down). Restricting candidate edges to
    neighbours in this order keeps every player's ideal partners in reach.
    """
    top = group[:skip_top]
    middle = group[skip_top : len(group) - parity] if parity else group[skip_top:]
    bottom = group[len(group) - parity :] if parity else []
    half = len(middle) // 2
    interleaved = []
    for i in range(half):
        interleaved.extend((middle[i], middle[half + i]))
    interleaved.extend(middle[2 * half :])
    return top + interleaved + bottom
