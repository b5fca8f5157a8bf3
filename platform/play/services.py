"""Recording a game at the table: one function per thing a player does (thin views call these).

Every event is checked by the engine before it is stored: the replay of the stored events is copied,
the event applied to the copy, and only then stored, in one transaction that also bumps the version. A
post names the version it was made against; if another phone got there first the post is refused as
stale and the page refreshes (nothing is half-stored). When the game is over, the log is built (seed
revealed) and sent through the normal upload pipeline for both players.

Each web process keeps, per table, the last version it saw with its entries and replay (``_seen``).
The entries change only together with the version, in one transaction, and are remembered only once
that transaction committed, so a row read with the same version is exactly that game: the row is then
read without its entries (``load``) and the replay is copied, not rebuilt. A row at a newer version (the
other process took the last post) is read whole and only the events this process has not seen are
applied; after an undo, or in a fresh process, the replay is rebuilt from the header.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import partial

from django.db import connection, transaction
from django.db.models import F, Func, JSONField, Value
from django.urls import reverse
from django.utils import timezone

import engine
from gamelogs.models import LogSource
from gamelogs.services import UploadRejected, submit_log
from play.models import DiceMode, TableGame, TableStatus
from play.seats import deciders, is_over
from rulebook import rules

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read aloud across a table
CODE_LENGTH = 6
ANYONE_MAY = frozenset({"concede", "agree_draw"})  # BG-7.4.5: not tied to whose turn it is
_CACHE_SIZE = 128
_cache_lock = threading.Lock()  # a threaded web worker shares the cache between requests


@dataclass(frozen=True)
class _Seen:
    """A table as this process last saw it committed. Never changed once remembered: the entries list
    is replaced, not appended to, and callers get copies of the replay."""

    version: int
    entries: list
    replay: object


_seen: OrderedDict[int, _Seen] = OrderedDict()  # table id → its last version seen here


class TableError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class NotYourTurn(TableError):
    status = 403
    code = "not_your_turn"


class Stale(TableError):
    status = 409
    code = "stale"


class Refused(TableError):
    """The engine refused the event: which rule, why, and where to read the rule."""

    status = 422
    code = "refused"

    def __init__(self, game: str, rule: str, reason: str):
        super().__init__(reason)
        self.rule = rule
        info = rules.lookup(rules.game_of(rule, game) or game, rule)
        self.title = info.title if info else rule
        self.explanation = info.explanation if info else ""
        self.url = reverse("rulebook:rule", args=[rules.game_of(rule, game) or game, rule])

    def to_dict(self) -> dict:
        return {
            **super().to_dict(),
            "rule": self.rule,
            "title": self.title,
            "explanation": self.explanation,
            "url": self.url,
        }


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


def create_game(
    user,
    *,
    game: str,
    seats: list[Seating],
    first_player_seat: int,
    mode: str = DiceMode.SEEDED,
    match_ref: dict | None = None,
    seat2=None,
    pack: str | None = None,
    setup: dict | None = None,
    one_phone: bool = False,
) -> TableGame:
    """A new table with ``user`` in seat 1 (seat 2 joins by code, or is given for a match's game; a game of
    one seat, Eternia's solo, starts at once, and so does ``one_phone``'s: Eternia's co-op, whose
    players share one team and its phone, FE-18.1.2).
    A seat's force is a force id of the content pack or a whole force (a registered list); ``setup``
    carries a game's own choices to its ``new_header`` (Hoplomachus' mode and arena, Eternia's scenario)."""
    if mode not in DiceMode.values:
        raise TableError("Choose who rolls the dice: the site, or the players with real dice.")
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
    except (KeyError, ValueError, engine.UnreadableLog) as exc:
        raise TableError(f"This game cannot be set up with these choices ({exc}).") from None
    if match_ref:
        header["reference"] = match_ref
    return TableGame.objects.create(
        code=new_code(),
        game=game,
        header=header,
        mode=mode,
        seed=seed,
        seat1=user,
        seat2=seat2,
        match_ref=match_ref,
        # A game of one seat (Eternia's solo game against the game, FE-18) waits for nobody.
        status=TableStatus.PLAYING
        if seat2 is not None or len(seats) == 1 or one_phone
        else TableStatus.WAITING,
    )


