"""Benchmark: Hoplomachus verification speed against python-chess replaying PGN, in the same run.

    python benchmarks/hoplomachus_verify.py [--games 100] [--repeat 3]

A simulated corpus of every supported mode (both randomness modes), verified through ``engine.verify``;
python-chess reads and validates PGN games of random legal moves of the same mean length (the baseline of
benchmarks/engine_verify.py). Reports events/s, plies/s and their ratio, and peak memory.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from benchmarks.engine_verify import memory, pgn_corpus, time_chess  # noqa: E402

GAME = "hoplomachus-remastered"


def corpus(n: int) -> list[bytes]:
    modes = ("seeded", "recorded")
    return [json.dumps(engine.simulate(GAME, s, randomness=modes[(s // 7) % 2])).encode() for s in range(n)]


def time_verify(logs: list[bytes]) -> tuple[float, int]:
    start = time.perf_counter()
    events = 0
    for raw in logs:
        v = engine.verify(raw)
        assert v.legal, v.summary()
        events += v.events_total
    return time.perf_counter() - start, events


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--memory-runs", type=int, default=200)
    args = ap.parse_args()
    logs = corpus(args.games)
    mean_events = statistics.mean(len(json.loads(r)["events"]) for r in logs)
    pgn = pgn_corpus(args.games, plies=int(mean_events))
    hr, ch = [], []
    for _ in range(args.repeat):  # interleaved so both see the same machine state
        hr.append(time_verify(logs))
        ch.append(time_chess(pgn))
    hr_t, hr_events = min(hr)
    ch_t, ch_plies = min(ch)
    ev_s, plies_s = hr_events / hr_t, ch_plies / ch_t
    one, many, retained = memory(logs, args.memory_runs)
    print(
        f"engine {engine.ENGINE_VERSION}; corpus {len(logs)} simulated games, mean {mean_events:.0f} events"
    )
    print(f"Hoplomachus: {ev_s:,.0f} events/s, {len(logs) / hr_t:,.1f} games/s (best of {args.repeat})")
    print(f"python-chess baseline: {plies_s:,.0f} plies/s on {len(pgn)} PGN games")
    print(f"ratio events/s ÷ plies/s: {ev_s / plies_s:.2f}×")
    print(
        f"peak traced memory: one verification {one / 1024:,.0f} KiB; {args.memory_runs} verifications "
        f"{many / 1024:,.0f} KiB; retained after them {retained / 1024:,.1f} KiB"
    )


if __name__ == "__main__":
    main()
