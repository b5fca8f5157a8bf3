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
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import partial

from django.db import connection, transaction
from django.db.models import F, Func, JSONField, Value
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
import games
from narration import catalog as narration
from play import live
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
# (table id, version) → what every seat's state shares: who is to act, everything offered. The engine
# works these out once a version, however many seats' states are shown (play.live renders one a seat).
_shared: OrderedDict[tuple[int, int], dict] = OrderedDict()
# code → (when read, the table): the row table_state read last, for the other seats told of that version.
_recent: OrderedDict[str, tuple[float, TableGame]] = OrderedDict()
RECENT_SECONDS = 2.0


# -- the replay ----------------------------------------------------------------------------------------
def load(code: str, *, lock: bool = False, at_least: int | None = None) -> TableGame | None:
    """The table ``code`` (None if there is none), its entries from this process's cache when the row
    is at the version held here; otherwise the whole row is read, so its version and entries agree even
    when another post committed in between. ``lock``: select_for_update, for a change. ``at_least``: a
    version published by another process's change (so not the one held here): the whole row is read at
    once, in one query instead of two."""
    rows = TableGame.objects.filter(code=code)
    rows = rows.select_for_update() if lock else rows.select_related("game_log")
    if at_least is not None and not lock:
        return rows.first()
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


def _once(table: TableGame, what: str, work):
    """``work()``, worked out once for ``table`` at its version in this process (``_shared``). Inside a
    transaction it is not kept: a version rolled back may be stored again with other events."""
    if connection.in_atomic_block:
        return work()
    key = (table.pk, table.version)
    with _cache_lock:
        held = _shared.get(key, {})
        if what in held:
            return held[what]
    value = work()
    with _cache_lock:
        _shared.setdefault(key, {})[what] = value
        _shared.move_to_end(key)
        while len(_shared) > _CACHE_SIZE:
            _shared.popitem(last=False)
    return value


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
        raise NotYourTurn(_("That is the other player's move."))
    raise NotYourTurn(_("It is not your turn: wait for the other player."))


def _mine(table: TableGame, user) -> dict[str, int]:
    """The header players ``user`` plays at ``table``, with their seat numbers."""
    return {seat.player: seat.number for seat in table.seats_of(user)}


