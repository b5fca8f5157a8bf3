"""Ratings for a player page: OpenSkill ratings from tournament play, when the tournaments app runs.

The tournaments app publishes them (``tournaments.published.ratings_for_name``); the meta pages
know players by the name written in their logs and ask for that name.
"""

from __future__ import annotations

from django.apps import apps


def ratings_for_name(name: str) -> list[dict]:
    if not apps.is_installed("tournaments"):
        return []
    from tournaments.published import ratings_for_name as published

    return published(name)
