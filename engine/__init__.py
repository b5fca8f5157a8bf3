"""Arbiter rules engines: replay a game log event by event and decide whether it is legal.

Public API (the platform imports only these names from ``engine``)::

    verify(log, *, content_pack=None, progress=None) -> Verdict   # never raises on bad input
    simulate(game, seed, *, randomness="seeded", **options) -> dict  # a legal simulated log
    parse_log(data) -> dict                 # the envelope checks only; raises UnreadableLog
    commitment_for(seed_hex) -> str         # the published commitment of a seed: SHA-256 of its bytes (LOG-4)
    Verdict, Violation, UnreadableLog       # what verify returns; what parse_log raises
    IllegalEvent                            # what a refused event raises (rule id + reason)
    render_message(message_id, params, translate)  # a refusal's text from its message id and params,
                                            # each template through ``translate`` (the platform's gettext)
    ending_words(game, ended_by) -> Text | None  # how a game ended (its result's ``ended_by``) in words,
                                            # a template the narration catalogs translate (engine.core.narrate)

    games() -> list[GameInfo]               # every registered game, by id
    game(game_id) -> GameInfo               # raises GameNotAvailable (an UnreadableLog and LookupError)
    register(info) / unregister(game_id)    # a plugin (or a test's toy game) adds a game at run time
    GameInfo, SeatModel, Mode, ResultSchema, Ending # the registry's records

    ENGINE_VERSION, LOG_FORMAT_VERSION, ruleset_version(game)  # a game's version: its GameInfo's
    MAX_LOG_BYTES                           # the largest log the engine reads (LOG-1.1)
    builtin_packs(game_id) -> list[str]     # ids of the content packs shipped with a game ([] if none)
    add_cli_commands(subparsers)            # verify / next / simulate / rules-coverage for a command line

The games are discovered, never listed: every package of ``engine/games/`` that exposes ``GAME``, and every
entry point of the group ``arbiter.games`` (a game installed as a distribution of its own).

    session.start(doc) -> Replay            # play or watch one event at a time (engine/session.py):
    session.step(replay, event), session.board(replay), session.walk(log),
    session.next_events(log)                # what the game awaits after a log, with an example per event type

A GameInfo carries, for its game: ``name``, ``ruleset_version``, ``seats`` (min/max seats, modes with
their seat counts and teams, against the game or not), ``result_schema`` (the score's label and each
score component with its label, and the game's endings: ``result_schema.check(seats, ending)``
says why a result typed by hand cannot be how the game ended), ``statistics_schema`` (path of a versioned JSON Schema;
``validate_statistics(stats) -> [problems]``), ``rules_index`` ({rule id: title, kind, explanation, provisional}),
and the hooks ``content_loader(pack=None)``, ``check_force(pack, force, *, points_limit=None) ->
[problems]``, ``check_list(entries, content, *, points_limit, faction=None) -> ListCheck`` (the same rules
with each problem's entry and each line's cost, for list pages) and ``compare_with_list(log_header,
{player id: registered list}, *, pack=None) -> [differences]``. A verification is keyed by (``Verdict.log_sha256``, ``Verdict.ruleset_version``,
``Verdict.content_pack["sha256"]``), ``Verdict.verification_key``.

The engine imports nothing from Django, Celery or the network: same log, same ruleset version,
same verdict, byte for byte.
"""

from engine import session
from engine.core.content import builtin_pack_ids as _builtin_pack_ids
from engine.core.errors import IllegalEvent, UnreadableLog
from engine.core.errors import render as render_message
from engine.core.logfile import MAX_LOG_BYTES
from engine.core.narrate import ending as ending_words
from engine.core.randomness import commitment_for
from engine.core.verdict import Verdict, Violation
from engine.simulate import simulate
from engine.verify import parse_log, verify
from engine.version import ENGINE_VERSION, LOG_FORMAT_VERSION

# isort: split
# Last: the subpackage engine.games is loaded by now (the registry imports it), so the name ``engine.games``
# stays the function (import the package itself with ``from engine.games import …``).
from engine.core.registry import (
    Ending,
    GameInfo,
    GameNotAvailable,
    Mode,
    ResultSchema,
    SeatModel,
    game,
    games,
    register,
    ruleset_version,
    unregister,
)


def builtin_packs(game_id: str) -> list[str]:
    """Ids of the content packs shipped with ``game_id``, sorted ([] for a game without packs).
    Raises GameNotAvailable for a game that is not registered."""
    folder = game(game_id).content_dir
    return list(_builtin_pack_ids(folder)) if folder else []


def add_cli_commands(subparsers) -> None:
    """Add ``verify``, ``simulate`` and ``rules-coverage`` to an argparse subparsers object."""
    from engine.cli import add_commands

    add_commands(subparsers)


__all__ = [
    "ENGINE_VERSION",
    "Ending",
    "LOG_FORMAT_VERSION",
    "MAX_LOG_BYTES",
    "GameInfo",
    "GameNotAvailable",
    "IllegalEvent",
    "Mode",
    "ResultSchema",
    "SeatModel",
    "UnreadableLog",
    "Verdict",
    "Violation",
    "add_cli_commands",
    "builtin_packs",
    "commitment_for",
    "ending_words",
    "game",
    "games",
    "parse_log",
    "register",
    "render_message",
    "ruleset_version",
    "session",
    "simulate",
    "unregister",
    "verify",
]
