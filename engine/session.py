"""Play and watch a game one event at a time: what the table recorder and the replay viewer need from
the engine, generic over every registered game.

    start(doc, *, content_pack=None) -> Replay      # a replay set up from a log's header (events ignored)
    board(replay) -> dict | None                    # the battlefield as drawing data, if the game has one
    view_for(replay, players) -> dict               # the view as these players' phones may see it
    header_for(replay, header, players) -> dict     # the header as these players may read it mid-game
    step(replay, event) -> dict                     # apply one event; its words and dice; raises as apply
    walk(log, *, content_pack=None) -> dict         # every event of a log with the view after it
    next_events(log, *, content_pack=None) -> dict  # what the game awaits after a log's last event, with examples
    offers(replay, recorded=) -> list[dict]         # legal_events() with each offer in words
    dice_needed(replay, event) -> dict              # recorded dice: what the table rolls for an event
    dice_entry(replay, event) -> dict               # dice_needed with each need's grid, for a recorder
    forced(replay, recorded=) -> dict | None        # the one event the rules leave, when nothing is chosen
    is_over(replay) -> bool                         # the game has ended: the log is complete
    to_act(replay) -> list[str]                     # the header player ids that may log the next event
    turn(replay) -> dict                            # {"round", "phase"}: where the game stands
    actors(replay, event) -> list[str]              # the header player ids that may enter this event
    teams(replay) -> dict[str, str]                 # each header player's team ("" alone)
    against_game(replay) -> bool                    # the players play together against the game
    table_options(game) -> dict                     # what a new game at the table can be set up with
    new_header(game, **choices) -> dict             # the header of a new game (seeded: commitment only)
    with_seed(header, seed_hex) -> dict             # the header with the seed revealed

Every replay has the methods these call (engine.core.ruleset.Replay); a game that has nothing particular
to say inherits ReplayBase's defaults: no board, an event described by its type, no dice to roll.
"""

from __future__ import annotations

import copy
import json

from engine.core import dice_grid
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.core.logfile import parse_envelope
from engine.core.narrate import said_data
from engine.core.registry import ruleset_for
from engine.core.ruleset import Replay, is_legal


def table_options(game: str) -> dict:
    """What a recorder offers to set up a new game of ``game`` (for Battleground: forces and maps)."""
    return ruleset_for(game).table_options()


def new_header(game: str, **choices) -> dict:
    """The log header of a new game of ``game`` from a recorder's choices (see the game's table module).
    A seeded header carries the commitment only: ``start`` needs ``with_seed`` to replay it."""
    return ruleset_for(game).new_header(**choices)


def with_seed(header: dict, seed_hex: str) -> dict:
    """``header`` with its seeded randomness completed by ``seed_hex`` (checked against the commitment
    when the replay starts, LOG-4.2)."""
    randomness = header.get("randomness", {})
    if randomness.get("mode") != "seeded":
        return header
    return {**header, "randomness": {**randomness, "seed": seed_hex}}


def start(doc: dict, *, content_pack: dict | None = None) -> Replay:
    """A replay of ``doc``'s game set up from its header; raises UnreadableLog or IllegalEvent (a bad
    header) with a message a person understands. ``doc["events"]`` is not applied (it may be empty)."""
    return ruleset_for(doc["game"]).start({**doc, "events": []}, content_pack=content_pack)


def board(replay: Replay) -> dict | None:
    """The battlefield of ``replay`` as drawing data (hexes with centres, corners and terrain), or None."""
    return replay.board_geometry()


def view_for(replay: Replay, players) -> dict:
    """``replay.view()`` as the phones of the header players ``players`` may see it: what the rules hide
    from them (another player's face-down pieces, HR-17.2.8) left out."""
    return replay.view_for(list(players))


def header_for(replay: Replay, header: dict, players) -> dict:
    """``header`` (``replay``'s) as the header players ``players`` may read it before the game ends:
    another player's secret setup choices left out (HR-17.2.8)."""
    return replay.header_for(header, list(players))


def step(replay: Replay, event: dict) -> dict:
    """Apply ``event`` as the next event of ``replay``; return ``{"text", "said", "rolls"}`` (``said``: the
    sentence's template and params, engine.core.narrate, None where the game has none). Raises IllegalEvent
    (rule id and reason) or UnreadableLog exactly as ``apply`` does, leaving the replay unusable then:
    check with ``is_legal`` or work on a ``copy()`` when the event may be refused."""
    said = replay.apply_described(replay.events_applied, event)
    return {"said": None, **said}


def offer_words(replay: Replay, event: dict) -> tuple[str, dict | None]:
    """An offer in words: its English and its template and params (None where the game has none)."""
    said = replay.said_offer(event)
    if said is None:
        return replay.describe_offer(event), None
    return str(said), said_data(said)


