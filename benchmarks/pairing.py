"""Time a Swiss round for large fields: round 1 and round 4 of a simulated event.

Usage: ``python benchmarks/pairing.py [--players 1000 4000 10000] [--runs 3] [--seed S]``

For each field size the script simulates three rounds (paired by the Swiss pairer itself, results
drawn from a seeded random generator weighted by rating, with draws, 40 clubs), then times pairing
round 1 and round 4 (everything the pairer does: the event's history, the ranking by tiebreaks,
the matching) and prints the median of ``--runs`` runs, with round 4's rematches and its sum of
squared point differences beside the least any pairing can have (its lower bound: the round is
optimal on both when they match).

As a same-run baseline it times a 200-player round 4 twice: on the complete graph (every pair a
candidate, the exact optimum, what pools up to ``SwissOptions.exact_limit`` get) and score group
by score group (what large fields get), and prints both qualities and the time ratio.

The machine's load average is printed first: on a shared machine the wall-clock times scale with
it, so the table also gives the CPU time the process itself used.
The output ends with one line per size: ``players=N seconds=S rematches=R``, S being the slower
of the two rounds' medians.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "platform"))

from tournaments.algorithms.history import EventHistory  # noqa: E402
from tournaments.algorithms.players import Competitor, ResultRecord  # noqa: E402
from tournaments.algorithms.swiss import SwissOptions, SwissPairer  # noqa: E402
from tournaments.algorithms.swiss_solver import score_bound  # noqa: E402

CLUBS = 40


def simulate_event(players: int, rounds: int, seed: int) -> tuple[list[Competitor], list[ResultRecord]]:
    """A field of ``players`` with ``rounds`` rounds of Swiss results, all from ``seed``."""
    rng = random.Random(seed)
    competitors = [
        Competitor(
            id=i,
            name=f"Player {i}",
            rating=round(rng.gauss(1500, 200)),
            club=f"Club {rng.randrange(CLUBS)}",
        )
        for i in range(players)
    ]
    rating = {c.id: c.rating for c in competitors}
    pairer = SwissPairer()
    results: list[ResultRecord] = []
    for round_number in range(1, rounds + 1):
        for p in pairer.pair(competitors, results, round_number):
            if p.b is None:
                results.append(ResultRecord.bye(round_number, p.a))
                continue
            expected = 1 / (1 + 10 ** ((rating[p.b] - rating[p.a]) / 400))  # the first seat's chance
            if rng.random() < 0.1:
                outcome = "draw"
            elif rng.random() < expected:
                outcome = "win"
            else:
                outcome = "loss"
            vp = (rng.randrange(0, 21), rng.randrange(0, 21))
            results.append(ResultRecord(round_number, (p.a, p.b), outcome, vp))
    return competitors, results


def timed(action, runs: int):
    """(median wall seconds, median CPU seconds of this process, the last value)."""
    times, cpu, value = [], [], None
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        value = action()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times), statistics.median(cpu), value


def quality(competitors, results, round_number, pairings) -> tuple[int, float, float]:
    """(rematches, sum of squared point differences, its lower bound) of a round's pairings."""
    history = EventHistory(competitors, results, before_round=round_number)
    games = [p for p in pairings if p.b is not None]
    rematches = sum(len(history.rounds_met(p.a, p.b)) for p in games)
    squares = sum((history.points[p.a] - history.points[p.b]) ** 2 for p in games)

    class _Points:  # score_bound reads .points
        def __init__(self, points):
            self.points = points

    bound = score_bound([_Points(history.points[pid]) for p in games for pid in p.players]) / 100
    return rematches, squares, bound


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 4000, 10000])
    parser.add_argument("--runs", type=int, default=3, help="timed runs per measurement (median is shown)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the simulated events")
    args = parser.parse_args()

    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
    print(f"Swiss rounds 1 and 4 (after three simulated rounds); median of {args.runs} runs\n")

    competitors, results = simulate_event(200, 3, args.seed)
    exact = SwissPairer(SwissOptions(exact_limit=10**9))
    groups = SwissPairer(SwissOptions(exact_limit=0))
    t_exact, _, p_exact = timed(lambda: exact.pair(competitors, results, 4), args.runs)
    t_groups, _, p_groups = timed(lambda: groups.pair(competitors, results, 4), args.runs)
    q_exact = quality(competitors, results, 4, p_exact)
    q_groups = quality(competitors, results, 4, p_groups)
    print("baseline, 200 players, round 4:")
    print(f"  complete graph  {t_exact:7.3f} s  rematches={q_exact[0]} squares={q_exact[1]:g}")
    print(f"  by score groups {t_groups:7.3f} s  rematches={q_groups[0]} squares={q_groups[1]:g}")
    print(f"  speed-up {t_exact / t_groups:.1f}x\n")

    summary = []
    print("seconds: wall clock (CPU time of this process in brackets)")
    print(
        f"{'players':>8}  {'round 1 (s)':>15}  {'round 4 (s)':>15}  {'rematches':>9}  {'squares':>8}  {'bound':>8}"
    )
    for size in args.players:
        competitors, results = simulate_event(size, 3, args.seed)
        pairer = SwissPairer()
        first, first_cpu, _ = timed(lambda c=competitors, s=pairer: s.pair(c, [], 1), args.runs)
        fourth, fourth_cpu, pairings = timed(
            lambda c=competitors, r=results, s=pairer: s.pair(c, r, 4), args.runs
        )
        rematches, squares, bound = quality(competitors, results, 4, pairings)
        print(
            f"{size:>8}  {first:>6.3f} ({first_cpu:>6.3f})  {fourth:>6.3f} ({fourth_cpu:>6.3f})  "
            f"{rematches:>9}  {squares:>8g}  {bound:>8g}"
        )
        summary.append(f"players={size} seconds={max(first, fourth):.3f} rematches={rematches}")
    print()
    for line in summary:
        print(line)


if __name__ == "__main__":
    main()
