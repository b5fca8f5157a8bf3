"""Build Battleground logs by hand: for rules tests, worked examples and hand-made fixtures.

    sc = Scenario(terrain=[{"piece": "wall", "kind": "high", "hexes": ["K10"]}])
    sc.place("p1", "he-man", ["sword-of-power"], "K12", facing=0)
    sc.place("p2", "skeletor", ["havoc-staff", "magic-blast"], "K11", facing=3)
    sc.deal()
    sc.select("motu-fate-01", "ew-fate-01")   # both players reveal
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    verdict = sc.verify()

The scenario uses a copy of the starter pack whose map is replaced by a test map: open ground
(or the terrain given), deployment zones rows 1–15 for p1 and 16–30 for p2 unless given, objectives
as given. The modified pack is passed to verify() as an organizer-supplied pack, exactly as the
platform does with corrected packs.
"""

from __future__ import annotations

import copy

from engine import verify
from engine.core.content import builtin_pack, pack_hash
from engine.core.randomness import commitment_for
from engine.games.battleground import RULESET
from engine.games.battleground.content import CONTENT_DIR


class Scenario:
    def __init__(
        self,
        *,
        terrain=None,
        platforms=None,
        objectives=(),
        zones=None,
        hex_width_in=1.0,
        first_player="p1",
        factions=("masters-of-the-universe", "evil-warriors"),
        randomness="recorded",
        seed_hex=None,
        options=None,
    ):
        doc, _ = builtin_pack(CONTENT_DIR, "bg-core-starter")
        pack = copy.deepcopy(doc)
        pack["pack"]["id"] = "bg-test"
        pack["maps"] = [
            {
                "id": "test-map",
                "name": "Test map",
                "columns": 25,
                "rows": 30,
                "orientation": "flat",
                "offset": "odd-q",
                "hex_width_in": hex_width_in,
                "terrain": list(terrain or []),
                "platforms": list(platforms or []),
                "edge_blockers": [],
                "deployment_zones": zones or [{"rows": [1, 15]}, {"rows": [16, 30]}],
                "objectives": list(objectives),
                "provisional": ["everything"],
                "note": "test map",
            }
        ]
        self.pack = pack
        if randomness == "seeded":
            seed_hex = seed_hex or "00" * 32
            rand = {"mode": "seeded", "commitment": commitment_for(seed_hex), "seed": seed_hex}
        else:
            rand = {"mode": "recorded"}
        self.doc = {
            "format": "arbiter-log",
            "format_version": 1,
            "game": "motu-battleground",
            "rules_version": "1.0",
            "content_pack": {"id": "bg-test", "version": pack["pack"]["version"], "sha256": ""},
            "randomness": rand,
            "players": [
                {"id": "p1", "name": "Player one", "faction": factions[0], "force": []},
                {"id": "p2", "name": "Player two", "faction": factions[1], "force": []},
            ],
            "setup": {"map": "test-map", "first_player": first_player},
            "events": [],
        }
        if options:
            self.doc["options"] = dict(options)

    def edit_pack(self, fn) -> Scenario:
        """Change content for a test (e.g. a character's stats); the hash follows automatically."""
        fn(self.pack)
        return self

    def place(self, player: str, character: str, equipment, hex_label: str, facing: int = 0) -> Scenario:
        side = next(p for p in self.doc["players"] if p["id"] == player)
        side["force"].append(
            {"character": character, "equipment": list(equipment), "hex": hex_label, "facing": facing}
        )
        return self

    def add(self, type_: str, **fields) -> Scenario:
        self.doc["events"].append({"type": type_, **fields})
        return self

    def deal(self, hands=None) -> Scenario:
        """Opening hands: the first five fate cards of each faction's deck unless given."""
        for i, p in enumerate(self.doc["players"]):
            cards = (hands or {}).get(p["id"]) or self.pack["decks"][p["faction"]]["fate"][:5]
            ev = {"type": "deal", "player": p["id"]}
            if self.doc["randomness"]["mode"] == "recorded":
                ev["draw"] = list(cards)
            self.doc["events"].append(ev)
            del i
        return self

    def select(self, p1_card: str | None, p2_card: str | None) -> Scenario:
        for pid, card in (("p1", p1_card), ("p2", p2_card)):
            if card is None:
                self.add("pass", player=pid)
            else:
                self.add("select", player=pid, card=card)
        return self

    def log(self) -> dict:
        self.doc["content_pack"]["sha256"] = pack_hash(self.pack)
        return copy.deepcopy(self.doc)

    def verify(self):
        return verify(self.log(), content_pack=copy.deepcopy(self.pack))

    def game(self):
        """Replay the events so far and return the game state (raises IllegalEvent at a bad event).

        The exception gets an ``event_index`` attribute naming the event that failed.
        """
        doc = self.log()
        game = RULESET.start(doc, content_pack=copy.deepcopy(self.pack))
        for i, ev in enumerate(doc["events"]):
            try:
                game.apply(i, ev)
            except Exception as exc:
                exc.event_index = i
                raise
        return game
