"""Match results: a verified log, a hand report the opponent confirms, disputes and decisions.

The states of a match (tournaments.models.MatchState):

    awaiting-log ──upload──▶ verifying ──legal and matching──▶ verified ──dispute──▶ disputed
         │  ▲                    │                                                    │
         │  └──illegal, unreadable or not this match (flagged)                       │
         └──report──▶ reported ──opponent confirms──▶ confirmed ◀──organizer resolves─┘

``verified`` and ``confirmed`` count for standings and the next pairing; an organizer or a
judge can decide any match of an open round (``decide_result``), which confirms it, and correct
one of a closed round (results.services.corrections). A result typed by hand says how the
game ended and is held to the game's rules for that ending (draw.result_rules). Every
result a person enters, decides or rules on goes to the audit trail with the result before and
after.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from draw import result_rules, seats
from draw.models import LogFlag, Match, MatchState, Outcome, ResultSource, RoundState
from draw.seats import SeatScore
from draw.services.locks import lock_match
from gamelogs.models import GameLog, LogSource
from gamelogs.services import UploadRejected, submit_log
from participants.models import ForceList
from participants.services.force_lists import event_content
from results.models import Dispute, DisputeStatus, ManualReport, ReportStatus
from tournaments import log_check
from tournaments.errors import EventError
from tournaments.game_modes import log_modes
from tournaments.permissions import officiates, require_official, require_player
from tournaments.said import listed, render, said, said_in
from tournaments.services.common import audit, notify, notify_organizers

LOG_STATES = (MatchState.AWAITING_LOG, MatchState.VERIFYING, MatchState.REPORTED)
# A result a player of the match may dispute in an open round, whoever entered it.
DISPUTABLE_STATES = (MatchState.VERIFIED, MatchState.REPORTED, MatchState.CONFIRMED)


def _open_match(match: Match) -> Match:
    """The match, locked, in a published round. Byes and closed rounds take no results."""
    match = lock_match(match)
    if match.is_bye:
        raise EventError(_("A bye has no result to report."), "state")
    if match.round.state != RoundState.PUBLISHED:
        if match.round.state == RoundState.DRAFT:
            raise EventError(
                _("Round %(number)s is not published yet.") % {"number": match.round.number}, "state"
            )
        raise EventError(_("Round %(number)s is closed.") % {"number": match.round.number}, "state")
    return match


# --- logs ---------------------------------------------------------------------------------------


@transaction.atomic
def attach_log_to_match(
    actor, match: Match, data: bytes, *, filename: str = "", source: str = LogSource.WEB
) -> Match:
    """Upload the game's log as this match's evidence; the workers verify it.

    Either player (or an organizer) may upload. The same bytes uploaded again are the same log
    (gamelogs keeps one copy); a log already deciding another match is refused. When the log
    was verified before (uploaded elsewhere first), its verdict applies at once.
    """
    match = _open_match(match)
    if match.side_of(actor) is None and not officiates(actor, match.round.event):
        raise PermissionDenied(
            _("Only the players of this match or the event's organizers and judges can upload its log.")
        )
    if match.state not in LOG_STATES:
        if match.state == MatchState.DISPUTED:
            raise EventError(_("This result is disputed: the organizer decides it now."), "state")
        raise EventError(_("This match already has a result; dispute it if it is wrong."), "state")
    try:
        submitted = submit_log(actor, data, source=source, filename=filename)
    except UploadRejected as exc:
        raise EventError(exc.message, "invalid") from None
    log = submitted.log
    other = Match.objects.filter(game_log=log).exclude(pk=match.pk).select_related("round").first()
    if other is not None:
        raise EventError(
            _("This log is already the evidence of round %(number)s, table %(table)s.")
            % {"number": other.round.number, "table": other.table},
            "state",
        )
    match.reports.filter(status=ReportStatus.PENDING).update(status=ReportStatus.SUPERSEDED)
    match.game_log = log
    match.log_uploaded_by = actor
    match.state = MatchState.VERIFYING
    _clear_result(match)
    match.save()
    for opponent in match.opponents_of(actor):
        notify(
            opponent.player,
            said(
                gettext_noop("%(name)s uploaded the log of your round %(number)s game."),
                name=_name(actor, match),
                number=match.round.number,
            ),
            match=match,
        )
    if log.is_final and log.verdict:
        _apply_verdict(match, log, log.verdict)
    return match


def on_log_verified(game_log: GameLog, verdict: dict) -> Match | None:
    """A worker decided a log: if it is a match's evidence, turn the verdict into the match's result."""
    with transaction.atomic():
        match = Match.objects.filter(game_log_id=game_log.pk).first()
        if match is None:
            return None
        match = lock_match(match)
        _apply_verdict(match, game_log, verdict)
        return match


def _apply_verdict(match: Match, log: GameLog, verdict: dict) -> None:
    """Idempotent: the same verdict announced twice leaves the match as it is."""
    if match.round.state == RoundState.CLOSED:
        _verdict_after_close(match, log, verdict)
        return
    if match.state not in (MatchState.VERIFYING, MatchState.AWAITING_LOG, MatchState.VERIFIED):
        return  # a dispute or an organizer's decision has taken over; the verdict is evidence only
    status = verdict.get("status")
    if status != "legal":
        flag = LogFlag.ILLEGAL if status == "illegal" else LogFlag.UNREADABLE
        error = verdict.get("error") or {}
        detail = verdict.get("summary") or error.get("message") or f"the log is {status}"
        _flag(match, flag, [detail])
        return
    result, problems = read_result(match, log, verdict)
    if problems:
        _flag(match, LogFlag.MISMATCH, problems)
        return
    unchanged = match.state == MatchState.VERIFIED and seats.result_of(match) == seats.result_tuple(result)
    if unchanged:
        return
    try:
        seats.write_result(match, result)
    except EventError as exc:
        # A legal log whose result these seats cannot hold: a mismatch for the players and the organizer,
        # not a receiver error that the verdict's outbox would retry for ever with the match stuck verifying.
        _flag(match, LogFlag.MISMATCH, [f"the log's result does not fit this match: {exc.message}"])
        return
    match.state = MatchState.VERIFIED
    match.result_source = ResultSource.LOG
    match.log_flag = LogFlag.NONE
    match.flag_details = []
    match.save()
    line = said(
        gettext_noop("Round %(number)s: the log verified, %(line)s. If this is wrong, dispute it."),
        number=match.round.number,
        line=result_said(match),
    )
    for registration in match.entrants():
        notify(registration.player, line, event=match.round.event, match=match)


def read_result(match: Match, log: GameLog, verdict: dict) -> tuple[list[SeatScore], list[str]]:
    """The match result a legal verdict gives, one score per seat in table order, or the
    reasons the log is not this match's game (see tournaments.log_check for the rules).

    Reads the generic result every game's verdict carries (``verdict["result"]["seats"]``);
    the game's plugin adds the components it keeps beside the score (games.GamePlugin).
    """
    event = match.round.event
    problems = []
    if log.game != event.game:
        problems.append(f"the log is a {log.game} game; the event plays {event.game}")
    pack = (verdict.get("content_pack") or {}).get("id")
    if pack != event.content_pack:
        problems.append(f"the log uses content pack {pack}; the event uses {event.content_pack}")
    try:
        header = json.loads(log.raw_bytes())
    except ValueError:
        return [], problems + ["the stored log cannot be read again"]
    plugin = event.game_plugin
    if log.game == event.game:  # a log of another game has no mode of this one
        problems += log_check.check_mode(plugin.log_mode(header), log_modes(event), plugin.mode_words)
    problems += log_check.check_reference(
        header.get("reference"), event_slug=event.slug, match_id=match.pk, round_number=match.round.number
    )
    content = event_content(event)
    comparison = log_check.compare_players(
        plugin.header_players(header),
        _expected(match),
        lambda player, header_player: plugin.compare_force(player, header_player, content),
    )
    problems += comparison.problems
    result_seats = (verdict.get("result") or {}).get("seats") or []
    if not result_seats or any(s.get("outcome") not in ("win", "draw", "loss") for s in result_seats):
        problems.append("the verdict has no result (an outcome for every seat)")
    if problems:
        return [], problems
    by_registration = {}
    for seat in result_seats:
        registration = comparison.assignment.get(str(seat.get("seat")))
        if registration is None:
            return [], [f"the verdict's seat {seat.get('seat')} is not a player of this match"]
        by_registration[registration] = seat
    problems = _team_problems(match, by_registration)
    if problems:
        return [], problems
    scores = []
    for match_seat in match.seat_list():
        seat = by_registration.get(match_seat.registration_id)
        if seat is None:
            return [], [f"the verdict has no result for {match_seat.registration.display_name}"]
        scores.append(
            SeatScore(
                outcome=seat["outcome"],
                score=int(seat.get("score") or 0),
                components=plugin.seat_components(verdict, seat),
                rank=seat.get("rank"),
            )
        )
    return scores, []


def _team_problems(match: Match, by_registration: dict) -> list[str]:
    """In a team match the log's teams are the match's: the players the log puts on one team are
    exactly the members of one of the match's teams (FE-17: a team shares its outcome)."""
    groups = seats.sides(match)
    if not any(group[0].team for group in groups):
        return []
    in_log: dict[str, set[int]] = {}
    for registration, seat in by_registration.items():
        in_log.setdefault(str(seat.get("team")), set()).add(registration)
    expected = {frozenset(s.registration_id for s in group) for group in groups}
    if {frozenset(found) for found in in_log.values()} == expected:
        return []
    names = {s.registration_id: s.registration.display_name for s in match.seat_list()}
    told = "; ".join(
        f"{team}: {', '.join(sorted(names[r] for r in found))}" for team, found in sorted(in_log.items())
    )
    return [f"the log's teams ({told}) are not the teams of this match"]


