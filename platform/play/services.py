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
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import partial

from django.db import connection, transaction
from django.db.models import F, Func, JSONField, Value
from django.urls import reverse
from django.utils import timezone

import engine
from play.errors import NotYourTurn, Refused, Stale, TableError
from play.models import DiceMode, TableGame, TableStatus
from play.tables import account_name, controls_of

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


def may_enter(replay, event: dict) -> set[str]:
    """The header players on whose behalf ``event`` may be entered now (the engine's
    ``Replay.actors``; whether the rules accept it is checked when it is posted)."""
    return set(engine.session.actors(replay, event))


def _check_turn(replay, event: dict, mine: dict[str, int]) -> int:
    """Refuse an event this phone may not enter (the engine then checks the rules); the seat it is
    entered for. ``mine``: the header players of the phone's seats, with their seat numbers."""
    actors = engine.session.actors(replay, event)
    allowed = sorted(mine[p] for p in actors if p in mine)
    if allowed:
        return allowed[0]
    if actors:
        raise NotYourTurn("That is the other player's move.")
    raise NotYourTurn("It is not your turn: wait for the other player.")


def _mine(table: TableGame, user) -> dict[str, int]:
    """The header players ``user`` plays at ``table``, with their seat numbers."""
    return {seat.player: seat.number for seat in table.seats_of(user)}


