"""Games of a tournament match recorded at the table: the players, their registered lists and the event's
content pack come from the event, and the finished log becomes the match's evidence (the tournaments
app's attach_log_to_match, exactly as an upload on the match page; play.finish hands it over)."""

from __future__ import annotations

from django.apps import apps
from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import TableError
from play.models import TableGame
from play.tables import Seating, create_game

OPEN_STATES = ("awaiting-log", "reported")


def available() -> bool:
    return apps.is_installed("tournaments")


def open_matches(user) -> list:
    """This player's matches of published rounds that still wait for a log."""
    if not available() or not user.is_authenticated:
        return []
    from draw.models import Match, RoundState

    return list(
        Match.objects.games()
        .filter(pk__in=Match.objects.filter(seats__registration__player=user).values("pk"))
        .filter(round__state=RoundState.PUBLISHED, state__in=OPEN_STATES)
        .select_related("round__event")
        .prefetch_related("seats__registration__player")
    )


def reference(match) -> dict:
    return {"event": match.round.event.slug, "match": str(match.pk), "round": match.round.number}


def start_from_match(user, match_id: int, *, first_player_seat: int) -> TableGame:
    """The table for this match (a new one, or the one already started): seat 1 is the match's first
    entrant, seat 2 the second, each with their registered list, both seated at once."""
    from participants.models import ForceList

    match = next((m for m in open_matches(user) if m.pk == match_id), None)
    if match is None:
        raise TableError(_("This match is not yours, or it no longer waits for a log."))
    with transaction.atomic():
        existing = (
            TableGame.objects.filter(match_ref__match=str(match.pk)).exclude(status="confirmed").first()
        )
        if existing is not None:
            return existing
        guests = [r.display_name for r in match.entrants() if r.player_id is None]
        if guests:
            # The recorder seats accounts; a guest entry gets its result reported or decided instead.
            raise TableError(
                _("%(names)s plays without an account: report the result instead, or claim the entry first.")
                % {"names": ", ".join(guests)}
            )
        lists = {fl.registration_id: fl for fl in ForceList.objects.filter(registration__in=match.entrants())}
        seats = []
        for registration in match.entrants():
            force_list = lists.get(registration.pk)
            if force_list is None or not force_list.valid:
                raise TableError(
                    _("%(name)s has no valid list registered for this event.")
                    % {"name": registration.display_name}
                )
            force = {"faction": force_list.faction, "characters": force_list.entries}
            seats.append(Seating(registration.display_name, force))
        return create_game(
            match.entrants()[0].player,
            game=match.round.event.game,
            seats=seats,
            holders=[registration.player for registration in match.entrants()],  # every entrant's seat
            first_player_seat=first_player_seat,
            match_ref=reference(match),
            seat2=match.entrants()[1].player,
            pack=match.round.event.content_pack,
        )


def attach(table: TableGame, data: bytes):
    """Attach a finished game's log to its match; returns the GameLog (or None if the match refuses it,
    e.g. it got a result meanwhile: the log is then stored for both players as a free game's is)."""
    from draw.models import Match
    from results.services import attach_log_to_match
    from tournaments.errors import EventError

    match = Match.objects.filter(pk=table.match_ref["match"]).first()
    if match is None:
        return None
    try:
        match = attach_log_to_match(table.holder(1), match, data, filename=f"table-{table.code}.json")
    except EventError:
        return None
    return match.game_log
