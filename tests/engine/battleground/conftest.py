"""Shared fixtures for the Battleground rules tests.

``bg`` is a small toolbox around ``engine.games.battleground.scenario.Scenario``: it states the
numbers a test depends on in the scenario's own content pack (stats, weapons, cards), starts an
activation, fast-forwards rounds, and checks verdicts at a given event.

The test map is the scenario's open 25×30 flat-topped, odd-q map with 1" hexes: K12's neighbours are
K11 (side 0, north), L11 (1), L12 (2), K13 (3, south), J12 (4) and J11 (5). Along a column, hexes n
steps apart are (n − 1)" apart (BG-AMB-01).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

import engine
from engine.games.battleground.scenario import Scenario
from engine.geometry import HexGrid

MOTU = "masters-of-the-universe"
EW = "evil-warriors"
P1_CARDS = [f"motu-fate-{i:02d}" for i in range(1, 21)]
P2_CARDS = [f"ew-fate-{i:02d}" for i in range(1, 21)]

GRID = HexGrid(25, 30, "flat", "odd-q", 1.0)


def _entry(pack: dict, table: str, entry_id: str) -> dict:
    for entry in pack[table]:
        if entry["id"] == entry_id:
            return entry
    raise KeyError(f"{entry_id} is not in the pack's {table}")


class Toolbox:
    """Helpers for hand-made Battleground logs (see the module docstring)."""

    MOTU = MOTU
    EW = EW
    grid = GRID

    # -- geometry on the test map ---------------------------------------------------------------------
    @staticmethod
    def step(label: str, direction: int, n: int = 1) -> str:
        """The hex ``n`` steps from ``label`` across side ``direction`` (0 north, clockwise)."""
        h = GRID.parse(label)
        for _ in range(n):
            h = GRID.neighbour(h, direction)
        return GRID.label(h)

    @staticmethod
    def distance(a: str, b: str) -> float:
        return GRID.distance_in(GRID.parse(a), GRID.parse(b))

    # -- scenario and content -------------------------------------------------------------------------
    @staticmethod
    def scenario(**kwargs) -> Scenario:
        return Scenario(**kwargs)

    @staticmethod
    def stats(sc: Scenario, character: str, **values) -> Scenario:
        """Set a character's stats (``speed=(5, 8)``, ``health=3``…) and optionally its ``cost``."""

        def edit(pack):
            entry = _entry(pack, "characters", character)
            for key, value in values.items():
                if key == "cost":
                    entry["cost"] = value
                elif key == "speed":
                    entry["stats"]["speed"] = list(value)
                else:
                    entry["stats"][key] = value

        return sc.edit_pack(edit)

    @staticmethod
    def weapon(sc: Scenario, weapon_id: str, **fields) -> Scenario:
        """Set fields of a weapon; a weapon the pack lacks is created (a 1-row table unless given)."""

        def edit(pack):
            try:
                entry = _entry(pack, "weapons", weapon_id)
            except KeyError:
                entry = {
                    "id": weapon_id,
                    "name": weapon_id.replace("-", " ").title(),
                    "type": "melee",
                    "dice": 0,
                    "table": [{"min": 1, "wounds": 1}],
                    "cost": 5,
                    "modifiers": [],
                    "extra_effects": [],
                    "provisional": ["everything"],
                }
                pack["weapons"].append(entry)
            entry.update(fields)

        return sc.edit_pack(edit)

    @staticmethod
    def item(sc: Scenario, item_id: str, **fields) -> Scenario:
        def edit(pack):
            try:
                entry = _entry(pack, "items", item_id)
            except KeyError:
                entry = {
                    "id": item_id,
                    "name": item_id.replace("-", " ").title(),
                    "type": "trinket",
                    "cost": 5,
                    "single_use": False,
                    "modifiers": [],
                    "extra_effects": [],
                    "provisional": ["everything"],
                }
                pack["items"].append(entry)
            entry.update(fields)

        return sc.edit_pack(edit)

    @staticmethod
    def give(sc: Scenario, character: str, *abilities: dict) -> Scenario:
        """Test content: abilities added to a character of the scenario's pack."""

        def edit(pack):
            entry = _entry(pack, "characters", character)
            entry["abilities"] = list(entry.get("abilities", [])) + list(abilities)

        return sc.edit_pack(edit)

    @staticmethod
    def card(sc: Scenario, card_id: str, **fields) -> Scenario:
        def edit(pack):
            table = "glory_cards" if "glory" in card_id else "fate_cards"
            _entry(pack, table, card_id).update(fields)

        return sc.edit_pack(edit)

    # -- flow -----------------------------------------------------------------------------------------
    def begin(
        self,
        sc: Scenario,
        character: str,
        *,
        player: str = "p1",
        ap: int = 5,
        mana: int = 0,
        bonus: str = "ability",
        ability: dict | None = None,
        card: str | None = None,
        other: str | None = None,
        deal: bool = True,
    ) -> Scenario:
        """Deal, reveal two cards so that ``player`` wins initiative, and activate ``character``.

        The winning card gives ``ap`` AP and ``mana`` mana; its unique ability is ``ability`` (none by
        default), so the default ``bonus="ability"`` changes nothing and the test's numbers stay exact.
        """
        mine = card or ("motu-fate-01" if player == "p1" else "ew-fate-01")
        theirs = other or ("ew-fate-02" if player == "p1" else "motu-fate-02")
        self.card(sc, mine, initiative=9, ap=ap, mana=mana, ability=ability or {})
        if "glory" not in theirs:
            self.card(sc, theirs, initiative=1, ap=3, mana=0, ability={})
        if deal:
            sc.deal()
        if player == "p1":
            sc.select(mine, theirs)
        else:
            sc.select(theirs, mine)
        sc.add("activate", player=player, character=character, bonus=bonus)
        return sc

    @staticmethod
    def skip_round(sc: Scenario) -> Scenario:
        """Both players pass at once; cleanup follows, then an organisation phase drawing nothing."""
        sc.add("pass", player="p1").add("pass", player="p2")
        sc.add("organise", player="p1", discard=[], draw=[]).add("organise", player="p2", discard=[], draw=[])
        return sc

    # -- verdicts -------------------------------------------------------------------------------------
    @staticmethod
    def verify(sc: Scenario, *, end: dict | None = None) -> engine.Verdict:
        """Verify the scenario's log, with ``end`` appended (p2 concedes unless given; ``{}`` for none)."""
        log = sc.log()
        if end is None:
            end = {"type": "concede", "player": "p2"}
        if end:
            log["events"].append(end)
        return engine.verify(log, content_pack=copy.deepcopy(sc.pack))

    def accepts(self, sc: Scenario) -> engine.Verdict:
        verdict = self.verify(sc)
        assert verdict.status == "legal", verdict.summary()
        return verdict

    def rejects(self, sc: Scenario, rule: str, *, at: int | None = None) -> engine.Violation:
        """The log is illegal at event ``at`` (default: the last event added) for ``rule``."""
        verdict = self.verify(sc)
        index = len(sc.doc["events"]) - 1 if at is None else at
        assert verdict.status == "illegal", verdict.summary()
        assert (verdict.error.rule, verdict.error.event_index) == (rule, index), verdict.summary()
        return verdict.error

    @staticmethod
    def state(sc: Scenario):
        return sc.game()

    @staticmethod
    def unit(game, key: str):
        return game.units[key]

    @staticmethod
    def label(game, key: str) -> str:
        return game.board.label(game.units[key].hex)


HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    """The long runs (``@pytest.mark.slow``: 1,000 games per randomness mode, thousands of random mutations)
    run only when asked for: ``-m slow`` (or any ``-m`` naming slow) or ``ARBITER_SLOW=1``."""
    if "slow" in (config.getoption("markexpr") or "") or os.environ.get("ARBITER_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow or ARBITER_SLOW=1")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def bg() -> Toolbox:
    return Toolbox()


_SIMULATED: dict[tuple[int, str], str] = {}


def replay_to(doc: dict, upto: int, rng, pack: dict | None = None):
    """A replay of ``doc`` after its first ``upto`` events; then an author fills in the dice (and choices
    such as rerolls) that a new event leaves out, as the simulator does."""
    from engine.games.battleground import RULESET
    from engine.games.battleground.simulator import Author

    game = RULESET.start(doc, content_pack=copy.deepcopy(pack) if pack is not None else None)
    for i, event in enumerate(doc["events"][:upto]):
        game.apply(i, event)
    game.dice.author = Author(rng)
    return game


def offered_events_are_accepted(doc: dict, points, rng, *, per_point: int, pack: dict | None = None) -> int:
    """BG-28.5: at each point (an event index) of ``doc``, a sample of ``legal_events()`` is applied to a
    fresh replay of the same state; every one must be accepted. Returns how many were tried."""
    tried = 0
    for upto in sorted(set(points)):
        options = replay_to(doc, upto, rng, pack).legal_events()
        assert options, f"no legal event offered after {upto} events of an unfinished game"
        for event in rng.sample(options, min(per_point, len(options))):
            replay_to(doc, upto, rng, pack).apply(upto, copy.deepcopy(event))
            tried += 1
    return tried


def simulated(seed: int, randomness: str) -> dict:
    key = (seed, randomness)
    if key not in _SIMULATED:
        _SIMULATED[key] = json.dumps(engine.simulate("motu-battleground", seed, randomness=randomness))
    return json.loads(_SIMULATED[key])


@pytest.fixture(scope="session")
def simulated_log():
    """``simulated_log(seed, randomness)``: a simulated log, made once per session, returned as a copy."""
    return simulated
