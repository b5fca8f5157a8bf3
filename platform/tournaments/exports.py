"""Standings as files: CSV (one column per tiebreak) and JSON (the same table, typed)."""

from __future__ import annotations

import csv
import io

from tournaments.models import Event
from tournaments.services.standings import standings_table


def standings_csv(event: Event) -> str:
    table = standings_table(event)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "player", "dropped", *[c["key"] for c in table["columns"]]])
    for row in table["rows"]:
        writer.writerow(
            [row["rank"], _safe(row["name"]), "yes" if row["dropped"] else "", *row["metrics"].values()]
        )
    return out.getvalue()


def _safe(text: str) -> str:
    # A spreadsheet would run a cell starting with one of these as a formula.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def standings_json(event: Event) -> dict:
    return standings_table(event)