def tables_of(user) -> list[TableGame]:
    """This player's games that are not finished and confirmed, newest first."""
    from django.db.models import Q

    return list(
        TableGame.objects.filter(Q(seat1=user) | Q(seat2=user)).exclude(status=TableStatus.CONFIRMED)[:10]
    )


def join(code: str, user) -> TableGame:
    """Take seat 2 of the table ``code`` (or return it, for someone already seated)."""
    with transaction.atomic():
        table = TableGame.objects.select_for_update().filter(code=code.strip().upper()).first()
        if table is None:
            raise TableError("There is no game with this code. Check the code shown on the other phone.")
        if table.seat_of(user) is not None:
            return table
        if table.seat2_id is not None:
            raise TableError("Both seats of this game are taken.")
        table.seat2 = user
        table.status = TableStatus.PLAYING
        table.version += 1
        table.save(update_fields=["seat2", "status", "version", "updated_at"])
        return table


# -- the replay ----------------------------------------------------------------------------------------
def load(code: str, *, lock: bool = False) -> TableGame | None:
    """The table ``code`` (None if there is none), its entries from this process's cache when the row
    is at the version held here; otherwise the whole row is read, so its version and entries agree even
    when another post committed in between. ``lock``: select_for_update, for a change."""
    rows = TableGame.objects.filter(code=code)
    rows = rows.select_for_update() if lock else rows.select_related("game_log")
    table = rows.defer("entries").first()
    if table is None:
        return None
    seen = _held(table.pk)
    if seen is not None and seen.version == table.version:
        table.entries = seen.entries
    else:
        table.refresh_from_db()
    return table


def replay_of(table: TableGame):
    """The engine's replay after every stored event, as a copy the caller may change."""
    seen = _held(table.pk)
    if seen is not None and seen.version == table.version:
        return seen.replay.copy()
    events = table.events
    replay = None
    if seen is not None and _extends(events, seen.entries):
        replay = seen.replay.copy()
    if replay is None:
        replay = engine.session.start(engine.session.with_seed(table.header, table.seed))
    for event in events[replay.events_applied :]:
        replay.apply(replay.events_applied, event)
    _remember_when_committed(table, replay)
    return replay.copy()


def _extends(events: list, entries: list) -> bool:
    """``events`` start with ``entries``' events (no undo in between)."""
    return len(entries) <= len(events) and [e["event"] for e in entries] == events[: len(entries)]


def _held(table_id: int) -> _Seen | None:
    with _cache_lock:
        return _seen.get(table_id)


def _remember_when_committed(table: TableGame, replay) -> None:
    """Remember ``table`` at its version once what this transaction wrote is committed (at once outside
    a transaction): a version rolled back and then stored again with other entries is never served."""
    transaction.on_commit(partial(_remember, table.pk, table.version, table.entries, replay))


def _remember(table_id: int, version: int, entries: list, replay) -> None:
    with _cache_lock:
        _seen[table_id] = _Seen(version, entries, replay)
        _seen.move_to_end(table_id)
        while len(_seen) > _CACHE_SIZE:
            _seen.popitem(last=False)


def player_id(seat: int) -> str:
    return f"p{seat}"


def actor_of(event: dict, view: dict) -> str | None:
    """The player an event speaks for: its ``player``, or the owner of its ``character``."""
    if event.get("player"):
        return event["player"]
    ref = event.get("character")
    for unit in view.get("units", []):
        if unit["ref"] == ref:
            return unit["player"]
    to_act = view.get("to_act") or []
    return to_act[0] if len(to_act) == 1 else None


