"""The engine's refusal templates, read from its source (engine/) by AST, never by importing it.

A template is the message id of a refusal or of a phrase inside one (engine.core.errors): the string literal
given as the message of ``IllegalEvent(rule, message, **params)`` or ``UnreadableLog(message, **params)``,
of ``Text(message, **params)``, or marked with ``template(message)``. ``sites()`` also says which params
each site passes, so that a test can hold every literal template to its params.

The same marks serve the engine's narration (the ``narrate.py`` modules: the replay viewer's sentences and
the recorder's offers, engine.core.narrate): ``narration=True`` reads those modules alone, and the refusals
read every other module, so that each gettext domain holds its own templates.
"""

from __future__ import annotations

import ast
import string
from dataclasses import dataclass
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"

#: UnreadableLog's keywords that place the problem rather than fill in its message
_LOCATION = ("rule", "path", "event_index")

#: callable name → index of its message argument
MESSAGE_ARG = {"IllegalEvent": 1, "UnreadableLog": 0, "Text": 0, "template": 0}


@dataclass(frozen=True)
class Site:
    path: str  # relative to the repository
    line: int
    call: str  # IllegalEvent, UnreadableLog, Text or template
    template: str | None  # None: the message is not a literal (a Text or a template passed on)
    params: frozenset[str] | None  # the keyword params given; None when **params are passed on
    source: str  # the message expression as written


def placeholders(template: str) -> set[str]:
    """The named fields of a format string (``{name}``, ``{name!r}``, ``{name:.2f}``)."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


def _literals(node: ast.expr) -> list[str] | None:
    """The string literal(s) a message expression can be: a constant, or each branch of a conditional."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def is_narration(path: Path) -> bool:
    """A narration module (its templates belong to the narration domain, not the refusals')."""
    return path.name == "narrate.py"


def sites(root: Path = ENGINE, *, narration: bool = False) -> list[Site]:
    found = []
    base = root.parent
    for path in sorted(root.rglob("*.py")):
        if is_narration(path) != narration:
            continue
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text, filename=str(path))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else None
            )
            if name not in MESSAGE_ARG or path.name == "errors.py" and path.parent.name == "core":
                continue
            index = MESSAGE_ARG[name]
            if len(node.args) <= index or any(isinstance(a, ast.Starred) for a in node.args[: index + 1]):
                found.append(
                    Site(str(path.relative_to(base)), node.lineno, name, None, None, ast.unparse(node))
                )
                continue
            message = node.args[index]
            params = (
                None
                if any(k.arg is None for k in node.keywords)
                else frozenset(
                    k.arg for k in node.keywords if name != "UnreadableLog" or k.arg not in _LOCATION
                )
            )
            literals = _literals(message)
            for template in literals if literals is not None else [None]:
                found.append(
                    Site(
                        str(path.relative_to(base)), node.lineno, name, template, params, ast.unparse(message)
                    )
                )
    return found


def templates(root: Path = ENGINE, *, narration: bool = False) -> dict[str, list[str]]:
    """Every literal template, in source order of first use, with the places (``path:line``) that use it
    (``narration``: the narration modules' templates instead of the refusals')."""
    out: dict[str, list[str]] = {}
    for site in sites(root, narration=narration):
        if site.template is not None:
            out.setdefault(site.template, []).append(f"{site.path}:{site.line}")
    return out
