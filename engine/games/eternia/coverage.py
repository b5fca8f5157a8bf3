"""Rules coverage for Fields of Eternia: which ids of the specification the tests cite.

``rules_index.json`` carries every id the specification (``shared/rules/eternia.md``, outside this
repository) defines: FE-… rules, WE-… worked examples and AMB-… ambiguities, each with a title and, where the
rule's outcome rests on content the rulebook does not print, ``provisional`` (the pack's placeholder data
decides it until an organizer supplies corrected values). What each rule means, in our own words, is written
by hand in ``rules_explained.json`` (GameInfo.rules_explanations_file), not cut from the specification.

A test cites an id when the id appears inside a test function (name, docstring or body).
"""

from __future__ import annotations

import ast
import json
import re
from importlib import resources
from pathlib import Path

INDEX_FILE = "rules_index.json"
RULE_ID = re.compile(r"\b(?:FE-\d+(?:\.\d+)*(?:\.[HB])?|WE-\d{2}|AMB-\d{2})\b")
_DEF = re.compile(r"^(?:\d+\.\s+|-\s+)?\*\*((?:FE-\d+(?:\.\d+)*(?:\.[HB])?|AMB-\d{2}))\s*([^*]*)\*\*(.*)$")
_WE = re.compile(r"^###\s+(WE-\d{2})\s+(.+?)\s*$")

# Rules whose outcome the pack's placeholder data decides (FE-23): the map, the track, hero and card values.
PROVISIONAL_PREFIXES = (
    "FE-3.2", "FE-3.3", "FE-3.4", "FE-6.1", "FE-6.4", "FE-6.6", "FE-6.7", "FE-6.9.1", "FE-6.10", "FE-6.11",
    "FE-8.1", "FE-8.2.2", "FE-8.2.4", "FE-9.2.1", "FE-9.4", "FE-9.6", "FE-9.7.3", "FE-9.7.4", "FE-9.10.1",
    "FE-11.3.3", "FE-11.4.3", "FE-11.5.2", "FE-11.5.3.3", "FE-14.1", "FE-16", "FE-17.1.1", "FE-22", "FE-23",
)  # fmt: skip


def _plain(text: str) -> str:
    return re.sub(r"[*`]", "", text).strip()


def _short(text: str, limit: int) -> str:
    text = _plain(text)
    first = re.split(r"(?<=[.;])\s", text, maxsplit=1)[0]
    return first if len(first) <= limit else first[: limit - 1].rsplit(" ", 1)[0] + "…"


def parse_spec(text: str) -> list[dict]:
    """Every id the specification defines, in order: {"id", "title", "kind", "provisional"}."""
    rows, seen = [], set()
    for line in text.splitlines():
        m = _DEF.match(line.strip()) or _WE.match(line.strip())
        if not m:
            continue
        rule_id, bold, rest = (m.groups() + ("",))[:3]
        if rule_id in seen:
            continue
        seen.add(rule_id)
        title = _plain(bold).strip(" .:") or _short(rest, 60) or rule_id
        kind = (
            "example" if rule_id.startswith("WE-") else "ambiguity" if rule_id.startswith("AMB-") else "rule"
        )
        rows.append({
            "id": rule_id, "title": title, "kind": kind,
            "provisional": rule_id.startswith(PROVISIONAL_PREFIXES),
        })  # fmt: skip
    return rows


def load_index() -> list[dict]:
    text = resources.files("engine.games.eternia").joinpath(INDEX_FILE).read_text("utf-8")
    return json.loads(text)["rules"]


_RANGE = re.compile(r"\b(FE-\d+(?:\.\d+)*)[–-](\d+(?:\.\d+)*)\b")


def expand_ranges(text: str) -> list[str]:
    """Ids a range names: "FE-9.7.1–9.7.3" and "FE-11.5.3.5–6" cite every id from the first to the last."""
    out = []
    for left, right in _RANGE.findall(text):
        head = left[3:].split(".")
        tail = right.split(".")
        if len(tail) == 1:
            tail = head[:-1] + tail
        if len(tail) != len(head) or tail[:-1] != head[:-1] or int(tail[-1]) - int(head[-1]) > 30:
            continue
        prefix = ".".join(head[:-1])
        for n in range(int(head[-1]), int(tail[-1]) + 1):
            out.append("FE-" + (f"{prefix}.{n}" if prefix else str(n)))
    return out


def cited_in_tests(folder: Path) -> dict[str, set[str]]:
    """{rule id: {test names}} for every id cited inside a test function of ``folder``."""
    out: dict[str, set[str]] = {}
    for path in sorted(folder.glob("test_*.py")):
        source = path.read_text("utf-8")
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                text = ast.get_source_segment(source, node) or ""
                for rule_id in RULE_ID.findall(text) + expand_ranges(text):
                    out.setdefault(rule_id, set()).add(f"{path.name}::{node.name}")
    return out


def report(folder: Path) -> dict:
    """Coverage figures: ids defined, ids cited exactly, ids covered through a cited sub-rule."""
    index = load_index()
    cited = cited_in_tests(folder)
    ids = [r["id"] for r in index]
    exact = [i for i in ids if i in cited]
    nested = [i for i in ids if i not in cited and any(c.startswith(i + ".") for c in cited)]
    return {
        "defined": len(ids),
        "cited": len(exact),
        "cited_through_sub_rules": len(nested),
        "uncited": [i for i in ids if i not in cited and i not in nested],
        "provisional": sorted(r["id"] for r in index if r["provisional"] and r["kind"] == "rule"),
    }
