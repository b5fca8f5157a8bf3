"""The API against its own OpenAPI schema (schemathesis): totals by check, printed after the run."""

from __future__ import annotations

from collections import Counter

TALLY: dict[str, Counter] = {}


def pytest_terminal_summary(terminalreporter):
    if not TALLY:
        return
    terminalreporter.section("schemathesis: responses checked, by check")
    for name, counts in sorted(TALLY.items()):
        terminalreporter.write_line(f"{name:32} {counts['passed']:6} passed {counts['failed']:6} failed")
