"""What every game's narration (its ``narrate.py``: the replay viewer's event sentences, the recorder's
offers, the dice summaries) shares: sentences kept as ``Text`` (engine.core.errors), a template and its
params, exactly as refusals are, so that the platform says them in the reader's language while the engine
keeps saying them in English (``str()``).

The templates of narration are the ``Text(...)`` and ``template(...)`` literals of the ``narrate.py``
modules (this one included); the platform's narration catalogs are written from them
(``manage.py narration_messages``), apart from the refusals'.
"""

from __future__ import annotations

from engine.core.errors import Text, template

__all__ = ["Text", "joined", "said_data", "template", "ENDINGS", "ending", "DIE", "numbered"]

#: how a game ended (its result's ``ended_by``) in words, per game id: each game's narrate module adds its own
ENDINGS: dict[str, dict[str, str]] = {}


def joined(parts: list, sep: str = ", ") -> Text | str:
    """``parts`` (strings or Texts) joined by ``sep`` as one Text, so that each part is said in the
    reader's language and the list keeps its order: ", " (a list), " " (words in a row), " → " (a path)."""
    parts = [p for p in parts if p != ""]
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        if sep == ", ":
            out = Text("{first}, {then}", first=out, then=part)
        elif sep == " ":
            out = Text("{first} {then}", first=out, then=part)
        elif sep == " → ":
            out = Text("{first} → {then}", first=out, then=part)
        elif sep == ", then ":
            out = Text("{first}, then {then}", first=out, then=part)
        else:
            raise ValueError(f"no template joins with {sep!r}")
    return out


#: a die of a recorder's dice-entry grid (engine.core.dice_grid) that the game names no otherwise
DIE = template("Die")


def numbered(label, n: int) -> Text:
    """ "Die 2": the ``n``-th of several dice (or rows) alike of a dice-entry grid, ``label`` said too."""
    return Text("{label} {n}", label=label, n=n)


def said_data(said) -> dict | None:
    """``{"message_id", "params"}`` of a sentence (a Text), or None for plain English (a game whose
    narration is not templated yet)."""
    return said.data() if isinstance(said, Text) else None


def ending(game: str, ended_by) -> Text | None:
    """How a game of ``game`` ended (its result's ``ended_by``, an id such as "hero_defeated") in words
    ("Ended by {how}"), or None for an ending the game does not name."""
    if game not in ENDINGS:
        from engine.core.registry import (
            ruleset_for,
        )  # loads the game, whose narrate module registers its words

        try:
            ruleset_for(game)
        except Exception:  # an unknown game: no words  # noqa: BLE001
            return None
    words = ENDINGS.get(game, {}).get(ended_by)
    return Text(words) if words else None
