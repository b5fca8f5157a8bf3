"""The next round's pairings for an event, whatever its format, from the algorithms.

Reads the event's rows, calls tournaments.algorithms, and returns Pairings (with their
one-line reasons) plus the stage they belong to; storing them is the services' job.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from draw import records
from draw.models import RoundStage
from participants.models import RegistrationStatus
from tournaments import distinct_factions
from tournaments.algorithms.elimination import EliminationBracket, bracket_size, seeds_from_standings
from tournaments.algorithms.errors import TournamentError
from tournaments.algorithms.players import Competitor, Pairing, seeding_order
from tournaments.algorithms.pods import PodOptions, pair_pod_round
from tournaments.algorithms.roundrobin import berger_table, round_robin_schedule
from tournaments.algorithms.standings import rank
from tournaments.algorithms.swiss import pair_swiss_round
from tournaments.errors import EventError
from tournaments.game_modes import plays_in_pods
from tournaments.models import Event, EventFormat, OddField


@dataclass(frozen=True)
class ProposedRound:
    number: int
    stage: str
    pairings: list[Pairing]
    fixed_seeds: list[int] | None = None  # set when this round fixes a schedule or a bracket


def stage_of(event: Event, number: int) -> str:
    if event.format == EventFormat.ROUND_ROBIN:
        return RoundStage.ROUND_ROBIN
    if event.format == EventFormat.SINGLE_ELIMINATION:
        return RoundStage.ELIMINATION
    if event.format == EventFormat.SWISS_TOP_CUT and number > event.swiss_rounds:
        return RoundStage.ELIMINATION
    return RoundStage.SWISS


def planned_rounds(event: Event) -> int | None:
    """How many rounds the event will have, or None while that depends on who turns up."""
    if event.format == EventFormat.SWISS:
        return event.swiss_rounds
    if event.format == EventFormat.SWISS_TOP_CUT:
        seeds = len(event.fixed_seeds) or event.top_cut
        return event.swiss_rounds + bracket_size(max(seeds, 2)).bit_length() - 1
    if not event.fixed_seeds:
        return None
    if event.format == EventFormat.ROUND_ROBIN:
        return len(berger_table(len(event.fixed_seeds)))
    return bracket_size(len(event.fixed_seeds)).bit_length() - 1


def propose_round(event: Event, number: int) -> ProposedRound:
    """Pairings for round ``number``. Raises EventError when the event has no such round."""
    planned = planned_rounds(event)
    if planned is not None and number > planned:
        raise EventError(
            _("The event has %(rounds)s rounds; all of them are paired.") % {"rounds": planned}, "state"
        )
    stage = stage_of(event, number)
    try:
        if stage == RoundStage.SWISS and plays_in_pods(event):
            return ProposedRound(number, stage, _pods(event, number))
        if stage == RoundStage.SWISS:
            competitors, ringer = with_ringer_rule(event, records.competitors(event, as_of_round=number))
            pairings = pair_swiss_round(
                competitors, records.results(event), number, records.swiss_options(event)
            )
            if ringer is not None:
                pairings = [
                    replace(p, reason=f"{p.reason}; the ringer plays: an odd field, no bye")
                    if ringer in p.players
                    else p
                    for p in pairings
                ]
            return ProposedRound(number, stage, pairings)
        proposed = (
            _round_robin(event, number) if stage == RoundStage.ROUND_ROBIN else _elimination(event, number)
        )
        # A fixed schedule cannot avoid a same-faction match; its reason warns the organizer.
        return replace(
            proposed,
            pairings=distinct_factions.mark_mirrors(event, proposed.pairings, records.competitors(event)),
        )
    except TournamentError as exc:
        raise EventError(str(exc), "state") from None


def _pods(event: Event, number: int) -> list[Pairing]:
    """A free-for-all event's round: pods of 3–4 by score (tournaments.algorithms.pods), keeping
    players of one registered faction apart when the game needs that (Pandemonium). The ringer fills a
    pod only when the field could not be seated without them (5 players, or 2)."""
    competitors = records.competitors(event, as_of_round=number)
    ringers = records.ringer_ids(event)
    players = [c for c in competitors if c.id not in ringers and not c.dropped]
    with_ringer = event.odd_field == OddField.RINGER and len(players) in (2, 5)
    ringer = (
        next((c.id for c in competitors if c.id in ringers and not c.dropped), None) if with_ringer else None
    )
    competitors = [replace(c, dropped=True) if c.id in ringers and c.id != ringer else c for c in competitors]
    swiss = records.swiss_options(event)
    options = PodOptions(
        scoring=swiss.scoring,
        ranking_order=swiss.ranking_order,
        first_round=swiss.first_round,
        random_seed=swiss.random_seed,
        distinct_factions=distinct_factions.in_pods(event),
    )
    return pair_pod_round(competitors, records.results(event), number, options)


def with_ringer_rule(event: Event, competitors: list[Competitor]) -> tuple[list[Competitor], int | None]:
    """The competitors this round pairs, and the ringer's id if the ringer plays.

    The ringer plays only to make an odd field even, and only when the event says an odd field
    gets the ringer rather than a bye; otherwise the ringer sits out like a dropped player
    (kept in the list: their earlier games stay in everyone's history).
    """
    ringers = records.ringer_ids(event)
    if not ringers:
        return competitors, None
    players = [c for c in competitors if c.id not in ringers and not c.dropped]
    ringer = None
    if event.odd_field == OddField.RINGER and len(players) % 2:
        ringer = next((c.id for c in competitors if c.id in ringers and not c.dropped), None)
    return [
        replace(c, dropped=True) if c.id in ringers and c.id != ringer else c for c in competitors
    ], ringer


def _without_ringers(event: Event, competitors: list[Competitor]) -> list[Competitor]:
    """Round robins and brackets are for the players: the ringer takes no seat in them."""
    ringers = records.ringer_ids(event)
    return [c for c in competitors if c.id not in ringers]


def _round_robin(event: Event, number: int) -> ProposedRound:
    seats = list(event.fixed_seeds)
    fixed = None
    if not seats:
        active = [c for c in _without_ringers(event, records.competitors(event)) if not c.dropped]
        seats = fixed = [c.id for c in seeding_order(active)]
    # Seeds 1..n keep the stored seat order whatever the registrations say now.
    schedule = round_robin_schedule([Competitor(pid, seed=i) for i, pid in enumerate(seats, start=1)])
    if number > len(schedule):
        raise EventError(
            _("The round robin has %(rounds)s rounds; all of them are paired.") % {"rounds": len(schedule)},
            "state",
        )
    names = {c.id: c.label for c in records.competitors(event)}
    gone = set(event.registrations.filter(status=RegistrationStatus.DROPPED).values_list("pk", flat=True))
    games, byes = [], []
    for p in schedule[number - 1]:
        present = [pid for pid in p.players if pid not in gone]
        if len(present) == 2:
            games.append((p.a, p.b, p.reason))
        elif len(present) == 1 and p.b is None:
            byes.append((p.a, p.reason))
        elif len(present) == 1:
            absent = p.b if present[0] == p.a else p.a
            byes.append((present[0], f"bye: scheduled opponent {names.get(absent, absent)} has dropped"))
    pairings = [Pairing(t, a, b, reason) for t, (a, b, reason) in enumerate(games, start=1)]
    pairings += [Pairing(len(pairings) + i, a, None, reason) for i, (a, reason) in enumerate(byes, start=1)]
    return ProposedRound(number, RoundStage.ROUND_ROBIN, pairings, fixed)


def _elimination(event: Event, number: int) -> ProposedRound:
    previous = records.elimination_stage_rounds(event)
    if not previous:
        seeds = _bracket_seeds(event)
        bracket = EliminationBracket(seeds, records.draw_break(event))
        return ProposedRound(number, RoundStage.ELIMINATION, bracket.first_round(), seeds)
    bracket = EliminationBracket(list(event.fixed_seeds), records.draw_break(event))
    last = previous[-1]
    pairings = records.pairings_by_round(event)[last]
    return ProposedRound(
        number, RoundStage.ELIMINATION, bracket.next_round(pairings, records.results(event), last)
    )


def _bracket_seeds(event: Event) -> list[int]:
    competitors = records.competitors(event)
    if event.format == EventFormat.SINGLE_ELIMINATION:
        return [c.id for c in seeding_order(c for c in _without_ringers(event, competitors) if not c.dropped)]
    # Top cut: the best K active players of the Swiss standings (the ringer is not one of them).
    rows = rank(
        competitors, records.results(event), records.ranking_order(event), rules=records.scoring_rules(event)
    )
    return seeds_from_standings(records.without_ringers(event, rows), cut=event.top_cut)
