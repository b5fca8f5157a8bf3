"""Time one Swiss round: round 4 of a simulated event, for 64, 256 and 1,000 players.

Usage: ``python benchmarks/pairing.py [--runs N] [--seed S]``

For each field size the script simulates three rounds (paired by the Swiss pairer itself,
results drawn from a seeded random generator weighted by rating, with draws), then times
pairing round 4 and prints the median of ``--runs`` runs. As a same-run baseline it also
times the same pairer forced onto the complete graph of the round-4 pool (every pair a
candidate edge, the same costs, one networkx ``max_weight_matching`` call) for 64 and 256
players; at 1,000 players the complete graph (~500,000 edges) takes far too long to be
worth waiting for. Pools of up to 64 players are matched on the complete graph by default
(``SwissOptions.exact_limit``), so at 64 both columns measure the same work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "platform"))

from tournaments.algorithms.players import Competitor, ResultRecord  # noqa: E402
from tournaments.algorithms.swiss import SwissOptions, SwissPairer  # noqa: E402

FIELD_SIZES = (64, 256, 1000)
BASELINE_SIZES = (64, 256)
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
            knockouts = ({"knockouts_dealt": rng.randrange(4)}, {})
            results.append(ResultRecord(round_number, (p.a, p.b), outcome, vp, knockouts))
    return competitors, results


def median_seconds(action, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per measurement (median is shown)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the simulated events")
    args = parser.parse_args()

    default = SwissPairer()
    complete = SwissPairer(SwissOptions(exact_limit=10**9))  # every pair a candidate edge
    print(f"Swiss round 4 after three simulated rounds; median of {args.runs} runs")
    print(f"(pools of up to {default.options.exact_limit} players use the complete graph by default)\n")
    print(f"{'players':>8}  {'pairer (s)':>11}  {'complete graph (s)':>19}  {'speed-up':>9}")
    for size in FIELD_SIZES:
        competitors, results = simulate_event(size, rounds=3, seed=args.seed)
        ours = median_seconds(lambda c=competitors, r=results: default.pair(c, r, 4), args.runs)
        if size in BASELINE_SIZES:
            baseline = median_seconds(lambda c=competitors, r=results: complete.pair(c, r, 4), args.runs)
            print(f"{size:>8}  {ours:>11.3f}  {baseline:>19.3f}  {baseline / ours:>8.1f}x")
        else:
            print(f"{size:>8}  {ours:>11.3f}  {'(not run)':>19}  {'':>9}")


if __name__ == "__main__":
    main()
