"""Build the golden corpus: logs whose verdict bytes are pinned, so a refactor cannot silently change one.

    python -m tests.engine.golden.build            # write battleground.jsonl.gz from the engine as it is
    python -m tests.engine.golden.build --check    # compare the engine with the committed corpus
    python -m tests.engine.golden.build --refresh  # keep the logs, pin the engine's verdicts on them anew

The corpus holds simulated games in both randomness modes with the built-in pack, games with the
integration pack (every rule area: massive miniatures, markers, movement effects, trigger windows), and
single-event mutations of recorded games (each rejected at its event). Each entry keeps the log, the
sha256 of the canonical verdict JSON and an *essence* (status, rule, event, winner, VP totals), so that a
deliberate change of the verdict's shape shows as "bytes changed, essence equal" and anything else as a
changed decision.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "battleground.jsonl.gz"
GAME = "motu-battleground"
SEEDS = range(900)  # per randomness mode, built-in pack
INTEGRATION_SEEDS = range(100)  # per randomness mode, integration pack
MUTATED_FROM = range(60)  # recorded games whose single-event mutants are pinned
PER_KIND = 2  # mutants of each kind per game


def essence(verdict) -> dict:
    """What a verdict decides, independent of how it is laid out."""
    out = {"status": verdict.status}
    if verdict.error is not None:
        out.update(rule=verdict.error.rule, event=verdict.error.event_index)
    result = verdict.result or {}
    if result:
        out["winner"] = result.get("winner")
        out["outcome"] = result.get("outcome")
        out["vp"] = {k: v.get("total") for k, v in sorted((result.get("vp") or {}).items())}
    return out


def digest(verdict) -> str:
    return hashlib.sha256(verdict.to_json().encode()).hexdigest()


def entries():
    """(id, pack name or None, log) for every log of the corpus, in a fixed order."""
    import engine
    from tests.engine.battleground import test_integration_properties as integration
    from tests.engine.battleground.test_mutations import mutants

    for mode in ("seeded", "recorded"):
        for seed in SEEDS:
            yield f"sim-{mode}-{seed}", None, engine.simulate(GAME, seed, randomness=mode)
    for mode in ("seeded", "recorded"):
        for seed in INTEGRATION_SEEDS:
            yield f"integration-{mode}-{seed}", "integration", integration.simulated(seed, mode)
    for seed in MUTATED_FROM:
        log = engine.simulate(GAME, seed, randomness="recorded")
        taken: dict[str, int] = {}
        for n, (kind, mutated, index, _rule) in enumerate(mutants(log)):
            taken[kind] = taken.get(kind, 0) + 1
            if taken[kind] <= PER_KIND:
                yield f"mutant-{seed}-{n}-{kind}-at-{index}", None, mutated
        # Out of order: a whole event dropped, or two neighbours swapped (seeded by the game's seed).
        rng = random.Random(seed)
        for _ in range(3):
            i = rng.randrange(1, len(log["events"]) - 1)
            dropped = copy.deepcopy(log)
            del dropped["events"][i]
            yield f"dropped-{seed}-{i}", None, dropped
            swapped = copy.deepcopy(log)
            ev = swapped["events"]
            ev[i], ev[i + 1] = ev[i + 1], ev[i]
            yield f"swapped-{seed}-{i}", None, swapped


def packs() -> dict:
    from tests.engine.battleground import test_integration_properties as integration

    return {"integration": integration.PACK}


def verify(log: dict, pack: dict | None):
    import engine

    return engine.verify(log, content_pack=copy.deepcopy(pack) if pack is not None else None)


def build(refresh: bool = False) -> int:
    """Write the corpus: logs simulated anew, or (``refresh``) the committed logs, so that a change to what
    the simulator chooses does not replace the logs whose verdicts a rule change is meant to move."""
    if refresh:
        pack_docs, records = load()
        found = ((r["id"], r["pack"], r["log"]) for r in records)
    else:
        pack_docs, found = packs(), entries()
    lines = [json.dumps({"packs": pack_docs}, sort_keys=True, separators=(",", ":"))]
    for entry_id, pack, log in found:
        verdict = verify(log, pack_docs.get(pack))
        record = {
            "id": entry_id,
            "pack": pack,
            "log": log,
            "verdict_sha256": digest(verdict),
            "essence": essence(verdict),
        }
        lines.append(json.dumps(record, sort_keys=True, separators=(",", ":")))
    CORPUS.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0))
    return len(lines) - 1


def load():
    """(packs, records) of the committed corpus."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
        head = json.loads(fh.readline())
        return head["packs"], [json.loads(line) for line in fh if line.strip()]


def compare() -> tuple[int, list[str], list[str]]:
    """(entries checked, ids whose decision changed, ids whose bytes alone changed)."""
    pack_docs, records = load()
    decided, laid_out = [], []
    for record in records:
        verdict = verify(record["log"], pack_docs.get(record["pack"]) if record["pack"] else None)
        if essence(verdict) != record["essence"]:
            decided.append(record["id"])
        elif digest(verdict) != record["verdict_sha256"]:
            laid_out.append(record["id"])
    return len(records), decided, laid_out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed corpus")
    parser.add_argument("--refresh", action="store_true", help="re-pin the verdicts of the committed logs")
    args = parser.parse_args(argv)
    if args.check:
        total, decided, laid_out = compare()
        print(
            f"{total} logs: {len(decided)} decisions changed, {len(laid_out)} verdicts changed in bytes only"
        )
        for entry_id in decided[:50]:
            print("  decision changed:", entry_id)
        return 1 if decided or laid_out else 0
    print(f"wrote {build(args.refresh)} logs to {CORPUS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