def _expected(match: Match) -> list[log_check.ExpectedPlayer]:
    lists = {
        fl.registration_id: fl
        for fl in ForceList.objects.filter(registration__in=[e.pk for e in match.entrants()])
    }
    dealt = {seat.registration_id: seat.faction for seat in match.seat_list()}
    if any(dealt.values()):
        plugin, content = match.round.event.game_plugin, event_content(match.round.event)
        names = {f: plugin.faction_name(content, f) for f in set(dealt.values()) if f}
    expected = []
    for registration in match.entrants():
        force_list = lists.get(registration.pk)
        # A faction dealt at the table replaces any list (draw.table_factions).
        usable = force_list is not None and force_list.valid and not dealt.get(registration.pk)
        expected.append(
            log_check.ExpectedPlayer(
                key=registration.pk,
                name=registration.display_name,
                aliases=(registration.player.get_username(),) if registration.player_id else (),
                faction=force_list.faction if usable else None,
                entries=force_list.entries if usable else None,
                dealt=dealt.get(registration.pk, ""),
                dealt_name=names[dealt[registration.pk]] if dealt.get(registration.pk) else "",
            )
        )
    return expected


def _flag(match: Match, flag: str, details: list[str]) -> None:
    if match.log_flag == flag and match.flag_details == details and match.state == MatchState.AWAITING_LOG:
        return
    match.state = MatchState.AWAITING_LOG
    match.log_flag = flag
    match.flag_details = details
    _clear_result(match)
    match.save()
    flagged = {
        LogFlag.ILLEGAL: gettext_noop("the log is illegal"),
        LogFlag.UNREADABLE: gettext_noop("the log is unreadable"),
        LogFlag.MISMATCH: gettext_noop("the log does not match the match"),
    }
    what = said(flagged[flag]) if flag in flagged else LogFlag(flag).label.lower()
    message = said(
        gettext_noop("Round %(number)s, table %(table)s: %(flag)s (%(detail)s)."),
        number=match.round.number,
        table=match.table,
        flag=what,
        detail=details[0],
    )
    for registration in match.entrants():
        notify(
            registration.player,
            said(gettext_noop("%(message)s Upload the right log or report the result."), message=message),
            match=match,
            event=match.round.event,
        )
    notify_organizers(match.round.event, message, match=match)