def _check_turn(table: TableGame, event: dict, view: dict, seat: int) -> None:
    """Refuse an event this seat may not enter (the engine then checks the rules)."""
    if "to_act" not in view:
        if player_id(seat) not in deciders(event, view, table.header["players"]):
            raise NotYourTurn("That is the other player's move.")
        return
    actor = actor_of(event, view)
    if actor != player_id(seat):
        raise NotYourTurn("That is the other player's move.")
    if event["type"] not in ANYONE_MAY and actor not in (view.get("to_act") or []):
        raise NotYourTurn("It is not your turn: wait for the other player.")


# -- what players do -----------------------------------------------------------------------------------
def post_event(code: str, user, event, expected_version: int, cid: str | None = None) -> TableGame:
    """Check ``event`` with the engine and store it; raises a TableError saying what is wrong.

    ``cid`` is the page's id for this entry: a resend of an event already stored (its answer was lost
    with the connection) returns the table unchanged instead of storing it twice."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise TableError("An event is an object with a type.")
    with transaction.atomic():
        table = _locked(code, user, None)
        if cid and any(entry.get("cid") == cid for entry in table.entries[-4:]):
            return table
        if table.version != expected_version:
            raise Stale("The game moved on on the other phone: here is where it is now.")
        if table.status != TableStatus.PLAYING:
            raise TableError("This game is not being played: " + table.get_status_display().lower() + ".")
        seat = table.seat_of(user)
        replay = replay_of(table)
        view = replay.view()
        _check_turn(table, event, view, seat)
        try:
            said = engine.session.step(replay, event)
        except engine.IllegalEvent as exc:
            raise Refused(table.game, exc.rule, exc.message) from None
        except engine.UnreadableLog as exc:
            raise Refused(table.game, exc.rule, exc.message) from None
        entry = {"event": event, "text": said["text"], "rolls": said["rolls"], "seat": seat, "cid": cid or ""}
        entry = json.loads(json.dumps(entry))  # as the database gives it back: the cache holds the same
        table.entries = [*table.entries, entry]
        table.version += 1
        table.last_confirmed = False
        fields = ["entries", "version", "last_confirmed", "updated_at"]
        if is_over(replay.view()):
            table.status = TableStatus.OVER
            fields.append("status")
        _save_appended(table, entry, fields)
        _remember_when_committed(table, replay)
        if table.status == TableStatus.OVER:
            _send_log(table)
    return table


class _Appended(Func):
    """PostgreSQL's ``jsonb || jsonb``: the stored array with the new entries added at its end."""

    template = "(%(expressions)s)"
    arg_joiner = " || "
    output_field = JSONField()


def _save_appended(table: TableGame, entry: dict, fields: list[str]) -> None:
    """Save ``fields`` of ``table`` whose entries gained ``entry`` at the end. PostgreSQL is sent only
    the new entry, not the whole game again (late in a game that is most of a post's database work)."""
    if connection.vendor != "postgresql":
        table.save(update_fields=fields)
        return
    table.updated_at = timezone.now()
    values = {name: getattr(table, name) for name in fields if name != "entries"}
    appended = _Appended(F("entries"), Value([entry], output_field=JSONField()))
    TableGame.objects.filter(pk=table.pk).update(entries=appended, **values)


