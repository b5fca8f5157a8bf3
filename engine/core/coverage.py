"""Rules coverage for any game: which rule ids of a specification the tests cite, and why the others are not.

A game's rule ids share a prefix (``BG``, ``HR``, ``FE``, ``DR``…): numbered ids (``BG-9.2.1``) and, where the
specification has them, lettered ones (``BG-EX-04`` worked examples, ``BG-AMB-33`` ambiguities, ``BG-DIS-07``
discrepancies). The ids come from the game's rules index (``GameInfo.rules_index``) or straight from a
specification file (:meth:`RuleIds.parse_spec`); the game's coverage notes explain each id that no test cites:
``not-applicable`` (nothing a log replay could check) or ``not-implemented`` (the engine does not do it yet).

A test cites a rule when the id appears inside a test function: in its name (``test_bg_9_2_1_…``,
``test_bg_ex_04_…``), its decorators (e.g. parametrize ids), its docstring or its body. Text outside test
functions (module docstrings, helpers) does not count.

Pure functions only; the command line (``arbiter rules-coverage <game>``) formats what they return.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

NOTE_STATUSES = ("not-applicable", "not-implemented")
STATUSES = ("tested", "xfail", "not-applicable", "not-implemented", "MISSING")
KINDS = {
    "EX": "example", "WE": "example", "AMB": "ambiguity", "DIS": "discrepancy",
    "DV": "derived-vector", "CF": "content-fact",
}  # fmt: skip

#: Test files that name rule ids as data (the coverage tests themselves), not as rules they prove.
EXCLUDED_FILES = ("test_coverage.py",)


def _plain(text: str) -> str:
    return re.sub(r"[*`]", "", text).strip()


def _short(text: str, limit: int = 72) -> str:
    """The first sentence of ``text``, cut at a word boundary to at most ``limit`` characters."""
    text = _plain(text)
    first = re.split(r"(?<=[.:;])\s", text, maxsplit=1)[0].rstrip(".:;")
    if len(first) <= limit:
        return first
    return first[: limit - 1].rsplit(" ", 1)[0] + "…"


@dataclass(frozen=True)
class RuleIds:
    """How one game writes its rule ids: the prefix, the lettered kinds it uses, and the ``###`` sections
    whose numbered steps carry no ids of their own (cited as a whole, e.g. Battleground's 7.1 and 8.2).

    Lettered ids carry the prefix (``BG-EX-04``) unless ``bare_lettered``: Hoplomachus and Eternia write
    ``WE-1``, ``DV-3``, ``AMB-35`` on their own. A numbered id may end in one capital letter (Eternia's
    ``FE-11.5.1.H`` and ``.B``, the hero's and the beast's side of a step)."""

    prefix: str
    lettered: tuple[str, ...] = ("EX", "AMB", "DIS")
    section_rules: tuple[str, ...] = ()
    bare_lettered: bool = False
    _re: dict = field(default_factory=dict, compare=False, repr=False)

    def _pattern(self, name: str) -> re.Pattern:
        found = self._re.get(name)
        if found is None:
            p, letters = re.escape(self.prefix), "|".join(map(re.escape, self.lettered)) or "(?!)"
            numbered = rf"{p}-\d+(?:\.\d+)*(?:\.[A-Z]\b)?"
            lettered = rf"(?:{letters})-\d+" if self.bare_lettered else rf"{p}-(?:{letters})-\d{{2}}"
            rule = rf"(?:{lettered}|{numbered})"
            named = (
                rf"({letters.lower()})_?(\d+)"
                if self.bare_lettered
                else rf"{p.lower()}_({letters.lower()})_(\d{{2}})"
            )
            found = re.compile(
                {
                    "text": rf"\b{rule}",
                    "range": rf"\b({p}-\d+(?:\.\d+)*)[–-](\d+(?:\.\d+)*)\b",
                    "name": rf"(?:^|_)(?:{named}|{p.lower()}_(\d+(?:_\d+)*))(?=_|$)",
                    "bullet": rf"^\s*-\s+\*\*({rule})\b([^*]*)\*\*(.*)$",
                    "row": rf"^\|\s*({lettered})\s*\|\s*([^|]+?)\s*\|",
                    "heading": r"^###\s+(\d+\.\d+)\s+(.+?)\s*$",
                }[name]
            )
            self._re[name] = found
        return found

    def kind(self, rule_id: str) -> str:
        head, rest = rule_id.split("-", 1)
        return KINDS.get(head if head in self.lettered else rest.split("-")[0], "rule")

    def in_text(self, text: str, known: Iterable[str] = ()) -> set[str]:
        """Rule ids written in ``text``, ranges included ("FE-9.7.1–9.7.3", "HR-8.4.1-3" name every id from
        the first to the last). An id of one number (DR-3) counts only if ``known`` has it: in most
        specifications "BG-7" is a section, not a rule."""
        known = set(known)
        found = {
            i for i in self._pattern("text").findall(text) if "." in i or self._lettered(i) or i in known
        }
        return found | set(self._ranges(text))

    def _lettered(self, rule_id: str) -> bool:
        return rule_id.split("-")[0] in self.lettered or rule_id.count("-") > 1

    def _ranges(self, text: str):
        for left, right in self._pattern("range").findall(text):
            head, tail = left.split("-", 1)[1].split("."), right.split(".")
            if len(tail) == 1:
                tail = head[:-1] + tail
            if (
                len(tail) != len(head)
                or tail[:-1] != head[:-1]
                or not 0 < int(tail[-1]) - int(head[-1]) <= 30
            ):
                continue
            for n in range(int(head[-1]), int(tail[-1]) + 1):
                yield f"{self.prefix}-" + ".".join([*head[:-1], str(n)])

    def in_name(self, name: str, known: Iterable[str] = ()) -> set[str]:
        """Rule ids spelled in a test name. ``bg_9_2_1_3_mp`` is ambiguous; with ``known`` ids the longest
        known prefix wins (BG-9.2.1), otherwise all digit groups are taken (one number only if known).
        A lettered id's number is matched as the index writes it (``we1`` is WE-01 where that is the id)."""
        known = set(known)
        found = set()
        for letters, number, dotted in self._pattern("name").findall(name.lower()):
            if letters:
                head = letters.upper() if self.bare_lettered else f"{self.prefix}-{letters.upper()}"
                spellings = [f"{head}-{number}", f"{head}-{int(number)}", f"{head}-{int(number):02d}"]
                found.add(
                    next((s for s in spellings if s in known), spellings[-1 if not self.bare_lettered else 0])
                )
                continue
            parts = dotted.split("_")
            candidates = [f"{self.prefix}-{'.'.join(parts[:n])}" for n in range(len(parts), 0, -1)]
            match = next((c for c in candidates if c in known), None) if known else candidates[0]
            if match and "." not in match and match not in known:
                match = None
            if match:
                found.add(match)
        return found

    def parse_spec(self, text: str) -> list[dict]:
        """Every rule id the specification defines, in its order: ``{"id", "title", "kind"}``.

        Defined means: a bullet that opens with the bold id (``- **BG-9.2.1 …**``), a table row whose first
        cell is a lettered id, or one of :attr:`section_rules` (a ``###`` heading whose steps have no ids).
        """
        rows: list[dict] = []
        seen: set[str] = set()

        def add(rule_id: str, title: str, kind: str) -> None:
            if rule_id in seen:
                raise ValueError(f"{rule_id} is defined twice in the specification")
            seen.add(rule_id)
            rows.append({"id": rule_id, "title": title, "kind": kind})

        for line in text.splitlines():
            bullet = self._pattern("bullet").match(line)
            if bullet:
                rule_id, bold, rest = bullet.groups()
                title = _plain(bold).strip(" .:") or _short(rest) or rule_id
                if title.startswith("Engine note"):  # a generic label: say what the note is about
                    title = f"{title}: {_short(rest, 56)}"
                add(rule_id, _short(title) if len(title) > 72 else title, self.kind(rule_id))
                continue
            row = self._pattern("row").match(line)
            if row:
                add(row.group(1), _plain(row.group(2)), self.kind(row.group(1)))
                continue
            heading = self._pattern("heading").match(line)
            if heading and heading.group(1) in self.section_rules:
                add(f"{self.prefix}-{heading.group(1)}", _plain(heading.group(2)), "section")
        return rows


def _test_functions(tree: ast.Module):
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            yield node


def scan_tests(
    tests_dir: str | Path, ids: RuleIds, known: Iterable[str] = (), exclude: Iterable[str] = EXCLUDED_FILES
) -> dict[str, list[str]]:
    """``{rule id: ["file.py::test_name", …]}`` for every rule id cited inside a test function of a ``*.py``
    file under ``tests_dir`` (files named in ``exclude`` are skipped). A citation from a test marked
    ``xfail`` ends in `` (xfail)``."""
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
            xfail = "xfail" in "\n".join(lines[start - 1 : fn.lineno - 1])
            where = f"{rel}::{fn.name}" + (" (xfail)" if xfail else "")
            for rule_id in ids.in_text(segment, known) | ids.in_name(fn.name, known):
                cited.setdefault(rule_id, set()).add(where)
    return {rule_id: sorted(places) for rule_id, places in sorted(cited.items())}


def coverage_report(
    tests_dir: str | Path, ids: RuleIds, index: list[dict], notes: dict[str, dict]
) -> list[dict]:
    """One row per rule id of ``index``, in its order::

        {"id", "title", "kind", "status", "tests": [...], "reason": str | None}

    ``status`` is "tested" (cited by a test), "xfail" (cited only by tests expected to fail),
    "not-applicable" or "not-implemented" (from the notes) or "MISSING" (neither). A rule that neither a
    test nor a note names, but whose numbered sub-rules tests cite (HR-7.2 through HR-7.2.2), is "tested"
    through them: its tests are theirs, marked with the sub-rule they cite.
    """
    cited = scan_tests(tests_dir, ids, known=(r["id"] for r in index))
    rows = []
    for rule in index:
        tests = cited.get(rule["id"], [])
        note = notes.get(rule["id"])
        if not tests and note is None:
            tests = [
                f"{test} (via {sub})"
                for sub, found in sorted(cited.items())
                if sub.startswith(rule["id"] + ".")
                for test in found
                if not test.endswith(" (xfail)")
            ]
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


def unknown_citations(tests_dir: str | Path, ids: RuleIds, index: list[dict]) -> dict[str, list[str]]:
    """Rule ids that tests cite but the specification does not define (typos, or a stale index)."""
    known = {r["id"] for r in index}
    return {k: v for k, v in scan_tests(tests_dir, ids, known=known).items() if k not in known}


def summary(rows: list[dict]) -> dict[str, int]:
    counts = {status: 0 for status in STATUSES}
    for row in rows:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
    return counts


def format_report(rows: list[dict], game_name: str) -> str:
    """A plain-text table: a summary line, then one line per rule id with its tests or the reason."""
    counts = summary(rows)
    head = f"{game_name} rules coverage: {len(rows)} rule ids — " + ", ".join(
        f"{n} {s}" for s, n in counts.items() if n
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


# -- a registered game --------------------------------------------------------------------------------------
def rule_ids(info) -> RuleIds:
    """The id style of a registered game (``GameInfo.rule_prefix`` and its coverage settings)."""
    return RuleIds(
        info.rule_prefix,
        tuple(info.lettered_rule_kinds),
        tuple(info.section_rules),
        info.bare_lettered_rule_ids,
    )


def game_index(info, spec: str | Path | None = None) -> list[dict]:
    """The game's rule ids: parsed from ``spec`` if given, else its committed rules index."""
    if spec is not None:
        return rule_ids(info).parse_spec(Path(spec).read_text("utf-8"))
    return [{"id": k, "title": v["title"], "kind": v["kind"]} for k, v in info.rules_index.items()]


def game_notes(info) -> dict[str, dict]:
    """``{rule id: {"status", "reason"}}`` from a game's coverage notes, in any of the three layouts the
    games keep: ``{"notes": {id: {status, reason}}}``, ``{"notes": [{status, reason, ids, prefixes}]}``
    (one note for many ids) or ``{"rules": {id: "status: reason"}}``."""
    if info.coverage_notes_file is None:
        return {}
    doc = json.loads(Path(info.coverage_notes_file).read_text("utf-8"))
    notes = doc.get("notes", {})
    if isinstance(notes, list):
        ids = list(info.rules_index)
        expanded: dict[str, dict] = {}
        for group in notes:
            note = {"status": group["status"], "reason": group["reason"]}
            for rule_id in group.get("ids", []):
                expanded[rule_id] = note
            for prefix in group.get("prefixes", []):
                expanded.update((rule_id, note) for rule_id in ids if rule_id.startswith(prefix))
        return expanded
    for rule_id, text in doc.get("rules", {}).items():
        status, _, reason = text.partition(": ")
        notes[rule_id] = {"status": status, "reason": reason}
    return notes


def game_report(info, tests_dir: str | Path, spec: str | Path | None = None) -> list[dict]:
    """:func:`coverage_report` for a registered game."""
    return coverage_report(tests_dir, rule_ids(info), game_index(info, spec), game_notes(info))
