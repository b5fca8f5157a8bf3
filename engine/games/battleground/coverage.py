"""Rules coverage for Battleground: which rule ids of the specification the tests cite.

The specification (``shared/rules/battleground.md``) lives outside the repository, so the repository carries
``rules_index.json``: every rule id the specification defines (BG-…, BG-EX-…, BG-AMB-…, BG-DIS-…) with a short
title, extracted by :func:`parse_spec`. ``coverage_notes.json`` explains each id that no test cites: either
``not-applicable`` (nothing a log replay could check) or ``not-implemented`` (the engine does not do it yet).

A test cites a rule when the id appears inside a test function: in its name (``test_bg_9_2_1_…``,
``test_bg_ex_04_…``), its decorators (e.g. parametrize ids), its docstring or its body. Text outside test
functions (module docstrings, helpers) does not count.

Pure functions only; the command line (``arbiter rules-coverage battleground``) formats what they return.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

INDEX_FILE = "rules_index.json"
NOTES_FILE = "coverage_notes.json"
NOTE_STATUSES = ("not-applicable", "not-implemented")
STATUSES = ("tested", "xfail", "not-applicable", "not-implemented", "MISSING")

#: A rule id as written in text: BG-9.2.1, BG-EX-04, BG-AMB-33, BG-DIS-07 (a trailing full stop is not part).
RULE_ID = re.compile(r"\bBG-(?:(?:EX|AMB|DIS)-\d{2}|\d+(?:\.\d+)+)")
#: A rule id as written in a test name: bg_9_2_1, bg_ex_04, bg_amb_33, bg_dis_07.
NAME_ID = re.compile(r"(?:^|_)bg_(?:(ex|amb|dis)_(\d{2})|(\d+(?:_\d+)+))")

#: Subsections whose numbered steps carry no ids of their own; the engine and tests cite them as a whole.
SECTION_RULES = ("7.1", "8.2")

_BULLET = re.compile(r"^\s*-\s+\*\*(BG-(?:(?:EX|AMB)-\d{2}|\d+(?:\.\d+)+))\b([^*]*)\*\*(.*)$")
_DIS_ROW = re.compile(r"^\|\s*(BG-DIS-\d{2})\s*\|\s*([^|]+?)\s*\|")
_HEADING = re.compile(r"^###\s+(\d+\.\d+)\s+(.+?)\s*$")


# -- the specification ------------------------------------------------------------------------------------
def _plain(text: str) -> str:
    return re.sub(r"[*`]", "", text).strip()


def _short(text: str, limit: int = 72) -> str:
    """The first sentence of ``text``, cut at a word boundary to at most ``limit`` characters."""
    text = _plain(text)
    first = re.split(r"(?<=[.:;])\s", text, maxsplit=1)[0].rstrip(".:;")
    if len(first) <= limit:
        return first
    return first[: limit - 1].rsplit(" ", 1)[0] + "…"


def _explain(bold: str, rest: str, limit: int = 600) -> str:
    """The rule's own sentence(s) in plain text, for the rules reference pages; at most ``limit`` characters."""
    head, body = _plain(bold).strip(" .:"), _plain(rest).lstrip(" .:").strip()
    text = re.sub(r"\s+", " ", f"{head}: {body}" if head and body else head or body).rstrip(":")
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


def _kind(rule_id: str) -> str:
    return {"EX": "example", "AMB": "ambiguity", "DIS": "discrepancy"}.get(rule_id.split("-")[1], "rule")


def parse_spec(text: str) -> list[dict]:
    """Every rule id the specification defines, in the order it defines them: ``{"id", "title", "kind"}``
    and, for a bulleted rule, ``"explanation"`` (its text in plain words, for the rules reference pages).

    Defined means: a bullet that opens with the bold id (``- **BG-9.2.1 …**``), a row of the discrepancy
    table, or one of :data:`SECTION_RULES` (a ``###`` heading whose numbered steps have no ids).
    """
    rows: list[dict] = []
    seen: set[str] = set()

    def add(rule_id: str, title: str, kind: str, explanation: str = "") -> None:
        if rule_id in seen:
            raise ValueError(f"{rule_id} is defined twice in the specification")
        seen.add(rule_id)
        row = {"id": rule_id, "title": title, "kind": kind}
        if explanation:
            row["explanation"] = explanation
        rows.append(row)

    for line in text.splitlines():
        bullet = _BULLET.match(line)
        if bullet:
            rule_id, bold, rest = bullet.groups()
            title = _plain(bold).strip(" .:") or _short(rest) or rule_id
            if title.startswith("Engine note"):  # a generic label: say what the note is about
                title = f"{title}: {_short(rest, 56)}"
            add(rule_id, _short(title) if len(title) > 72 else title, _kind(rule_id), _explain(bold, rest))
            continue
        dis = _DIS_ROW.match(line)
        if dis:
            add(dis.group(1), _plain(dis.group(2)), "discrepancy")
            continue
        heading = _HEADING.match(line)
        if heading and heading.group(1) in SECTION_RULES:
            add(f"BG-{heading.group(1)}", _plain(heading.group(2)), "section")
    return rows


