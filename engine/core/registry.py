"""The game registry: what the engine and the platform know about each game, by game id.

A game registers one frozen :class:`GameInfo` (its name, ruleset version, seat and team model, result and
statistics schemas, content loader, list checks and rules index). The registry discovers the games when
first read, and no list names them: every sub-package of ``engine/games/`` that exposes ``GAME``, and every
entry point of the group ``arbiter.games`` (a game shipped as a package of its own; the entry point names a
module with ``GAME`` or the GameInfo itself). A test's toy game calls :func:`register` itself and may
:func:`unregister` again. Nothing else in the engine names a game: ``verify``, ``simulate``, the
conformance suite and the rules-coverage tool look the game up here.
"""

from __future__ import annotations

import json
import pkgutil
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module, metadata
from pathlib import Path
from typing import Any

import engine.games as builtin_games
from engine.core.errors import UnreadableLog

#: The entry-point group through which an installed distribution adds a game.
ENTRY_POINT_GROUP = "arbiter.games"


class GameNotAvailable(UnreadableLog, LookupError):
    """A game id no registered game has. LOG-3.1."""


@dataclass(frozen=True)
class Mode:
    """One way to play: ``seats`` players, split into ``teams`` (team sizes) or each for themselves."""

    id: str
    name: str
    seats: int
    teams: tuple[int, ...] = ()  # e.g. (2, 2) for two teams of two; () when every seat plays alone
    against_game: bool = False  # the seats (or their team) play against the game itself


@dataclass(frozen=True)
class SeatModel:
    min_seats: int
    max_seats: int
    modes: tuple[Mode, ...]

    @property
    def against_game(self) -> bool:
        """True if some mode is played against the game (solo or co-op)."""
        return any(m.against_game for m in self.modes)

    @property
    def has_teams(self) -> bool:
        return any(m.teams for m in self.modes)


#: The kinds of result a game can end in: one side wins (the others lose), everyone draws, everyone loses.
RESULT_KINDS = ("win", "draw", "all-lose")
_KIND_WORDS = {"win": "a win", "draw": "a draw", "all-lose": "everyone losing"}


@dataclass(frozen=True)
class Ending:
    """One way a game can end, as its rules name it, and which results that ending allows.

    ``outcomes`` are the result kinds it can give (:data:`RESULT_KINDS`). ``margin`` None: the score does
    not decide (a knockout, a concession); a number: the score decides, so every winner leads every loser
    by at least ``margin`` and a draw is a game in which no seat led by ``margin`` (0: the winner may not
    have less than a loser, and ties are broken by other means).
    """

    key: str
    label: str
    rule: str
    outcomes: tuple[str, ...] = ("win",)
    margin: int | None = None


@dataclass(frozen=True)
class ResultSchema:
    """How a result's score reads: the score's name and each component key with its label, in order; and
    the ways the game can end (:class:`Ending`), the score-decided one first, which a result typed by hand
    is held to (:meth:`check`). A game that declares no endings has its results checked for nothing more."""

    score_label: str
    components: tuple[tuple[str, str], ...]
    endings: tuple[Ending, ...] = ()

    def label(self, key: str) -> str:
        return dict(self.components).get(key, key)

    def ending(self, key: str) -> Ending | None:
        return next((e for e in self.endings if e.key == key), None)

    def check(
        self, seats: Sequence[tuple[str, int]], ending: str | None = None, names: Sequence[str] | None = None
    ) -> list[str]:
        """Why the result ``seats`` ((outcome, score) per seat: "win", "draw" or "loss") cannot be how a
        game of this kind ended ``ending`` (an :class:`Ending` key); [] if it can. ``names`` name the
        seats in the sentences (default "seat 1", …). Without ``ending`` the result passes if some
        ending allows it; otherwise the problems are those of the first (score-decided) ending."""
        names = list(names or [f"seat {i + 1}" for i in range(len(seats))])
        if ending is not None:
            chosen = self.ending(ending)
            if chosen is None:
                known = ", ".join(e.key for e in self.endings) or "none"
                return [f"'{ending}' is not a way this game ends (known: {known})"]
            problems = self._check(chosen, seats, names)
            fits = [e.label for e in self.endings if e is not chosen and not self._check(e, seats, names)]
            if problems and fits:
                problems.append(f"That result is possible if the game ended: {', '.join(fits)}.")
            return problems
        if not self.endings:
            return []
        problems = [self._check(e, seats, names) for e in self.endings]
        return [] if any(not p for p in problems) else problems[0]

    def _check(self, ending: Ending, seats: Sequence[tuple[str, int]], names: list[str]) -> list[str]:
        outcomes = {outcome for outcome, _ in seats}
        if outcomes == {"draw"}:
            kind = "draw"
        elif outcomes == {"loss"}:
            kind = "all-lose"
        elif "win" in outcomes and outcomes <= {"win", "loss"}:
            kind = "win"
        else:
            return ["a game with a winner has no draw"]
        where = f"“{ending.label}” ({ending.rule})"
        if kind not in ending.outcomes:
            allowed = " or ".join(_KIND_WORDS[k] for k in ending.outcomes)
            return [f"a game that ends {where} ends in {allowed}, not {_KIND_WORDS[kind]}"]
        if ending.margin is None:
            return []
        label, margin = self.score_label, ending.margin
        scored = list(zip(names, seats, strict=True))
        if kind == "win":
            problems = []
            for w_name, (w_outcome, w_score) in scored:
                for l_name, (l_outcome, l_score) in scored:
                    if w_outcome == "win" and l_outcome == "loss" and w_score - l_score < margin:
                        need = "at least as many" if margin == 0 else f"at least {margin} more"
                        problems.append(
                            f"{w_name} won with {w_score} {label} against {l_name}'s {l_score}, but when a game "
                            f"ends {where} the winner has {need} {label}"
                        )
            return problems
        if kind == "draw" and seats:
            scores = [score for _, score in seats]
            lead = max(scores) - min(scores)
            if lead >= margin:
                return [
                    f"a lead of {lead} {label} is not a draw when a game ends {where}: a draw is a lead "
                    f"under {margin} {label}"
                ]
        return []


