"""A result typed by hand held to the game's rules: how the game ended and what that allows.

The rules come from the engine's registry (``engine.game(id).result_schema``): each game names
the ways it can end (Battleground: on VP after round 4, where only a lead of 20 VP wins, BG-7.4.3;
a knockout, BG-7.4.2; a concession or an agreed draw, BG-7.4.5) and which results each allows.
A verified log needs none of this: the engine decided it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

import engine
from draw.models import Match
from draw.seats import SeatScore
from tournaments.errors import EventError
from tournaments.models import Event

# The engine names its endings in English; the site says them in the reader's language, by the engine's label
# (an ending the site does not know yet keeps the engine's label).
ENDING_LABELS = {
    "On VP after round 4": _("On VP after round 4"),
    "Knockout": _("Knockout"),
    "Concession": _("Concession"),
    "Agreed draw": _("Agreed draw"),
    "Objective met": _("Objective met"),
    "Forfeit": _("Forfeit"),
    "Most VP after the final round": _("Most VP after the final round"),
    "A boss still in play": _("A boss still in play"),
}


def _label(ending) -> str:
    return str(ENDING_LABELS.get(ending.label, ending.label))


def _schema(event: Event):
    try:
        return engine.game(event.game).result_schema
    except engine.GameNotAvailable:
        return None


def endings(event: Event) -> list[tuple[str, str]]:
    """(key, "label (rule)") for each way the event's game can end, the score-decided one first."""
    schema = _schema(event)
    if schema is None:
        return []
    return [(e.key, f"{_label(e)} ({e.rule})") for e in schema.endings]


def default_ending(event: Event) -> str:
    """The ending a form starts on: the score-decided one (the usual end of a game)."""
    keys = endings(event)
    return keys[0][0] if keys else ""


def ending_label(event: Event, key: str) -> str:
    schema = _schema(event)
    found = schema.ending(key) if schema is not None and key else None
    return _label(found) if found is not None else ""


def problems(match: Match, scores: Sequence[SeatScore], ending: str | None) -> list[str]:
    """Why ``scores`` cannot be how ``match`` ended ``ending`` under its game's rules, as sentences."""
    schema = _schema(match.round.event)
    if schema is None:
        return []
    names = [seat.registration.display_name for seat in match.seat_list()]
    found = schema.check([(s.outcome, s.score) for s in scores], ending or None, names=names)
    return [_sentence(line) for line in found]


def require_allowed(match: Match, scores: Sequence[SeatScore], ending: str | None) -> None:
    found = problems(match, scores, ending)
    if found:
        raise EventError(" ".join(found))


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
