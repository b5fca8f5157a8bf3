"""Relic hunt for the engine: its ``GAME`` is found through the ``arbiter.games`` entry point of this
package's distribution, never listed anywhere in Arbiter."""

from __future__ import annotations

import json
import random
from pathlib import Path

from engine.core.content import pack_hash
from engine.core.errors import UnreadableLog
from engine.core.randomness import SeededStream, commitment_for
from engine.core.registry import Ending, GameInfo, Mode, ResultSchema, SeatModel, schema_errors
from engine.version import LOG_FORMAT_VERSION

from .rules import GAME_ID, MODES, Hunt

HERE = Path(__file__).resolve().parent
DEFAULT_PACK = "relic-hunt-basic"


def load_pack(pack=None) -> dict:
    """A pack document: the built-in one by id (default when None), or a document given whole."""
    if isinstance(pack, dict):
        return pack
    path = HERE / "content" / f"{pack or DEFAULT_PACK}.json"
    if not path.is_file():
        raise UnreadableLog(
            f"unknown relic hunt content pack {pack!r}", rule="LOG-3.3", path="/content_pack/id"
        )
    return json.loads(path.read_text("utf-8"))


class RelicHunt:
    game_id = GAME_ID

    def start(self, doc: dict, *, content_pack: dict | None = None) -> Hunt:
        problems = schema_errors(
            HERE / "schemas" / "log.schema.json", {k: v for k, v in doc.items() if k != "events"}
        )
        if problems:
            raise UnreadableLog(f"the header is not a relic hunt's: {problems[0]}", rule="LOG-2.1")
        pack = load_pack(content_pack if content_pack is not None else doc["content_pack"].get("id"))
        digest = pack_hash(pack)
        if doc["content_pack"].get("sha256") != digest:
            raise UnreadableLog(
                "the log was made with another pack", rule="LOG-3.3", path="/content_pack/sha256"
            )
        mode = doc["randomness"]
        stream = SeededStream(mode["seed"], mode["commitment"]) if mode["mode"] == "seeded" else None
        ref = {"id": pack["pack"]["id"], "version": pack["pack"]["version"], "sha256": digest}
        return Hunt(doc, pack, ref, stream)

    def table_options(self, pack=None) -> dict:
        return {
            "modes": [
                {"id": mode, "name": mode.capitalize(), "players": list(range(low, high + 1))}
                for mode, (low, high) in MODES.items()
            ]
        }

    def new_header(self, *, players: list[dict], first_player: str = "p1", seed_hex: str | None = None,
                   mode: str = "duel", pack: str | None = None, **_ignored) -> dict:  # fmt: skip
        doc = load_pack(pack)
        header = {
            "format": "arbiter-log", "format_version": LOG_FORMAT_VERSION, "game": GAME_ID, "rules_version": "1",
            "content_pack": {"id": doc["pack"]["id"], "version": doc["pack"]["version"], "sha256": pack_hash(doc)},
            "players": [
                {"id": f"p{i + 1}", "name": p["name"], "faction": "hunter", "force": []} for i, p in enumerate(players)
            ],
            "setup": {"mode": mode, "first_player": first_player},
            "randomness": {"mode": "recorded"},
        }  # fmt: skip
        if seed_hex is not None:
            header["randomness"] = {"mode": "seeded", "commitment": commitment_for(seed_hex)}
        return header

    def simulate(self, seed: int, *, randomness: str = "seeded", mode: str | None = None, **options) -> dict:
        rng = random.Random(seed)
        mode = mode or rng.choice(sorted(MODES))
        low, high = MODES[mode]
        players = [{"name": f"Hunter {i + 1}"} for i in range(rng.randint(low, high))]
        key = f"{rng.getrandbits(128):032x}" if randomness == "seeded" else None
        first = f"p{rng.randint(1, len(players))}"
        doc = {**self.new_header(players=players, first_player=first, seed_hex=key, mode=mode),
               "simulated": True, "events": []}  # fmt: skip
        if key is not None:
            doc["randomness"]["seed"] = key
        hunt = self.start(doc)
        while not hunt.is_over():
            offers = [e for e in hunt.legal_events() if e["type"] != "concede" or rng.random() < 0.01]
            event = rng.choice(offers)
            hunt.apply(len(doc["events"]), event)
            doc["events"].append(event)
        return doc


GAME = GameInfo(
    id=GAME_ID,
    name="Relic hunt",
    ruleset_version="rh-1.0.0",
    seats=SeatModel(
        min_seats=2,
        max_seats=4,
        modes=(
            Mode("duel", "Duel", 2),
            Mode("melee", "Melee", 4),
            Mode("pairs", "Pairs", 4, teams=(2, 2)),
        ),
    ),
    result_schema=ResultSchema(
        "Relics",
        (("relics", "Relics"),),
        endings=(
            Ending("rounds", "the last round", "RH-7", outcomes=("win", "draw"), margin=1),
            Ending("relics", "the last relic dug", "RH-7", outcomes=("win", "draw"), margin=1),
            Ending("concession", "a concession", "RH-8"),
        ),
    ),
    statistics_schema=HERE / "schemas" / "statistics.schema.json",
    rules_index_file=HERE / "rules_index.json",
    rule_prefix="RH",
    ruleset=RelicHunt(),
    content_loader=load_pack,
    check_force=lambda pack, force, *, points_limit=None: [] if not force else ["a hunter brings no force"],
    compare_with_list=lambda log_header, registered, *, pack=None: [],
    content_dir=HERE / "content",
    default_pack=DEFAULT_PACK,
    short_name="Relic hunt",
)
