"""Rows to the algorithms' values: competitors, results, pairings and rules of one event.

Algorithm player ids are registration ids: a registration is one player in one event. In a
team event they are team ids instead (a team is the competitor; its members' seats fold into
one seat per team, tournaments.algorithms.teams). Only results that count (a verified log, a confirmed report or an organizer's decision,
and byes) become ResultRecords; a reported or disputed result waits.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from django.db.models import Q, Sum

from draw.models import COUNTED_STATES, Match, RoundStage
from participants.entrants import entered, soft_score_keys, team_members
from participants.models import Registration, RegistrationStatus, Team
from tournaments import distinct_factions
from tournaments.algorithms.battle_points import table_from_json
from tournaments.algorithms.players import (
    AnyRecord,
    Competitor,
    GameRecord,
    Pairing,
    ResultRecord,
    SeatResult,
)
from tournaments.algorithms.rules import EventRules, ScoringRules
from tournaments.algorithms.standings import order_with_soft_scores
from tournaments.algorithms.swiss import SwissOptions
from tournaments.algorithms.teams import team_record
from tournaments.game_modes import placement_table
from tournaments.models import Event, EventFormat


def draw_break(event: Event) -> tuple[str, ...]:
    """What the event's draw rule compares in a drawn elimination game (see games.DrawBreak)."""
    try:
        return event.game_plugin.draw_break(event.draw_rule).compare
    except KeyError:
        return ()


def scoring_rules(event: Event) -> ScoringRules:
    return ScoringRules(
        win=float(event.points_win),
        draw=float(event.points_draw),
        loss=float(event.points_loss),
        bye_vp_for=event.bye_score,
        battle_points=table_from_json(event.battle_points),
        placement=placement_table(event),
    )


def ranking_order(event: Event) -> list[str]:
    """The tiebreak keys standings rank by: the event's, with soft scores where it puts them."""
    return order_with_soft_scores(
        event.tiebreaks, event.soft_scores_use if soft_score_keys(event) else "ignored"
    )