def _verdict_after_close(match: Match, log: GameLog, verdict: dict) -> None:
    """A re-verification after the round closed does not rewrite standings: it is reported."""
    if match.result_source != ResultSource.LOG or match.game_log_id != log.pk:
        return
    result, problems = (
        read_result(match, log, verdict) if verdict.get("status") == "legal" else ([], ["not legal"])
    )
    if not problems and seats.result_of(match) == seats.result_tuple(result):
        return
    message = said(
        gettext_noop(
            "round %(number)s, table %(table)s: the log was verified again after the round closed "
            "and now reads %(verdict)s; the stored result stands"
        ),
        number=match.round.number,
        table=match.table,
        verdict=verdict.get("summary") or verdict.get("status"),
    )
    detail = render(message, translate=False)
    if match.audit_entries.filter(action="reverified", detail=detail).exists():
        return
    audit(match.round.event, "reverified", message, round=match.round, match=match)
    notify_organizers(match.round.event, message, match=match)


# --- reports by hand ------------------------------------------------------------------------------


@transaction.atomic
def report_result(
    actor,
    match: Match,
    scores: Sequence[SeatScore],
    *,
    ending: str | None = None,
) -> ManualReport:
    """A player reports the result without a log: ``scores`` one per seat in table order
    (draw.seats.two_seats writes a two-seat one from seat 0's outcome), and how the game
    ended (``ending``, a key of the game's endings; None: any ending that allows the result). It
    counts once an opponent confirms."""
    match = _open_match(match)
    require_player(actor, match)
    if match.state not in (MatchState.AWAITING_LOG, MatchState.REPORTED):
        raise EventError(
            _("This match is %(state)s: it takes no hand report now.")
            % {"state": match.get_state_display().lower()},
            "state",
        )
    result = checked(match, scores, ending)
    before = snapshot(match)
    match.reports.filter(status=ReportStatus.PENDING).update(status=ReportStatus.SUPERSEDED)
    report = ManualReport.objects.create(match=match, reported_by=actor, seats=[s.to_dict() for s in result])
    seats.write_result(match, result)
    match.result_source = ResultSource.REPORT
    match.state = MatchState.REPORTED
    match.ending = ending or ""
    match.save()
    audit_result(
        actor, match, "reported", said(gettext_noop("%(name)s reported"), name=_name(actor, match)), before
    )
    for opponent in match.opponents_of(actor):
        notify(
            opponent.player,
            said(
                gettext_noop("%(name)s reported round %(number)s: %(line)s. Confirm or dispute it."),
                name=_name(actor, match),
                number=match.round.number,
                line=result_said(match),
            ),
            match=match,
            event=match.round.event,
        )
    return report


