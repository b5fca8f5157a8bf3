"""Before and after: time the meta data sets and pages of two checkouts on one database, in turns.

    git archive <base commit> | tar -x -C /tmp/base     # the code before
    python benchmarks/meta_compare.py --base /tmp/base --runs 3 --game motu-battleground

Runs ``benchmarks/meta_queries.py --skip-load`` (this checkout's script, also in the base tree so both are
measured alike) from the base tree and from this one, alternately, ``--runs`` times each, on the rows already
loaded (load them with ``meta_queries.py`` first; migrate with this checkout: the base code reads none of the
new tables). Prints the machine's load before each run and, per data set and filter and per page, the median
cold seconds before and after and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="a tree of the code before (git archive … | tar -x)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--game", help="one game only (default: every game)")
    parser.add_argument("--no-web", action="store_true")
    parser.add_argument("--database-url", default=os.environ.get("META_BENCH_DATABASE_URL"))
    parser.add_argument("--out", default=str(ROOT / "var" / "benchmarks" / "meta_compare"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    base = Path(args.base)
    shutil.copy(ROOT / "benchmarks" / "meta_queries.py", base / "benchmarks" / "meta_queries.py")
    results: dict[str, list[dict]] = {"before": [], "after": []}
    for run in range(args.runs):
        for label, tree in (("before", base), ("after", ROOT)):
            load = Path("/proc/loadavg").read_text().split()[:3]
            print(f"run {run + 1} {label}: load average {' '.join(load)}", flush=True)
            target = out / f"{label}-{run + 1}.json"
            command = [
                sys.executable,
                str(tree / "benchmarks" / "meta_queries.py"),
                "--skip-load",
                "--json",
                str(target),
            ]
            command += ["--game", args.game] if args.game else []
            command += ["--no-web"] if args.no_web else []
            command += ["--database-url", args.database_url] if args.database_url else []
            subprocess.run(command, cwd=tree, stdout=subprocess.DEVNULL, check=False)
            results[label].append(json.loads(target.read_text()))

    def medians(label: str) -> dict[str, float]:
        cold: dict[str, list[float]] = {}
        for result in results[label]:
            for r in result["queries"]:
                cold.setdefault(f"{r.get('game', '')} {r['dataset']} / {r['filter']}", []).append(r["cold"])
            for r in result["web"]["requests"]:
                cold.setdefault(f"page {r['path']}", []).append(r["cold"])
        return {k: statistics.median(v) for k, v in cold.items()}

    before, after = medians("before"), medians("after")
    print(f"\n{'median cold seconds':<80}{'before':>9}{'after':>9}{'ratio':>8}")
    for key in before:
        if key in after:
            ratio = before[key] / after[key] if after[key] else float("inf")
            print(f"{key:<80}{before[key]:>9.3f}{after[key]:>9.3f}{ratio:>8.1f}")
    (out / "summary.json").write_text(json.dumps({"before": before, "after": after}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
