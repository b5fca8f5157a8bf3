"""Players at one table who must play different factions (Hoplomachus: "each player plays a different
faction", one set of chips each, AMB-17; the engine refuses a log in which two troops share a faction).

A game that says so (``games.GamePlugin.distinct_factions``) has each player register a list of
one faction; a two-seat match between two players of the same faction (a *mirror*) can never get
a legal log. So the competitors carry their registered faction, Swiss pairing avoids a mirror
above everything else (tournaments.algorithms.swiss, cost tier 0), and when one cannot be avoided
(everyone registered the same faction, or a round robin / bracket scheduled it) the pairing's
reason and the round's warnings say so in words, on the round page and in the API.

The same holds for the game's team mode (a Hoplomachus Alliance, HR-17: four troops at one table, two
teams of two, each player choosing a faction, HR-17.2.4; with one set of chips per faction all four differ,
partners included). A team competes with the set of its members' factions: Swiss pairing keeps two teams
that share a faction apart (tier 0 as above), drawn partners are spread so that no team holds one faction
twice (:func:`spread_partners`), and the round's warnings name partners or opponents who registered the
same faction (the pairing cannot separate partners: a fixed team changes a list).
The same again for the game's free-for-all pods (a Hoplomachus Pandemonium, HR-16: three or four troops,
each player choosing a faction in turn, HR-16.2.3, one set of chips each): the competitors carry their
registered faction (:func:`in_pods`), pod pairing keeps players of one faction in different pods above
everything else (tournaments.algorithms.pods, tier 0) and warns in the pod's reason when no split separates
them, and the round's warnings name, per pod, the players who registered the same faction.
(Fields of Eternia deals factions per table instead: draw.table_factions.)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING

from tournaments.algorithms.players import Competitor, Pairing, shared_factions
from tournaments.game_modes import mode_of, plays_in_pods
from tournaments.models import Event

if TYPE_CHECKING:
    from draw.models import Round


def applies(event: Event) -> bool:
    """True when the players at one of the event's tables must play different factions: its game says
    so and the event plays the game's two-seat duel or its team game (not pods or a game against the
    game)."""
    if not getattr(event.game_plugin, "distinct_factions", False):
        return False
    mode = mode_of(event)
    if event.is_team_event:
        return mode is None or (bool(mode.teams) and not mode.against_game)
    return mode is None or (mode.seats == 2 and not mode.teams and not mode.against_game)


def in_pods(event: Event) -> bool:
    """True when the event seats free-for-all pods of a game whose troops at one table must all play
    different factions (Hoplomachus Pandemonium). Kept apart from :func:`applies`: a pod is not a
    two-seat match, so the Swiss pairing and its audit do not weigh it."""
    return bool(getattr(event.game_plugin, "distinct_factions", False)) and plays_in_pods(event)


def registered_faction(event: Event, registration) -> str | None:
    """The faction of the registration's list, by its name (None: no list, or none named)."""
    force_list = getattr(registration, "force_list", None) if registration is not None else None
    if force_list is None or not force_list.faction:
        return None
    return event.game_plugin.faction_name(None, force_list.faction)


def with_factions(event: Event, competitors: list[Competitor], registrations) -> list[Competitor]:
    """The competitors, each carrying the faction of their list when the event needs distinct
    factions, at a match or in a pod (``registrations``: the entered registrations, by id)."""
    if not (applies(event) or in_pods(event)):
        return competitors
    by_id = {r.pk: r for r in registrations}
    return [replace(c, faction=registered_faction(event, by_id.get(c.id))) for c in competitors]


def with_team_factions(event: Event, teams: list[Competitor], members: dict) -> list[Competitor]:
    """Team competitors, each carrying the set of its members' registered factions when the event needs
    distinct factions (``members``: {team id: its registrations})."""
    if not applies(event):
        return teams
    found = []
    for team in teams:
        factions = {registered_faction(event, r) for r in members.get(team.id, [])} - {None}
        found.append(replace(team, faction=frozenset(factions) if factions else None))
    return found


def _clashes(team: list, faction_of) -> int:
    factions = [faction_of(member) for member in team]
    factions = [f for f in factions if f is not None]
    return len(factions) - len(set(factions))


def spread_partners(teams: list[list], faction_of) -> list[list]:
    """Drawn teams (lists of members, in the draw's order) with members swapped between teams until no
    swap leaves fewer teams holding one faction twice; deterministic, and a draw with no such team is
    returned as it was. ``faction_of(member)``: the member's faction, or None."""
    teams = [list(team) for team in teams]
    improved = True
    while improved:
        improved = False
        for i, team in enumerate(teams):
            if not _clashes(team, faction_of):
                continue
            for a, member in enumerate(team):
                for j, other in enumerate(teams):
                    if j == i:
                        continue
                    for b, partner in enumerate(other):
                        before = _clashes(team, faction_of) + _clashes(other, faction_of)
                        team[a], other[b] = partner, member
                        if _clashes(team, faction_of) + _clashes(other, faction_of) < before:
                            improved = True
                            break
                        team[a], other[b] = member, partner
                    if improved:
                        break
                if improved:
                    break
            if improved:
                break
    return teams