def dice_needed(code: str, user, event) -> dict:
    """What this player must enter from the table for ``event`` before posting it (recorded dice, LOG-4):
    ``{"event", "needs"}`` from the engine (engine.session.dice_needed), nothing stored. An event the
    rules refuse whatever the dice is refused here already, with the engine's reason."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise TableError("An event is an object with a type.")
    table = load(code)
    if table is None or table.seat_of(user) is None:
        raise TableError("There is no such game at your table.")
    if table.status != TableStatus.PLAYING:
        raise TableError("This game is not being played: " + table.get_status_display().lower() + ".")
    replay = replay_of(table)
    _check_turn(table, event, replay.view(), table.seat_of(user))
    try:
        return engine.session.dice_needed(replay, event)
    except (engine.IllegalEvent, engine.UnreadableLog) as exc:
        raise Refused(table.game, exc.rule, exc.message) from None


def undo(code: str, user, expected_version: int) -> TableGame:
    """Take back the last event, if this player logged it and the opponent has not confirmed it."""
    with transaction.atomic():
        table = _locked(code, user, expected_version)
        if not table.entries:
            raise TableError("There is nothing to undo.")
        if table.entries[-1]["seat"] != table.seat_of(user):
            raise TableError("Only the player who entered the last event can undo it.")
        if table.last_confirmed:
            raise TableError("The other player confirmed this event: it can no longer be undone.")
        if table.status not in (TableStatus.PLAYING, TableStatus.OVER) or table.game_log_id is not None:
            raise TableError("The game is over and its log was sent: it can no longer be undone.")
        table.entries = table.entries[:-1]
        table.version += 1
        table.last_confirmed = True
        table.save(update_fields=["entries", "version", "last_confirmed", "updated_at"])
    return table


def confirm_last(code: str, user, expected_version: int) -> TableGame:
    """The opponent of whoever logged the last event agrees it happened so: it can no longer be undone."""
    with transaction.atomic():
        table = _locked(code, user, expected_version)
        if table.entries and table.entries[-1]["seat"] != table.seat_of(user) and not table.last_confirmed:
            table.last_confirmed = True
            table.version += 1
            table.save(update_fields=["last_confirmed", "version", "updated_at"])
    return table


def confirm_result(code: str, user) -> TableGame:
    with transaction.atomic():
        table = _locked(code, user, None)
        if table.status not in (TableStatus.OVER, TableStatus.CONFIRMED):
            raise TableError("The game is not over yet.")
        seat = table.seat_of(user)
        if seat not in table.result_confirmed:
            table.result_confirmed = sorted([*table.result_confirmed, seat])
            # Every seated player confirms: one in a solo game (no second seat), else both.
            if len(table.result_confirmed) == (1 if table.seat2_id is None else 2):
                table.status = TableStatus.CONFIRMED
            table.version += 1
            table.save(update_fields=["result_confirmed", "status", "version", "updated_at"])
    return table


def _locked(code: str, user, expected_version: int | None) -> TableGame:
    table = load(code, lock=True)
    if table is None or table.seat_of(user) is None:
        raise TableError("There is no such game at your table.")
    if expected_version is not None and table.version != expected_version:
        raise Stale("The game moved on on the other phone: here is where it is now.")
    return table


# -- the log -------------------------------------------------------------------------------------------
def log_document(table: TableGame) -> dict:
    """The game as a log file so far. The seed is revealed only once the game is over (LOG-4)."""
    header = table.header
    if table.status in (TableStatus.OVER, TableStatus.CONFIRMED):
        header = engine.session.with_seed(header, table.seed)
    return {**header, "events": table.events}


def _send_log(table: TableGame) -> None:
    """Send the finished game through the normal pipeline (stored, queued, verified by a worker), for
    both players, and attach the log to the table."""
    data = json.dumps(log_document(table), indent=1).encode("utf-8")
    if table.match_ref:
        from play import matches

        attached = matches.attach(table, data)
        if attached is not None:
            if table.seat2 is not None:
                submit_log(table.seat2, data, source=LogSource.WEB, filename=f"table-{table.code}.json")
            table.game_log = attached
            table.save(update_fields=["game_log"])
            return
    if table.challenge_ref:
        from play import challenges

        try:
            entered = challenges.enter(table, data)
        except UploadRejected:
            return  # as below: the game stays stored as played, its log file offered for download
        table.save(update_fields=["challenge_ref"])
        if entered is not None:
            if table.seat2 is not None:
                submit_log(table.seat2, data, source=LogSource.WEB, filename=f"table-{table.code}.json")
            table.game_log = entered
            table.save(update_fields=["game_log"])
            return
    try:
        submitted = submit_log(table.seat1, data, source=LogSource.WEB, filename=f"table-{table.code}.json")
    except UploadRejected:
        return  # the game stays stored as played; the page offers its log file for download
    if table.seat2 is not None:
        submit_log(table.seat2, data, source=LogSource.WEB, filename=f"table-{table.code}.json")
    table.game_log = submitted.log
    table.save(update_fields=["game_log"])


# -- what a page shows ---------------------------------------------------------------------------------
def _challenge_payload(table: TableGame) -> dict | None:
    """For a challenge's game: its title and page, and once the game is over where its entry stands."""
    ref = table.challenge_ref
    if not ref:
        return None
    return {
        "title": ref.get("title", ref.get("challenge", "")),
        "url": reverse("challenges:detail", args=[ref["challenge"]]),
        "entered": bool(ref.get("entry")),
        "problem": ref.get("problem", ""),
    }


