"""Opponents who must play different factions (Hoplomachus Skirmish: "each player plays a
different faction", one set of chips each, AMB-17; the engine refuses a log of two troops of one
faction).

A game that says so (``games.GamePlugin.distinct_factions``) has each player register a list of
one faction; a two-seat match between two players of the same faction (a *mirror*) can never get
a legal log. So the competitors carry their registered faction, Swiss pairing avoids a mirror
above everything else (tournaments.algorithms.swiss, cost tier 0), and when one cannot be avoided
(everyone registered the same faction, or a round robin / bracket scheduled it) the pairing's
reason and the round's warnings say so in words, on the round page and in the API.
(Fields of Eternia deals factions per table instead: tournaments.table_factions.)
"""

from __future__ import annotations

from dataclasses import replace

from tournaments.algorithms.players import Competitor, Pairing
from tournaments.game_modes import mode_of
from tournaments.models import Event, Round


def applies(event: Event) -> bool:
    """True when the event's two opponents must play different factions: its game says so and the
    event plays the game's two-seat duel (not pods, teams or a game against the game)."""
    if not getattr(event.game_plugin, "distinct_factions", False) or event.is_team_event:
        return False
    mode = mode_of(event)
    return mode is None or (mode.seats == 2 and not mode.teams and not mode.against_game)


def registered_faction(event: Event, registration) -> str | None:
    """The faction of the registration's list, by its name (None: no list, or none named)."""
    force_list = getattr(registration, "force_list", None)
    if force_list is None or not force_list.faction:
        return None
    return event.game_plugin.faction_name(None, force_list.faction)


def with_factions(event: Event, competitors: list[Competitor], registrations) -> list[Competitor]:
    """The competitors, each carrying the faction of their list when the event needs distinct
    factions (``registrations``: the entered registrations, by id)."""
    if not applies(event):
        return competitors
    by_id = {r.pk: r for r in registrations}
    return [replace(c, faction=registered_faction(event, by_id.get(c.id))) for c in competitors]


def mark_mirrors(event: Event, pairings: list[Pairing], competitors: list[Competitor]) -> list[Pairing]:
    """A fixed schedule's pairings (round robin, bracket) with a warning on each same-faction match:
    the schedule cannot move it, so the organizer has to (a swap, or a player changing list)."""
    factions = {c.id: c.faction for c in competitors}
    marked = []
    for p in pairings:
        faction = factions.get(p.a)
        if p.b is not None and faction is not None and faction == factions.get(p.b):
            p = replace(p, reason=f"warning: same faction ({faction}) on both sides, which the game does not "
                        f"allow; the schedule fixes this match: {p.reason}")  # fmt: skip
        marked.append(p)
    return marked


def round_warnings(round_: Round) -> list[str]:
    """One sentence per match of the round whose two players registered the same faction."""
    event = round_.event
    if not applies(event):
        return []
    game = event.game_plugin.short_label
    warnings = []
    matches = round_.matches.prefetch_related("seats__registration__force_list").order_by("table")
    for match in matches:
        seats = [s for s in match.seat_list() if s.registration is not None]
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
    return warnings
