"""Seats: who sits at a match and how the game ended for each of them.

A match's result lives on its seats (``MatchSeat``), one per registration in table order,
each with its team, outcome, rank, score and the game's score components. A result is
written and compared as a list of :class:`SeatScore`, one per seat in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from draw.models import Match, MatchSeat, Outcome
from draw.reasons import reason_said
from tournaments.algorithms.teams import seat_plan
from tournaments.errors import EventError
from tournaments.said import said

OPPOSITE = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}


@dataclass(frozen=True)
class SeatScore:
    """One seat's result: ``rank`` None is derived from the outcomes (a win above a draw above a loss)."""

    outcome: str
    score: int = 0
    components: dict = field(default_factory=dict, hash=False)
    rank: int | None = None

    def to_dict(self) -> dict:
        return {
            "outcome": self.outcome,
            "rank": self.rank,
            "score": self.score,
            "components": dict(self.components),
        }

    @classmethod
    def from_dict(cls, data: dict) -> SeatScore:
        return cls(
            outcome=data.get("outcome", ""),
            score=int(data.get("score") or 0),
            components=dict(data.get("components") or {}),
            rank=data.get("rank"),
        )


def two_seats(
    outcome: str, scores: Sequence[int] = (0, 0), components: Sequence[dict] = ({}, {})
) -> list[SeatScore]:
    """A two-seat result in table orientation: ``outcome`` is seat 0's, seat 1 gets the opposite;
    ``scores`` and ``components`` are the seats' in the same order."""
    if outcome not in OPPOSITE:
        raise EventError(_("The outcome is win, draw or loss."))
    return [
        SeatScore(seat_outcome, score, dict(parts or {}))
        for seat_outcome, score, parts in zip((outcome, OPPOSITE[outcome]), scores, components, strict=True)
    ]


def with_ranks(scores: Sequence[SeatScore]) -> list[SeatScore]:
    """Fill missing ranks from the outcomes: every winner (or drawer) ranks 1, losers after them."""
    place = {Outcome.WIN: 1, Outcome.DRAW: 1, Outcome.LOSS: 2}
    everyone_lost = all(s.outcome == Outcome.LOSS for s in scores)
    return [
        s
        if s.rank is not None
        else SeatScore(s.outcome, s.score, s.components, 1 if everyone_lost else place[s.outcome])
        for s in scores
    ]


def sides(match: Match) -> list[list[MatchSeat]]:
    """The match's seats grouped by side in table order: a team's seats together, and every
    seat without a team a side of its own."""
    grouped: dict[str, list[MatchSeat]] = {}
    for seat in match.seat_list():
        grouped.setdefault(seat.team or f"#{seat.index}", []).append(seat)
    return list(grouped.values())


def side_names(match: Match) -> list[str]:
    """A name per side: the team's name with its players ("Grayskull (Adam, Teela)"), or the player's."""
    from participants.models import Team

    groups = sides(match)
    teams = {
        str(t.pk): t.name for t in Team.objects.filter(pk__in=[int(g[0].team) for g in groups if g[0].team])
    }
    names = []
    for group in groups:
        players = ", ".join(seat.registration.display_name for seat in group)
        team = teams.get(group[0].team)
        names.append(f"{team} ({players})" if team else players)
    return names


def per_seat(match: Match, scores: Sequence[SeatScore]) -> list[SeatScore]:
    """``scores`` one per seat: a team match's result given one per side (a team's outcome and
    score) is given to every member of that side (FE-17: all the team's players share it)."""
    groups = sides(match)
    if len(scores) != len(groups) or len(groups) == len(match.seat_list()):
        return list(scores)
    side_of = {seat.index: i for i, group in enumerate(groups) for seat in group}
    return [scores[side_of[seat.index]] for seat in match.seat_list()]


def is_pod(match: Match) -> bool:
    """A free-for-all table of three or more seats, each for themselves (Hoplomachus Pandemonium,
    HR-16): its seats take finishing places rather than a win or a loss."""
    seats = match.seat_list()
    return len(seats) > 2 and not any(seat.team for seat in seats)


