"""Ratings for a player page: OpenSkill ratings from tournament play, when the tournaments app runs.

The meta pages know players by the name written in their logs; ratings belong to accounts. A name
is matched to the accounts whose username it is, or that registered for an event under it.
"""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth import get_user_model


def ratings_for_name(name: str) -> list[dict]:
    if not apps.is_installed("tournaments"):
        return []
    from tournaments.models import Registration
    from tournaments.services.standings import ratings

    users = get_user_model().objects
    ids = set(users.filter(username=name).values_list("pk", flat=True))
    ids |= set(Registration.objects.filter(display_name=name).values_list("player_id", flat=True))
    if not ids:
        return []
    table = ratings()
    names = dict(users.filter(pk__in=ids).values_list("pk", "username"))
    return [
        {
            "account": names.get(pid, ""),
            "mu": round(r.mu, 2),
            "sigma": round(r.sigma, 2),
            "ordinal": round(r.ordinal, 2),
            "games": r.games,
            "provisional": r.provisional,
        }
        for pid, r in sorted(table.items())
        if pid in ids
    ]