@dataclass(frozen=True)
class GameInfo:
    """Everything about one game that is not its rules code.

    Hooks (plain callables, so a plugin supplies functions, not subclasses):

    * ``ruleset`` — ``start(doc, content_pack=None) -> Replay`` and ``simulate(seed, randomness=…) -> log``
      (engine.core.ruleset).
    * ``content_loader(pack=None)`` — the game's typed content for a built-in pack id, a pack document, or
      the default pack when None; raises ``UnreadableLog`` for an unknown or malformed pack.
    * ``check_force(pack, force, *, points_limit=None) -> list[str]`` — why a force list (``{"faction"?,
      "characters": [{"character", "equipment"}]}``) may not be played with ``pack``; [] if it may.
    * ``check_list(entries, content, *, points_limit, faction=None) -> ListCheck`` — the same rules for a
      list page: ``valid``, ``faction``, ``points``, resolved ``entries``, per-line ``costs`` and
      ``problems`` (each a ``message`` and the 0-based ``entry`` it is about, or None); ``content`` is
      ``content_loader``'s result.
    * ``compare_with_list(log_header, registered, *, pack=None) -> list[str]`` — how the forces a log's
      header gives differ from the registered lists (``{header player id: list or None}``); [] if alike.
    """

    id: str
    name: str
    ruleset_version: str
    seats: SeatModel
    result_schema: ResultSchema
    statistics_schema: Path  # a versioned JSON Schema (draft 7) of Verdict.statistics
    rules_index_file: Path  # {"rules": [{"id", "title", "kind", "explanation"?, "provisional"?}]}
    rule_prefix: str  # rule ids of this game start with it and a dash ("BG" → BG-9.2.1, BG-EX-04)
    ruleset: Any
    content_loader: Callable[..., Any]
    check_force: Callable[..., list[str]] | None = None
    check_list: Callable[..., Any] | None = None
    compare_with_list: Callable[..., list[str]] | None = None
    randomness_modes: tuple[str, ...] = ("seeded", "recorded")
    content_dir: Path | None = None  # the folder of the built-in packs (engine.core.content)
    default_pack: str | None = None
    coverage_notes_file: Path | None = None  # {"notes": {rule id: {"status", "reason"}}}
    spec: str | None = None  # where the rules specification lives (for people; not read by the engine)
    short_name: str = ""  # e.g. "Battleground", for reports and narrow screens; defaults to ``name``
    lettered_rule_kinds: tuple[str, ...] = ()  # e.g. ("EX", "AMB", "DIS") for BG-EX-04 (engine.core.coverage)
    section_rules: tuple[str, ...] = ()  # "###" sections cited as a whole (engine.core.coverage.RuleIds)
    bare_lettered_rule_ids: bool = False  # lettered ids written without the prefix: WE-1, AMB-35
    rules_explanations_file: Path | None = None  # {"explanations": {rule id: text}}, written by hand
    aliases: tuple[str, ...] = ()  # other names a person may type for the game ("battleground")

    @property
    def label(self) -> str:
        return self.short_name or self.name

    @property
    def rules_index(self) -> dict[str, dict]:
        """``{rule id: {"title", "kind", "explanation", "provisional"}}`` in specification order (explanation may
        be ""; provisional marks a rule whose outcome rests on content the rulebook does not print)."""
        return _rules_index(self.rules_index_file, self.rules_explanations_file)

    def rule(self, rule_id: str) -> dict | None:
        """The index entry of ``rule_id``, or None for an id the game does not define.

        A verdict may also cite a section as a whole (FE-11.5, whose rules the index lists as FE-11.5.1 …) or
        one numbered item of a rule (FE-17.2.4, item 4 of FE-17.2). A section gets ``{"title": "", "kind":
        "section", "explanation", "provisional": False}``; an item gets its rule's entry with ``"kind":
        "item"``. Either takes its explanation from the explanations file when it has one for that id (an item
        otherwise shows its rule's)."""
        index = self.rules_index
        entry = index.get(rule_id)
        if entry is not None:
            return entry
        own = self.rules_explanations.get(rule_id, "")
        if any(key.startswith(rule_id + ".") for key in index):
            return {"title": "", "kind": "section", "explanation": own, "provisional": False}
        parent = rule_id.rsplit(".", 1)[0]
        if parent != rule_id and parent in index:
            return {**index[parent], "kind": "item", "explanation": own or index[parent]["explanation"]}
        # A heading the specification gives no numbered rules under (FE-19.2, the skirmish setup order).
        if own:
            return {"title": "", "kind": "section", "explanation": own, "provisional": False}
        return None

    @property
    def rules_explanations(self) -> dict[str, str]:
        """``{rule id: text}`` written by hand: every id of the index, and sections or items a verdict cites."""
        if self.rules_explanations_file is None:
            return {}
        return _json(self.rules_explanations_file)["explanations"]

    @property
    def statistics_schema_doc(self) -> dict:
        return _json(self.statistics_schema)

    @property
    def statistics_version(self) -> int:
        return int(self.statistics_schema_doc["version"])

    def validate_statistics(self, statistics: dict) -> list[str]:
        """Every way ``statistics`` breaks the game's statistics schema, as readable lines ([] if none)."""
        return schema_errors(self.statistics_schema, statistics)

    def validate_result(self, result: dict) -> list[str]:
        """Every way ``result`` breaks the generic result schema or this game's seats and score components."""
        problems = schema_errors(RESULT_SCHEMA, result)
        if problems:
            return problems
        seats = [s["seat"] for s in result["seats"]]
        if len(set(seats)) != len(seats):
            problems.append(f"/seats: a seat appears twice ({', '.join(seats)})")
        if not self.seats.min_seats <= len(seats) <= self.seats.max_seats:
            problems.append(
                f"/seats: {len(seats)} seats; {self.name} has {self.seats.min_seats}–{self.seats.max_seats}"
            )
        known = {key for key, _ in self.result_schema.components}
        for row in result["seats"] + result["teams"]:
            for key in sorted(set(row["components"]) - known):
                problems.append(f"score component '{key}' is not one {self.name} registers")
        for team in result["teams"]:
            for member in sorted(set(team["seats"]) - set(seats)):
                problems.append(f"team '{team['team']}' names '{member}', who has no seat")
        return problems


