"""Benchmark: each game's verification speed against python-chess replaying PGN, in the same run.

    python benchmarks/engine_verify.py [--game motu-battleground …] [--games 200] [--repeat 3]
                                       [--memory-runs 1000] [--no-copy-cost]

For each game (``--game``, repeatable; default every registered game): events verified per second and
games per second on a simulated corpus (every randomness mode, and for Eternia every mode and option
set), python-chess plies per second reading and validating a PGN corpus of random legal games of the
same mean length (the baseline), their ratio (target: at least 2× for every game), each the median of
``--repeat`` interleaved runs after a warm-up, timed in CPU seconds of this process
(time.process_time), and the same ratio in elapsed (wall-clock) seconds of the same runs; the same
with the verdict serialised (``verify(...).to_json()``, what a worker stores); the cost of ``copy()`` of a replay in units of "events verified", for every registered game
whose replay has one (target: at most 10); and peak memory (tracemalloc) for one verification and for
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
import engine.core.registry  # noqa: E402

# Game settings the corpus cycles through (engine.simulate keyword arguments); a game not named: defaults.
SETTINGS = {
    "motu-fields-of-eternia": [
        {},
        {"first_game": True},
        {"mode": "skirmish"},
        {"mode": "solo"},
        {"options": {"power_dice": True}},
        {"options": {"faster_combat": True, "initiative_matters": True, "stronger_together": True}},
    ],
}


def corpus_for(game_id: str, n: int) -> list[bytes]:
    """``n`` simulated logs cycling through the game's settings, then through its randomness modes."""
    settings = SETTINGS.get(game_id, [{}])
    modes = engine.game(game_id).randomness_modes
    return [
        json.dumps(
            engine.simulate(
                game_id, s, randomness=modes[(s // len(settings)) % len(modes)], **settings[s % len(settings)]
            )
        ).encode()
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


def clock() -> float:
    """CPU seconds of this process: on a shared machine other processes' load changes wall time far more
    than it changes the work done here, and both sides of every ratio are timed the same way."""
    return time.process_time()


def time_verify(corpus: list[bytes], *, serialise: bool = False) -> tuple[float, int]:
    start = clock()
    events = 0
    for raw in corpus:
        v = engine.verify(raw)
        assert v.legal, v.summary()
        if serialise:
            v.to_json()
        events += v.events_total
    return clock() - start, events


def time_chess(corpus: list[str]) -> tuple[float, int]:
    import chess.pgn

    start = clock()
    plies = 0
    for text in corpus:
        game = chess.pgn.read_game(io.StringIO(text))
        board = game.board()
        for move in game.mainline_moves():  # read_game parsed SAN against the position; replay validates
            assert board.is_legal(move)
            board.push(move)
            plies += 1
    return clock() - start, plies


def copy_cost(game_id: str, games: int = 20) -> float | None:
    """Seconds of one ``copy()`` (taken at every event of simulated games) ÷ seconds of verifying one
    event of the same games; None when the game's replay has no ``copy()`` yet."""
    from engine.core.ruleset import supports

    info = engine.game(game_id)
    logs = [
        engine.simulate(game_id, s, randomness=info.randomness_modes[s % len(info.randomness_modes)])
        for s in range(games)
    ]
    if not supports(info.ruleset.start(logs[0]), "copy"):
        return None
    engine.verify(logs[0])  # warm the caches (schemas, content) before timing
    start = clock()
    events = sum(engine.verify(log).events_total for log in logs)
    per_event = (clock() - start) / events
    copies, spent = 0, 0.0
    for log in logs:
        replay = info.ruleset.start(log)
        for i, event in enumerate(log["events"]):
            replay.apply(i, event)
            t = clock()
            replay.copy()
            spent += clock() - t
            copies += 1
    return (spent / copies) / per_event


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


def bench_game(game_id: str, games: int, repeat: int, memory_runs: int) -> None:
    corpus = corpus_for(game_id, games)
    mean_events = statistics.mean(len(json.loads(r)["events"]) for r in corpus)
    pgn = pgn_corpus(games, plies=int(mean_events))
    time_verify(corpus[:5])  # warm up: schema validators, content packs and caches are built once
    time_chess(pgn[:5])
    runs, runs_json, ch = [], [], []
    wall: dict[str, list[float]] = {"verify": [], "chess": []}
    for _ in range(repeat):  # interleave so all three see the same machine state
        start = time.perf_counter()
        runs.append(time_verify(corpus))
        wall["verify"].append(time.perf_counter() - start)
        runs_json.append(time_verify(corpus, serialise=True))
        start = time.perf_counter()
        ch.append(time_chess(pgn))
        wall["chess"].append(time.perf_counter() - start)
    t, events = statistics.median(t for t, _ in runs), runs[0][1]
    tj = statistics.median(t for t, _ in runs_json)
    ch_t, ch_plies = statistics.median(t for t, _ in ch), ch[0][1]
    ev_s, plies_s = events / t, ch_plies / ch_t
    wall_ev_s = events / statistics.median(wall["verify"])
    wall_plies_s = ch_plies / statistics.median(wall["chess"])
    one, many, retained = memory(corpus, memory_runs)
    print(
        f"{game_id} ({engine.ruleset_version(game_id)}): {len(corpus)} simulated games, mean {mean_events:.0f} events"
    )
    print(f"  verify: {ev_s:,.0f} events/s, {len(corpus) / t:,.1f} games/s (median of {repeat})")
    print(f"  with the verdict serialised (to_json): {events / tj:,.0f} events/s")
    print(f"  python-chess baseline: {plies_s:,.0f} plies/s on {len(pgn)} PGN games (median of {repeat})")
    print(f"  ratio events/s ÷ plies/s: {ev_s / plies_s:.2f}× (serialised: {events / tj / plies_s:.2f}×)")
    print(
        f"  in elapsed time: {wall_ev_s:,.0f} events/s, {wall_plies_s:,.0f} plies/s, "
        f"ratio {wall_ev_s / wall_plies_s:.2f}×"
    )
    print(
        f"  peak traced memory: one verification {one / 1024:,.0f} KiB; {memory_runs} verifications "
        f"{many / 1024:,.0f} KiB (ratio {many / one:.2f}); retained after them {retained / 1024:,.1f} KiB"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--game", action="append", choices=[g.id for g in engine.games()], help="default: every game"
    )
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--memory-runs", type=int, default=1000)
    ap.add_argument("--no-copy-cost", action="store_true", help="leave out the copy() costs")
    args = ap.parse_args()
    print(f"engine {engine.ENGINE_VERSION}; python-chess {__import__('chess').__version__}")
    for game_id in args.game or [g.id for g in engine.games()]:
        bench_game(game_id, args.games, args.repeat, args.memory_runs)
    if args.no_copy_cost:
        return
    from tests.engine.conformance.dice_race.game import GAME as DICE_RACE  # the conformance suite's toy

    with engine.core.registry.registered(DICE_RACE):
        for info in engine.games():
            cost = copy_cost(info.id)
            what = "no copy() yet" if cost is None else f"{cost:.1f} events verified (target ≤ 10)"
            print(f"copy() of a {info.id} replay: {what}")


if __name__ == "__main__":
    main()