def offers(replay: Replay, *, recorded: bool = False) -> list[dict]:
    """What may be logged next: ``[{"event", "text", "said", "piece", "place"}]`` from ``legal_events()``,
    each in words (``said``: its template and params), with the piece it acts with and the board space it puts that piece on (``offer_piece``,
    ``offer_place``: None when the game names none), so that a recorder groups and places offers alike for
    every game.

    ``recorded``: the players enter what the table rolled and drew (``dice_needed``), so an offer is
    the choice alone: each offer is stripped of the outcome (``outcome_free``; Eternia lists one ``roll``
    offer per face) and offers alike are listed once."""
    events = replay.legal_events()
    if recorded:
        unique: dict[str, dict] = {}
        for event in events:
            bare = replay.outcome_free(event)
            unique.setdefault(repr(sorted(bare.items())), bare)
        events = list(unique.values())
    out = []
    for event in events:
        text, said = offer_words(replay, event)
        out.append({"event": event, "text": text, "said": said, "piece": replay.offer_piece(event),
                    "place": replay.offer_place(event)})  # fmt: skip
    return out


def dice_needed(replay: Replay, event: dict) -> dict:
    """What the players must roll (and draw) at the table for ``event`` in a game with recorded randomness:
    ``{"event", "needs": [{"path", "kind", "what", ...}]}`` in the order the rules use them (a game's
    replay answers with its ``dice_needed``; see engine/games/<game>/dice_needed.py for each kind's
    fields). With ``"partial": true`` (Hoplomachus) the needs are what is known so far: fill them into
    ``event`` and ask again until ``needs`` is empty. ``needs`` is empty for a seeded game, an event that
    rolls nothing, or a game whose replay cannot say. Raises IllegalEvent or UnreadableLog when the event is refused whatever the dice;
    the replay is not changed."""
    return replay.dice_needed(event)


def dice_entry(replay: Replay, event: dict) -> dict:
    """``dice_needed`` with every need's grid (engine/core/dice_grid.py), what a recorder draws: the game's
    own, or for a need that has none, the grid of its kind (six-sided dice, cards drawn)."""
    answer = dice_needed(replay, event)
    needs = [
        need if "grid" in need else {**need, "grid": _default_grid(need)} for need in answer.get("needs", [])
    ]
    return {**answer, "needs": needs}


def _default_grid(need: dict) -> dict:
    """The grid of a need a game left undrawn, from the kinds every game may use: six-sided dice ("d6",
    ``count``) and cards drawn (``deck``, ``count``, ``one``)."""
    what = need.get("what", "")
    if "deck" in need:
        out = dice_grid.pick(need["deck"], need.get("count", 1), one=bool(need.get("one")), note=what)
    else:
        out = dice_grid.grid(dice_grid.rows(int(need.get("count", 1)), None, dice_grid.d6()), note=what)
    if need.get("what_said"):  # the note is the need's own words: said as they are
        out["note_said"] = need["what_said"]
    return out


def forced(replay: Replay, *, recorded: bool = False) -> dict | None:
    """The next event when the rules leave no choice: the only legal event (a draw or a roll the seed
    decides, a refill, the end of a phase, a scripted step), which a recorder logs without asking anyone.
    None when there is a choice, when the game is over, or (``recorded``) when the one event still needs
    what the table rolls or draws: reading real dice is the players' to do."""
    if replay.is_over():
        return None
    events = replay.legal_events()
    if recorded:
        # Events that differ only in what the table rolls or draws are one choice for the players.
        free = [replay.outcome_free(e) for e in events]
        events = list({repr(sorted(f.items())): f for f in free}.values())
    if len(events) != 1:
        return None
    if recorded and replay.dice_needed(events[0]).get("needs"):
        return None
    return events[0]


def turn(replay: Replay) -> dict:
    """Where the game stands, for a turn line: ``{"round", "phase"}`` (None where the game says none)."""
    return {"round": replay.round_number(), "phase": replay.phase_name()}


def is_over(replay: Replay) -> bool:
    """Whether the game of ``replay`` has ended (nothing more may be logged; its log can be verified)."""
    return replay.is_over()


def to_act(replay: Replay) -> list[str]:
    """The header player ids that may log the next event, in header order ([] once the game is over).
    Events any player may log at any time (a concession, an agreed draw) are not a reason to be listed."""
    return replay.to_act()


def teams(replay: Replay) -> dict[str, str]:
    """Each header player id's team ("" for a player on their own), as the game's rules form them."""
    return replay.teams()


def starting_player(replay: Replay) -> dict | None:
    """Who starts and how the rules decide it: ``{"player", "drawn", "rule"}`` (``drawn``: at random, by
    the site's seeded dice), or None when the game does not fix a first player at setup."""
    return replay.starting_player()


