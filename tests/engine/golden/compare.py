"""Compare two golden corpora whose verdicts should differ only by keys added to the verdict's error.

    python -m tests.engine.golden.compare OLD.jsonl.gz [NEW.jsonl.gz] [--added message_id,params]

Both must hold the same logs, packs and essences. Each verdict is computed anew by the engine as it is: it
must hash to the new corpus's pin, and, with the added keys taken out of its error, to the old corpus's pin.
So the only change the new pins record is the added keys. (Written for the error's ``message_id`` and
``params``, which carry a refusal's template and parameters.)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from pathlib import Path

from tests.engine.golden import build


def _read(path: Path):
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        head = json.loads(fh.readline())
        return head["packs"], [json.loads(line) for line in fh if line.strip()]


def _sha(data: dict) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def compare(old: Path, new: Path, added: list[str]) -> dict:
    old_packs, old_records = _read(old)
    new_packs, new_records = _read(new)
    assert old_packs == new_packs, "the packs differ"
    assert [r["id"] for r in old_records] == [r["id"] for r in new_records], "the entries differ"
    counts = {"entries": len(new_records), "pins unchanged": 0, "pins changed by the added keys only": 0}
    problems = []
    for o, n in zip(old_records, new_records, strict=True):
        if o["log"] != n["log"] or o["essence"] != n["essence"]:
            problems.append(f"{n['id']}: log or essence differs")
            continue
        verdict = build.verify(n["log"], new_packs.get(n["pack"]) if n["pack"] else None)
        data = json.loads(verdict.to_json())
        if _sha(data) != n["verdict_sha256"]:
            problems.append(f"{n['id']}: the engine does not give the new pin")
            continue
        error = data.get("error")
        if error is not None:
            if any(k not in error for k in added):
                problems.append(f"{n['id']}: the error lacks {added}")
                continue
            for k in added:
                del error[k]
        if _sha(data) != o["verdict_sha256"]:
            problems.append(f"{n['id']}: differs from the old pin by more than {added}")
        elif o["verdict_sha256"] == n["verdict_sha256"]:
            counts["pins unchanged"] += 1
        else:
            counts["pins changed by the added keys only"] += 1
    counts["problems"] = problems
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path, nargs="?", default=build.CORPUS)
    parser.add_argument("--added", default="message_id,params")
    args = parser.parse_args(argv)
    counts = compare(args.old, args.new, args.added.split(","))
    problems = counts.pop("problems")
    print(", ".join(f"{k}: {v}" for k, v in counts.items()) + f", problems: {len(problems)}")
    for line in problems[:50]:
        print(" ", line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