RESULT_SCHEMA = Path(__file__).resolve().parents[1] / "schemas" / "result.schema.json"


@lru_cache(maxsize=32)
def _json(path: Path) -> dict:
    return json.loads(Path(path).read_text("utf-8"))


@lru_cache(maxsize=16)
def _rules_index(path: Path, explanations: Path | None) -> dict[str, dict]:
    # The index may be generated from the specification; explanations in our own words live beside it,
    # with the titles written by hand where the specification's first words make a poor one.
    own = _json(explanations) if explanations is not None else {}
    extra, titles = own.get("explanations", {}), own.get("titles", {})
    return {
        r["id"]: {
            "title": titles.get(r["id"], r["title"]),
            "kind": r.get("kind", "rule"),
            "explanation": extra.get(r["id"], r.get("explanation", "")),
            "provisional": bool(r.get("provisional", False)),
        }
        for r in _json(path)["rules"]
    }


@lru_cache(maxsize=16)
def _validator(path: Path):
    from jsonschema import Draft7Validator

    return Draft7Validator(_json(path))


@lru_cache(maxsize=16)
def _fast_validator(path: Path):
    import fastjsonschema

    # Compiled to Python code once: accepting a valid document costs a tenth of the generic validator
    # (a worker checks every legal verdict's statistics; #14).
    return fastjsonschema.compile(_json(path))


