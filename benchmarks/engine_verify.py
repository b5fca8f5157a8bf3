"""Benchmark: Battleground verification speed against python-chess replaying PGN, in the same run.

    python benchmarks/engine_verify.py [--games 200] [--memory-runs 1000]

Reports events verified per second and games per second on a simulated corpus (both randomness
modes; the median of the runs), the cost of copying a replay (Game.copy() before every event),
python-chess plies per second reading and validating a PGN corpus of random legal games of similar
length (the baseline, median too), their ratio, and peak memory (tracemalloc) for one verification and for
1,000 verifications in one process (caches are bounded, so the second must not grow with the count).
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402


def battleground_corpus(n: int) -> list[bytes]:
    modes = ("seeded", "recorded")
    return [
        json.dumps(engine.simulate("motu-battleground", s, randomness=modes[s % 2])).encode()
        for s in range(n)
    ]


def pgn_corpus(n: int, plies: int) -> list[str]:
    import chess
    import chess.pgn

    rng = random.Random(7)
    out = []
    for _ in range(n):
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        out.append(str(game))
    return out


def time_battleground(corpus: list[bytes]) -> tuple[float, int]:
    start = time.perf_counter()
    events = 0
    for raw in corpus:
        v = engine.verify(raw)
        assert v.legal, v.summary()
        events += v.events_total
    return time.perf_counter() - start, events


def time_chess(corpus: list[str]) -> tuple[float, int]:
    import chess.pgn

    start = time.perf_counter()
    plies = 0
    for text in corpus:
        game = chess.pgn.read_game(io.StringIO(text))
        board = game.board()
        for move in game.mainline_moves():  # read_game parsed SAN against the position; replay validates
            assert board.is_legal(move)
            board.push(move)
            plies += 1
    return time.perf_counter() - start, plies


def time_copies(corpus: list[bytes]) -> tuple[float, int]:
    """Seconds spent in Game.copy() taken before every event of every game, and how many copies."""
    from engine.games.battleground import RULESET

    spent, copies = 0.0, 0
    for raw in corpus:
        log = json.loads(raw)
        game = RULESET.start(log)
        for i, event in enumerate(log["events"]):
            start = time.perf_counter()
            game.copy()
            spent += time.perf_counter() - start
            copies += 1
            game.apply(i, event)
    return spent, copies


def memory(corpus: list[bytes], runs: int) -> tuple[int, int, int]:
    """Peak traced memory of one verification and during ``runs`` more, and what the ``runs`` left
    allocated once garbage is collected (a leak would grow with ``runs``; the peak only samples more
    games and collection timings)."""
    tracemalloc.start()
    engine.verify(corpus[0])
    one = tracemalloc.get_traced_memory()[1]
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    for i in range(runs):
        engine.verify(corpus[i % len(corpus)])
    many = tracemalloc.get_traced_memory()[1]
    gc.collect()
    retained = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return one, many, retained


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--memory-runs", type=int, default=1000)
    args = ap.parse_args()
    corpus = battleground_corpus(args.games)
    mean_events = statistics.mean(len(json.loads(r)["events"]) for r in corpus)
    pgn = pgn_corpus(args.games, plies=int(mean_events))
    bg, ch = [], []
    for _ in range(args.repeat):  # interleave so both see the same machine state
        bg.append(time_battleground(corpus))
        ch.append(time_chess(pgn))
    runs = sorted(bg)
    bg_t, bg_events = runs[len(runs) // 2]  # the median run
    ch_t, ch_plies = sorted(ch)[len(ch) // 2]
    ev_s, games_s, plies_s = bg_events / bg_t, len(corpus) / bg_t, ch_plies / ch_t
    one, many, retained = memory(corpus, args.memory_runs)
    print(
        f"engine {engine.ENGINE_VERSION}; corpus {len(corpus)} simulated games, mean {mean_events:.0f} events"
    )
    print(f"Battleground: {ev_s:,.0f} events/s, {games_s:,.1f} games/s (median of {args.repeat})")
    copy_t, copies = time_copies(corpus)
    per_copy = copy_t / copies
    print(
        f"Game.copy(): {per_copy * 1e6:,.1f} µs per copy, at every event of the corpus; verifying 10 events "
        f"takes {10 / ev_s * 1e6:,.0f} µs (a copy costs {per_copy * ev_s:.2f} events)"
    )
    print(f"python-chess baseline: {plies_s:,.0f} plies/s on {len(pgn)} PGN games")
    print(f"ratio events/s ÷ plies/s: {ev_s / plies_s:.2f}×")
    print(
        f"peak traced memory: one verification {one / 1024:,.0f} KiB; {args.memory_runs} verifications "
        f"{many / 1024:,.0f} KiB (ratio {many / one:.2f}); retained after them {retained / 1024:,.1f} KiB"
    )


if __name__ == "__main__":
    main()
