"""The API against its own OpenAPI schema (schemathesis): totals by check, printed after the run.

Each test process counts in TALLY; with pytest-xdist every worker writes its counts to a file at the
end of its session and the controlling process adds them up for the summary."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

TALLY: dict[str, Counter] = {}
TALLY_DIR = Path(os.environ.get("API_CHECK_TALLY_DIR", "var/api-check"))


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput"):
        TALLY_DIR.mkdir(parents=True, exist_ok=True)
        for old in TALLY_DIR.glob("tally-*.json"):
            old.unlink()


def pytest_sessionfinish(session):
    if TALLY:
        worker = getattr(session.config, "workerinput", {}).get("workerid", "main")
        TALLY_DIR.mkdir(parents=True, exist_ok=True)
        (TALLY_DIR / f"tally-{worker}.json").write_text(json.dumps({k: dict(v) for k, v in TALLY.items()}))


def pytest_terminal_summary(terminalreporter):
    totals: dict[str, Counter] = {}
    for path in TALLY_DIR.glob("tally-*.json"):
        for name, counts in json.loads(path.read_text()).items():
            totals.setdefault(name, Counter()).update(counts)
    if not totals:
        return
    terminalreporter.section("schemathesis: responses checked, by check")
    for name, counts in sorted(totals.items()):
        terminalreporter.write_line(f"{name:32} {counts['passed']:6} passed {counts['failed']:6} failed")
