"""Rules coverage for Fields of Eternia: which ids of the specification the tests cite.

``rules_index.json`` carries every id the specification (``shared/rules/eternia.md``, outside this
repository) defines: FE-… rules, WE-… worked examples and AMB-… ambiguities, each with a title and, where the
rule's outcome rests on content the rulebook does not print, ``provisional`` (the pack's placeholder data
decides it until an organizer supplies corrected values). What each rule means, in our own words, is written
by hand in ``rules_explained.json`` (GameInfo.rules_explanations_file), not cut from the specification.

A test cites an id when the id appears inside a test function (name, docstring or body).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

from engine.core import coverage as core

INDEX_FILE = "rules_index.json"
_DEF = re.compile(r"^(?:\d+\.\s+|-\s+)?\*\*((?:FE-\d+(?:\.\d+)*(?:\.[HB])?|AMB-\d{2}))\s*([^*]*)\*\*(.*)$")
_WE = re.compile(r"^###\s+(WE-\d{2})\s+(.+?)\s*$")

# Rules whose outcome the pack's placeholder data decides (FE-23): the map, the track, hero and card values.
PROVISIONAL_PREFIXES = (
    "FE-3.2", "FE-3.3", "FE-3.4", "FE-4.1.8", "FE-6.1", "FE-6.4", "FE-6.6", "FE-6.7", "FE-6.9.1", "FE-6.10", "FE-6.11",
    "FE-8.1", "FE-8.2.2", "FE-8.2.4", "FE-9.2.1", "FE-9.4", "FE-9.6", "FE-9.7.3", "FE-9.7.4", "FE-9.10.1",
    "FE-11.3.3", "FE-11.4.3", "FE-11.5.2", "FE-11.5.3.3", "FE-11.5.9.5", "FE-14.1", "FE-16", "FE-17.1.1",
    "FE-19.4", "FE-22", "FE-23",
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


def report(folder: Path) -> dict:
    """Coverage figures from the generic report (``arbiter rules-coverage motu-fields-of-eternia``): ids
    defined, ids cited exactly, ids covered through a cited sub-rule, the rest (each has a note)."""
    from engine.games.eternia import GAME

    rows = core.game_report(GAME, folder)
    tested = [r for r in rows if r["status"] == "tested"]
    nested = [r["id"] for r in tested if all(" (via " in t for t in r["tests"])]
    return {
        "defined": len(rows),
        "cited": len(tested) - len(nested),
        "cited_through_sub_rules": len(nested),
        "uncited": [r["id"] for r in rows if r["status"] != "tested"],
        "provisional": sorted(r["id"] for r in load_index() if r["provisional"] and r["kind"] == "rule"),
    }