def standings_round(event: Event, through_round: int) -> int:
    """The round standings are taken after. A top cut's elimination rounds are not Swiss
    rounds: standings stay those after the last Swiss round, and the bracket's placements are
    the final ranking."""
    if event.format != EventFormat.SWISS_TOP_CUT:
        return through_round
    last_swiss = (
        event.rounds.filter(stage=RoundStage.SWISS, number__lte=through_round)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return last_swiss if last_swiss is not None else through_round


def event_rules(event: Event) -> EventRules:
    """What check_event holds the event to. Round robin and elimination rounds are not Swiss."""
    swiss_rounds = event.swiss_rounds if event.has_swiss_stage else 0
    max_byes = event.max_byes
    if event.format == EventFormat.ROUND_ROBIN:
        # The schedule is fixed at the start; a player who drops leaves each remaining
        # opponent a bye, on top of the one bye an odd field gives everybody.
        dropped = event.registrations.filter(
            status=RegistrationStatus.DROPPED, dropped_after_round__gt=0
        ).count()
        max_byes = 1 + dropped
    return EventRules(
        scoring=scoring_rules(event),
        swiss_rounds=swiss_rounds,
        max_byes=max_byes,
        distinct_factions=distinct_factions.applies(event),
    )


def swiss_options(event: Event) -> SwissOptions:
    return SwissOptions(
        scoring=scoring_rules(event),
        ranking_order=tuple(event.tiebreaks),
        first_round=event.first_round,
        random_seed=event.random_seed,
        avoid_same_club=event.avoid_same_club,
        distinct_factions=distinct_factions.applies(event),
    )


def competitor(registration: Registration) -> Competitor:
    """``registration`` as the algorithms see it; its soft score is ``soft_total`` when the
    query annotated it (:func:`competitors` does), 0 otherwise."""
    return Competitor(
        id=registration.pk,
        name=registration.display_name,
        seed=registration.seed,
        club=registration.club or None,
        dropped=registration.status == RegistrationStatus.DROPPED,
        dropped_after_round=registration.dropped_after_round,
        starting_points=float(registration.starting_points),
        soft_score=float(getattr(registration, "soft_total", None) or 0),
    )


def competitors(event: Event, *, as_of_round: int | None = None) -> list[Competitor]:
    """The event's competitors; with ``as_of_round``, only those who could play in that round
    (a late joiner is not in the standings of rounds before they joined)."""
    # Only the categories the event has now count (a category removed leaves its rows behind).
    if event.is_team_event:
        return team_competitors(event, as_of_round=as_of_round)
    counted = Q(soft_scores__category__in=soft_score_keys(event))
    registrations = entered(event).annotate(soft_total=Sum("soft_scores__points", filter=counted))
    if as_of_round is not None:
        registrations = registrations.filter(joined_round__lte=as_of_round)
    registrations = list(registrations.select_related("force_list"))
    # A game whose opponents must play different factions pairs by the factions of the lists.
    return distinct_factions.with_factions(event, [competitor(r) for r in registrations], registrations)


def team_competitors(event: Event, *, as_of_round: int | None = None) -> list[Competitor]:
    """The teams of a team event as competitors. A team whose every member dropped is dropped
    (after the last of them left); a team with no member entered is not in the event."""
    members = team_members(event)
    found = []
    for team in Team.objects.filter(event=event).order_by("created_at", "id"):
        people = [r for r in members.get(team.pk, []) if as_of_round is None or r.joined_round <= as_of_round]
        if not people:
            continue
        gone = all(r.status == RegistrationStatus.DROPPED for r in people)
        found.append(
            Competitor(
                id=team.pk,
                name=team.name,
                seed=team.seed,
                dropped=gone,
                dropped_after_round=max((r.dropped_after_round or 0) for r in people) if gone else None,
                starting_points=max(float(r.starting_points) for r in people),
            )
        )
    # A game whose players at a table must play different factions pairs teams by their members' lists.
    return distinct_factions.with_team_factions(event, found, members)


def team_result_record(match: Match) -> AnyRecord | None:
    """A team event's match as the teams played it: one seat per team (seats name their team by id)."""
    seats = match.seat_list()
    if match.is_bye:
        return ResultRecord.bye(match.round.number, int(seats[0].team))
    record = result_record(match)
    return None if record is None else team_record(record, int)


def result_record(match: Match) -> AnyRecord | None:
    """The match's result as the algorithms read it, or None if it does not count (yet).

    Two seats give the two-seat record the pairing formats read; more seats (or teams) give
    a game record, which standings and tiebreaks read alike.
    """
    number = match.round.number
    seats = match.seat_list()
    if match.is_bye:
        return ResultRecord.bye(number, seats[0].registration_id)
    if match.state not in COUNTED_STATES or not all(seat.outcome for seat in seats):
        return None
    if len(seats) == 2 and not any(seat.team for seat in seats):
        return ResultRecord(
            number,
            tuple(seat.registration_id for seat in seats),
            tuple(seat.outcome for seat in seats),
            tuple(seat.score for seat in seats),
            tuple(dict(seat.components or {}) for seat in seats),
        )
    return GameRecord(
        number,
        tuple(
            SeatResult(
                seat.registration_id,
                seat.outcome,
                seat.score,
                dict(seat.components or {}),
                team=seat.team or None,
                rank=seat.rank,
            )
            for seat in seats
        ),
    )


def event_matches(event: Event, *, through_round: int | None = None, stage: str | None = None):
    matches = Match.objects.filter(round__event=event).select_related("round").prefetch_related("seats")
    if through_round is not None:
        matches = matches.filter(round__number__lte=through_round)
    if stage is not None:
        matches = matches.filter(round__stage=stage)
    return matches.order_by("round__number", "table")


def results(event: Event, *, through_round: int | None = None) -> list[AnyRecord]:
    read = team_result_record if event.is_team_event else result_record
    records = (read(m) for m in event_matches(event, through_round=through_round))
    return [r for r in records if r is not None]


def pairings_by_round(event: Event, *, through_round: int | None = None) -> dict[int, list[Pairing]]:
    rounds: dict[int, list[Pairing]] = defaultdict(list)
    for m in event_matches(event, through_round=through_round):
        if event.is_team_event:  # the teams met: the first seat's team, and the other one
            sides = list(dict.fromkeys(int(seat.team) for seat in m.seat_list()))
            rounds[m.round.number].append(Pairing(m.table, sides[0], (sides[1:] or [None])[0], m.reason))
            continue
        # The pairing formats pair two seats: seats 0 and 1 (one seat: a bye); a pod seats the rest after them.
        ids = [seat.registration_id for seat in m.seat_list()]
        rounds[m.round.number].append(
            Pairing(m.table, ids[0], (ids[1:] or [None])[0], m.reason, tuple(ids[2:]))
        )
    return dict(rounds)


def elimination_stage_rounds(event: Event) -> list[int]:
    return list(
        event.rounds.filter(stage=RoundStage.ELIMINATION).order_by("number").values_list("number", flat=True)
    )


def ringer_ids(event: Event) -> set[int]:
    """The ringer's registration ids. A team event has none: an odd number of teams gives a bye
    (a stand-in team is a team the organizer enters)."""
    if event.is_team_event:
        return set()
    return set(event.registrations.filter(is_ringer=True).values_list("pk", flat=True))


def without_ringers(event: Event, rows: list) -> list:
    """Standing rows without the ringer, ranks closed up ("1, 2, 2, 4" stays that shape).

    The ringer's games count for their opponents, but the ringer is the organizer's stand-in,
    not a competitor: no place, no prize.
    """
    ringers = ringer_ids(event)
    if not ringers:
        return list(rows)
    kept = [r for r in rows if r.player_id not in ringers]
    return [replace(r, rank=1 + sum(1 for other in kept if other.rank < r.rank)) for r in kept]
