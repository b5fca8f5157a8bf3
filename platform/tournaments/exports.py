"""Standings as files: CSV (one column per tiebreak) and JSON (the same table, typed).

An event with a bracket adds each player's placement in it: a last ``placement`` column in
the CSV, and in the JSON a ``placement`` on each row plus the ``placements`` list, best first.
"""

from __future__ import annotations

import csv
import io

from tournaments.models import Event
from tournaments.services.standings import standings_table


def standings_csv(event: Event) -> str:
    table = standings_table(event)
    out = io.StringIO()
    writer = csv.writer(out)
    # The placement column comes last so that the columns before it stay where they were.
    placed = event.has_elimination_stage
    writer.writerow(
        [
            "rank",
            "player",
            "dropped",
            *[c["key"] for c in table["columns"]],
            *(["placement"] if placed else []),
        ]
    )
    for row in table["rows"]:
        writer.writerow(
            [
                row["rank"],
                _safe(row["name"]),
                "yes" if row["dropped"] else "",
                *row["metrics"].values(),
                *([row["placement"] or ""] if placed else []),
            ]
        )
    return out.getvalue()


def _safe(text: str) -> str:
    # A spreadsheet would run a cell starting with one of these as a formula.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_json(event: Event) -> dict:
    return standings_table(event)
