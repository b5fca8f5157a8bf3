"""What the pages and the API show of a challenge, read once here."""

from __future__ import annotations

from django.utils.translation import gettext as _

import engine
from challenges.models import Challenge


def game_label(game_id: str) -> str:
    try:
        return engine.game(game_id).label
    except engine.GameNotAvailable:
        return game_id


def mode_label(game_id: str, mode_id: str) -> str:
    try:
        modes = engine.game(game_id).seats.modes
    except engine.GameNotAvailable:
        return mode_id
    return next((m.name for m in modes if m.id == mode_id), mode_id)


def score_label(game_id: str) -> str:
    try:
        return engine.game(game_id).result_schema.score_label
    except engine.GameNotAvailable:
        return _("Score")


def forces(challenge: Challenge) -> list[str]:
    """One line per seat: its faction and force, as the header gives them."""
    return [
        f"{p.get('faction', '?')}: {', '.join(map(str, p.get('force') or [])) or '—'}"
        for p in challenge.header.get("players", [])
    ]


def grouped_by_difficulty(challenges) -> list[tuple[str, list[Challenge]]]:
    groups: dict[str, list[Challenge]] = {}
    for challenge in challenges:
        groups.setdefault(challenge.difficulty or _("no difficulty"), []).append(challenge)
    return list(groups.items())
