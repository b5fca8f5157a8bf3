"""The names the narration's params carry (characters, units, heroes, weapons, cards, areas) as the games'
content packs name them in each language: every entry of a built-in pack with a ``name`` and ``aliases``
per language (``{"it": "Spada del Potere"}``) gives that name's translation. A name the packs do not
translate stays as it is (most heroes' names are the same in every edition)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


@lru_cache(maxsize=1)
def names() -> dict[str, dict[str, str]]:
    """English name → {language: name}, from the current built-in packs of every game."""
    found: dict[str, dict[str, str]] = {}

    def walk(node) -> None:
        if isinstance(node, dict):
            name, aliases = node.get("name"), node.get("aliases")
            if isinstance(name, str) and isinstance(aliases, dict):
                for language, alias in aliases.items():
                    if isinstance(alias, str) and len(language) == 2 and alias != name:
                        found.setdefault(name, {}).setdefault(language, alias)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for pack in sorted(ENGINE.glob("games/*/content/*.json")):  # superseded packs live one level down
        walk(json.loads(pack.read_text(encoding="utf-8")))
    return found


def localised_names(params: dict, language: str) -> dict:
    """``params`` (a sentence's, nested phrases too) with each name the packs translate said in ``language``."""
    table = names()

    def said(value):
        if isinstance(value, str):
            return table.get(value, {}).get(language, value)
        if isinstance(value, dict) and set(value) == {"message_id", "params"}:
            return {"message_id": value["message_id"], "params": localised_names(value["params"], language)}
        return value

    return {key: said(value) for key, value in params.items()}
