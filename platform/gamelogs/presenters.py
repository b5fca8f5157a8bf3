"""Shaping a stored verdict for the log page: result rows, the events around an illegal one,
statistics tables. Plain data in, plain data out; templates only loop over it."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from gamelogs.models import GameLog
from gamelogs.statistics_labels import label
from games import plugin
from games.pack_names import content_name

CONTEXT_EVENTS = 3


def result_table(log: GameLog) -> dict:
    """The log page's result: the score's label, its components' labels (the game's plugin
    names them), and one row per player with the score by component, the total and a winner
    flag, read from the generic result every verdict carries."""
    game = plugin(log.game)
    details = game.result_details(log_header(log), log.result or {}, log.statistics) if log.result else {}
    rows = game.result_rows(log.players or [], log.result or {})
    # A source nobody scored from is a column of zeros: left out, so the table fits a phone.
    shown = [i for i in range(len(game.score_components)) if any(row["sources"][i] for row in rows)]
    for row in rows:
        row["sources"] = [row["sources"][i] for i in shown]
    labels = list(game.score_components.values())
    return {
        "score_label": game.score_label,
        "sources": [labels[i] for i in shown],
        "rows": rows,
        "details": details,
    }


def log_header(log: GameLog) -> dict:
    """The stored log's header (everything but its events), {} if it cannot be read."""
    try:
        doc = json.loads(log.raw_bytes())
    except (ValueError, TypeError, AttributeError):
        return {}
    return {k: v for k, v in doc.items() if k != "events"} if isinstance(doc, dict) else {}


def events_around(log: GameLog, index: int | None, radius: int = CONTEXT_EVENTS) -> list[dict]:
    """The events ``index - radius`` … ``index + radius`` as pretty JSON, the bad one flagged."""
    if index is None:
        return []
    try:
        events = json.loads(log.raw_bytes()).get("events", [])
    except (ValueError, AttributeError):
        return []
    start, stop = max(0, index - radius), min(len(events), index + radius + 1)
    return [{"index": i, "offending": i == index, "json": pretty_json(events[i])} for i in range(start, stop)]


def pretty_json(value, indent: int = 0) -> str:
    """Indented JSON with short lists of plain values kept on one line ("dice": [7, 3, 2])."""
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(value, dict) and value:
        items = [
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {pretty_json(v, indent + 1)}"
            for k, v in sorted(value.items())
        ]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and value and any(isinstance(v, dict | list) for v in value):
        return "[\n" + ",\n".join(inner + pretty_json(v, indent + 1) for v in value) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


# Statistics columns whose values are content ids (one, or a list of them): shown by the pack's names.
ID_COLUMNS = frozenset(
    {
        "arena", "area", "card", "cards", "character", "characters", "encounter", "equipment", "faction",
        "force", "hero", "heroes", "item", "items", "map", "reward", "rewards", "rival", "rivals", "tactic",
        "tactics", "titan", "troops", "unit", "units", "victory_cards", "weapon", "weapons",
    }
)  # fmt: skip


def statistics_tables(statistics: dict | None, *, max_rows: int = 50, game: str | None = None) -> list[dict]:
    """Each statistics section (sides, characters, …) as a table: a title, columns (the engine's keys)
    with their headings in the reader's language, rows. With ``game``, a column of content ids
    (``ID_COLUMNS``) shows the names the game's pack prints for them."""
    tables = []
    for section, rows in (statistics or {}).items():
        if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
            continue
        columns = []
        for row in rows:
            columns.extend(key for key in row if key not in columns)
        tables.append(
            {
                "title": label(section),
                "columns": columns,
                "headings": [label(c) for c in columns],
                "rows": [[_cell(_named(game, c, row.get(c))) for c in columns] for row in rows[:max_rows]],
                "truncated": len(rows) > max_rows,
            }
        )
        if len(rows) == 1:  # one row reads better as name/value pairs
            tables[-1]["pairs"] = list(zip(tables[-1]["headings"], tables[-1]["rows"][0], strict=True))
    return tables


def _named(game: str | None, column: str, value):
    """``value`` with the content ids of an id column replaced by their names (a list stays a list)."""
    if game is None or column not in ID_COLUMNS:
        return value
    if isinstance(value, list):
        return [content_name(game, v) for v in value]
    return content_name(game, value)


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if isinstance(value, float):
        return f"{value:.3g}"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value)
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def status_payload(log: GameLog) -> dict:
    """What the log page polls every second until the state is final."""
    return {
        "id": log.pk,
        "state": log.state,
        "state_label": log.get_state_display(),
        "final": log.is_final,
        "events_total": log.events_total,
        "events_verified": log.events_verified,
        "summary": log.summary,
    }