def mark_mirrors(event: Event, pairings: list[Pairing], competitors: list[Competitor]) -> list[Pairing]:
    """A fixed schedule's pairings (round robin, bracket) with a warning on each same-faction match:
    the schedule cannot move it, so the organizer has to (a swap, or a player changing list)."""
    factions = {c.id: c.faction for c in competitors}
    marked = []
    for p in pairings:
        shared = shared_factions(factions.get(p.a), factions.get(p.b)) if p.b is not None else []
        if shared:
            p = replace(p, reason=f"warning: same faction ({', '.join(shared)}) on both sides, which the game "
                        f"does not allow; the schedule fixes this match: {p.reason}")  # fmt: skip
        marked.append(p)
    return marked


def team_warnings(event: Event) -> list[str]:
    """One sentence per team whose members registered the same faction (no pairing can fix it)."""
    if not (applies(event) and event.is_team_event):
        return []
    game = event.game_plugin.short_label
    warnings = []
    for team in event.teams.prefetch_related("members__force_list").order_by("created_at", "id"):
        members = [r for r in team.members.all() if r.is_active]
        counts = Counter(registered_faction(event, r) for r in members)
        for faction, n in sorted(counts.items(), key=lambda kv: str(kv[0])):
            if faction is None or n < 2:
                continue
            names = " and ".join(r.display_name for r in members if registered_faction(event, r) == faction)
            warnings.append(
                f"{team.name}: partners {names} both registered {faction}, and every troop at a {game} "
                "table needs its own faction (one set of chips each), so their games cannot be played. "
                "One of them should change their list."
            )
    return warnings


def round_warnings(round_: Round) -> list[str]:
    """One sentence per match of the round at which two players registered the same faction (per faction
    in a pod)."""
    event = round_.event
    pods = in_pods(event)
    if not (applies(event) or pods):
        return []
    game = event.game_plugin.short_label
    warnings = []
    matches = round_.matches.prefetch_related("seats__registration__force_list").order_by("table")
    for match in matches:
        seats = [s for s in match.seat_list() if s.registration is not None]
        if len(seats) < 2:
            continue
        if pods:
            warnings.extend(_pod_warnings(event, match, seats, game))
            continue
        if not any(s.team for s in seats):
            if len(seats) != 2:
                continue
            factions = [registered_faction(event, s.registration) for s in seats]
            if factions[0] is None or factions[0] != factions[1]:
                continue
            names = " and ".join(s.registration.display_name for s in seats)
            warnings.append(
                f"Table {match.table}: {names} both registered {factions[0]}, and a {game} game needs two "
                "different factions, so this match cannot be played as paired. Swap one of them with "
                "another table, or ask one of them to change their list."
            )
            continue
        warnings.extend(_team_table_warnings(event, match, seats, game))
    return warnings


def _same_faction_groups(event: Event, seats) -> list[tuple[str, list]]:
    """(faction, its seats) for every faction registered by more than one player at the table."""
    by_faction: dict[str, list] = {}
    for seat in seats:
        faction = registered_faction(event, seat.registration)
        if faction is not None:
            by_faction.setdefault(faction, []).append(seat)
    return [(faction, group) for faction, group in sorted(by_faction.items()) if len(group) > 1]


def _names(seats) -> str:
    names = [s.registration.display_name for s in seats]
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"


def _pod_warnings(event: Event, match, seats, game: str) -> list[str]:
    """A pod (HR-16): one sentence per faction registered by more than one player in it."""
    warnings = []
    for faction, group in _same_faction_groups(event, seats):
        who = "both" if len(group) == 2 else "all"
        warnings.append(
            f"Table {match.table}: {_names(group)} {who} registered {faction}, and every troop in a {game} "
            "pod needs its own faction (one set of chips each), so this pod cannot be played as paired. "
            "Swap one of them with another pod, or ask one of them to change their list."
        )
    return warnings


def _team_table_warnings(event: Event, match, seats, game: str) -> list[str]:
    """A team match (HR-17): one sentence per faction registered by two players at the table, saying
    whether they are partners (a list must change) or opponents (a swap with another table helps)."""
    warnings = []
    for faction, group in _same_faction_groups(event, seats):
        names = " and ".join(s.registration.display_name for s in group)
        partners = len({s.team for s in group}) == 1
        fix = (
            "they are partners, so one of them should change their list"
            if partners
            else "swap one team with another table, or ask one of them to change their list"
        )
        warnings.append(
            f"Table {match.table}: {names} both registered {faction}, and every troop at a {game} table "
            f"needs its own faction, so this match cannot be played as paired: {fix}."
        )
    return warnings