def match_said(match: Match) -> dict:
    """The match as the audit trail names it ("round 2 table 3: Ann vs Bob"), to be said in the reader's
    language (tournaments.said); ``str(match)`` is its English."""
    sides: dict[str, list[str]] = {}
    for seat in match.seat_list():
        sides.setdefault(seat.team or f"#{seat.index}", []).append(seat.registration.display_name)
    names = [" & ".join(side) for side in sides.values()]
    if len(names) == 1:
        return said(
            gettext_noop("round %(number)s table %(table)s: %(players)s vs bye"),
            number=match.round.number,
            table=match.table,
            players=names[0],
        )
    return said(
        gettext_noop("round %(number)s table %(table)s: %(players)s"),
        number=match.round.number,
        table=match.table,
        players=" vs ".join(names),
    )


def place_said(place: int) -> dict:
    """A finishing place ("1st", "2nd"…) to be said in the reader's language (see :func:`place_label`)."""
    labels = {1: gettext_noop("1st"), 2: gettext_noop("2nd"), 3: gettext_noop("3rd")}
    return said(labels[place]) if place in labels else said(gettext_noop("%(place)dth"), place=place)


def place_label(place: int) -> str:
    """A finishing place in words: "1st", "2nd", "3rd", "4th"."""
    labels = {1: _("1st"), 2: _("2nd"), 3: _("3rd")}
    return str(labels.get(place) or _("%(place)dth") % {"place": place})


def validate(match: Match, scores: Sequence[SeatScore]) -> list[SeatScore]:
    """The scores, ranked, or EventError when they do not fit this match's seats (a team match
    also takes one score per side, see :func:`per_seat`)."""
    seats = match.seat_list()
    scores = per_seat(match, scores)
    if len(scores) != len(seats):
        raise EventError(
            _("This match has %(seats)s seats; the result gives %(scores)s.")
            % {"seats": len(seats), "scores": len(scores)}
        )
    if len(seats) > 2 and not any(seat.team for seat in seats):
        scores = pod_places(scores)
    for s in scores:
        if s.outcome not in OPPOSITE:
            raise EventError(_("The outcome is win, draw or loss."))
        if s.score < 0 or any(v < 0 for v in s.components.values()):
            raise EventError(_("Scores cannot be negative."))
    outcomes = {s.outcome for s in scores}
    by_team: dict[str, set[str]] = {}
    for seat, s in zip(seats, scores, strict=True):
        if seat.team:
            by_team.setdefault(seat.team, set()).add(s.outcome)
    if any(len(found) > 1 for found in by_team.values()):
        # FE-17: a team wins (or loses) as one; all its players share the outcome.
        raise EventError(_("The players of one team share its outcome: give them all the same one."))
    if len(seats) == 2 and (scores[0].outcome, scores[1].outcome) not in {
        ("win", "loss"), ("loss", "win"), ("draw", "draw"), ("loss", "loss")
    }:  # fmt: skip
        raise EventError(
            _("%(first)s against %(second)s is not a possible result.")
            % {"first": scores[0].outcome, "second": scores[1].outcome}
        )
    if Outcome.WIN in outcomes and Outcome.DRAW in outcomes and len(seats) == 2:
        raise EventError(_("A game with a winner is not a draw."))
    return with_ranks(scores)


def pod_places(scores: Sequence[SeatScore]) -> list[SeatScore]:
    """A free-for-all pod's result checked place by place (HR-16.1.2: the last troop standing is 1st,
    the others follow in the reverse order they went out). A seat typed with a place and no outcome
    gets the outcome its place means (1st: a win, the rest: losses). Places are competition
    ranks: 1, 2, 3, 4, or with a tie 1, 2, 2, 4. Raises EventError saying what does not fit."""
    scores = [
        SeatScore("win" if s.rank == 1 else "loss", s.score, s.components, s.rank)
        if not s.outcome and s.rank is not None
        else s
        for s in scores
    ]
    ranks = [s.rank for s in scores]
    if all(r is None for r in ranks):
        return scores
    if any(r is None for r in ranks):
        raise EventError(_("Give every seat its place (1st to last), or none."))
    if any(not isinstance(r, int) or not 1 <= r <= len(scores) for r in ranks):
        raise EventError(
            _("A place in a pod of %(seats)s is a number from 1 to %(seats)s.") % {"seats": len(scores)}
        )
    if any(r != 1 + sum(1 for o in ranks if o < r) for r in ranks):
        shown = ", ".join(str(r) for r in sorted(ranks))
        raise EventError(
            _(
                "The places %(places)s do not fit: seats read 1, 2, 3, … and tied seats share a place and skip "
                "the next (1, 2, 2, 4)."
            )
            % {"places": shown}
        )
    for s in scores:
        if s.outcome == Outcome.WIN and s.rank != 1:
            raise EventError(
                _("A seat placed %(place)s did not win: only 1st place wins a pod.") % {"place": s.rank}
            )
        if s.outcome == Outcome.LOSS and s.rank == 1 and any(o.outcome == Outcome.WIN for o in scores):
            raise EventError(_("A seat placed 1st won: give it the win, or give the winner 1st place."))
    return scores


