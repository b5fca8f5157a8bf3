"""Bad input gets a verdict, never a traceback (docs/log-format.md LOG-1 … LOG-5): malformed JSON, wrong
schema, unknown ids, truncated logs, absurd sizes and wrong types everywhere, including random mutations
of valid logs (hypothesis). No verdict may name the rule ENGINE-DEFECT."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.core.content import pack_hash

STATUSES = {"legal", "illegal", "unreadable"}
ANYWHERE = [{"rows": [1, 30]}, {"rows": [1, 30]}]


def rich(bg):
    """A short legal game using most event types: ability, play_card, focus, rerolls and explosions,
    ruling, guard, a guard interrupt, an area attack, pass, use_item, move, organise and concede."""
    sc = bg.scenario(zones=ANYWHERE, objectives=["M12"])
    bg.stats(sc, "man-at-arms", perception=2, mind=1, toughness=1, health=9)
    bg.stats(sc, "he-man", mind=1, health=9, speed=(5, 8))
    bg.stats(sc, "skeletor", toughness=2, health=9)
    bg.stats(sc, "evil-lyn", power=1, perception=1, toughness=1, health=9, speed=(5, 8))
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=14)
    bg.weapon(
        sc,
        "fireball",
        type="spell",
        range_in=10,
        mana_cost=1,
        area={"hexes": 2},
        table=[{"min": 1, "wounds": 1}],
    )
    bg.item(sc, "example-ap-token", single_use=True, use={"gain_ap": 1})
    sc.edit_pack(
        lambda p: next(c for c in p["characters"] if c["id"] == "man-at-arms").update(
            abilities=[
                {
                    "id": "tactical-master",
                    "name": "Tactical Master",
                    "kind": "active",
                    "ap": 1,
                    "mana": 1,
                    "target": "ally",
                    "range_in": 8,
                    "effect": {"buff": "empower"},
                }
            ]
        )
    )
    sc.place("p1", "man-at-arms", ["arm-cannon"], "K8", facing=3)
    sc.place("p1", "he-man", ["sword-of-power", "example-ap-token"], "K10", facing=3)
    sc.place("p2", "skeletor", ["havoc-staff"], "M20", facing=0)
    sc.place("p2", "evil-lyn", ["fireball"], "K24", facing=0)
    bg.card(sc, "motu-fate-01", initiative=9, ap=5, mana=2, ability={})
    bg.card(sc, "ew-fate-01", initiative=1, ap=3, mana=2, ability={})
    bg.card(sc, "motu-fate-02", initiative=5, ap=2, mana=0, ability={})
    sc.deal().select("motu-fate-01", "ew-fate-01")
    sc.add("activate", player="p1", character="man-at-arms", bonus="mana")
    sc.add("ability", character="man-at-arms", ability="tactical-master", target="he-man")
    sc.add("play_card", player="p1", card="motu-glory-2", bonus="ap")
    sc.add("focus", character="man-at-arms")
    facing = bg.grid.facings_toward(bg.grid.parse("K8"), bg.grid.parse("M20"))[0]
    sc.add(
        "attack",
        character="man-at-arms",
        weapon="arm-cannon",
        target="skeletor",
        facing=facing,
        attack={"dice": [1, 6], "mana_rerolls": {"dice": [0], "results": [5]}, "explosions": [6, 2]},
        defence={"dice": [4, 1]},
        expect={"attack_successes": 3, "defence_successes": 1, "net": 2, "wounds": 1},
    )
    sc.add("ruling", note="both players agreed the ruler reads 11 inches")
    sc.add("guard", character="man-at-arms")
    sc.add("activate", player="p2", character="evil-lyn", bonus="ability")
    sc.add("move", character="evil-lyn", path=["K23", "K22", "K21", "K20"], facing=0)
    sc.add("interrupt", character="man-at-arms")
    sc.add(
        "attack",
        character="man-at-arms",
        weapon="arm-cannon",
        target="evil-lyn",
        attack={"dice": [2, 2]},
        defence={"dice": [2]},
    )
    sc.add("end_interrupt", character="man-at-arms")
    sc.add(
        "attack",
        character="evil-lyn",
        weapon="fireball",
        target="he-man",
        attack={"dice": [5]},
        defence={"dice": [1]},
        additional=[{"target": "man-at-arms", "attack": {"dice": [2]}, "defence": {"dice": [2]}}],
    )
    sc.add("end_activation", player="p2")
    sc.add("select", player="p1", card="motu-fate-02").add("pass", player="p2")
    sc.add("activate", player="p1", character="he-man", bonus="mana")
    sc.add("use_item", character="he-man", item="example-ap-token")
    sc.add("move", character="he-man", path=["L10", "M10", "M11"], focus=False, facing=2)
    sc.add("end_activation", player="p1")
    sc.add(
        "organise",
        player="p1",
        discard=["motu-fate-03"],
        draw=["motu-fate-06", "motu-fate-07", "motu-fate-08"],
    )
    sc.add("organise", player="p2", discard=[], draw=["ew-fate-06"])
    sc.add("concede", player="p2")
    return sc


@pytest.fixture(scope="module")
def rich_log(bg):
    sc = rich(bg)
    return sc.log(), sc.pack


def judge(data, pack=None) -> engine.Verdict:
    """Verify and check what every verdict must satisfy, whatever the input."""
    verdict = engine.verify(data, content_pack=pack)
    assert verdict.status in STATUSES
    if verdict.status != "legal":
        assert verdict.error is not None
        assert verdict.error.rule != "ENGINE-DEFECT", (verdict.error, verdict.error.event_index)
    json.loads(verdict.to_json())
    return verdict


def unreadable(data, rule, pack=None) -> engine.Violation:
    verdict = judge(data, pack)
    assert (verdict.status, verdict.error.rule) == ("unreadable", rule), verdict.summary()
    return verdict.error


def test_the_rich_log_is_legal(rich_log):
    log, pack = rich_log
    verdict = judge(log, pack)
    assert verdict.status == "legal", verdict.summary()
    assert verdict.events_verified == len(log["events"])


# -- malformed input ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("data", "rule"),
    [
        (b"{", "LOG-1.3"),
        (b"", "LOG-1.3"),
        (b"{'format': 'arbiter-log'}", "LOG-1.3"),
        (b"\xff\xfe{}", "LOG-1.2"),
        ("[1, 2, 3]", "LOG-1.4"),
        ("null", "LOG-1.4"),
        ("42", "LOG-1.4"),
        ([1, 2], "LOG-1.4"),
        ("\ud800", "LOG-1.3"),
    ],
    ids=[
        "open-brace",
        "empty",
        "single-quotes",
        "not-utf8",
        "array",
        "null",
        "number",
        "python-list",
        "surrogate",
    ],
)
def test_log_1_malformed_input(data, rule):
    """LOG-1.2 / LOG-1.3 / LOG-1.4: not UTF-8, not JSON, not an object."""
    unreadable(data, rule)


def test_log_1_3_json_cut_mid_way(rich_log):
    """LOG-1.3: every cut of the JSON text before its end is refused as JSON."""
    text = json.dumps(rich_log[0])
    for cut in range(1, len(text), max(1, len(text) // 97)):
        unreadable(text[:cut], "LOG-1.3", rich_log[1])


@pytest.mark.parametrize(
    ("mutate", "rule"),
    [
        (lambda d: d.pop("events"), "LOG-2"),
        (lambda d: d.update(format="other"), "LOG-2"),
        (lambda d: d.update(format_version=2), "LOG-2"),
        (lambda d: d.update(events={}), "LOG-2"),
        (lambda d: d.update(players="two"), "LOG-2"),
        (lambda d: d.update(randomness={"mode": "dice-tower"}), "LOG-2"),
        (lambda d: d.update(game="chess"), "LOG-2"),
        (lambda d: d.update(rules_version="2.0"), "LOG-2.1"),
        (lambda d: d["setup"].pop("first_player"), "LOG-2.1"),
        (lambda d: d["setup"].update(extra=1), "LOG-2.1"),
        (lambda d: d["events"][0].pop("type"), "LOG-5.1"),
        (lambda d: d["events"][0].update(type="teleport"), "LOG-5.1"),
        (lambda d: d["events"][0].update(colour="red"), "LOG-5.1"),
        (lambda d: d["events"][0].update(draw="motu-fate-01"), "LOG-5.2"),
        (lambda d: d.update(options={"jump_triggers_interrupts": "yes"}), "LOG-2.3"),
        (lambda d: d.update(options={"jump_triggers_interrupts": 1}), "LOG-2.3"),
        (lambda d: d.update(options={"house_rule": True}), "LOG-2.3"),
    ],
    ids=[
        "no-events",
        "format",
        "format-version",
        "events-object",
        "players-string",
        "randomness-mode",
        "unknown-game",
        "rules-version",
        "no-first-player",
        "setup-extra",
        "event-without-type",
        "unknown-event-type",
        "unknown-event-field",
        "draw-not-a-list",
        "option-value",
        "option-type",
        "unknown-option",
    ],
)
def test_log_2_wrong_schema(rich_log, mutate, rule):
    """LOG-2 / LOG-2.1 / LOG-2.3 / LOG-3.1 / LOG-5.1: the envelope, the Battleground schema and the options."""
    log = copy.deepcopy(rich_log[0])
    mutate(log)
    unreadable(log, rule, rich_log[1])


@pytest.mark.parametrize(
    ("mutate", "rule"),
    [
        (lambda d: d["players"][0]["force"][0].update(character="battle-cat"), "LOG-3.4"),
        (lambda d: d["players"][0]["force"][0]["equipment"].append("power-sword-2"), "LOG-3.4"),
        (lambda d: d["players"][0].update(faction="snake-men"), "LOG-3.4"),
        (lambda d: d["setup"].update(map="eternia"), "LOG-3.4"),
        (lambda d: d["events"][2].update(card="motu-fate-99"), "LOG-3.4"),
        (lambda d: d["events"][0]["draw"].__setitem__(0, "motu-fate-99"), "LOG-3.4"),
        (lambda d: d["events"][5].update(ability="grayskull-power"), "LOG-3.4"),
        (lambda d: d["events"][8].update(weapon="power-sword-2"), "LOG-3.4"),
        (lambda d: d["events"][8].update(target="battle-cat"), "LOG-3.4"),
        (lambda d: d["events"][21].update(item="cosmic-key"), "LOG-3.4"),
        (lambda d: d["events"][4].update(player="p9"), "LOG-5.1"),
        (lambda d: d["events"][22]["path"].__setitem__(0, "Z99"), "LOG-5.2"),
        (lambda d: d["players"][0]["force"][0].update(hex="A0"), "LOG-2.2"),
        (lambda d: d["content_pack"].update(id="bg-unknown"), "LOG-3.2"),
        (lambda d: d["content_pack"].update(sha256="0" * 64), "LOG-3.3"),
    ],
    ids=[
        "character",
        "weapon",
        "faction",
        "map",
        "card-select",
        "card-draw",
        "ability",
        "attack-weapon",
        "attack-target",
        "item",
        "player",
        "path-hex",
        "setup-hex",
        "pack-id",
        "pack-hash",
    ],
)
def test_log_3_unknown_ids(rich_log, mutate, rule):
    """LOG-3.2 / LOG-3.3 / LOG-3.4 / LOG-5.1 / LOG-5.2 / LOG-2.2: names that the pack or map do not know."""
    log = copy.deepcopy(rich_log[0])
    mutate(log)
    error = unreadable(log, rule, rich_log[1])
    assert error.message


def test_log_3_4_unknown_ids_are_reported_at_their_event(rich_log):
    """LOG-3.4: the violation names the event that carries the unknown id."""
    log = copy.deepcopy(rich_log[0])
    log["events"][8]["weapon"] = "power-sword-2"
    assert unreadable(log, "LOG-3.4", rich_log[1]).event_index == 8


def test_log_3_2_a_supplied_pack_must_be_the_pack_the_log_names(rich_log):
    """LOG-3.2: an organizer's pack with another id is refused, and without the supplied pack the log's pack
    (bg-test) is not a built-in one."""
    log, pack = rich_log
    other = copy.deepcopy(pack)
    other["pack"]["id"] = "bg-other"
    unreadable(log, "LOG-3.2", other)
    unreadable(log, "LOG-3.2")


@pytest.mark.parametrize(
    "edit",
    [
        lambda m: m.update(offset="odd-r"),
        lambda m: m.update(columns=0),
        lambda m: m.update(deployment_zones=[{"rows": [1]}, {"rows": [16, 30]}]),
        lambda m: m.update(deployment_zones=[{}, {"rows": [16, 30]}]),
        lambda m: m.update(terrain=[{"piece": "x", "kind": "high", "hexes": ["ZZ1"]}]),
        lambda m: m.update(edge_blockers=[["K5"]]),
    ],
    ids=["offset", "columns", "zone-rows", "zone-empty", "terrain-hex", "edge-blocker"],
)
def test_log_3_5_a_supplied_pack_with_an_impossible_map(bg, edit):
    """LOG-3.5: a supplied pack whose map cannot be built is unreadable (not a traceback)."""
    sc = bg.scenario()
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    sc.deal().add("concede", player="p2")
    sc.edit_pack(lambda p: edit(p["maps"][0]))
    unreadable(sc.log(), "LOG-3.5", sc.pack)


@pytest.mark.parametrize(
    "edit",
    [
        lambda p: p["weapons"][0].update(cost=None),
        lambda p: p["characters"][0].update(name=7),
        lambda p: p["items"][0].update(extra_effects=[{"min": "three"}]),
        lambda p: p["decks"]["evil-warriors"].update(glory=["ew-glory-1", "no-such-card"]),
        lambda p: p["decks"]["evil-warriors"].update(fate=["ew-glory-1"]),
        lambda p: p["weapons"][1].update(aliases=["Lanciafiamme"]),
    ],
    ids=[
        "weapon-cost",
        "character-name",
        "effect-threshold",
        "unknown-card-in-deck",
        "glory-in-fate-deck",
        "aliases-list",
    ],
)
def test_log_3_5_pack_values_the_rules_compute_with(bg, edit):
    """LOG-3.5 / BG-7.5.3 / BG-4.5: costs, names, effect thresholds and deck contents are checked when a
    supplied pack is loaded, not discovered broken mid-replay."""
    sc = bg.scenario()
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    sc.deal().add("concede", player="p2")
    sc.edit_pack(edit)
    unreadable(sc.log(), "LOG-3.5", sc.pack)


def test_log_3_5_a_ranged_weapon_without_a_range(bg):
    """LOG-3.5 / BG-10.3.5: a supplied pack with a ranged weapon that states no range is refused."""
    sc = bg.scenario()
    bg.weapon(sc, "arm-cannon", type="ranged", range_in=None)
    sc.place("p1", "he-man", [], "K5").place("p2", "skeletor", [], "K25")
    sc.deal().add("concede", player="p2")
    unreadable(sc.log(), "LOG-3.5", sc.pack)


# -- truncated logs ------------------------------------------------------------------------------------------------
def test_log_5_3_every_log_cut_before_the_end_of_the_game(simulated_log):
    """LOG-5.3: a simulated game cut after any event before its last is not a finished game."""
    log = simulated_log(11, "recorded")
    assert judge(log).status == "legal"
    events = log["events"]
    for cut in range(len(events)):
        cut_log = dict(log, events=events[:cut])
        error = unreadable(cut_log, "LOG-5.3")
        assert error.message.startswith("the log ends")


def test_log_5_3_the_rich_log_cut_anywhere(rich_log):
    """LOG-5.3 / BG-7.4.1: without the concession the rich log stops mid-game."""
    log, pack = rich_log
    for cut in range(len(log["events"])):
        unreadable(dict(log, events=log["events"][:cut]), "LOG-5.3", pack)


# -- absurd sizes --------------------------------------------------------------------------------------------------
def test_log_1_1_over_4_mib(rich_log):
    """LOG-1.1: 4 MiB is the limit, whatever the content."""
    log = copy.deepcopy(rich_log[0])
    log["events"].insert(-1, {"type": "ruling", "note": "x" * 2000})
    text = json.dumps(log)
    padded = text[:-1] + ', "pad": "' + "x" * (4 * 1024 * 1024) + '"}'
    error = unreadable(padded.encode(), "LOG-1.1", rich_log[1])
    assert "limit" in error.message


def test_log_1_1_over_20000_events(rich_log):
    """LOG-1.1: at most 20,000 events."""
    log = copy.deepcopy(rich_log[0])
    log["events"] = [{"type": "agree_draw"}] * 20_001
    unreadable(log, "LOG-1.1", rich_log[1])


@pytest.mark.parametrize("depth", [40, 900, 100_000])
def test_log_1_3_deep_nesting_as_text(rich_log, depth):
    """LOG-1.3: a header nested deeper than 32 levels, as text."""
    text = json.dumps(rich_log[0])
    text = (
        text.replace('"simulated"', '"deep": ' + "[" * depth + "]" * depth + ', "simulated"', 1)
        if '"simulated"' in text
        else text[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    )
    unreadable(text, "LOG-1.3", rich_log[1])


def test_log_1_3_deep_nesting_in_a_parsed_document(rich_log):
    """LOG-1.3: an already parsed document nested thousands deep (in the header or in an event) gives a
    verdict, not a RecursionError."""
    deep = {}
    cur = deep
    for _ in range(5000):
        cur["a"] = {}
        cur = cur["a"]
    for place in ("header", "event"):
        log = copy.deepcopy(rich_log[0])
        if place == "header":
            log["reference"] = deep
        else:
            log["events"][0]["draw"] = deep
        unreadable(log, "LOG-1.3", rich_log[1])


def test_log_1_3_an_integer_too_long_to_read(rich_log):
    """LOG-1.3: a 5,000-digit number (over Python's conversion limit) is refused as JSON."""
    text = json.dumps(rich_log[0]).replace('"facing": 3', '"facing": ' + "9" * 5000, 1)
    unreadable(text, "LOG-1.3", rich_log[1])


def test_log_1_at_most_64_dice_in_one_roll(rich_log):
    """LOG-1 (dice in one roll: 64)."""
    log = copy.deepcopy(rich_log[0])
    log["events"][8]["attack"]["dice"] = [2] * 65
    unreadable(log, "LOG-1.1", rich_log[1])


# -- wrong types everywhere ------------------------------------------------------------------------------------------
def leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, (*path, i))
    else:
        yield path


