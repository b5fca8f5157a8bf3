"""The leaderboard order (issue #10): higher score first, then fewer rounds, then the earlier verification;
one row per player, their best. Plain code over any objects with ``player_id``, ``score``, ``rounds``,
``verified_at`` and ``id``, so the order is tested without a database."""

from __future__ import annotations


def sort_key(entry) -> tuple:
    # A game whose result has no score ranks after every scored entry; likewise an entry without rounds.
    score = entry.score if entry.score is not None else float("-inf")
    rounds = entry.rounds if entry.rounds is not None else float("inf")
    verified = entry.verified_at.timestamp() if entry.verified_at else float("inf")
    return (-score, rounds, verified, entry.id)


def best_per_player(entries) -> list:
    """Each player's best entry, best first."""
    best = {}
    for entry in sorted(entries, key=sort_key):
        best.setdefault(entry.player_id, entry)
    return list(best.values())