def write_result(match: Match, scores: Sequence[SeatScore]) -> None:
    """Store ``scores`` on the match's seats (validated; the match row is saved by the caller)."""
    scores = validate(match, scores)
    for seat, s in zip(match.seat_list(), scores, strict=True):
        seat.outcome, seat.rank, seat.score, seat.components = s.outcome, s.rank, s.score, dict(s.components)
        seat.save(update_fields=["outcome", "rank", "score", "components"])


def clear_result(match: Match) -> None:
    match.seats.update(outcome="", rank=None, score=0, components={})
    _forget_seats(match)


def result_of(match: Match) -> tuple:
    """What the seats hold, comparable with :func:`result_tuple`."""
    return tuple(seat.result() for seat in match.seat_list())


def result_tuple(scores: Iterable[SeatScore]) -> tuple:
    return tuple((s.outcome, s.rank, s.score, dict(s.components)) for s in with_ranks(list(scores)))


def create_matches(round_, pairings, members: Mapping[int, Sequence[int]] | None = None) -> list[Match]:
    """Store a round's pairings: a match per table and its one or two seats; with ``members``
    ({team id: registration ids}) the pairings pair teams and each team's members take a seat
    each, marked with the team's id (tournaments.algorithms.teams.seat_plan).

    A bye is a win by definition: nothing to wait for.
    """
    from draw.models import MatchState, ResultSource

    matches = []
    for p in pairings:
        match = Match(round=round_, table=p.table)
        match.set_reason(reason_said(p.reason))  # said in each reader's language where it reads back
        if p.b is None:
            match.state = MatchState.CONFIRMED
            match.result_source = ResultSource.BYE
        matches.append(match)
    Match.objects.bulk_create(matches)
    seats = []
    for match, p in zip(matches, pairings, strict=True):
        if members is not None:
            seats += _team_seats(match, p, members)
            continue
        if p.b is None:
            seats.append(MatchSeat(match=match, registration_id=p.a, index=0, outcome=Outcome.WIN, rank=1))
        else:  # two seats, or a pod of a free-for-all game (tournaments.algorithms.pods)
            seats += [MatchSeat(match=match, registration_id=pid, index=i) for i, pid in enumerate(p.players)]
    MatchSeat.objects.bulk_create(seats)
    return matches


def _team_seats(match: Match, pairing, members: Mapping[int, Sequence[int]]) -> list[MatchSeat]:
    teams = (pairing.a, pairing.b)
    bye = pairing.b is None
    plan = seat_plan(members[pairing.a], None if bye else members[pairing.b])
    return [
        MatchSeat(
            match=match,
            registration_id=member,
            index=i,
            team=str(teams[side]),
            outcome=Outcome.WIN if bye else "",
            rank=1 if bye else None,
        )
        for i, (member, side) in enumerate(plan)
    ]


def swap_seats(first: MatchSeat, second: MatchSeat) -> None:
    """Seat each of two seats' registrations in the other's place (two different matches)."""
    first.registration_id, second.registration_id = second.registration_id, first.registration_id
    first.save(update_fields=["registration"])
    second.save(update_fields=["registration"])
    _forget_seats(first.match)
    _forget_seats(second.match)


def _forget_seats(match: Match) -> None:
    """Drop a prefetched seat list so the next read sees the database."""
    cache = getattr(match, "_prefetched_objects_cache", None)
    if cache:
        cache.pop("seats", None)
