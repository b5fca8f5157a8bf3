"""A match re-read under a row lock, with its round and event: two people reporting, confirming
or correcting one table at once do it one after the other."""

from __future__ import annotations

from draw.models import Match


def lock_match(match: Match) -> Match:
    return Match.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=match.pk)