def load_index() -> list[dict]:
    """The rule ids carried by the repository (``rules_index.json``), in specification order."""
    text = resources.files(__package__).joinpath(INDEX_FILE).read_text("utf-8")
    return json.loads(text)["rules"]


def load_notes() -> dict[str, dict]:
    """``{rule id: {"status", "reason"}}`` for rule ids that no test cites (``coverage_notes.json``)."""
    text = resources.files(__package__).joinpath(NOTES_FILE).read_text("utf-8")
    return json.loads(text)["notes"]


# -- the tests ----------------------------------------------------------------------------------------------
def ids_in_text(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def ids_in_name(name: str, known: Iterable[str] = ()) -> set[str]:
    """Rule ids spelled in a test name. ``bg_9_2_1_3_mp`` is ambiguous; with ``known`` ids the longest known
    prefix wins (BG-9.2.1), otherwise all digit groups are taken."""
    known = set(known)
    found = set()
    for kind, number, dotted in NAME_ID.findall(name.lower()):
        if kind:
            found.add(f"BG-{kind.upper()}-{number}")
            continue
        parts = dotted.split("_")
        candidates = [f"BG-{'.'.join(parts[:n])}" for n in range(len(parts), 1, -1)]
        match = next((c for c in candidates if c in known), None) if known else candidates[0]
        if match:
            found.add(match)
    return found


def _test_functions(tree: ast.Module) -> Iterable[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            yield node


#: Test files that name rule ids as data (the coverage tests themselves), not as rules they prove.
EXCLUDED_FILES = ("test_coverage.py",)


def scan_tests(
    tests_dir: str | Path, known: Iterable[str] = (), exclude: Iterable[str] = EXCLUDED_FILES
) -> dict[str, list[str]]:
    """``{rule id: ["file.py::test_name", …]}`` for every rule id cited inside a test function of a
    ``*.py`` file under ``tests_dir`` (files named in ``exclude`` are skipped). A citation from a test
    marked ``xfail`` ends in `` (xfail)``."""
    root = Path(tests_dir)
    known = list(known)
    exclude = set(exclude)
    cited: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        if path.name in exclude:
            continue
        source = path.read_text("utf-8")
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        lines = source.splitlines()
        rel = path.relative_to(root).as_posix()
        for fn in _test_functions(tree):
            start = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
            segment = "\n".join(lines[start - 1 : fn.end_lineno])
            decorators = "\n".join(lines[start - 1 : fn.lineno - 1])
            xfail = "xfail" in decorators
            where = f"{rel}::{fn.name}" + (" (xfail)" if xfail else "")
            for rule_id in ids_in_text(segment) | ids_in_name(fn.name, known):
                cited.setdefault(rule_id, set()).add(where)
    return {rule_id: sorted(places) for rule_id, places in sorted(cited.items())}


# -- the report ----------------------------------------------------------------------------------------------
def coverage_report(tests_dir: str | Path) -> list[dict]:
    """One row per rule id of the index, in specification order::

        {"id", "title", "kind", "status", "tests": [...], "reason": str | None}

    ``status`` is "tested" (cited by a test), "xfail" (cited only by tests expected to fail),
    "not-applicable" or "not-implemented" (from coverage_notes.json) or "MISSING" (neither).
    """
    index = load_index()
    notes = load_notes()
    cited = scan_tests(tests_dir, known=(r["id"] for r in index))
    rows = []
    for rule in index:
        tests = cited.get(rule["id"], [])
        note = notes.get(rule["id"])
        if any(not t.endswith(" (xfail)") for t in tests):
            status = "tested"
        elif tests:
            status = "xfail"
        elif note is not None:
            status = note["status"]
        else:
            status = "MISSING"
        rows.append(
            {
                "id": rule["id"],
                "title": rule["title"],
                "kind": rule["kind"],
                "status": status,
                "tests": tests,
                "reason": note["reason"] if note is not None and not tests else None,
            }
        )
    return rows


def unknown_citations(tests_dir: str | Path) -> dict[str, list[str]]:
    """Rule ids that tests cite but the specification does not define (typos, or a stale index)."""
    index = {r["id"] for r in load_index()}
    return {k: v for k, v in scan_tests(tests_dir, known=index).items() if k not in index}


def summary(rows: list[dict]) -> dict[str, int]:
    counts = {status: 0 for status in STATUSES}
    for row in rows:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
    return counts


def format_report(rows: list[dict]) -> str:
    """A plain-text table: a summary line, then one line per rule id with its tests or the reason."""
    counts = summary(rows)
    head = f"Battleground rules coverage: {len(rows)} rule ids — " + ", ".join(
        f"{counts[s]} {s}" for s in STATUSES if counts.get(s)
    )
    width = max((len(r["id"]) for r in rows), default=8)
    out = [head, ""]
    for row in rows:
        if row["tests"]:
            where = ", ".join(row["tests"][:2]) + (
                f" (+{len(row['tests']) - 2} more)" if len(row["tests"]) > 2 else ""
            )
        else:
            where = row["reason"] or "no test cites this rule and no note explains it"
        out.append(f"{row['id']:<{width}}  {row['status']:<15}  {row['title']}")
        out.append(f"{'':<{width}}  {'':<15}  {where}")
    return "\n".join(out) + "\n"
