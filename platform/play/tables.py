"""Setting a table up and sitting down at it: a new game's header and seats, its code, joining a free seat.

One seat per player of the game's header (one to six). The creator takes seat 1; every other seat waits
for a phone to join it by the table's code or link, and the game starts when every seat is held. One
account holds one seat, except at a table opened for one phone (``one_phone``): its creator then holds
every seat at once (a solo game, or a co-op team sharing one phone, FE-18.1.2). A match's game seats its
entrants' accounts at once.

The modules that record the game (play.services), play a challenge (play.challenges) or a match
(play.matches) import this one; it imports none of them."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from play import live
from play.errors import TableError
from play.models import MAX_SEATS, DiceMode, TableGame, TableSeat, TableStatus

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud across a table
CODE_LENGTH = 6


@dataclass(frozen=True)
class Seating:
    name: str
    force: str | dict | list  # a force id of the content pack, {"faction", "characters"}, or hero ids
    extra: dict = field(default_factory=dict)  # a game's other per-player choices ({"faction": …})


def new_code() -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not TableGame.objects.filter(code=code).exists():
            return code


def controls_of(player: dict) -> list[str]:
    """The pieces a header player controls, when the force lists them (Eternia's heroes; a co-op player
    controls some of the team's, FE-18.1.2); [] for a force given by id or as a list of characters."""
    force = player.get("force")
    return list(force) if isinstance(force, list) and all(isinstance(h, str) for h in force) else []


def seat_table(table: TableGame, holders: list) -> list[TableSeat]:
    """Make ``table``'s seats, one per header player in order; ``holders``: the account of each seat, in
    order (None or missing: free until someone joins). The table plays once every seat is held."""
    players = table.header.get("players") or []
    if not 1 <= len(players) <= MAX_SEATS:
        raise TableError(
            _("A table seats one to %(most)s players; this game has %(count)s.")
            % {"most": MAX_SEATS, "count": len(players)}
        )
    now = timezone.now()
    # The teams as the game's rules form them (an Alliance's sides, an Eternia team's players, a co-op).
    teams = engine.session.teams(engine.session.start(engine.session.with_seed(table.header, table.seed)))
    seats = []
    for number, player in enumerate(players, start=1):
        user = holders[number - 1] if number <= len(holders) else None
        seats.append(
            TableSeat(
                table=table,
                number=number,
                user=user,
                player=str(player.get("id") or f"p{number}"),
                team=teams.get(str(player.get("id") or ""), ""),
                controls=controls_of(player),
                joined_at=now if user is not None else None,
            )
        )
    TableSeat.objects.bulk_create(seats)
    table.forget_seats()
    return seats


def create_game(
    user,
    *,
    game: str,
    seats: list[Seating],
    first_player_seat: int,
    mode: str = DiceMode.SEEDED,
    match_ref: dict | None = None,
    seat2=None,
    holders: list | None = None,
    pack: str | None = None,
    setup: dict | None = None,
    one_phone: bool = False,
) -> TableGame:
    """A new table with ``user`` in seat 1 and the other seats free to join by code; ``holders`` seats
    known accounts at once in seat order (a match's entrants; ``seat2`` is the second of two), and
    ``one_phone`` gives ``user`` every seat (a solo game, or a co-op team on one phone, FE-18.1.2).
    A seat's force is a force id of the content pack or a whole force (a registered list); ``setup``
    carries a game's own choices to its ``new_header`` (Hoplomachus' mode and arena, Eternia's scenario)."""
    if mode not in DiceMode.values:
        raise TableError(_("Choose who rolls the dice: the site, or the players with real dice."))
    if not 1 <= len(seats) <= MAX_SEATS:
        raise TableError(_("A table seats one to %(most)s players.") % {"most": MAX_SEATS})
    # LOG-4: seeded, the site draws every die from a committed seed; recorded, the players enter the faces.
    seed = secrets.token_hex(32) if mode == DiceMode.SEEDED else ""
    try:
        header = engine.session.new_header(
            game,
            players=[{"name": s.name, "force": s.force, **s.extra} for s in seats],
            first_player=f"p{first_player_seat}",
            seed_hex=seed or None,
            placement=secrets.randbelow(2**31),
            pack=pack,
            **(setup or {}),
        )
        engine.session.start(engine.session.with_seed(header, seed))  # the engine plays what it built
    except (KeyError, ValueError, engine.UnreadableLog, engine.IllegalEvent) as exc:
        raise TableError(
            _("This game cannot be set up with these choices (%(reason)s).") % {"reason": exc}
        ) from None
    if match_ref:
        header["reference"] = match_ref
    if one_phone:
        holders = [user] * len(seats)
    elif holders is None:
        holders = [user, seat2]
    else:
        holders = [user, *holders[1:]]
    with transaction.atomic():
        table = TableGame.objects.create(
            code=new_code(), game=game, header=header, mode=mode, seed=seed, match_ref=match_ref
        )
        start_when_seated(table, seat_table(table, holders))
    return table


def start_when_seated(table: TableGame, seats: list[TableSeat]) -> None:
    """Play once every seat is held (a table of one seat, or one phone's, waits for nobody)."""
    if table.status == TableStatus.WAITING and all(s.user_id is not None for s in seats):
        table.status = TableStatus.PLAYING
        table.save(update_fields=["status", "updated_at"])


def free_seats(table: TableGame) -> list[TableSeat]:
    return [seat for seat in table.seat_list() if seat.user_id is None]


def tables_of(user) -> list[TableGame]:
    """This player's games that are not finished and confirmed, newest first."""
    return list(
        TableGame.objects.filter(pk__in=TableSeat.objects.filter(user=user).values("table_id")).exclude(
            status__in=[TableStatus.CONFIRMED, TableStatus.ABANDONED]
        )[:10]
    )


def find(code: str) -> TableGame | None:
    return TableGame.objects.filter(code=code.strip().upper()).first()


def join(code: str, user, number: int | None = None) -> TableGame:
    """Take seat ``number`` of the table ``code`` (None: its first free seat), or return the table to
    someone already seated there. One account holds one seat (a table for one phone is seated whole
    when it is opened)."""
    with transaction.atomic():
        table = TableGame.objects.select_for_update().filter(code=code.strip().upper()).first()
        if table is None:
            raise TableError(_("There is no game with this code. Check the code shown on the other phone."))
        mine = [seat.number for seat in table.seats_of(user)]
        if mine and (number is None or number in mine):
            return table
        if mine:
            raise TableError(
                _("You already hold seat %(seat)s of this game: each phone joins one seat.")
                % {"seat": mine[0]}
            )
        free = free_seats(table)
        if not free:
            raise TableError(_("Every seat of this game is taken."))
        seat = next((s for s in free if s.number == number), None) if number is not None else free[0]
        if seat is None:
            raise TableError(_("This seat is taken: choose a free one."))
        seat.user, seat.joined_at = user, timezone.now()
        seat.save(update_fields=["user", "joined_at"])
        if len(free) == 1:
            table.status = TableStatus.PLAYING
        table.version += 1
        table.save(update_fields=["status", "version", "updated_at"])
        live.changed(table.code, table.version, kept=len(table.entries), by=user)
        table.forget_seats()
        return table


def account_name(user) -> str:
    """The name an account shows at the table: its profile's display name, else its username."""
    if user is None:
        return ""
    try:
        return user.profile.name
    except Exception:  # no profile (an account made outside the sign-up)
        return user.get_username()
