"""Rules coverage for Battleground: the kernel's tool (engine/core/coverage.py) with Battleground's ids.

The specification (``shared/rules/battleground.md``) lives outside the repository, so the repository carries
``rules_index.json``: every rule id the specification defines (BG-…, BG-EX-…, BG-AMB-…, BG-DIS-…) with a short
title, extracted by :func:`parse_spec`. ``coverage_notes.json`` explains each id that no test cites.
``arbiter rules-coverage battleground`` prints the report.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from engine.core import coverage as core
from engine.core.coverage import EXCLUDED_FILES, NOTE_STATUSES, STATUSES, summary  # noqa: F401 — this module's API

INDEX_FILE = "rules_index.json"
NOTES_FILE = "coverage_notes.json"
#: Subsections whose numbered steps carry no ids of their own; the engine and tests cite them as a whole.
SECTION_RULES = ("7.1", "8.2")
IDS = core.RuleIds("BG", ("EX", "AMB", "DIS"), SECTION_RULES)


def parse_spec(text: str) -> list[dict]:
    return IDS.parse_spec(text)


def load_index() -> list[dict]:
    """The rule ids carried by the repository (``rules_index.json``), in specification order."""
    return json.loads(resources.files(__package__).joinpath(INDEX_FILE).read_text("utf-8"))["rules"]


def load_notes() -> dict[str, dict]:
    """``{rule id: {"status", "reason"}}`` for rule ids that no test cites (``coverage_notes.json``)."""
    return json.loads(resources.files(__package__).joinpath(NOTES_FILE).read_text("utf-8"))["notes"]


def ids_in_text(text: str) -> set[str]:
    return IDS.in_text(text)


def ids_in_name(name: str, known: Iterable[str] = ()) -> set[str]:
    return IDS.in_name(name, known)


def scan_tests(
    tests_dir: str | Path, known: Iterable[str] = (), exclude: Iterable[str] = EXCLUDED_FILES
) -> dict[str, list[str]]:
    return core.scan_tests(tests_dir, IDS, known, exclude)


def coverage_report(tests_dir: str | Path) -> list[dict]:
    return core.coverage_report(tests_dir, IDS, load_index(), load_notes())


def unknown_citations(tests_dir: str | Path) -> dict[str, list[str]]:
    return core.unknown_citations(tests_dir, IDS, load_index())


def format_report(rows: list[dict]) -> str:
    return core.format_report(rows, "Battleground")
