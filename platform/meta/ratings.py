"""A player name's accounts and ratings for the meta's player page, from the tournaments app when
it runs (``tournaments.published``); the meta pages know players by the name written in their
logs and ask for that name.
"""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth import get_user_model


def ratings_for_name(name: str) -> list[dict]:
    """OpenSkill ratings of the accounts ``name`` belongs to, numbered as /events/ratings/ numbers them."""
    if not apps.is_installed("tournaments"):
        return []
    from tournaments.published import ratings_for_name as published

    return published(name)


def accounts_for_name(name: str) -> list[str]:
    """Usernames of the accounts a logged name belongs to (username, display name, event name)."""
    if apps.is_installed("tournaments"):
        from tournaments.published import accounts_for_name as published

        return published(name)
    users = get_user_model().objects.filter(username=name) | get_user_model().objects.filter(
        profile__display_name=name
    )
    return sorted(users.values_list("username", flat=True).distinct())
