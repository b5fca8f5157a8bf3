"""What a table enters for one roll or draw, as one generic grid: the shape a recorder draws without knowing
the game (engine.session.dice_needed; each need of a game's ``dice_needed`` carries its ``grid``).

    {"rows": [{"label", "faces": [{"value", "label", "hit", "colour"}]}],  # one row per die: tap a face
     "shape": "list" | "pool",        # the value: the rows' values in order, or a roll of docs/log-format.md
     "rerolls": {"limit", "label"},   # optional: up to ``limit`` rows may be rolled again (their new face)
     "extra": {"on", "label", "faces", "optional"},  # optional: one more row per final face in ``on``,
                                                    # and per such face among the extra rows (a chain)
     "note": str}
    {"pick": {"options": [{"value", "label", "copies"}], "count", "one"}, "note": str}  # cards drawn

Each label and note may be given as a ``Text`` (engine.core.narrate): the grid then holds its English and,
beside it under ``<key>_said``, its template and params (``label_said``, ``note_said``), so that the
platform says it in the reader's language (narration.catalog.localised_entry).

A "pool" value is ``{"dice": [...], "mana_rerolls": {"dice": [row indices], "results": [...]},
"explosions": [...]}`` with the last two only when used (docs/log-format.md, "Rolls").
"""

from __future__ import annotations

from engine.core.errors import Text
from engine.core.narrate import DIE, numbered


def said(key: str, value) -> dict:
    """``{key: the English}`` and, for a Text, ``{key + "_said": its template and params}``."""
    out = {key: str(value)}
    if isinstance(value, Text):
        out[f"{key}_said"] = value.data()
    return out


def face(value, label: str | Text | None = None, *, hit: bool = False, colour: str = "") -> dict:
    return {
        "value": value,
        **said("label", str(value) if label is None else label),
        "hit": hit,
        "colour": colour,
    }


def d6(hit=lambda v: False) -> list[dict]:
    """The six faces of a six-sided die; ``hit(v)``: whether face v counts."""
    return [face(v, hit=bool(hit(v))) for v in range(1, 7)]


def rows(count: int, label: str | Text | None, faces: list[dict]) -> list[dict]:
    """``count`` dice alike: "label 1", "label 2", … (just "label" for one die); "Die" by default."""
    label = Text(DIE) if label is None else label
    return [
        {**said("label", label if count == 1 else numbered(label, i + 1)), "faces": faces}
        for i in range(count)
    ]


def grid(rows: list[dict], *, note: str | Text = "", shape: str = "list", rerolls=None, extra=None) -> dict:
    """``rerolls`` and ``extra`` as documented above; their ``label`` and ``note`` may be Texts too."""
    out = {"rows": rows, "shape": shape, **said("note", note)}
    if rerolls:
        out["rerolls"] = _said_fields(rerolls)
    if extra:
        out["extra"] = _said_fields(extra)
    return out


def _said_fields(part: dict) -> dict:
    out = dict(part)
    for key in ("label", "note"):
        if key in part:
            out.update(said(key, part[key]))
    return out


def pick(options: list[dict], count: int, *, one: bool = False, note: str | Text = "") -> dict:
    """``count`` cards drawn from ``options`` (``[{"id", "name", "copies"}]``); ``one``: the value is the
    card itself, not a list of one."""
    return {
        "pick": {
            "options": [
                {"value": o["id"], "label": o["name"], "copies": o.get("copies", 1)} for o in options
            ],
            "count": count,
            "one": one,
        },
        **said("note", note),
    }
