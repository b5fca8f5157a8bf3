"""Seeded synthetic games for demos and benchmarks (``manage.py load_synthetic_meta``), for every
game the engine registers; no game is named here.

Each game's plugin makes its games (``games.GamePlugin.synthetic_verdict``): a legal verdict in
the engine's shape (``result`` with the generic seats, ``statistics``, ``content_pack``). By default
:func:`simulated_verdict` draws one of a few games the engine's own simulator played, so the result
and statistics follow the game's schemas whatever the game; a plugin may make richer ones
(``GamePlugin.synthetic_verdict``: a made-up roster with hidden strengths, say).
:func:`stored_fields` turns a synthetic game into what ``dashboards.ingest`` would store for a
verified log of that game.

Everything produced here is *simulated*: the loader stores it with ``simulated=True`` and the
pages label it. Pure Python (``random`` with a seed) and seeded simulations, so the same seed
gives the same games on any machine.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass

import engine
from dashboards import providers
from dashboards.modes import stored_mode

# Simulated games per game that :func:`simulated_verdict` draws from: seeds 1..TEMPLATES.
TEMPLATES = 8
_TEMPLATES: dict[str, list[dict]] = {}


def simulated_verdict(game: str, rng: random.Random, *, names: Sequence[str]) -> dict:
    """A verdict of one of the games ``engine.simulate`` plays for ``game`` (seeded, so the same on
    every machine), with the players named ``names`` in order (the seats left over keep theirs)."""
    templates = _TEMPLATES.get(game)
    if templates is None:
        templates = []
        for seed in range(1, TEMPLATES + 1):
            verdict = engine.verify(engine.simulate(game, seed)).to_dict()
            if verdict.get("status") == "legal":
                templates.append(verdict)
        if not templates:
            raise ValueError(f"the engine's simulator made no legal game of {game}")
        _TEMPLATES[game] = templates
    # A new top level with renamed players; the rest is shared with the template, read-only (a deep
    # copy would be most of the time a synthetic game takes).
    template = rng.choice(templates)
    renamed = dict(zip((p.get("id") for p in template.get("players") or []), names, strict=False))
    verdict = dict(template)
    verdict["players"] = [
        {**p, "name": renamed.get(p.get("id"), p.get("name"))} for p in template.get("players") or []
    ]
    statistics = template.get("statistics")
    if isinstance(statistics, dict) and "sides" in statistics:  # the dashboards' per-side contract
        sides = [
            {**side, "player_name": renamed.get(side.get("player"), side.get("player_name"))}
            for side in statistics["sides"]
        ]
        verdict["statistics"] = {**statistics, "sides": sides}
    return verdict


# Logs per game that :func:`simulated_log` draws from: seeds 1..LOG_TEMPLATES, every other one with its dice
# recorded at the table (the dice-luck data sets count those only), each played in the mode its seed picks.
LOG_TEMPLATES = 24
_LOG_TEMPLATES: dict[str, list[tuple[dict, dict]]] = {}


def log_templates(game: str) -> list[tuple[dict, dict]]:
    """The (log, verdict) pairs :func:`simulated_log` draws from for ``game``, played and verified once a process."""
    templates = _LOG_TEMPLATES.get(game)
    if templates is None:
        from dashboards.modes import mode_ids

        templates = []
        # The seeds' own setups, then one game of each mode the game has (a simulator may play one mode unless
        # asked for another), so that every mode's data sets have games.
        plays = [(seed, {}) for seed in range(1, LOG_TEMPLATES + 1)]
        plays += [(LOG_TEMPLATES + i, {"mode": mode}) for i, mode in enumerate(mode_ids(game), start=1)]
        for seed, options in plays:
            doc = engine.simulate(game, seed, randomness="recorded" if seed % 2 else "seeded", **options)
            verdict = engine.verify(doc).to_dict()
            if verdict.get("status") == "legal":
                templates.append((doc, verdict))
        if not templates:
            raise ValueError(f"the engine's simulator made no legal game of {game}")
        _LOG_TEMPLATES[game] = templates
    return templates


def simulated_log(game: str, rng: random.Random, *, names: Sequence[str]) -> tuple[dict, dict]:
    """(log, verdict): one of the logs ``engine.simulate`` plays for ``game`` and the engine's legal verdict of it,
    with the players named ``names`` in order in both (a name is not something the engine checks)."""
    return named_log(*log_templates(game)[draw_log_template(game, rng)], names)


def draw_log_template(game: str, rng: random.Random) -> int:
    """The index in :func:`log_templates` of the template :func:`simulated_log` draws with ``rng`` (the same
    draw: ``choice`` of a sequence of that length)."""
    return rng.choice(range(len(log_templates(game))))


def named_log(doc: dict, verdict: dict, names: Sequence[str]) -> tuple[dict, dict]:
    """A template's log and verdict with the players named ``names`` in order (new top levels; the rest shared)."""
    renamed = dict(zip((p.get("id") for p in doc.get("players") or []), names, strict=False))

    def named(players):
        return [{**p, "name": renamed.get(p.get("id"), p.get("name"))} for p in players or []]

    return {**doc, "players": named(doc.get("players"))}, {
        **verdict,
        "players": named(verdict.get("players")),
    }


