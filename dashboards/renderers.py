"""CSV for every chart's data: ``?format=csv`` on any /api/meta/ data set."""

from __future__ import annotations

import csv
import io

from rest_framework.renderers import BaseRenderer

# A spreadsheet runs a cell starting with one of these as a formula; user text (names) must
# never be able to do that, so such cells get a leading apostrophe.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return "'" + value if value.startswith(_FORMULA_START) else value
    if isinstance(value, (dict, list)):
        return ""
    return str(value)


def rows_to_csv(rows: list[dict]) -> str:
    """Every key of every row as a column (first-seen order), one line per row."""
    columns: list[str] = []
    for row in rows:
        for key, value in row.items():
            if key not in columns and not isinstance(value, (dict, list)):
                columns.append(key)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(row.get(c)) for c in columns])
    return out.getvalue()


class CSVRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, dict) and "rows" in data:
            rows = data["rows"]
        elif isinstance(data, dict):
            rows = [{"error": str(data.get("detail", data))}]
        else:
            rows = data or []
        return rows_to_csv(rows).encode(self.charset)