def places(value, path=()):
    """Every path to a value (containers included)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from places(item, (*path, i))


def setting(doc, path, value):
    cur = doc
    for key in path[:-1]:
        cur = cur[key]
    cur[path[-1]] = value


WRONG = [None, True, -1, 7, 10**30, 2.5, 2.0, "", "Z99", [], {}]


def test_log_5_every_leaf_with_every_wrong_type(rich_log):
    """LOG-2 / LOG-5: each value of the rich log replaced in turn by None, a bool, a negative, a die face
    out of range, a huge integer, a float, an empty string, an off-board hex, a list and an object: each
    gets a verdict of the three kinds, none ENGINE-DEFECT."""
    log, pack = rich_log
    seen = set()
    for path in leaves(log):
        for bad in WRONG:
            doc = copy.deepcopy(log)
            setting(doc, path, bad)
            seen.add(judge(doc, pack).status)
    assert seen == STATUSES


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=10)),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def mutations(draw, base):
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["replace", "delete", "insert", "duplicate", "swap", "truncate"]))
        events = doc.get("events") if isinstance(doc, dict) else None
        if op in ("duplicate", "swap", "truncate") and isinstance(events, list) and events:
            i = draw(st.integers(0, len(events) - 1))
            j = draw(st.integers(0, len(events) - 1))
            if op == "duplicate":
                events.insert(j, copy.deepcopy(events[i]))
            elif op == "swap":
                events[i], events[j] = events[j], events[i]
            else:
                del events[i:]
            continue
        path = draw(st.sampled_from(list(places(doc))))
        if not path:
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if op == "delete":
            del parent[path[-1]]
        elif op == "insert" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(JSON_VALUES)
        elif op == "insert" and isinstance(parent, list):
            parent.insert(path[-1], draw(JSON_VALUES))
        else:
            parent[path[-1]] = draw(JSON_VALUES)
    return doc


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_log_5_random_mutations_of_the_rich_log(rich_log, data):
    """Random single and multiple mutations of a valid log: always a verdict, never ENGINE-DEFECT."""
    log, pack = rich_log
    judge(data.draw(mutations(log)), pack)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_log_3_5_random_mutations_of_a_supplied_pack(rich_log, data):
    """LOG-3.3 / LOG-3.5: an organizer-supplied pack mutated at random, with the log naming its hash: always
    a verdict, never ENGINE-DEFECT."""
    log, pack = rich_log
    mutated = data.draw(mutations(pack))
    judge(dict(log, content_pack=dict(log["content_pack"], sha256=pack_hash(mutated))), mutated)


@pytest.mark.parametrize(
    "pack", [[], "pack", 5, {"pack": "bg-test"}], ids=["list", "string", "number", "no-block"]
)
def test_log_3_5_a_supplied_pack_that_is_no_pack_document(rich_log, pack):
    """LOG-3.5: the supplied pack is not even a JSON object with a 'pack' block."""
    unreadable(rich_log[0], "LOG-3.5", pack)


@pytest.fixture(scope="module")
def short_simulated(simulated_log):
    log = simulated_log(5, "recorded")
    log["events"] = log["events"][:80] + [{"type": "agree_draw"}]
    return log


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_log_5_random_mutations_of_a_simulated_log(short_simulated, data):
    """The same for the first 80 events of a simulated game (built-in pack)."""
    assert judge(short_simulated).status == "legal"
    judge(data.draw(mutations(short_simulated)))


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_log_5_many_random_mutations(rich_log, short_simulated, data):
    """Slow: many more random mutations of both logs and of the supplied pack, with a fresh random seed each
    run."""
    log, pack = rich_log
    judge(data.draw(mutations(log)), pack)
    judge(data.draw(mutations(short_simulated)))
    mutated = data.draw(mutations(pack))
    judge(dict(log, content_pack=dict(log["content_pack"], sha256=pack_hash(mutated))), mutated)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(text=st.text(max_size=60) | st.binary(max_size=60))
def test_log_1_random_bytes_and_text(text):
    """LOG-1: arbitrary short text or bytes are refused with a verdict."""
    assert judge(text).status == "unreadable"
