"""Benchmark: Fields of Eternia verification speed against python-chess replaying PGN, in the same run.

    python benchmarks/eternia_verify.py [--games 100] [--repeat 3]

Reports events verified per second on a simulated corpus (every mode and option set, seeded and
recorded), python-chess plies per second reading and validating PGN games of similar length
(the baseline), and their ratio (target ≥ 1.0×).
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
from benchmarks.engine_verify import pgn_corpus, time_chess  # noqa: E402

GAME = "motu-fields-of-eternia"


SETTINGS = [
    {},
    {"first_game": True},
    {"mode": "skirmish"},
    {"mode": "solo"},
    {"options": {"power_dice": True}},
    {"options": {"faster_combat": True, "initiative_matters": True, "stronger_together": True}},
]


def corpus(n: int) -> list[bytes]:
    """Simulated logs of every mode and option set, seeded and recorded in turn."""
    out = []
    for s in range(n):
        settings = SETTINGS[s % len(SETTINGS)]
        log = engine.simulate(
            GAME, s, randomness=("seeded", "recorded")[(s // len(SETTINGS)) % 2], **settings
        )
        out.append(json.dumps(log).encode())
    return out


def time_eternia(logs: list[bytes]) -> tuple[float, int]:
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
    args = ap.parse_args()
    logs = corpus(args.games)
    mean_events = statistics.mean(len(json.loads(r)["events"]) for r in logs)
    pgn = pgn_corpus(args.games, plies=int(mean_events))
    fe, ch = [], []
    for _ in range(args.repeat):
        fe.append(time_eternia(logs))
        ch.append(time_chess(pgn))
    fe_t, fe_events = min(fe)
    ch_t, ch_plies = min(ch)
    ev_s, plies_s = fe_events / fe_t, ch_plies / ch_t
    print(
        f"eternia {engine.ruleset_version(GAME)}: {len(logs)} simulated games, mean {mean_events:.0f} events"
    )
    print(f"  verify: {ev_s:,.0f} events/s, {len(logs) / fe_t:,.1f} games/s")
    print(f"  python-chess {__import__('chess').__version__}: {plies_s:,.0f} plies/s")
    print(f"  ratio: {ev_s / plies_s:.2f}x")


if __name__ == "__main__":
    main()
