"""Rules coverage for Hoplomachus: which ids of the specification the tests cite, and why the others are not.

The specification (``shared/rules/hoplomachus.md``) lives outside the repository, so the repository carries
``rules_index.json``: every id the specification defines (HR-…, WE-n, DV-n, CF-n, AMB-n) with a short title
and an explanation. ``coverage_notes.json`` explains each id that no test cites: ``not-applicable`` (nothing
a log replay could check), ``not-implemented`` (the engine does not do it yet) or ``provisional`` (the rule
works only on content the rulebook does not print).

A test cites an id when it appears inside a test function (name, decorators, docstring or body).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from engine.core import coverage as core

INDEX_FILE = "rules_index.json"
NOTES_FILE = "coverage_notes.json"
STATUSES = ("tested", "not-applicable", "not-implemented", "MISSING")
_BULLET = re.compile(r"^\s*-\s+\*\*((?:HR-\d+(?:\.\d+)*|(?:DV|CF|AMB)-\d+))\b([^*]*)\*\*(.*)$")
_EXAMPLE = re.compile(r"^###\s+(WE-\d+)\s+(.+?)\s*$")


def _plain(text: str) -> str:
    return re.sub(r"[*`]", "", text).strip()


def _short(text: str, limit: int) -> str:
    text = " ".join(_plain(text).split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


def parse_spec(text: str) -> list[dict]:
    """Every id the specification defines, in order: ``{"id", "title", "explanation", "kind"}``."""
    rows: list[dict] = []
    current: dict | None = None
    for line in text.splitlines():
        m = _BULLET.match(line)
        e = _EXAMPLE.match(line)
        if m:
            rule_id, bold, rest = m.groups()
            title = _plain(bold).strip(" .:") or _short(re.split(r"(?<=[.;])\s", _plain(rest))[0], 64)
            kind = {"DV": "derived-vector", "CF": "content-fact", "AMB": "ambiguity"}.get(
                rule_id.split("-")[0], "rule"
            )
            current = {"id": rule_id, "title": _short(title, 72), "explanation": _plain(rest), "kind": kind}
            rows.append(current)
        elif e:
            current = {
                "id": e.group(1),
                "title": _plain(e.group(2)),
                "explanation": "",
                "kind": "worked-example",
            }
            rows.append(current)
        elif current is not None and line.startswith("  ") and not line.lstrip().startswith("- **"):
            current["explanation"] += " " + _plain(line)
        elif current is not None and current["kind"] == "worked-example" and line.startswith("- **"):
            current["explanation"] += " " + _plain(line[2:])
        elif line.startswith("#") or line.startswith("---"):
            current = None
    for r in rows:  # a heading rule whose text is all in its sub-rules
        if not r["explanation"].strip():
            subs = [x["id"] for x in rows if x["id"].startswith(r["id"] + ".")]
            if subs:
                r["explanation"] = f"{r['title']}: see {', '.join(subs)}."
    seen = set()
    for r in rows:
        if r["id"] in seen:
            raise ValueError(f"{r['id']} is defined twice")
        seen.add(r["id"])
        r["explanation"] = _short(r["explanation"], 240)
    return rows


def load_index() -> list[dict]:
    return json.loads(resources.files(__package__).joinpath(INDEX_FILE).read_text("utf-8"))["rules"]


def _notes_doc() -> dict:
    return json.loads(resources.files(__package__).joinpath(NOTES_FILE).read_text("utf-8"))


def rests_on_provisional(rule_id: str) -> bool:
    """Whether what the rule decides depends on content the rulebook does not print (coverage_notes.json)."""
    spec = _notes_doc()["rests_on_provisional"]
    return rule_id in spec["ids"] or any(rule_id.startswith(p) for p in spec["prefixes"])


def scan_tests(tests_dir: str | Path) -> dict[str, list[str]]:
    """``{id: [tests]}`` for every id a test function under ``tests_dir`` cites (engine.core.coverage)."""
    from engine.games.hoplomachus import GAME

    known = [r["id"] for r in load_index()]
    return core.scan_tests(tests_dir, core.rule_ids(GAME), known, exclude=("test_hr_coverage.py",))


def coverage_report(tests_dir: str | Path) -> list[dict]:
    """The generic report (``arbiter rules-coverage hoplomachus-remastered``), each row flagged when what the
    rule decides rests on content the rulebook does not print."""
    from engine.games.hoplomachus import GAME

    rows = core.game_report(GAME, tests_dir)
    return [{**r, "provisional": r["status"] == "provisional" or rests_on_provisional(r["id"])} for r in rows]


def summary(rows: Iterable[dict]) -> dict[str, int]:
    counts = {s: 0 for s in (*STATUSES, "provisional")}
    counts["rests_on_provisional_content"] = 0
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
        counts["rests_on_provisional_content"] += int(r["provisional"])
    return counts


def format_report(rows: list[dict]) -> str:
    counts = summary(rows)
    head = f"Hoplomachus rules coverage: {len(rows)} ids — " + ", ".join(
        f"{v} {k}" for k, v in counts.items() if v
    )
    out = [head, ""]
    for r in rows:
        where = ", ".join(r["tests"][:2]) + (f" (+{len(r['tests']) - 2} more)" if len(r["tests"]) > 2 else "")
        flag = " [provisional content]" if r["provisional"] else ""
        out.append(f"{r['id']:<12} {r['status']:<15} {r['title']}{flag}")
        out.append(
            f"{'':<12} {'':<15} {where or r['reason'] or 'no test cites this id and no note explains it'}"
        )
    return "\n".join(out) + "\n"


if __name__ == "__main__":  # python -m engine.games.hoplomachus.coverage [tests/engine/hoplomachus]
    import sys

    print(format_report(coverage_report(sys.argv[1] if len(sys.argv) > 1 else "tests/engine/hoplomachus")))
