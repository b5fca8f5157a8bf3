"""What a player and a room need on event day: the player's current table, and the current
round's pairings and clock as the projector shows them.

Read-only: nothing here changes a row. The pages (draw.views.event_day, the event page,
the home and my-events pages), the API (draw.api.event_day) and the projector's JSON all
read from these functions, so they say the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from draw.models import Match, MatchSeat, MatchState, Round, RoundState
from draw.presenters import faction_name, line_text, list_lines, points_before, result_text, seating
from draw.seats import is_pod, sides
from participants.models import Registration, RegistrationStatus
from tournaments.models import Event, EventStatus

# Match states in which a player still has something to do at the table: play, then upload the
# log or report the result.
OPEN_STATES = (MatchState.AWAITING_LOG, MatchState.REPORTED)


@dataclass(frozen=True)
class TablePlayer:
    """One player at the table as the card shows them: the faction and list only once the
    event's lists are public (Event.lists_visible), except for the player's own; a faction dealt
    at the table (draw.table_factions) is always shown."""

    name: str
    faction: str = ""
    list_lines: list = field(default_factory=list)


@dataclass(frozen=True)
class MyTable:
    """A signed-in player's table in the current round of a running event."""

    event: Event
    round: Round
    match: Match
    me: TablePlayer
    opponents: list[TablePlayer]
    partners: list[TablePlayer]
    # The whole table in seating order (draw.presenters.seating), the player's own entry marked ``me``.
    line: dict = field(default_factory=dict)

    @property
    def pod(self) -> bool:
        """A free-for-all pod (Pandemonium, HR-16): every other player at the table is an opponent."""
        return bool(self.line.get("pod"))

    @property
    def seating(self) -> str:
        """The table in one line: "Anna · Ben · Carla · Dan", "Anna & Ben vs Carla & Dan"."""
        return line_text(self.line) if self.line else ""

    @property
    def is_bye(self) -> bool:
        return self.match.is_bye

    @property
    def ends_at(self) -> datetime | None:
        return self.round.timer_ends_at

    def seconds_left(self, now: datetime | None = None) -> int | None:
        """Seconds until the round's clock runs out (0 once it has); None before it starts."""
        if self.ends_at is None:
            return None
        return max(0, int((self.ends_at - (now or timezone.now())).total_seconds()))

    @property
    def needs_result(self) -> bool:
        return not self.is_bye and self.match.state in OPEN_STATES

    @property
    def opponent_names(self) -> str:
        return " and ".join(p.name for p in self.opponents)

    def links(self) -> dict[str, str]:
        """Where the player goes from the card: the match page and its report and upload forms,
        and the table recorder (/play/ lists the player's open matches to record)."""
        match_url = self.match.get_absolute_url()
        links = {"match": match_url}
        if self.needs_result:
            links.update(
                report=match_url + "#report",
                upload=match_url + "#upload",
                record=reverse("play:start") + f"?game={self.event.game}#my-matches",
            )
        return links


def _player(event: Event, seat: MatchSeat, *, own: bool) -> TablePlayer:
    registration = seat.registration
    if seat.faction:  # dealt at this table by the pairing (draw.table_factions): public
        return TablePlayer(registration.display_name, faction=faction_name(event, seat.faction))
    force_list = getattr(registration, "force_list", None)
    if force_list is None or not (own or event.lists_visible):
        return TablePlayer(registration.display_name)
    return TablePlayer(
        registration.display_name,
        faction=faction_name(event, force_list.faction) if force_list.faction else "",
        list_lines=list_lines(force_list),
    )


def _table_of(registration: Registration) -> MyTable | None:
    event = registration.event
    if event.status == EventStatus.FINISHED or registration.status in (
        RegistrationStatus.WAITLISTED,
        RegistrationStatus.DROPPED,
    ):
        return None
    round_ = event.rounds.filter(state=RoundState.PUBLISHED).order_by("-number").first()
    if round_ is None:
        return None
    match = (
        Match.objects.filter(round=round_, seats__registration=registration)
        .select_related("round__event")
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=MatchSeat.objects.select_related("registration__player", "registration__force_list"),
            )
        )
        .first()
    )
    if match is None:
        return None
    seats = match.seat_list()
    mine = next(seat for seat in seats if seat.registration_id == registration.pk)
    others = [seat for seat in seats if seat.index != mine.index]
    return MyTable(
        event=event,
        round=round_,
        match=match,
        me=_player(event, mine, own=True),
        opponents=[_player(event, s, own=False) for s in others if not mine.partners(s)],
        partners=[_player(event, s, own=False) for s in others if mine.partners(s)],
        line=_marked(seating(match), registration.pk),
    )