@transaction.atomic
def confirm_result(actor, match: Match) -> Match:
    """The opponent of whoever reported agrees: the reported result counts."""
    match = _open_match(match)
    require_player(actor, match)
    report = match.reports.filter(status=ReportStatus.PENDING).first()
    if match.state != MatchState.REPORTED or report is None:
        raise EventError(_("There is no reported result waiting for confirmation."), "state")
    if report.reported_by_id == actor.pk:
        raise EventError(_("Your opponent confirms the result you reported, not you."), "state")
    report.status = ReportStatus.CONFIRMED
    report.confirmed_by = actor
    report.confirmed_at = timezone.now()
    report.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    before = snapshot(match)
    match.state = MatchState.CONFIRMED
    match.save(update_fields=["state", "updated_at"])
    audit_result(
        actor, match, "confirmed", said(gettext_noop("%(name)s confirmed"), name=_name(actor, match)), before
    )
    notify(
        report.reported_by,
        said(
            gettext_noop("%(name)s confirmed the result of round %(number)s."),
            name=_name(actor, match),
            number=match.round.number,
        ),
        match=match,
    )
    return match


# --- disputes and decisions ----------------------------------------------------------------------


@transaction.atomic
def dispute_result(actor, match: Match, *, reason: str) -> Dispute:
    """A player of the match contests its result while the round is open, whoever entered it: a
    verified log, a report (confirmed or not) or an organizer's or judge's decision; an organizer
    or a judge rules on it (:func:`resolve_dispute`)."""
    match = _open_match(match)
    require_player(actor, match)
    if match.state == MatchState.DISPUTED:
        raise EventError(_("This result is already disputed: an organizer or judge decides it now."), "state")
    if match.state not in DISPUTABLE_STATES or not match.has_result:
        raise EventError(_("There is no result to dispute yet."), "state")
    reason = (reason or "").strip()
    if not reason:
        raise EventError(_("Say what is wrong with the result."))
    dispute = Dispute.objects.create(match=match, raised_by=actor, reason=reason, previous_state=match.state)
    match.reports.filter(status=ReportStatus.PENDING).update(status=ReportStatus.DISPUTED)
    match.state = MatchState.DISPUTED
    match.save(update_fields=["state", "updated_at"])
    audit(
        match.round.event,
        "disputed",
        said(
            gettext_noop("%(match)s: %(name)s disputes the result: %(reason)s"),
            match=seats.match_said(match),
            name=_name(actor, match),
            reason=reason,
        ),
        actor=actor,
        round=match.round,
        match=match,
    )
    for opponent in match.opponents_of(actor):
        notify(
            opponent.player,
            said(
                gettext_noop("%(name)s disputes the result of round %(number)s."),
                name=_name(actor, match),
                number=match.round.number,
            ),
            match=match,
        )
    notify_organizers(
        match.round.event,
        said(
            gettext_noop("Dispute at round %(number)s, table %(table)s: %(reason)s"),
            number=match.round.number,
            table=match.table,
            reason=reason,
        ),
        match=match,
    )
    return dispute


