"""Running rounds: pair, review and adjust, publish with tables, time, close with standings."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from draw import records, seats, table_factions
from draw.models import COUNTED_STATES, MatchSeat, Round, RoundState
from draw.pairing import planned_rounds, propose_round
from draw.services.readiness import require_ready
from participants.models import Registration, RegistrationStatus
from participants.services.force_lists import lock_lists
from tournaments import hooks
from tournaments.algorithms.rules import format_points
from tournaments.errors import EventError
from tournaments.models import Event, EventStatus
from tournaments.permissions import require_manager
from tournaments.said import listed, render, said
from tournaments.services.common import audit, lock_event, notify


class AbsentPlayers(EventError):
    """Round 1 of an event with check-in would leave out registered players who did not check in.

    Nobody is dropped silently: the organizer checks them in, or confirms (``drop_absent``).
    """

    def __init__(self, registrations: list[Registration]):
        self.registrations = registrations
        names = ", ".join(r.display_name for r in registrations)
        super().__init__(
            f"{len(registrations)} registered player(s) did not check in: {names}. "
            "Check them in, or confirm that they are dropped, then pair.",
            "absent",
        )

    @property
    def status_code(self) -> int:
        return 409


# A round's stage as the audit trail says it.
STAGE_NAMES = {
    "swiss": gettext_noop("swiss"),
    "round_robin": gettext_noop("round robin"),
    "elimination": gettext_noop("elimination"),
}


@transaction.atomic
def pair_next_round(actor, event: Event, *, drop_absent: bool = False) -> Round:
    """Pair the next round as a draft for the organizer to review. The previous round must be closed.

    Round 1 must pass the readiness checklist (draw.services.readiness), and in an event
    with check-in raises AbsentPlayers while registered players have not checked in, unless
    ``drop_absent`` confirms that they are dropped.
    """
    require_manager(actor, event)
    event = lock_event(event)
    last = event.rounds.order_by("-number").first()
    if last is not None and last.state != RoundState.CLOSED:
        raise EventError(
            _("Round %(number)s is %(state)s: close it first.")
            % {"number": last.number, "state": last.get_state_display().lower()},
            "state",
        )
    if event.status == EventStatus.FINISHED:
        raise EventError(_("The event is over."), "state")
    number = last.number + 1 if last else 1
    if number == 1:
        require_ready(event)
        _start_event(actor, event, drop_absent=drop_absent)
    proposed = propose_round(event, number)
    if proposed.fixed_seeds is not None:
        event.fixed_seeds = proposed.fixed_seeds
        event.save(update_fields=["fixed_seeds"])
    round_ = Round.objects.create(event=event, number=number, stage=proposed.stage)
    _store_pairings(round_, proposed.pairings)
    byes = [p for p in proposed.pairings if p.b is None]
    audit(
        event,
        "paired",
        said(
            gettext_noop("round %(number)s paired (%(stage)s): %(tables)s table(s), %(byes)s bye(s)"),
            number=number,
            stage=said(STAGE_NAMES[proposed.stage]) if proposed.stage in STAGE_NAMES else proposed.stage,
            tables=len(proposed.pairings) - len(byes),
            byes=len(byes),
        ),
        actor=actor,
        round=round_,
    )
    return round_


def _start_event(actor, event: Event, *, drop_absent: bool) -> None:
    """Round 1: no-shows leave (once the organizer has confirmed it), lists lock, registration closes."""
    if event.require_check_in:
        absent = event.registrations.filter(status=RegistrationStatus.REGISTERED)
        if absent.exists() and not drop_absent:
            raise AbsentPlayers(list(absent.order_by("display_name")))
        for registration in absent:
            audit(
                event,
                "no-show",
                said(gettext_noop("%(name)s did not check in"), name=registration.display_name),
                actor=actor,
            )
        absent.update(status=RegistrationStatus.DROPPED, dropped_after_round=0)
    lock_lists(event, actor=actor)
    event.status = EventStatus.RUNNING
    event.save(update_fields=["status"])


def _store_pairings(round_: Round, pairings) -> None:
    event = round_.event
    if not event.is_team_event:
        seats.create_matches(round_, pairings)
    else:
        # A team event pairs teams: each active member takes a seat for the team.
        members = {
            team: [r.pk for r in people]
            for team, people in records.team_members(event, active_only=True).items()
        }
        seats.create_matches(round_, pairings, members)
    table_factions.deal_round(round_)


def _draft(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.state != RoundState.DRAFT:
        raise EventError(
            _("Round %(number)s is %(state)s; only a draft can change.")
            % {"number": round_.number, "state": round_.get_state_display().lower()},
            "state",
        )
    return round_


@transaction.atomic
def swap_pairing(
    actor, round_: Round, first: Registration, second: Registration, *, note: str = ""
) -> list[str]:
    """Swap two players between their tables in a draft round (either may hold the bye).

    Returns warnings (e.g. the swap creates a rematch); the swap and its warnings go to the
    audit trail, and check_event will list an avoidable rematch it made.
    """
    require_manager(actor, round_.event)
    round_ = _draft(round_)
    if round_.event.is_team_event:
        raise EventError(_("A team event pairs teams: change the teams and re-pair the round instead."))
    if first.pk == second.pk:
        raise EventError(_("Choose two different players."))
    slots = {}
    for registration in (first, second):
        seat = (
            MatchSeat.objects.filter(match__round=round_, registration=registration)
            .select_related("match")
            .first()
        )
        if seat is None:
            raise EventError(
                _("%(name)s is not paired in round %(number)s.")
                % {"name": registration.display_name, "number": round_.number}
            )
        slots[registration.pk] = seat
    s1, s2 = slots[first.pk], slots[second.pk]
    m1, m2 = s1.match, s2.match
    if m1.pk == m2.pk:
        raise EventError(
            _("%(first)s and %(second)s already play each other.")
            % {"first": first.display_name, "second": second.display_name}
        )
    before = [seats.match_said(m1), seats.match_said(m2)]
    seats.swap_seats(s1, s2)
    table_factions.deal_round(round_)  # the tables' sides changed: deal their factions again
    reason = said(
        gettext_noop("swapped by the organizer (%(first)s ↔ %(second)s)"),
        first=first.display_name,
        second=second.display_name,
    )
    if note:
        reason = said(
            gettext_noop("swapped by the organizer (%(first)s ↔ %(second)s): %(note)s"),
            first=first.display_name,
            second=second.display_name,
            note=note,
        )
    warnings: list[dict] = []
    met = _earlier_meetings(round_)
    for match in (m1, m2):
        entrants = match.entrants()
        for i, a in enumerate(entrants):
            for b in entrants[i + 1 :]:
                rounds_met = met.get(frozenset((a.pk, b.pk)))
                if rounds_met:
                    warnings.append(
                        said(
                            gettext_noop(
                                "table %(table)s: %(first)s and %(second)s already met in round %(rounds)s"
                            ),
                            table=match.table,
                            first=a.display_name,
                            second=b.display_name,
                            rounds=", ".join(map(str, rounds_met)),
                        )
                    )
        match.set_reason(reason)
        match.save(update_fields=["reason", "reason_template", "reason_params"])
    detail = said(
        gettext_noop("round %(number)s: %(before)s → %(after)s"),
        number=round_.number,
        before=listed(before, " / "),
        after=listed([seats.match_said(m1), seats.match_said(m2)], " / "),
    )
    if warnings:
        detail = said(
            gettext_noop("%(swap)s (warning: %(warnings)s)"), swap=detail, warnings=listed(warnings, "; ")
        )
    english = [render(w, translate=False) for w in warnings]
    audit(round_.event, "swapped", detail, actor=actor, round=round_, note=note, warnings=english)
    # Said in the language of whoever asked (the page, the API's answer).
    return [render(w) for w in warnings]


def _earlier_meetings(round_: Round) -> dict[frozenset, list[int]]:
    met: dict[frozenset, list[int]] = {}
    earlier = MatchSeat.objects.filter(
        match__round__event=round_.event, match__round__number__lt=round_.number
    )
    tables: dict[int, tuple[int, list[int]]] = {}
    for match_id, registration_id, number in earlier.values_list(
        "match_id", "registration_id", "match__round__number"
    ):
        tables.setdefault(match_id, (number, []))[1].append(registration_id)
    for number, players in tables.values():
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                met.setdefault(frozenset((a, b)), []).append(number)
    return met


@transaction.atomic
def repair_round(actor, round_: Round, *, note: str = "") -> Round:
    """Throw the draft's pairings away and pair the round again from the current entries
    (after a drop, a late join or a swap the organizer regrets)."""
    require_manager(actor, round_.event)
    round_ = _draft(round_)
    event = lock_event(round_.event)
    round_.matches.all().delete()
    proposed = propose_round(event, round_.number)
    if proposed.fixed_seeds is not None:
        event.fixed_seeds = proposed.fixed_seeds
        event.save(update_fields=["fixed_seeds"])
    _store_pairings(round_, proposed.pairings)
    detail = said(gettext_noop("round %(number)s re-paired"), number=round_.number)
    if note:
        detail = said(gettext_noop("round %(number)s re-paired: %(note)s"), number=round_.number, note=note)
    audit(event, "re-paired", detail, actor=actor, round=round_, note=note)
    return round_


@transaction.atomic
def publish_round(actor, round_: Round) -> Round:
    """Make the draft public with its table numbers and tell every player where they sit."""
    require_manager(actor, round_.event)
    round_ = _draft(round_)
    matches = list(round_.matches.all())
    # In chunks: on SQLite a 1,000-player round's prefetch in one query exceeds the expression depth.
    for start in range(0, len(matches), 200):
        prefetch_related_objects(matches[start : start + 200], "seats__registration__player")
    gone = [
        r.display_name
        for m in matches
        for r in m.entrants()
        if r.status == RegistrationStatus.DROPPED
        and r.dropped_after_round is not None
        and r.dropped_after_round < round_.number
    ]
    if gone:
        raise EventError(
            _("%(names)s dropped after this round was paired: re-pair it first.")
            % {"names": ", ".join(gone)},
            "state",
        )
    round_.state = RoundState.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["state", "published_at"])
    audit(
        round_.event,
        "published",
        said(
            gettext_noop("round %(number)s published with %(tables)s table(s)"),
            number=round_.number,
            tables=len(matches),
        ),
        actor=actor,
        round=round_,
    )
    for match in matches:
        if match.is_bye:
            notify(
                match.entrants()[0].player,
                said(gettext_noop("Round %(number)s: you have a bye."), number=round_.number),
                event=round_.event,
                match=match,
            )
            continue
        for me in match.entrants():
            against = listed([r.display_name for r in match.opponents_of(me.player)], ", ")
            notify(
                me.player,
                said(
                    gettext_noop("Round %(number)s: table %(table)s against %(against)s."),
                    number=round_.number,
                    table=match.table,
                    against=against,
                ),
                event=round_.event,
                match=match,
            )
    return round_


@transaction.atomic
def start_timer(actor, round_: Round, *, minutes: int | None = None) -> Round:
    """Start (or restart) the round's clock; players see it count down on their match page."""
    require_manager(actor, round_.event)
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    if round_.state != RoundState.PUBLISHED:
        raise EventError(_("Publish the round before starting its timer."), "state")
    minutes = minutes or round_.event.round_minutes
    if minutes < 1:
        raise EventError(_("A round lasts at least a minute."))
    restarted = round_.timer_started_at is not None
    round_.timer_started_at = timezone.now()
    round_.timer_ends_at = round_.timer_started_at + timedelta(minutes=minutes)
    round_.save(update_fields=["timer_started_at", "timer_ends_at"])
    if restarted:
        detail = said(
            gettext_noop("round %(number)s timer restarted: %(minutes)s minutes"),
            number=round_.number,
            minutes=minutes,
        )
    else:
        detail = said(
            gettext_noop("round %(number)s timer started: %(minutes)s minutes"),
            number=round_.number,
            minutes=minutes,
        )
    audit(
        round_.event,
        "timer",
        detail,
        actor=actor,
        round=round_,
    )
    return round_