def against_game(replay: Replay) -> bool:
    """Whether the players of ``replay`` play together against the game (solo or co-op)."""
    return replay.against_game()


def actors(replay: Replay, event: dict) -> list[str]:
    """The header player ids on whose behalf ``event`` may be entered now: at a table, the phones offered
    it. A concession or an agreed draw belongs to its player whoever's turn it is."""
    return replay.actors(event)


def concessions(replay: Replay, players) -> list[dict]:
    """The concessions (the log format's ``concede`` event) the rules accept now, one for each of
    ``players`` (header player ids) who may concede at this moment; [] for a game whose log has none or
    once it is over. ``legal_events()`` leaves them out: a concession is never one of the moves offered."""
    if replay.is_over():
        return []
    events = [{"type": "concede", "player": p} for p in players]
    return [e for e in events if is_legal(replay, e)]


def walk(log, *, content_pack: dict | None = None) -> dict:
    """Replay ``log`` (bytes, text or a parsed dict) and return what a viewer shows at every event::

        {"game", "board", "initial": view, "steps": [{"index", "event", "text", "said", "rolls", "view"}],
         "error": None | {"rule", "message", "message_id", "params", "event_index"}}

    The steps stop before an illegal or unreadable event; ``error`` names it (``event_index`` None, no
    board and no initial view for an illegal header). Raises UnreadableLog only when the envelope or the
    header cannot be read at all.
    """
    doc, _ = parse_envelope(log)
    try:
        replay = start(doc, content_pack=content_pack)
    except IllegalEvent as exc:
        error = _error(exc, None)
        return {"game": doc["game"], "board": None, "initial": None, "steps": [], "error": error}
    out = {"game": doc["game"], "board": board(replay), "initial": replay.view(), "steps": [], "error": None}
    for index, event in enumerate(doc["events"]):
        try:
            said = step(replay, event)
        except (IllegalEvent, UnreadableLog) as exc:
            out["error"] = _error(exc, index)
            break
        out["steps"].append({"index": index, "event": event, **said, "view": replay.view()})
    return out


def next_events(log, *, content_pack: dict | None = None) -> dict:
    """Replay ``log`` (bytes, text or a parsed dict) and say what the game awaits after its last accepted
    event: ``{"game", "events_applied", "error", "over", "awaits": {"what", "rule"} | None, "to_act",
    "alternatives": [{"type", "count", "example", "text", "said"}]}``.

    ``alternatives`` groups what may be logged next by event type; ``example`` is the shortest legal event
    of that type (for a recorded log, without the outcomes the table enters: ``dice_needed`` says which);
    ``text`` says it in English and ``said`` is that sentence's template and params (engine.core.narrate;
    None where the game has none), for a reader in another language.
    ``error`` is the refusal that stopped the replay early, if any (the rest describes the game before it).
    Raises UnreadableLog only when the envelope or the header cannot be read at all."""
    doc, _ = parse_envelope(log)
    out = {"game": doc["game"], "events_applied": 0, "error": None, "over": False, "awaits": None,
           "to_act": [], "alternatives": []}  # fmt: skip
    try:
        replay = start(doc, content_pack=content_pack)
    except IllegalEvent as exc:
        out["error"] = _error(exc, None)
        return out
    for index, event in enumerate(doc["events"]):
        try:
            replay.apply(index, copy.deepcopy(event))
        except (IllegalEvent, UnreadableLog) as exc:
            out["error"] = _error(exc, index)
            # a refused event may leave the replay half-changed: replay the accepted prefix again
            replay = start(doc, content_pack=content_pack)
            for i, accepted in enumerate(doc["events"][:index]):
                replay.apply(i, copy.deepcopy(accepted))
            break
    recorded = doc.get("randomness", {}).get("mode") == "recorded"
    out.update(events_applied=replay.events_applied, over=replay.is_over(), awaits=replay.awaits(),
               to_act=replay.to_act())  # fmt: skip
    groups: dict[str, list[dict]] = {}
    for event in replay.legal_events():
        groups.setdefault(str(event.get("type")), []).append(
            replay.outcome_free(event) if recorded else event
        )
    for typ, events in groups.items():
        example = min(
            events, key=lambda e: (len(json.dumps(e, sort_keys=True)), json.dumps(e, sort_keys=True))
        )
        text, said = offer_words(replay, example)
        out["alternatives"].append(
            {"type": typ, "count": len(events), "example": example, "text": text, "said": said}
        )
    return out


def _error(exc: IllegalEvent | UnreadableLog, index: int | None) -> dict:
    """A refusal as plain data: its rule, its English message, the message's template and params (see
    engine.core.errors) and the index of the event refused (None for the header)."""
    return {"rule": exc.rule, "message": exc.message, "message_id": exc.template, "params": exc.message_params,
            "event_index": index}  # fmt: skip
