"""What the tournaments app publishes to other apps: they call these, never its models or services.

* :func:`ratings_for_name` — OpenSkill ratings from tournament play of the accounts a player
  name belongs to (the meta pages know players by the name written in their logs).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tournaments.models import Registration
from tournaments.services.standings import ratings


def ratings_for_name(name: str) -> list[dict]:
    """The ratings of every account ``name`` belongs to: its username, or the name it registered
    for an event under. One dict per account (account, mu, sigma, ordinal, games, provisional),
    by account id; empty when no account has that name."""
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