# -- what players do -----------------------------------------------------------------------------------
def post_event(code: str, user, event, expected_version: int, cid: str | None = None) -> TableGame:
    """Check ``event`` with the engine and store it; raises a TableError saying what is wrong. The
    table returned has ``just_ended`` set when this event ended the game (its log is then sent by the
    caller, play.finish).

    ``cid`` is the page's id for this entry: a resend of an event already stored (its answer was lost
    with the connection) returns the table unchanged instead of storing it twice."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise TableError("An event is an object with a type.")
    with transaction.atomic():
        table = _locked(code, user, None)
        table.just_ended = False
        if cid and any(entry.get("cid") == cid for entry in table.entries[-4:]):
            return table
        if table.version != expected_version:
            raise Stale("The game moved on on the other phone: here is where it is now.")
        if table.status != TableStatus.PLAYING:
            raise TableError("This game is not being played: " + table.get_status_display().lower() + ".")
        replay = replay_of(table)
        seat = _check_turn(replay, event, _mine(table, user))
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
        if engine.session.is_over(replay):
            table.status = TableStatus.OVER
            table.just_ended = True
            fields.append("status")
        _save_appended(table, entry, fields)
        _remember_when_committed(table, replay)
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
    _check_turn(replay, event, _mine(table, user))
    try:
        return engine.session.dice_needed(replay, event)
    except (engine.IllegalEvent, engine.UnreadableLog) as exc:
        raise Refused(table.game, exc.rule, exc.message) from None


def _my_numbers(table: TableGame, user) -> set[int]:
    return {seat.number for seat in table.seats_of(user)}


def undo(code: str, user, expected_version: int) -> TableGame:
    """Take back the last event, if this phone logged it and no other has confirmed it."""
    with transaction.atomic():
        table = _locked(code, user, expected_version)
        if not table.entries:
            raise TableError("There is nothing to undo.")
        if table.entries[-1]["seat"] not in _my_numbers(table, user):
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
    """Another phone than the one that logged the last event agrees it happened so: it can no longer be
    undone."""
    with transaction.atomic():
        table = _locked(code, user, expected_version)
        mine = _my_numbers(table, user)
        if table.entries and table.entries[-1]["seat"] not in mine and not table.last_confirmed:
            table.last_confirmed = True
            table.version += 1
            table.save(update_fields=["last_confirmed", "version", "updated_at"])
    return table


def confirm_result(code: str, user) -> TableGame:
    """This phone confirms the result for every seat it holds; the result is confirmed once every seat
    has (one tap for a phone that plays them all)."""
    with transaction.atomic():
        table = _locked(code, user, None)
        if table.status not in (TableStatus.OVER, TableStatus.CONFIRMED):
            raise TableError("The game is not over yet.")
        mine = [seat for seat in table.seats_of(user) if not seat.confirmed]
        if mine:
            for seat in mine:
                seat.confirmed = True
                seat.save(update_fields=["confirmed"])
            if all(seat.confirmed for seat in table.seat_list()):
                table.status = TableStatus.CONFIRMED
            table.version += 1
            table.save(update_fields=["status", "version", "updated_at"])
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


def _result(replay, table: TableGame) -> dict | None:
    """The engine's generic result in names: the winners and each header player's score."""
    try:
        result = replay.result()
    except Exception:  # a replay that cannot give its result before the log is finished
        return None
    names = {p["id"]: p["name"] for p in table.header["players"]}
    seats = result.get("seats") or []
    return {
        "winners": [names.get(str(s.get("seat")), s.get("seat")) for s in seats if s.get("outcome") == "win"],
        "scores": [
            {"name": names.get(str(s.get("seat")), str(s.get("seat"))), "score": s.get("score")}
            for s in seats
            if str(s.get("seat")) in names
        ],
        "outcome": result.get("outcome") or "",
    }


def state_payload(table: TableGame, user, *, with_board: bool = False) -> dict:
    """Everything the table page shows for ``user``: the view, the offers that are theirs (hidden
    cards stay hidden: a player is offered only their own), the seats and who holds each, the events so
    far, and the commitment."""
    seats = table.seat_list()
    mine = _mine(table, user)
    numbers = sorted(mine.values())
    replay = replay_of(table)
    view = replay.view()
    recorded = table.mode == DiceMode.RECORDED
    playing = table.status == TableStatus.PLAYING
    who = set(engine.session.to_act(replay)) if playing else set()
    offers: list[dict] = []
    if playing and who & set(mine):
        everyone = engine.session.offers(replay, recorded=recorded)
        offers = [o for o in everyone if may_enter(replay, o["event"]) & set(mine)]
    over = table.status in (TableStatus.OVER, TableStatus.CONFIRMED)
    last = table.entries[-1] if table.entries else None
    names = {p["id"]: p["name"] for p in table.header["players"]}
    teams = engine.session.teams(replay)
    payload = {
        "code": table.code,
        "game": table.game,
        "version": table.version,
        "status": table.status,
        "status_text": table.get_status_display(),
        "seat": numbers[0] if numbers else None,
        "my_seats": numbers,
        "player": next(iter(sorted(mine, key=mine.get)), None),
        "players": [
            {
                "id": p["id"],
                "name": p["name"],
                "faction": p["faction"],
                "controls": controls_of(p),
                "team": teams.get(p["id"], ""),
            }
            for p in table.header["players"]
        ],
        "against_game": engine.session.against_game(replay),
        "seats": [
            {
                "number": s.number,
                "player": s.player,
                "name": names.get(s.player, s.player),
                "account": account_name(s.user) if s.user_id else None,
                "joined": s.user_id is not None,
                "mine": s.number in numbers,
                "team": s.team,
                "controls": list(s.controls or []),
                "to_act": s.player in who,
                "confirmed": s.confirmed,
            }
            for s in seats
        ],
        "seated": [s.user_id is not None for s in seats],
        "to_act": sorted(who),
        "my_turn": bool(offers),
        "view": view,
        "offers": offers,
        "events": [
            {"index": i, "text": e["text"], "rolls": e["rolls"], "seat": e["seat"], "cid": e.get("cid", "")}
            for i, e in enumerate(table.entries)
        ],
        "can_undo": bool(last)
        and last["seat"] in numbers
        and not table.last_confirmed
        and table.game_log_id is None,
        "can_confirm": bool(last)
        and bool(numbers)
        and last["seat"] not in numbers
        and not table.last_confirmed,
        "randomness": {
            "mode": table.mode,
            "commitment": table.header.get("randomness", {}).get("commitment"),
            "seed": table.seed if over else None,
        },
        "result": _result(replay, table) if over else None,
        "result_confirmed": [s.number for s in seats if s.confirmed],
        "log_url": table.game_log.get_absolute_url() if table.game_log_id else None,
        "download_url": reverse("play:log", args=[table.code]),
        "challenge": _challenge_payload(table),
    }
    if with_board:
        payload["board"] = engine.session.board(replay)
    return payload
