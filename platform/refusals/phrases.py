"""English phrases the engine passes as the params of a refusal, said in the reader's language.

Most params are data (names, hexes, numbers). A few are English words the engine writes inline: the JSON
Schema validator's explanation of a malformed log (``"{pointer}: {plain}"``) and Battleground's movement
effect kinds (``"{name} is {kind}ed along {ways}"``). Those are recognised here and replaced by a phrase (a
template of this module with its own params) before the refusal is rendered, so the refusal catalogs say
them too; ``manage.py refusal_messages`` writes these templates beside the engine's. English readers keep
the engine's message as it is.
"""

from __future__ import annotations

import re
from pathlib import Path

#: the JSON Schema validator's messages (jsonschema, as engine.core.logfile words them): pattern → template
SCHEMA = [
    (r"(?P<name>'[^']*') is missing", "{name} is missing"),
    (r"(?P<value>.+) is not one of the accepted values", "{value} is not one of the accepted values"),
    (r"too many entries \(at most (?P<count>\d+)\)", "too many entries (at most {count})"),
    (r"(?P<value>.+) is not of type (?P<types>'[^']*'(?:, '[^']*')*)", "{value} is not of type {types}"),
    (r"Additional properties are not allowed \((?P<names>.+) was unexpected\)",
     "Additional properties are not allowed ({names} was unexpected)"),
    (r"Additional properties are not allowed \((?P<names>.+) were unexpected\)",
     "Additional properties are not allowed ({names} were unexpected)"),
    (r"(?P<value>.+) is less than or equal to the minimum of (?P<limit>.+)",
     "{value} is less than or equal to the minimum of {limit}"),
    (r"(?P<value>.+) is greater than or equal to the maximum of (?P<limit>.+)",
     "{value} is greater than or equal to the maximum of {limit}"),
    (r"(?P<value>.+) is less than the minimum of (?P<limit>.+)", "{value} is less than the minimum of {limit}"),
    (r"(?P<value>.+) is greater than the maximum of (?P<limit>.+)", "{value} is greater than the maximum of {limit}"),
    (r"(?P<value>.+) should be non-empty", "{value} should be non-empty"),
    (r"(?P<value>.+) is too long", "{value} is too long"),
    (r"(?P<value>.+) is too short", "{value} is too short"),
    (r"(?P<value>.+) does not match (?P<pattern>'.*')", "{value} does not match {pattern}"),
    (r"(?P<value>.+) is not valid under any of the given schemas", "{value} is not valid under any of the given schemas"),
    (r"(?P<value>.+) is valid under each of (?P<schemas>.+)", "{value} is valid under each of {schemas}"),
    (r"(?P<value>.+) has non-unique elements", "{value} has non-unique elements"),
    (r"(?P<value>.+) is not a multiple of (?P<step>.+)", "{value} is not a multiple of {step}"),
    (r"(?P<value>.+) is not allowed for (?P<other>.+)", "{value} is not allowed for {other}"),
    (r"(?P<value>.+) was expected", "{value} was expected"),
]  # fmt: skip
_SCHEMA = [(re.compile(pattern, re.S), template) for pattern, template in SCHEMA]
SCHEMA_TEMPLATES = ("{pointer}: {plain}",)

#: Battleground's straight-line movement effects (BG-18.5), named as nouns: the translations of the refusals
#: that say "{kind}ed" read the kind as a noun ("subisce {kind}").
MOVEMENT_KINDS = {"push": "a push", "pull": "a pull"}
MOVEMENT_TEMPLATES = (
    "{name} is a massive miniature and cannot be {kind}ed",
    "a {kind}ed character does not rotate",
    "{name} is {kind}ed along {ways}",
    "a {kind} spends no movement points and pushes nobody aside",
)


def templates() -> dict[str, list[str]]:
    """This module's phrase templates with their places (``path:line``), as ``refusals.extract.templates``
    gives the engine's."""
    lines = Path(__file__).read_text(encoding="utf-8").splitlines()

    def place(template: str) -> str:
        line = next((n for n, text in enumerate(lines, 1) if f'"{template}"' in text), 1)
        return f"platform/refusals/phrases.py:{line}"

    phrases = [template for _pattern, template in SCHEMA] + list(MOVEMENT_KINDS.values())
    return {template: [place(template)] for template in phrases}


def _phrase(template: str, **params) -> dict:
    return {"message_id": template, "params": params}


def schema_phrase(text: str) -> dict | str:
    """The validator's explanation as a phrase, or ``text`` itself if it is not one this module knows."""
    for pattern, template in _SCHEMA:
        match = pattern.fullmatch(text)
        if match:
            return _phrase(template, **match.groupdict())
    return text


def phrased(message_id: str, params: dict) -> dict:
    """``params`` with the English phrases this module knows replaced by phrases to translate."""
    if message_id in SCHEMA_TEMPLATES and isinstance(params.get("plain"), str):
        return {**params, "plain": schema_phrase(params["plain"])}
    if message_id in MOVEMENT_TEMPLATES and params.get("kind") in MOVEMENT_KINDS:
        return {**params, "kind": _phrase(MOVEMENT_KINDS[params["kind"]])}
    return params