@transaction.atomic
def resolve_dispute(
    actor,
    dispute: Dispute,
    *,
    uphold: bool | None,
    note: str = "",
    scores: Sequence[SeatScore] | None = None,
    ending: str | None = None,
) -> Match:
    """An organizer or a judge rules on a dispute: uphold the result as it stands (``uphold``
    True), or replace it (False) with ``scores`` per seat as in :func:`report_result`, checked
    like any result typed by hand. Nothing is assumed: ``uphold``
    None, or a replacement given with ``uphold`` True, is refused."""
    match = _open_match(dispute.match)
    require_official(actor, match.round.event)
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if dispute.status != DisputeStatus.OPEN:
        raise EventError(_("This dispute is already resolved."), "state")
    replacement = scores is not None
    if uphold is None:
        raise EventError(_("Choose a decision: uphold the result or replace it."))
    before = snapshot(match)
    if uphold:
        if replacement:
            raise EventError(
                "You chose to uphold the result but gave another one: choose “replace” to apply it."
            )
        if not match.has_result:
            raise EventError(_("There is no result to uphold; set one instead."), "state")
        match.state = MatchState.CONFIRMED
        match.save(update_fields=["state", "updated_at"])
        ruling = said(gettext_noop("result upheld: %(line)s"), line=result_said(match))
    else:
        if not replacement:
            raise EventError(_("Give the result that replaces the disputed one."))
        result = checked(match, scores, ending)
        _set_result(match, result, ending)
        ruling = said(gettext_noop("result set to %(line)s"), line=result_said(match))
    dispute.status = DisputeStatus.RESOLVED
    if note:
        ruling = said(gettext_noop("%(ruling)s. %(note)s"), ruling=ruling, note=note)
    dispute.set_resolution(ruling)
    dispute.resolved_by = actor
    dispute.resolved_at = timezone.now()
    dispute.save()
    audit_result(
        actor,
        match,
        "dispute-resolved",
        said(gettext_noop("dispute resolved, %(ruling)s"), ruling=ruling),
        before,
        note=note,
    )
    for registration in match.entrants():
        notify(
            registration.player,
            said(
                gettext_noop("Round %(number)s dispute resolved: %(ruling)s"),
                number=match.round.number,
                ruling=ruling,
            ),
            match=match,
        )
    return match


