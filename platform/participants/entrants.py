"""An event's entrants as the other apps read them: who is entered, each team's members, the
soft score categories, a list's lines and a faction's name."""

from __future__ import annotations

from games import UnknownPack
from participants.models import ENTERED, ForceList, Registration, RegistrationStatus
from tournaments.models import Event


def soft_score_keys(event: Event) -> list[str]:
    return [c["key"] for c in event.soft_score_categories or []]


def entered(event: Event):
    """Registrations that are in the event (dropped ones included: they keep their results)."""
    return event.registrations.filter(status__in=ENTERED).order_by("created_at", "id")


def team_members(event: Event, *, active_only: bool = False) -> dict[int, list[Registration]]:
    """{team id: its entered members in the order they joined}; ``active_only`` leaves dropped
    members out (they take no seat in later rounds)."""
    members: dict[int, list[Registration]] = {t: [] for t in event.teams.values_list("pk", flat=True)}
    for registration in entered(event).filter(team__isnull=False).select_related("force_list"):
        if active_only and registration.status == RegistrationStatus.DROPPED:
            continue
        members[registration.team_id].append(registration)
    return members


def list_lines(force_list: ForceList | None) -> list[dict]:
    """Each character of a list with names and costs, for list pages."""
    if force_list is None:
        return []
    return (force_list.validation or {}).get("lines", [])


def faction_name(event: Event, faction_id: str) -> str:
    plugin = event.game_plugin
    try:
        pack = plugin.load_pack(event.content_pack)
    except UnknownPack:
        return faction_id
    return plugin.faction_name(pack, faction_id)