def schema_errors(schema: Path, doc) -> list[str]:
    """``doc``'s errors against the JSON Schema at ``schema``, each as "/json/pointer: message".

    A document the compiled validator accepts has none; one it refuses is explained (and judged) by
    the generic validator, which reports every error and stays the authority where the two differ."""
    import fastjsonschema

    try:
        _fast_validator(schema)(doc)
        return []
    except fastjsonschema.JsonSchemaException:
        pass
    errors = sorted(_validator(schema).iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))
    return ["/" + "/".join(map(str, e.absolute_path)) + f": {e.message}" for e in errors]


_GAMES: dict[str, GameInfo] = {}
_loaded = False


def _load_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True  # before importing the games: a game module that reads the registry finds it loading
    found: dict[str, GameInfo] = {}
    try:
        for info, origin in _discovered():
            if not isinstance(info, GameInfo):
                raise TypeError(f"{origin} does not name a GameInfo (got {type(info).__name__})")
            if info.id in found and found[info.id] is not info:
                raise ValueError(f"two games have the id '{info.id}' (the second from {origin})")
            found[info.id] = info
    except Exception:
        _loaded = False  # a broken game fails every read alike, never leaves a registry missing games
        raise
    for info in found.values():
        _GAMES.setdefault(info.id, info)


def _discovered() -> Iterator[tuple[Any, str]]:
    """(GameInfo, where it came from) of every built-in game package and every ``arbiter.games`` entry point."""
    for module in pkgutil.iter_modules(builtin_games.__path__, builtin_games.__name__ + "."):
        if module.ispkg:
            game_module = import_module(module.name)
            if hasattr(game_module, "GAME"):
                yield game_module.GAME, module.name
    for point in metadata.entry_points(group=ENTRY_POINT_GROUP):
        loaded = point.load()
        origin = f"entry point '{point.name}' ({point.value})"
        yield (loaded if isinstance(loaded, GameInfo) else getattr(loaded, "GAME", loaded)), origin


def discover() -> list[GameInfo]:
    """Read the built-in game folders and the ``arbiter.games`` entry points again and register the games
    not known yet: a game package installed after the registry was first read. Returns those games."""
    _load_builtins()
    found = []
    for info, _origin in _discovered():
        if isinstance(info, GameInfo) and info.id not in _GAMES:
            _GAMES[info.id] = info
            found.append(info)
    return found


def register(info: GameInfo, *, replace: bool = False) -> GameInfo:
    """Make ``info`` known by its id. Raises ValueError if the id is taken (unless ``replace``)."""
    _load_builtins()
    if not isinstance(info, GameInfo):
        raise TypeError("register() takes a GameInfo")
    if info.id in _GAMES and not replace and _GAMES[info.id] is not info:
        raise ValueError(f"a game with id '{info.id}' is already registered")
    _GAMES[info.id] = info
    return info


def unregister(game_id: str) -> None:
    """Forget a registered game (a test's toy game, a plugin being removed). Unknown ids are ignored."""
    _GAMES.pop(game_id, None)


@contextmanager
def registered(info: GameInfo) -> Iterator[GameInfo]:
    """``with registered(info): …`` — the game is known inside the block only."""
    register(info)
    try:
        yield info
    finally:
        unregister(info.id)


def game(game_id: str) -> GameInfo:
    """The registered game ``game_id``; raises GameNotAvailable (an UnreadableLog, LOG-3.1) otherwise."""
    _load_builtins()
    info = _GAMES.get(game_id)
    if info is None:
        message = f"unknown game '{game_id}'; this engine verifies {', '.join(sorted(_GAMES))}"
        raise GameNotAvailable(message, rule="LOG-3.1", path="/game")
    return info


def ruleset_for(game_id: str):
    """The ruleset of ``game_id``; raises GameNotAvailable (LOG-3.1) for a game that is not registered."""
    return game(game_id).ruleset


def ruleset_version(game_id: str) -> str:
    """The version of ``game_id``'s ruleset (``GameInfo.ruleset_version``), or "" for a game not registered."""
    info = find(game_id)
    return info.ruleset_version if info is not None else ""


def find(game_id: str) -> GameInfo | None:
    _load_builtins()
    return _GAMES.get(game_id)


def games() -> list[GameInfo]:
    """Every registered game, by id."""
    _load_builtins()
    return [_GAMES[k] for k in sorted(_GAMES)]