@transaction.atomic
def close_round(actor, round_: Round) -> Round:
    """Close a published round whose every result counts, and store its standings."""
    require_manager(actor, round_.event)
    event = lock_event(round_.event)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.state != RoundState.PUBLISHED:
        raise EventError(
            _("Round %(number)s is %(state)s; only a published round closes.")
            % {"number": round_.number, "state": round_.get_state_display().lower()},
            "state",
        )
    waiting = round_.matches.exclude(state__in=COUNTED_STATES).order_by("table")
    if waiting.exists():
        tables = ", ".join(f"{m.table} ({m.get_state_display().lower()})" for m in waiting)
        raise EventError(
            _("Round %(number)s has no final result yet at table(s) %(tables)s.")
            % {"number": round_.number, "tables": tables},
            "state",
        )
    round_.state = RoundState.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["state", "closed_at"])
    rows = hooks.standings().store_standings(event, round_)
    leader = rows[0] if rows else None
    summary = said(gettext_noop("round %(number)s closed"), number=round_.number)
    if leader is not None:
        summary = said(
            gettext_noop("round %(number)s closed; leader %(name)s on %(points)s pts"),
            number=round_.number,
            name=leader["name"],
            points=format_points(leader["metrics"]["points"]),
        )
    audit(event, "closed", summary, actor=actor, round=round_)
    planned = planned_rounds(event)
    if planned is not None and round_.number >= planned:
        event.status = EventStatus.FINISHED
        event.save(update_fields=["status"])
        audit(
            event,
            "finished",
            said(gettext_noop("the event finished after round %(number)s"), number=round_.number),
            actor=actor,
        )
    return round_