# -- what players do -----------------------------------------------------------------------------------
def post_event(
    code: str,
    user,
    event,
    expected_version: int | None,
    cid: str | None = None,
    expected_events: int | None = None,
) -> TableGame:
    """Check ``event`` with the engine and store it; raises a TableError saying what is wrong. The
    table returned has ``just_ended`` set when this event ended the game (its log is then sent by the
    caller, play.finish).

    ``cid`` is the page's id for this entry: a resend of an event already stored (its answer was lost
    with the connection) returns the table unchanged instead of storing it twice.

    ``expected_events``: the number of events the page saw when the player tapped. Only an event stored
    since then (another player really acted at once) makes the tap stale; a seat joining, a result
    confirmed or a log attached (which change the version, for the pages' polls) do not. Without it the
    version the page saw must be the table's."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise TableError(_("An event is an object with a type."))
    with transaction.atomic():
        table = _locked(code, user, None)
        table.just_ended = False
        if cid and any(entry.get("cid") == cid for entry in table.entries[-4:]):
            return table
        if expected_events is not None:
            if len(table.entries) != expected_events:
                raise Stale(_("Another event was entered meanwhile: here is where the game is now."))
        elif table.version != expected_version:
            raise Stale(_("The game moved on on the other phone: here is where it is now."))
        if table.status != TableStatus.PLAYING:
            raise TableError(
                _("This game is not being played: %(status)s.")
                % {"status": table.get_status_display().lower()}
            )
        replay = replay_of(table)
        seat = _check_turn(replay, event, _mine(table, user))
        try:
            said = engine.session.step(replay, event)
        except engine.IllegalEvent as exc:
            raise Refused(table.game, exc.rule, exc.message) from None
        except engine.UnreadableLog as exc:
            raise Refused(table.game, exc.rule, exc.message) from None
        entry = {"event": event, "text": said["text"], "said": said.get("said"), "rolls": said["rolls"],
                 "seat": seat, "cid": cid or ""}  # fmt: skip
        _store(table, replay, [entry, *_forced_entries(table, replay)], by=user)
    return table


SITE = 0  # the seat number of an entry the site logged itself: a step the rules leave no choice in


def _forced_entries(table: TableGame, replay) -> list[dict]:
    """Apply to ``replay`` every event the rules now leave no choice in (engine.session.forced): the
    site logs them, nobody is asked. Stops at a choice, at dice the table must read, or at the end."""
    recorded = table.mode == DiceMode.RECORDED
    entries = []
    while (event := engine.session.forced(replay, recorded=recorded)) is not None:
        said = engine.session.step(replay, event)
        entries.append(
            {
                "event": event,
                "text": said["text"],
                "said": said.get("said"),
                "rolls": said["rolls"],
                "seat": SITE,
                "cid": "",
            }  # fmt: skip
        )
    return entries


def _store(table: TableGame, replay, entries: list[dict], by=None) -> None:
    """Append ``entries`` (already applied to ``replay``) to ``table`` and save, in the caller's
    transaction; the game's end marks the table over (``just_ended``: its log is sent by the caller).
    ``by``: the account that entered them (None for the site's own steps)."""
    entries = json.loads(json.dumps(entries))  # as the database gives them back: the cache holds the same
    kept = len(table.entries)
    table.entries = [*table.entries, *entries]
    table.version += 1
    fields = ["entries", "version", "updated_at"]
    if engine.session.is_over(replay):
        table.status = TableStatus.OVER
        table.just_ended = True
        fields.append("status")
    _save_appended(table, entries, fields)
    _remember_when_committed(table, replay)
    live.changed(table.code, table.version, kept=kept, by=by)


def settle(code: str) -> TableGame | None:
    """Log the steps the rules leave no choice in at a table that is playing (its first steps once
    every seat is held, say); the table, with ``just_ended`` set when that ended the game."""
    with transaction.atomic():
        table = load(code, lock=True)
        if table is None:
            return None
        table.just_ended = False
        if table.status != TableStatus.PLAYING:
            return table
        replay = replay_of(table)
        entries = _forced_entries(table, replay)
        if entries:
            _store(table, replay, entries)
    return table


class _Appended(Func):
    """PostgreSQL's ``jsonb || jsonb``: the stored array with the new entries added at its end."""

    template = "(%(expressions)s)"
    arg_joiner = " || "
    output_field = JSONField()


def _save_appended(table: TableGame, entries: list[dict], fields: list[str]) -> None:
    """Save ``fields`` of ``table`` whose entries gained ``entries`` at the end. PostgreSQL is sent only
    the new entries, not the whole game again (late in a game that is most of a post's database work)."""
    if connection.vendor != "postgresql":
        table.save(update_fields=fields)
        return
    table.updated_at = timezone.now()
    values = {name: getattr(table, name) for name in fields if name != "entries"}
    appended = _Appended(F("entries"), Value(entries, output_field=JSONField()))
    TableGame.objects.filter(pk=table.pk).update(entries=appended, **values)


def dice_needed(code: str, user, event) -> dict:
    """What this player must enter from the table for ``event`` before posting it (recorded dice, LOG-4):
    ``{"event", "needs"}`` from the engine with their grids (engine.session.dice_entry), nothing stored. An event the
    rules refuse whatever the dice is refused here already, with the engine's reason."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise TableError(_("An event is an object with a type."))
    table = load(code)
    if table is None or table.seat_of(user) is None:
        raise TableError(_("There is no such game at your table."))
    if table.status != TableStatus.PLAYING:
        raise TableError(
            _("This game is not being played: %(status)s.") % {"status": table.get_status_display().lower()}
        )
    replay = replay_of(table)
    _check_turn(replay, event, _mine(table, user))
    try:
        entry = engine.session.dice_entry(replay, event)
    except (engine.IllegalEvent, engine.UnreadableLog) as exc:
        raise Refused(table.game, exc.rule, exc.message) from None
    # The prompts, notes, rows and faces in the reader's language (narration catalogs); the event as it is.
    return {**entry, "needs": narration.localised_said(entry.get("needs", []))}


def _my_numbers(table: TableGame, user) -> set[int]:
    return {seat.number for seat in table.seats_of(user)}


def _last_entered(entries: list[dict]) -> int | None:
    """The index of the last event a player entered (the site's forced steps after it not counted)."""
    return next((i for i in range(len(entries) - 1, -1, -1) if entries[i]["seat"] != SITE), None)


def may_undo(table: TableGame, numbers) -> bool:
    """Whether the phone holding seats ``numbers`` may take back the last event a player entered: its
    own, and no player entered one since (the steps the site logged after it go with it)."""
    last = _last_entered(table.entries)
    return (
        last is not None
        and table.entries[last]["seat"] in numbers
        and table.status in (TableStatus.PLAYING, TableStatus.OVER)
        and table.game_log_id is None
    )


def undo(
    code: str, user, expected_version: int | None = None, expected_events: int | None = None
) -> TableGame:
    """Take back this phone's last event, with the steps the site logged after it, until another event
    is entered. ``expected_events``: the number of events the page saw (another phone's event since
    then makes the undo stale)."""
    with transaction.atomic():
        table = _locked(code, user, None if expected_events is not None else expected_version)
        if expected_events is not None and len(table.entries) != expected_events:
            raise Stale(_("Another event was entered meanwhile: here is where the game is now."))
        last = _last_entered(table.entries)
        if last is None:
            raise TableError(_("There is nothing to undo."))
        if not may_undo(table, _my_numbers(table, user)):
            if table.game_log_id is not None:
                raise TableError(_("The game is over and its log was sent: it can no longer be undone."))
            raise TableError(_("Only the player who entered the last event can undo it."))
        table.entries = table.entries[:last]
        table.version += 1
        table.status = TableStatus.PLAYING
        table.save(update_fields=["entries", "version", "status", "updated_at"])
        live.changed(table.code, table.version, kept=last, by=user)
    return table


def confirm_result(code: str, user) -> TableGame:
    """This phone confirms the result for every seat it holds; the result is confirmed once every seat
    has (one tap for a phone that plays them all)."""
    with transaction.atomic():
        table = _locked(code, user, None)
        if table.status not in (TableStatus.OVER, TableStatus.CONFIRMED):
            raise TableError(_("The game is not over yet."))
        mine = [seat for seat in table.seats_of(user) if not seat.confirmed]
        if mine:
            for seat in mine:
                seat.confirmed = True
                seat.save(update_fields=["confirmed"])
            if all(seat.confirmed for seat in table.seat_list()):
                table.status = TableStatus.CONFIRMED
            table.version += 1
            table.save(update_fields=["status", "version", "updated_at"])
            live.changed(table.code, table.version, kept=len(table.entries), by=user)
    return table


def abandon(code: str, user) -> TableGame:
    """This phone agrees to abandon the game; it is abandoned once every seated account agrees, or at
    once when the one who opened the table (seat 1) asks. An abandoned game keeps its events but sends no
    log and leaves "Your games"."""
    with transaction.atomic():
        table = _locked(code, user, None)
        if table.status not in (TableStatus.WAITING, TableStatus.PLAYING):
            raise TableError(_("Only a game that is not over can be abandoned."))
        seats = table.seat_list()
        for seat in table.seats_of(user):
            seat.abandon = True
            seat.save(update_fields=["abandon"])
        organizer = seats and seats[0].user_id == user.pk
        if organizer or all(seat.abandon for seat in seats if seat.user_id is not None):
            table.status = TableStatus.ABANDONED
        table.version += 1
        table.save(update_fields=["status", "version", "updated_at"])
        live.changed(table.code, table.version, kept=len(table.entries), by=user)
    return table


def _locked(code: str, user, expected_version: int | None) -> TableGame:
    table = load(code, lock=True)
    if table is None or table.seat_of(user) is None:
        raise TableError(_("There is no such game at your table."))
    if expected_version is not None and table.version != expected_version:
        raise Stale(_("The game moved on on the other phone: here is where it is now."))
    return table


# -- the log -------------------------------------------------------------------------------------------
def log_document(table: TableGame, user=None) -> dict:
    """The game as a log file so far. The seed is revealed only once the game is over (LOG-4); until
    then ``user``'s download leaves out what the rules hide from their seats (another player's face-down
    units, HR-17.2.8: engine.session.header_for)."""
    header = table.header
    if table.status in (TableStatus.OVER, TableStatus.CONFIRMED):
        header = engine.session.with_seed(header, table.seed)
    elif user is not None:
        header = engine.session.header_for(replay_of(table), header, _mine(table, user))
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
    winners = [names.get(str(s.get("seat")), s.get("seat")) for s in seats if s.get("outcome") == "win"]
    return {
        "winners": winners,
        # Solo or co-op (FE-18, HR-13, HR-14): nobody won, every player lost, so the game won.
        "game_won": bool(seats)
        and not winners
        and engine.session.against_game(replay)
        and all(s.get("outcome") == "loss" for s in seats),
        "scores": [
            {"name": names.get(str(s.get("seat")), str(s.get("seat"))), "score": s.get("score")}
            for s in seats
            if str(s.get("seat")) in names
        ],
        "outcome": result.get("outcome") or "",
        # what the scores count (Battleground's and Eternia's victory points, Hoplomachus' crowd favour)
        "score_label": _(games.plugin(table.game).score_label),
    }


def _first_player(replay, game: str, names: dict) -> dict | None:
    """Who starts, as the rules decide it (engine.session.starting_player): drawn by the site's dice from the
    committed seed when the rules say at random (HR-15.2.2), or as the table entered it with real dice."""
    first = engine.session.starting_player(replay)
    if first is None:
        return None
    return {
        **first,
        "name": names.get(first["player"], first["player"]),
        "rule_url": reverse("rulebook:rule", args=[game, first["rule"]]),
    }


def state_payload(table: TableGame, user, *, with_board: bool = False) -> dict:
    """Everything the table page shows for ``user``: the view, the offers that are theirs (hidden
    cards stay hidden: a player is offered only their own), the seats and who holds each, the events so
    far, and the commitment."""
    return seat_payload(table, _mine(table, user), with_board=with_board)


def table_state(code: str, mine: dict[str, int], version: int | None = None) -> dict | None:
    """``seat_payload`` of table ``code`` as it is now (None when there is none): what play.live's
    stream sends a phone. ``version``: the one published, so at least that. The phones at the other seats
    are told the same version at once, so the row read for the first of them (its version, entries and
    seats) serves the others: a row at that version or later read less than ``RECENT_SECONDS`` ago is
    not read again (a version is never stored twice, so it is the row as it is at that version)."""
    table = _recent_table(code, version) if version is not None else None
    if table is None:
        table = load(code, at_least=version)
        if table is None:
            return None
        table.seat_list()  # read now, kept with the table for the other seats
        with _cache_lock:
            _recent[code] = (time.monotonic(), table)
            _recent.move_to_end(code)
            while len(_recent) > _CACHE_SIZE:
                _recent.popitem(last=False)
    return seat_payload(table, mine)


def watch_payload(table: TableGame, *, with_board: bool = False) -> dict:
    """What the spectator link (play:watch) shows: the state for no seat, so nothing any seat keeps hidden
    (engine.session.view_for with no player: every face-down unit left out, HR-17.2.8), no offers, no
    concession, no undo; and neither the join code (it takes a free seat) nor the seated players' log
    download."""
    payload = seat_payload(table, {}, with_board=with_board)
    payload.update(code=None, download_url=None, watching=True)
    return payload


def watch_state(code: str, mine: dict[str, int], version: int | None = None) -> dict | None:
    """``table_state`` for a spectator's stream (play.live.watch_stream, which holds no seat: ``mine`` is
    empty), as ``watch_payload`` words it."""
    payload = table_state(code, {}, version)
    if payload is not None:
        payload.update(code=None, download_url=None, watching=True)
    return payload


def _recent_table(code: str, version: int) -> TableGame | None:
    with _cache_lock:
        recent = _recent.get(code)
    if recent is None or time.monotonic() - recent[0] > RECENT_SECONDS or recent[1].version < version:
        return None
    return recent[1]


def _said_offer(offer: dict) -> dict:
    """An offer with its words in the active language and the language they are in."""
    text, lang = narration.said_in(offer.get("said"), offer["text"])
    return {**offer, "text": text, "lang": lang}


def _said_entry(entry: dict) -> dict:
    """An entry's words and dice in the active language (an entry stored before narration carried its
    template keeps its English)."""
    said = narration.localised_step(entry)
    return {"text": said["text"], "lang": said["lang"], "rolls": said["rolls"]}


def seat_payload(table: TableGame, mine: dict[str, int], *, with_board: bool = False) -> dict:
    """``state_payload`` for the phone holding the seats ``mine`` (header player → seat number): what
    it shows depends on its seats only, so phones holding the same seats are shown the same (play.live
    renders it once per seat and version). The view leaves out what the rules hide from these seats
    (engine.session.view_for: another player's face-down units, HR-17.2.8)."""
    seats = table.seat_list()
    numbers = sorted(mine.values())
    replay = replay_of(table)
    view = narration.localised_view(engine.session.view_for(replay, mine), table.game)
    recorded = table.mode == DiceMode.RECORDED
    playing = table.status == TableStatus.PLAYING
    who = set(_once(table, "to_act", lambda: engine.session.to_act(replay))) if playing else set()
    offers: list[dict] = []
    if playing and who & set(mine):
        everyone = _once(table, "offers", lambda: engine.session.offers(replay, recorded=recorded))
        # Each offer in the phone's language (narration: the engine's template and params, else its English).
        offers = [_said_offer(o) for o in everyone if may_enter(replay, o["event"]) & set(mine)]
    names = {p["id"]: p["name"] for p in table.header["players"]}
    # A concession is never among the offers (legal_events leaves it out): each of this phone's players
    # the engine lets concede now, offered apart behind a confirmation (docs/recorder.md).
    concede = (
        [
            {"event": e, "player": e["player"], "name": names.get(e["player"], e["player"])}
            for e in engine.session.concessions(replay, sorted(mine, key=mine.get))
            if e["player"] in may_enter(replay, e)
        ]
        if playing
        else []
    )
    over = table.status in (TableStatus.OVER, TableStatus.CONFIRMED)
    factions = {p["id"]: p.get("faction_name") or "" for p in replay.player_summaries()}
    teams = engine.session.teams(replay)
    piece = games.plugin(table.game).piece_name  # names, never ids, on the page
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
                "faction": factions.get(p["id"]) or "",  # the content pack's name, never its id
                "controls": controls_of(p),
                "control_names": [piece(c) for c in controls_of(p)],
                "team": teams.get(p["id"], ""),
            }
            for p in table.header["players"]
        ],
        "against_game": engine.session.against_game(replay),
        "first": _first_player(replay, table.game, names),
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
                "control_names": [piece(c) for c in s.controls or []],
                "to_act": s.player in who,
                "confirmed": s.confirmed,
            }
            for s in seats
        ],
        "seated": [s.user_id is not None for s in seats],
        "turn": engine.session.turn(replay),
        "abandon": [s.number for s in seats if s.abandon],
        "organizer": bool(seats) and seats[0].number in numbers,
        "to_act": sorted(who),
        "my_turn": bool(offers),
        "view": view,
        "offers": offers,
        "concede": concede,
        "events": [
            {"index": i, **_said_entry(e), "seat": e["seat"], "cid": e.get("cid", "")}
            for i, e in enumerate(table.entries)
        ],
        "can_undo": may_undo(table, numbers),
        "randomness": {
            "mode": table.mode,
            "commitment": table.header.get("randomness", {}).get("commitment"),
            "seed": table.seed if over else None,
        },
        "result": _result(replay, table) if over else None,
        "result_confirmed": [s.number for s in seats if s.confirmed],
        "log_url": table.game_log.get_absolute_url() if table.game_log_id else None,
        # queued, verifying, then the verdict
        "log_state": table.game_log.state if table.game_log_id else None,
        "download_url": reverse("play:log", args=[table.code]),
        "challenge": _challenge_payload(table),
    }
    if with_board:
        payload["board"] = engine.session.board(replay)
    return payload