@dataclass(frozen=True)
class SyntheticGame:
    """One synthetic game: its game id, its verdict, and the columns pages filter on; with ``log``, the simulated
    log the engine verified to give that verdict (``SyntheticMeta(logs=True)``)."""

    game: str
    verdict: dict
    played_on: dt.date
    event_ref: str | None
    rating: float | None
    log: dict | None = None
    # With logs: the template's index in ``log_templates(game)``, the names given to its first seats, and whether
    # the log is published (``SyntheticMeta(public=…)``).
    template: int | None = None
    names: tuple[str, ...] = ()
    public: bool = False


# --- Seeded random meta -----------------------------------------------------------------------

_EVENT_NAMES = [
    "Grayskull Open",
    "Eternia Cup",
    "Snake Mountain Showdown",
    "Palace Masters",
    "Vine Jungle League",
]
_FIRST = ["Adam", "Adora", "Duncan", "Teela", "Keldor", "Evelyn", "Marlena", "Randor", "Kittrina", "Kronis",
          "Gwildor", "Andra", "Dekker", "Malcolm", "Fisto", "Roboto", "Carnivus", "Zodak", "Odiphus", "Krass"]  # fmt: skip
_LAST = ["Grey", "Rowe", "Stone", "Vale", "Marsh", "Hart", "Quill", "Ash", "Brand", "Frost"]


class SyntheticMeta:
    """Seeded random games of ``games`` (default: every game the engine registers), one at a time.

    Players carry a hidden rating that gives the better one an edge; each game's plugin adds what
    else it knows (``GamePlugin.synthetic_verdict``).
    """

    def __init__(
        self,
        seed: int,
        *,
        players: int = 2000,
        start: dt.date = dt.date(2025, 1, 1),
        days: int = 540,
        games: Sequence[str] | None = None,
        logs: bool = False,
        public: float = 0.0,
    ):
        self.seed, self.logs = seed, logs
        self.rng = random.Random(seed)
        # A share of the logs published, drawn from a generator of its own (the games stay those of the seed).
        self.public, self.public_rng = public, random.Random(f"{seed}:public")
        rng = self.rng
        self.start, self.days = start, days
        self.games = list(games) if games is not None else sorted(providers.game_ids())
        if not self.games:
            raise ValueError("no game to make synthetic games of")
        self.players = [
            (f"{rng.choice(_FIRST)} {rng.choice(_LAST)} {i:04d}", rng.gauss(1500, 180))
            for i in range(players)
        ]
        # Events: a name, a game and a weekend; a third of games are played at one.
        self.events = []
        for i in range(60):
            game = rng.choice(self.games)
            self.events.append(
                (f"{rng.choice(_EVENT_NAMES)} {2025 + i // 30} #{i % 30 + 1}", game, rng.randrange(days))
            )

    def game(self, index: int, *, build: bool = True) -> SyntheticGame:
        """One game (``index`` is its number in the load; the generator's state makes it). With logs and not
        ``build``, its template, names and columns only (``verdict`` is the template's, unnamed; no ``log``): the
        same draws, for a loader that stores each template's parts once (``dashboards.bulk.TemplatedLoad``)."""
        rng = self.rng
        event_ref = None
        if rng.random() < 0.3:
            event_ref, game, day = rng.choice(self.events)
            day += rng.choice((0, 1))
        else:
            game = rng.choice(self.games)
            day = rng.randrange(self.days)
        played_on = self.start + dt.timedelta(days=min(day, self.days - 1))
        late = played_on >= self.start + dt.timedelta(days=self.days // 2)
        (n1, r1), (n2, r2) = rng.sample(self.players, 2)
        rating = (r1 + r2) / 2 if rng.random() < 0.8 else None
        if self.logs:
            template = draw_log_template(game, rng)
            public = self.public_rng.random() < self.public
            if not build:
                verdict = log_templates(game)[template][1]
                return SyntheticGame(
                    game, verdict, played_on, event_ref, rating, None, template, (n1, n2), public
                )
            doc, verdict = named_log(*log_templates(game)[template], (n1, n2))
            # Its own header: the day it was played, its event, and a match reference that makes its bytes (and so
            # its sha256) its own.
            reference = synthetic_reference(self.seed, index, event_ref)
            doc = {**doc, "created": f"{played_on.isoformat()}T12:00:00Z", "reference": reference}
            return SyntheticGame(game, verdict, played_on, event_ref, rating, doc, template, (n1, n2), public)
        verdict = providers.plugin(game).synthetic_verdict(
            rng, names=(n1, n2), edge=(r1 - r2) / 2000, late=late
        )
        return SyntheticGame(game, verdict, played_on, event_ref, rating)


def synthetic_reference(seed: int, index: int, event_ref: str | None) -> dict:
    """The header's ``reference`` of the load's game ``index``: its match (which makes the log's bytes its own)
    and its event."""
    return {"match": f"synthetic-{seed}-{index}", **({"event": event_ref} if event_ref else {})}


def stored_fields(game: SyntheticGame) -> dict:
    """The filter columns of a synthetic game's GameStat (``dashboards.ingest`` fills the same)."""
    return {
        "played_on": game.played_on,
        "event_ref": game.event_ref,
        "rating": game.rating,
        "simulated": True,
        "verified_at": None,
        "engine_version": "synthetic",
        # The simulator's logs name no mode unless asked for one: what a header without one means.
        "mode": stored_mode(game.game, providers.plugin(game.game).log_mode(game.log or {}), game.verdict),
    }