def _marked(line: dict, registration_id: int) -> dict:
    """``line`` with the player's own entry marked ``me``."""
    for side in line["sides"]:
        for player in side["players"]:
            player["me"] = player["registration"] == registration_id
    return line


def current_table(user, event: Event) -> MyTable | None:
    """``user``'s table in the event's current (latest published) round, or None: not signed
    in, not entered, dropped, not paired in that round, no round published, or the event is over."""
    if user is None or not user.is_authenticated:
        return None
    registration = event.registrations.filter(player=user).select_related("event").first()
    return _table_of(registration) if registration is not None else None


def current_tables(user) -> list[MyTable]:
    """``user``'s tables in every running event they play in (usually one), newest event first."""
    if user is None or not user.is_authenticated:
        return []
    registrations = (
        Registration.objects.filter(player=user, event__status=EventStatus.RUNNING)
        .select_related("event")
        .order_by("-event__starts_on", "-event_id")
    )
    return [table for r in registrations if (table := _table_of(r)) is not None]


# --- the projector -------------------------------------------------------------------------------


def projector_round(event: Event) -> Round | None:
    """The round the room should see: the latest published one, else the latest closed one."""
    rounds = event.rounds.exclude(state=RoundState.DRAFT).order_by("-number")
    return rounds.filter(state=RoundState.PUBLISHED).first() or rounds.first()


def projector_data(event: Event, now: datetime | None = None) -> dict:
    """The current round's pairings and clock as plain data (the projector page fetches it as
    JSON). ``now`` is the server's clock, so a screen whose own clock is off still counts down to
    the right moment."""
    now = now or timezone.now()
    round_ = projector_round(event)
    data = {
        "event": {"slug": event.slug, "name": event.name, "status": event.status},
        "now": now.isoformat(),
        "round": None,
        "tables": [],
    }
    if round_ is None:
        return data
    ends_at = round_.timer_ends_at
    data["round"] = {
        "number": round_.number,
        "state": round_.state,
        "stage": round_.get_stage_display(),
        "ends_at": ends_at.isoformat() if ends_at else None,
        "seconds_left": max(0, int((ends_at - now).total_seconds())) if ends_at else None,
    }
    points = points_before(round_)
    names: dict[str, str] = {}  # the factions dealt at the tables (draw.table_factions), by name

    def dealt(faction: str) -> str:
        if faction and faction not in names:
            names[faction] = faction_name(event, faction)
        return names.get(faction, "")

    matches = round_.matches.prefetch_related("seats__registration").order_by("table")
    for match in matches:
        # Partners sit together: ``side`` numbers each player's side in table order (a team's players
        # share one; draw.seats), so the page writes "A & B · Masters vs C & D · Evil Warriors".
        groups = sides(match)
        # A pod's players each for themselves read "Anna · Ben · Carla · Dan" (is_pod), not "vs".
        between = " · " if is_pod(match) else f" {_('vs')} "
        players = [
            {
                "name": seat.registration.display_name,
                "points": points.get(seat.registration_id),
                "faction": dealt(seat.faction),
                "side": number,
                # What the page writes before the name, and the side's faction after its last player.
                "before": "" if number == 0 and i == 0 else " & " if i else between,
                "plays": "",
            }
            for number, group in enumerate(groups)
            for i, seat in enumerate(group)
        ]
        for k, player in enumerate(players):
            if len(groups) > 1 and (k + 1 == len(players) or players[k + 1]["side"] != player["side"]):
                player["plays"] = player["faction"]
        data["tables"].append(
            {
                "table": match.table,
                "bye": len(groups) < 2,
                "players": players,
                "state": match.state,
                "result": result_text(match) if match.counts and not match.is_bye else "",
            }
        )
    return data