@transaction.atomic
def decide_result(
    actor,
    match: Match,
    scores: Sequence[SeatScore],
    *,
    note: str = "",
    ending: str | None = None,
) -> Match:
    """An organizer or a judge sets a match's result (no log, a flagged log, a no-show); it is
    final. ``scores`` per seat as in :func:`report_result`, held to
    the game's rules for ``ending`` (a no-show is a concession in Battleground, BG-7.4.5)."""
    match = _open_match(match)
    require_official(actor, match.round.event)
    result = checked(match, scores, ending)
    before = snapshot(match)
    _set_result(match, result, ending)
    match.reports.filter(status=ReportStatus.PENDING).update(status=ReportStatus.SUPERSEDED)
    line = said(gettext_noop("organizer decision: %(line)s"), line=result_said(match))
    if note:
        line = said(
            gettext_noop("organizer decision: %(line)s (%(note)s)"), line=result_said(match), note=note
        )
    for dispute in match.disputes.filter(status=DisputeStatus.OPEN):
        dispute.status = DisputeStatus.RESOLVED
        dispute.set_resolution(line)
        dispute.resolved_by = actor
        dispute.resolved_at = timezone.now()
        dispute.save()
    audit_result(actor, match, "decided", said_in("audit trail", "decided"), before, note=note)
    for registration in match.entrants():
        notify(
            registration.player,
            said(gettext_noop("Round %(number)s: %(line)s."), number=match.round.number, line=line),
            match=match,
        )
    return match


def checked(match: Match, scores: Sequence[SeatScore], ending: str | None) -> list[SeatScore]:
    """``scores`` ranked, once they fit the match's seats and the game's rules for ``ending``
    (EventError saying what is wrong otherwise)."""
    result = seats.validate(match, scores)
    result_rules.require_allowed(match, result, ending)
    return result


def _set_result(match: Match, scores: list[SeatScore], ending: str | None = None) -> None:
    seats.write_result(match, scores)
    match.result_source = ResultSource.ORGANIZER
    match.state = MatchState.CONFIRMED
    match.ending = ending or ""
    match.save()


def _clear_result(match: Match) -> None:
    seats.clear_result(match)
    match.result_source = ""
    match.ending = ""


def snapshot(match: Match) -> dict:
    """The match's result as the audit trail keeps it (before and after a change)."""
    return {
        "state": match.state,
        "source": match.result_source,
        "ending": match.ending,
        "line": result_line(match) if match.has_result else "no result",
        "said": result_said(match) if match.has_result else said(gettext_noop("no result")),
        "seats": [
            {
                "name": seat.registration.display_name,
                "outcome": seat.outcome,
                "score": seat.score,
                "components": dict(seat.components or {}),
            }
            for seat in match.seat_list()
        ],
    }