def _controls(player: dict) -> list[str]:
    """The characters a header player controls, when the force lists them (Eternia's heroes; a co-op
    player controls some of the team's, FE-18.1.2); [] for a force given by id or as a list."""
    force = player.get("force")
    return list(force) if isinstance(force, list) and all(isinstance(h, str) for h in force) else []


def state_payload(table: TableGame, user, *, with_board: bool = False) -> dict:
    """Everything the table page shows for ``user``: the view, the offers that are theirs (hidden
    cards stay hidden: a player is offered only their own), the events so far, and the commitment."""
    seat = table.seat_of(user)
    replay = replay_of(table)
    view = replay.view()
    mine = player_id(seat) if seat else None
    recorded = table.mode == DiceMode.RECORDED
    offers = []
    if "to_act" not in view:  # a game without to_act: play.seats says whose each offer is
        if table.status == TableStatus.PLAYING and mine:
            players = table.header["players"]
            offers = [
                o
                for o in engine.session.offers(replay, recorded=recorded)
                if mine in deciders(o["event"], view, players)
            ]
    elif table.status == TableStatus.PLAYING and mine in (view.get("to_act") or []):
        offers = [
            o for o in engine.session.offers(replay, recorded=recorded) if actor_of(o["event"], view) == mine
        ]
    over = table.status in (TableStatus.OVER, TableStatus.CONFIRMED)
    last = table.entries[-1] if table.entries else None
    payload = {
        "code": table.code,
        "game": table.game,
        "version": table.version,
        "status": table.status,
        "status_text": table.get_status_display(),
        "seat": seat,
        "player": mine,
        "players": [
            {"id": p["id"], "name": p["name"], "faction": p["faction"], "controls": _controls(p)}
            for p in table.header["players"]
        ],
        "seated": [table.seat1_id is not None, table.seat2_id is not None],
        "my_turn": bool(offers),
        "view": view,
        "offers": offers,
        "events": [
            {"index": i, "text": e["text"], "rolls": e["rolls"], "seat": e["seat"], "cid": e.get("cid", "")}
            for i, e in enumerate(table.entries)
        ],
        "can_undo": bool(last)
        and last["seat"] == seat
        and not table.last_confirmed
        and table.game_log_id is None,
        "can_confirm": bool(last) and last["seat"] != seat and not table.last_confirmed,
        "randomness": {
            "mode": table.mode,
            "commitment": table.header.get("randomness", {}).get("commitment"),
            "seed": table.seed if over else None,
        },
        "result_confirmed": table.result_confirmed,
        "log_url": table.game_log.get_absolute_url() if table.game_log_id else None,
        "download_url": reverse("play:log", args=[table.code]),
        "challenge": _challenge_payload(table),
    }
    if with_board:
        payload["board"] = engine.session.board(replay)
    return payload
