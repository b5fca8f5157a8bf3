"""Standings as files: CSV (one column per tiebreak) and JSON (the same table, typed).

An event with soft score categories adds one ``soft:<category>`` column per category after
the tiebreaks (the ``soft_score`` column is their sum). An event with a bracket adds each
player's placement in it: a last ``placement`` column in the CSV, and in the JSON a
``placement`` on each row plus the ``placements`` list, best first. A team event ranks teams:
the CSV's second column is ``team`` and a ``members`` column follows it (names separated by
"; "); the JSON rows carry ``team`` and ``members``.
"""

from __future__ import annotations

import csv
import io

from standings.services import standings_table
from tournaments.models import Event


def standings_csv(event: Event) -> str:
    table = standings_table(event)
    out = io.StringIO()
    writer = csv.writer(out)
    # The placement column comes last so that the columns before it stay where they were.
    placed = event.has_elimination_stage
    soft = [c["key"] for c in table["soft_score_categories"]]
    writer.writerow(
        [
            "rank",
            *(["team", "members"] if table["teams"] else ["player"]),
            "dropped",
            *[c["key"] for c in table["columns"]],
            *[f"soft:{key}" for key in soft],
            *(["placement"] if placed else []),
        ]
    )
    for row in table["rows"]:
        writer.writerow(
            [
                row["rank"],
                _safe(row["name"]),
                *([_safe("; ".join(row["members"]))] if table["teams"] else []),
                "yes" if row["dropped"] else "",
                # None: a tiebreak that does not apply, or a soft score not entered.
                *("" if v is None else v for v in row["metrics"].values()),
                *("" if row["soft_scores"][key] is None else row["soft_scores"][key] for key in soft),
                *([row["placement"] or ""] if placed else []),
            ]
        )
    return out.getvalue()


def _safe(text: str) -> str:
    # A spreadsheet would run a cell starting with one of these as a formula.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_json(event: Event) -> dict:
    return standings_table(event)