def audit_result(actor, match: Match, action: str, what: str | dict, before: dict, *, note: str = "") -> None:
    """One audit entry for a change of result: who, when (the entry's time), the old and the new (said in
    each reader's language: tournaments.said)."""
    after = snapshot(match)
    detail = said(
        gettext_noop("round %(number)s, table %(table)s: %(what)s: %(line)s"),
        number=match.round.number,
        table=match.table,
        what=what,
        line=after["said"],
    )
    if after["ending"]:
        with translation.override("en"):
            ending = str(result_rules.ending_label(match.round.event, after["ending"]) or after["ending"])
        detail = said(gettext_noop("%(detail)s (%(ending)s)"), detail=detail, ending=ending)
    if before["line"] != after["line"]:
        detail = said(
            gettext_noop("%(detail)s (was: %(before)s)"),
            detail=detail,
            before=before.get("said") or before["line"],
        )
    if note:
        detail = said(gettext_noop("%(detail)s. %(note)s"), detail=detail, note=note)
    audit(
        match.round.event,
        action,
        detail,
        actor=actor,
        round=match.round,
        match=match,
        old=before,
        new=after,
        note=note,
    )


def result_line(match: Match) -> str:
    """ "Ann beat Bob 40–10", "Ann and Bob drew 20–20"; more seats: "Ann win 30, Bob loss 20" (in English)."""
    return render(result_said(match), translate=False)


def _outcome_said(outcome: str) -> dict | str:
    return said_in("a player's result", outcome) if outcome in Outcome.values else outcome


def result_said(match: Match) -> dict:
    """The match's result as a sentence (tournaments.said) for the audit trail to say in each reader's
    language; :func:`result_line` is its English."""
    table = match.seat_list()
    if len(table) < 2:
        if table:
            return said(gettext_noop("%(name)s has a bye"), name=table[0].registration.display_name)
        return said(gettext_noop("bye"))
    if len(table) == 2:
        (a, sa), (b, sb) = [(seat.registration.display_name, seat) for seat in table]
        if sa.outcome == Outcome.DRAW:
            return said(gettext_noop("%(first)s and %(second)s drew %(first_score)s–%(second_score)s"),
                        first=a, second=b, first_score=sa.score, second_score=sb.score)  # fmt: skip
        if sa.outcome == Outcome.WIN:
            return said(gettext_noop("%(winner)s beat %(loser)s %(winner_score)s–%(loser_score)s"),
                        winner=a, loser=b, winner_score=sa.score, loser_score=sb.score)  # fmt: skip
        if sb.outcome == Outcome.WIN:
            return said(gettext_noop("%(winner)s beat %(loser)s %(winner_score)s–%(loser_score)s"),
                        winner=b, loser=a, winner_score=sb.score, loser_score=sa.score)  # fmt: skip
        return said(gettext_noop("%(first)s and %(second)s both lost"), first=a, second=b)
    ordered = sorted(table, key=lambda seat: (seat.rank or len(table), seat.index))
    if seats.is_pod(match):  # a pod reads by place: "Dan 1st, Ben 2nd, Carla 2nd, Anna 4th" (HR-16.1.2)
        return listed(
            said(
                gettext_noop("%(name)s %(place)s"),
                name=seat.registration.display_name,
                place=seats.place_said(seat.rank) if seat.rank else _outcome_said(seat.outcome),
            )
            for seat in ordered
        )
    return listed(
        said(
            gettext_noop("%(name)s %(outcome)s %(score)s"),
            name=seat.registration.display_name,
            outcome=_outcome_said(seat.outcome),
            score=seat.score,
        )
        for seat in ordered
    )


def _name(user, match: Match) -> str:
    """The name pages show for ``user`` at this match: their registration's, else their profile's."""
    for registration in match.entrants():
        if registration.player_id == user.pk:
            return registration.display_name
    return person_name(user, match.round.event)


def person_name(user, event) -> str:
    """``user``'s display name in ``event`` (their registration's), else their profile's, else the username."""
    if user is None:
        return ""
    registration = event.registrations.filter(player=user).only("display_name").first()
    if registration is not None:
        return registration.display_name
    profile = getattr(user, "profile", None)  # a user without a profile row has none
    return profile.name if profile is not None else user.get_username()
