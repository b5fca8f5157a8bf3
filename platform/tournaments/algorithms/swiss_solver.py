"""The matching behind a Swiss round: who meets whom, and who has the bye, chosen together.

:mod:`tournaments.algorithms.swiss` ranks the players and words the reasons; this module finds
the pairs. Every candidate pair carries a tuple of costs compared lexicographically
(:mod:`~tournaments.algorithms.matching`), most important first:

0. **mirror**: both registered the same faction (only with ``distinct_factions``);
1. **extra bye**: for the bye only, how many more byes the player has had than the fewest in
   the pool (so a second bye goes to nobody while someone has had none);
2. **rematch**: earlier games between the two;
3. **bye height**: for the bye only, how many score groups above the lowest one holding a player
   without an extra bye the player stands (the bye goes to the lowest group that lets the rest pair
   with the fewest rematches, as FIDE C.04.3's Dutch system gives it);
4. **score**: the squared difference in points (x100, exact for halves and quarters), so one float
   of two groups costs four floats of one: how far a float goes counts, not only that it happens;
5. **club**: both name the same club (``avoid_same_club``);
6. **bye rank**: for the bye only, how many players of the pool rank below the player (the
   lowest-ranked player takes it, all else being equal);
7. **rank**: the slide (Dutch) order, top half of a score group against its bottom half.

The bye is a node of the matching like a player, so it is chosen jointly with the pairs: a bye
that would force a rematch on the others is not given when another player of the same score
group can take it.

Speed: pools of up to ``exact_limit`` players are matched on the complete graph (the exact
optimum). Larger pools are paired score group by score group from the top, each group with the
players floated into it. A group is first paired by its slide (top half against bottom half,
floaters against its top) cut into windows of a few tables; a window whose slide pairs have no
rematch, mirror or same-club game is taken as it is; a window with one such pair first tries
exchanging that pair's partner with another pair of the window (the Dutch transposition, nearest
in rank first) and is taken if that leaves every pair clean; any other window is matched exactly
on its own players with networkx, merged with the next window while it cannot avoid a rematch. A
group whose windows cannot be paired is matched whole, on a widening candidate graph. The
result is then held to the bounds of the first tiers: no rematch, no avoidable mirror, the bye in
the lowest group with a player on the fewest byes, and a sum of squared score differences equal
to its lower bound (every cut between score groups with an odd number of players above it must be
crossed by one pair; the cheapest crossing is one pair of adjacent groups, so the bound is the sum
of those gaps squared). A result that meets them is optimal on every tier down to the score; one
that does not is thrown away and the whole pool is matched on a candidate graph that doubles its
width until it meets them or is complete (the exact optimum). So the first five tiers are always
optimal; same-club games and the slide are kept low window by window (a heuristic beyond the
exact limit: a window is a few tables, an exchange mends one conflict).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.algorithms.history import EventHistory
from tournaments.algorithms.matching import combine_tiers, min_cost_perfect_matching
from tournaments.algorithms.players import PlayerId, faction_set, shared_factions

BYE = -1  # the bye's node in every matching (players are nodes 0..n-1, their ranks)
_FLOAT = -2  # a group's float-down node
WINDOW = 4  # slide pairs per window of a large score group
SMALL_GROUP = 48  # groups up to this many players are matched whole at once


@dataclass(frozen=True)
class Entry:
    """One player of the pool with the facts the costs need."""

    pid: PlayerId
    rank: int  # 0 = best active player
    points: float
    group: int  # score group index, 0 = highest points
    position: int  # rank inside the score group
    group_size: int
    club: str | None
    faction: str | None
    extra_byes: int  # byes beyond the fewest any player of the pool has had


Pair = tuple[Entry, Entry]  # upper-ranked player first


def entries(active: list[PlayerId], history: EventHistory, distinct_factions: bool = False) -> list[Entry]:
    """The pool in rank order (``active`` is ranked)."""
    point_totals = sorted({history.points[pid] for pid in active}, reverse=True)
    group_of = {p: i for i, p in enumerate(point_totals)}
    size: dict[int, int] = {}
    for pid in active:
        g = group_of[history.points[pid]]
        size[g] = size.get(g, 0) + 1
    byes = {pid: history.byes(pid) for pid in active}
    fewest = min(byes.values(), default=0)
    seen: dict[int, int] = {}
    out = []
    for rank_index, pid in enumerate(active):
        g = group_of[history.points[pid]]
        seen[g] = seen.get(g, 0) + 1
        out.append(
            Entry(
                pid=pid,
                rank=rank_index,
                points=history.points[pid],
                group=g,
                position=seen[g] - 1,
                group_size=size[g],
                club=history.competitors[pid].club,
                faction=history.competitors[pid].faction if distinct_factions else None,
                extra_byes=byes[pid] - fewest,
            )
        )
    return out


def mirror(u: Entry, v: Entry) -> bool:
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


def score_cost(u: Entry, v: Entry) -> int:
    # Points may be fractional (1/0.5/0 scoring, pods' 0.75); x100 keeps the squares exact integers.
    return round((u.points - v.points) ** 2 * 100)


def score_bound(pool: Sequence[Entry]) -> int:
    """The least sum of squared score differences (x100) any perfect matching of ``pool`` can have."""
    totals = sorted({e.points for e in pool}, reverse=True)
    count = {p: 0 for p in totals}
    for e in pool:
        count[e.points] += 1
    bound, above = 0, 0
    for upper, lower in zip(totals, totals[1:], strict=False):
        above += count[upper]
        if above % 2:
            bound += round((upper - lower) ** 2 * 100)
    return bound


@dataclass(frozen=True)
class Outcome:
    pairs: list[Pair]
    bye: Entry | None


class Solver:
    """The pairs (and the bye, for an odd pool) of one round; see the module docstring."""

    def __init__(self, pool: list[Entry], history: EventHistory, options) -> None:
        self.forced_bye: Entry | None = None
        self.pool = pool
        self.history = history
        self.options = options
        self.needs_bye = len(pool) % 2 == 1
        eligible_groups = [e.group for e in pool if e.extra_byes == 0]
        self.bye_group = max(eligible_groups, default=0)  # the lowest group with a player on the fewest byes

    # -- costs ---------------------------------------------------------------------------

    def pair_tiers(self, u: Entry, v: Entry, rank_cost: int) -> tuple[int, ...]:
        """(mirror, extra bye, rematch, bye height, score, club, bye rank, rank) for u against v."""
        club = 1 if self.options.avoid_same_club and u.club is not None and u.club == v.club else 0
        return (
            1 if mirror(u, v) else 0,
            0,
            len(self.history.rounds_met(u.pid, v.pid)),
            0,
            score_cost(u, v),
            club,
            0,
            rank_cost,
        )

    def bye_tiers(self, e: Entry) -> tuple[int, ...]:
        return (0, e.extra_byes, 0, max(0, self.bye_group - e.group), 0, 0, len(self.pool) - 1 - e.rank, 0)

    def totals(self, outcome: Outcome) -> tuple[int, ...]:
        """The first five tiers summed over a round: (mirrors, extra byes, rematches, bye height, score)."""
        sums = [0, 0, 0, 0, 0]
        for u, v in outcome.pairs:
            for i, t in enumerate(self.pair_tiers(u, v, 0)[:5]):
                sums[i] += t
        if outcome.bye is not None:
            for i, t in enumerate(self.bye_tiers(outcome.bye)[:5]):
                sums[i] += t
        return tuple(sums)

    def lower_bounds(self, bye: Entry | None) -> tuple[int, ...]:
        rest = [e for e in self.pool if e is not bye]
        return (fewest_mirrors([e.faction for e in rest]), 0, 0, 0, score_bound(rest))

    def optimal(self, outcome: Outcome) -> bool:
        bounds = self.lower_bounds(outcome.bye)
        if self.forced_bye is not None:  # the bye's own tiers are fixed by the caller's choice
            bounds = (
                bounds[:1]
                + self.bye_tiers(self.forced_bye)[1:2]
                + bounds[2:3]
                + self.bye_tiers(self.forced_bye)[3:4]
                + bounds[4:]
            )
        return self.totals(outcome) == bounds

    # -- solving ---------------------------------------------------------------------------

    def solve(self, forced_bye: Entry | None = None) -> Outcome:
        """The round's pairs and bye; ``forced_bye`` gives the bye to that player (used to say why
        the bye went elsewhere)."""
        self.forced_bye = forced_bye
        if len(self.pool) <= self.options.exact_limit:
            return self.global_matching(width=None)
        outcome = self.by_score_groups()
        if outcome is not None and self.optimal(outcome):
            return outcome
        width = 2 * self.options.neighbours
        while True:
            complete = width >= len(self.pool)
            outcome = self.global_matching(width=None if complete else width)
            if complete or (outcome is not None and self.optimal(outcome)):
                assert outcome is not None  # nosec B101 - the complete graph always has a perfect matching
                return outcome
            width *= 2

    def _bye_edges(self, edges: dict) -> None:
        if not self.needs_bye:
            return
        for e in self.pool:
            if self.forced_bye is None or e is self.forced_bye:
                edges[(e.rank, BYE)] = self.bye_tiers(e)

    @staticmethod
    def _slide_cost(u: Entry, v: Entry) -> int:
        if u.group == v.group:
            return abs(abs(v.position - u.position) - u.group_size // 2)
        return (u.group_size - 1 - u.position) + v.position

    def global_matching(self, width: int | None) -> Outcome | None:
        """Cheapest matching of the whole pool (and the bye); ``width`` limits the candidate pairs
        to each player's next ``width`` players in the slide order. None when they admit no
        perfect matching."""
        pool = self.pool
        if width is None:
            candidates = [(u, v) for i, u in enumerate(pool) for v in pool[i + 1 :]]
        else:
            order = []
            for group in split_groups(pool):
                order.extend(slide_order(group, skip_top=0, parity=len(group) % 2))
            candidates = []
            for i, u in enumerate(order):
                for v in order[i + 1 : i + 1 + width]:
                    candidates.append((u, v) if u.rank < v.rank else (v, u))
        edges = {(u.rank, v.rank): self.pair_tiers(u, v, self._slide_cost(u, v)) for u, v in candidates}
        self._bye_edges(edges)
        nodes = list(range(len(pool))) + ([BYE] if self.needs_bye else [])
        return self._read(min_cost_perfect_matching(nodes, combine_tiers(edges, len(nodes) // 2)))

    def _read(self, matching) -> Outcome | None:
        if matching is None:
            return None
        pairs, bye = [], None
        for a, b in matching:
            low, high = min(a, b), max(a, b)
            if low == BYE:
                bye = self.pool[high]
            else:
                pairs.append((self.pool[low], self.pool[high]))
        return Outcome(pairs, bye)

    # -- score group by score group ----------------------------------------------------------

    def by_score_groups(self) -> Outcome | None:
        groups = split_groups(self.pool)
        floaters: list[Entry] = []
        pairs: list[Pair] = []
        bye = None
        for index, residents in enumerate(groups):
            last = index == len(groups) - 1
            result = GroupPairer(self, floaters, residents, last).pair()
            if result is None:
                return None
            group_pairs, floaters, group_bye = result
            pairs.extend(group_pairs)
            bye = bye or group_bye
        return Outcome(pairs, bye)


class GroupPairer:
    """One score group with the players floated into it: its pairs, the players it floats down,
    and (the lowest group of an odd pool) the bye."""

    def __init__(self, solver: Solver, floaters: list[Entry], residents: list[Entry], last: bool) -> None:
        self.solver = solver
        self.floaters = floaters
        self.residents = residents
        self.last = last
        self.players = floaters + residents
        self.parity = len(self.players) % 2
        self.float_index = {f.pid: i for i, f in enumerate(floaters)}
        self.half = max(len(residents) - len(floaters) - self.parity, 2) // 2
        # The odd player out: floats down, or in the lowest group takes the bye.
        self.sink = (BYE if last else _FLOAT) if self.parity else None

    def rank_cost(self, u: Entry, v: Entry) -> int:
        if u.pid in self.float_index and v.pid in self.float_index:
            return 0
        if u.pid in self.float_index:
            return abs(v.position - self.float_index[u.pid])  # floaters meet the group's top
        if v.pid in self.float_index:
            return abs(u.position - self.float_index[v.pid])
        return abs(abs(v.position - u.position) - self.half)

    def sink_tiers(self, r: Entry) -> tuple[int, ...] | None:
        if self.sink == BYE:
            forced = self.solver.forced_bye
            if r.extra_byes or (forced is not None and r is not forced):
                return None
            return self.solver.bye_tiers(r)
        return (0, 0, 0, 0, 0, 0, 0, len(self.residents) - 1 - r.position)  # the lowest floats down

    def edge(self, u: Entry, v: Entry) -> tuple[int, ...]:
        return self.solver.pair_tiers(u, v, self.rank_cost(u, v))

    def pair(self) -> tuple[list[Pair], list[Entry], Entry | None] | None:
        if len(self.floaters) > len(self.residents) or len(self.players) <= SMALL_GROUP:
            return self.whole()
        return self.windows() or self.whole()

    # A window: the ideal pairs of the slide, a few at a time.
    def slide_pairs(self) -> list[tuple[Entry, Entry | None]]:
        top = self.residents[: len(self.floaters)]
        rest = self.residents[len(self.floaters) :]
        bottom = rest[len(rest) - self.parity :] if self.parity else []
        middle = rest[: len(rest) - self.parity] if self.parity else rest
        half = len(middle) // 2
        ideal: list[tuple[Entry, Entry | None]] = list(zip(self.floaters, top, strict=True))
        ideal += [(middle[i], middle[half + i]) for i in range(half)]
        ideal += [(b, None) for b in bottom]  # None: the sink
        return ideal

    def clean(self, u: Entry, v: Entry | None) -> bool:
        if v is None:
            return self.sink_tiers(u) is not None
        mirror_, _, rematch, _, _, club, _, _ = self.edge(u, v)
        return not (mirror_ or rematch or club)

    def windows(self) -> tuple[list[Pair], list[Entry], Entry | None] | None:
        ideal = self.slide_pairs()
        size = WINDOW
        while size < len(ideal):
            result = self._windows_of(ideal, size)
            if result is not None:
                return result
            size *= 4
        return None

    def _windows_of(self, ideal, size):
        pairs: list[Pair] = []
        floated: list[Entry] = []
        bye = None
        carry: list[tuple[Entry, Entry | None]] = []
        for start in range(0, len(ideal), size):
            block = carry + ideal[start : start + size]
            final = start + size >= len(ideal)
            repaired = block if all(self.clean(u, v) for u, v in block) else self._exchange(block)
            if repaired is not None:
                solved = self._take(repaired)
            else:
                solved = self._match(block)
                if solved is None or (solved[3] and not final):
                    carry = block  # a rematch this window cannot avoid: try it with the next one
                    continue
                if solved[3]:
                    return None
            carry = []
            block_pairs, block_floated, block_bye, _ = solved
            pairs += block_pairs
            floated += block_floated
            bye = bye or block_bye
        if carry:
            return None
        floated.sort(key=lambda e: e.rank)
        return pairs, floated, bye

    def _exchange(self, block):
        """The block with one conflicting slide pair mended by exchanging partners with another pair
        of the block (the Dutch system's transposition), when that leaves every pair clean; the
        exchange with the partners nearest in rank is taken. None when no single exchange does."""
        bad = [i for i, (u, v) in enumerate(block) if not self.clean(u, v)]
        if len(bad) != 1 or block[bad[0]][1] is None:
            return None
        i = bad[0]
        u, v = block[i]
        options = []
        for j, (x, y) in enumerate(block):
            if j == i or y is None or x.pid in self.float_index or u.pid in self.float_index:
                continue
            if self.clean(u, y) and self.clean(x, v):
                options.append((abs(y.rank - v.rank), j, (u, y), (x, v)))
        if not options:
            return None
        _, j, first, second = min(options, key=lambda o: o[:2])
        mended = list(block)
        mended[i], mended[j] = first, second
        return mended

    def _take(self, block):
        pairs, floated, bye = [], [], None
        for u, v in block:
            if v is None:
                if self.sink == BYE:
                    bye = u
                else:
                    floated.append(u)
            else:
                pairs.append((u, v) if u.rank < v.rank else (v, u))
        return pairs, floated, bye, 0

    def _match(self, block):
        """The block's players matched exactly; returns (pairs, floated, bye, rematches)."""
        players = [p for u, v in block for p in (u, v) if p is not None]
        has_sink = any(v is None for _, v in block)
        edges = {}
        for i, u in enumerate(players):
            for v in players[i + 1 :]:
                a, b = (u, v) if u.rank < v.rank else (v, u)
                edges[(a.rank, b.rank)] = self.edge(a, b)
        if has_sink:
            for r in players:
                if r.pid not in self.float_index:
                    tiers = self.sink_tiers(r)
                    if tiers is not None:
                        edges[(r.rank, self.sink)] = tiers
        nodes = [p.rank for p in players] + ([self.sink] if has_sink else [])
        matching = min_cost_perfect_matching(nodes, combine_tiers(edges, len(nodes) // 2))
        if matching is None:
            return None
        pairs, floated, bye = self._read(matching)
        rematches = sum(self.edge(u, v)[2] + self.edge(u, v)[0] for u, v in pairs)
        return pairs, floated, bye, rematches

    def _read(self, matching):
        pool = self.solver.pool
        pairs, floated, bye = [], [], None
        for a, b in matching:
            low, high = min(a, b), max(a, b)
            if high < 0:
                continue  # two unused float-down nodes
            if low == BYE:
                bye = pool[high]
            elif low < 0:
                floated.append(pool[high])
            else:
                pairs.append((pool[low], pool[high]))
        floated.sort(key=lambda e: e.rank)
        return pairs, floated, bye

    def whole(self) -> tuple[list[Pair], list[Entry], Entry | None] | None:
        """The group matched at once: first rematch-free with only the parity's sink, then (not the
        lowest group) allowing rematches and two more players floated down."""
        players = self.players
        edges = {}
        for i, u in enumerate(players):
            for v in players[i + 1 :]:
                tiers = self.edge(u, v)
                if not tiers[2]:
                    edges[(u.rank, v.rank)] = tiers
        sinks = [self.sink] if self.sink is not None else []
        for r in self.residents:
            for s in sinks:
                tiers = self.sink_tiers(r)
                if tiers is not None:
                    edges[(r.rank, s)] = tiers
        nodes = [p.rank for p in players] + sinks
        matching = min_cost_perfect_matching(nodes, combine_tiers(edges, len(nodes) // 2))
        if matching is not None:
            return self._read(matching)
        if self.last:
            return None
        # Rematches allowed, up to two more players floated down (each float's cost is its squared
        # difference to the next group, which the caller's bound check weighs).
        downs = [_FLOAT - i for i in range(self.parity + 2)]
        edges = {}
        for i, u in enumerate(players):
            for v in players[i + 1 :]:
                edges[(u.rank, v.rank)] = self.edge(u, v)
        for d in downs:
            for i, f in enumerate(self.floaters):
                edges[(f.rank, d)] = (0, 0, 0, 0, 1, 0, 0, len(self.floaters) - 1 - i)
            for r in self.residents:
                edges[(r.rank, d)] = (0, 0, 0, 0, 0, 0, 0, len(self.residents) - 1 - r.position)
        for i, d in enumerate(downs):
            for e in downs[i + 1 :]:
                edges[(d, e)] = (0, 0, 0, 0, 0, 0, 0, 0)
        nodes = [p.rank for p in players] + downs
        matching = min_cost_perfect_matching(nodes, combine_tiers(edges, len(nodes) // 2))
        return None if matching is None else self._read(matching)


def split_groups(pool: list[Entry]) -> list[list[Entry]]:
    """The pool's score groups, highest points first, each in rank order."""
    groups: dict[int, list[Entry]] = {}
    for e in pool:
        groups.setdefault(e.group, []).append(e)
    return [groups[g] for g in sorted(groups)]


def slide_order(group: list[Entry], *, skip_top: int, parity: int) -> list[Entry]:
    """The group reordered so that slide partners are neighbours: the top ``skip_top`` first, then
    the middle interleaved top half / bottom half (1st, (h+1)th, 2nd, (h+2)th, ...), then the
    ``parity`` lowest."""
    top = group[:skip_top]
    middle = group[skip_top : len(group) - parity] if parity else group[skip_top:]
    bottom = group[len(group) - parity :] if parity else []
    half = len(middle) // 2
    interleaved = []
    for i in range(half):
        interleaved.extend((middle[i], middle[half + i]))
    interleaved.extend(middle[2 * half :])
    return top + interleaved + bottom
