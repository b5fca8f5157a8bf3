"""The game registry (engine.core.registry): lookups, plugin registration, and Battleground's entry."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from engine.core import registry
from engine.core.registry import ruleset_for

BG = "motu-battleground"


def test_battleground_is_registered_with_its_version_seats_and_score_components():
    info = engine.game(BG)
    assert info in engine.games()
    assert info.ruleset_version == engine.ruleset_version(BG) and info.ruleset_version.startswith("bg-")
    assert (info.seats.min_seats, info.seats.max_seats) == (2, 2)  # BG-1.1
    assert not info.seats.against_game and not info.seats.has_teams
    assert [k for k, _ in info.result_schema.components] == [
        "objectives",
        "missions",
        "knockouts",
    ]  # BG-7.5.1
    assert info.result_schema.label("knockouts") == "Knock-outs"
    assert ruleset_for(BG) is info.ruleset
    assert info.statistics_schema.is_file() and info.statistics_version >= 1


def test_a_game_that_is_not_registered_is_a_named_error():
    # No list of expected games remains: a game taken out of the registry is as unknown as any other.
    info = engine.game("hoplomachus-remastered")
    engine.unregister(info.id)
    try:
        with pytest.raises(engine.GameNotAvailable) as gone:
            engine.game("hoplomachus-remastered")
        assert engine.ruleset_version("hoplomachus-remastered") == ""
    finally:
        engine.register(info)
    assert gone.value.rule == "LOG-3.1" and "unknown game 'hoplomachus-remastered'" in gone.value.message
    assert "motu-battleground" in gone.value.message  # names the games this engine verifies
    with pytest.raises(LookupError, match="unknown game 'chess'"):
        engine.game("chess")


def test_an_unknown_game_in_a_log_is_refused_at_the_envelope_naming_the_game():
    log = engine.simulate(BG, 3)
    log["game"] = "chess"
    with pytest.raises(engine.UnreadableLog) as exc:
        engine.parse_log(log)
    assert exc.value.rule == "LOG-2" and exc.value.path == "/game" and "'chess'" in exc.value.message


def test_a_plugin_registers_and_unregisters_without_touching_engine_files():
    plugin = dataclasses.replace(
        engine.game(BG), id="bg-variant-plugin", name="A variant", ruleset_version="v-9"
    )
    with registry.registered(plugin):
        assert engine.game("bg-variant-plugin") is plugin
        assert engine.ruleset_version("bg-variant-plugin") == "v-9"
        with pytest.raises(ValueError, match="already registered"):
            engine.register(dataclasses.replace(plugin, name="another"))
    assert registry.find("bg-variant-plugin") is None
    assert [g.id for g in engine.games()] == sorted(g.id for g in engine.games())


@pytest.mark.parametrize("info", engine.games(), ids=lambda info: info.id)
def test_every_rule_id_of_the_index_has_a_title_and_an_explanation_and_the_game_prefix(info):
    """The verdict page and the rules reference show each id with a title and a hand-written explanation."""
    index = info.rules_index
    assert len(index) > 300
    own = (info.rule_prefix,) + info.lettered_rule_kinds  # Eternia also defines WE-01 and AMB-01
    assert all(rid.split("-")[0] in own and row["title"] for rid, row in index.items())
    assert info.rules_explanations_file is not None and info.rules_explanations_file.is_file()
    short = sorted(
        rid
        for rid, row in index.items()
        if len(row["explanation"]) < 30 or row["explanation"] == row["title"]
    )
    assert not short, short


def test_explanations_say_what_the_rule_requires():
    assert "movement points" in engine.game(BG).rule("BG-9.2.1")["explanation"]
    fe = engine.game("motu-fields-of-eternia")
    assert "21" in fe.rule("FE-11.3.1")["explanation"]
    assert "same zone" in fe.rule("FE-11.5.3.6")["explanation"]


# -- the Battleground list rules behind GameInfo.check_force ----------------------------------------------
def _force(*entries, faction=None):
    out = {"characters": [{"character": c, "equipment": list(e)} for c, *e in entries]}
    if faction:
        out["faction"] = faction
    return out


def test_check_force_accepts_the_packs_own_first_game_forces():
    info = engine.game(BG)
    content = info.content_loader()
    for force in content.forces.values():  # the first-game forces cost 110; the pack's limit is provisional
        assert info.check_force(content, force, points_limit=200) == []


@pytest.mark.parametrize(
    "force, expected",
    [
        (_force(), "the list has no characters"),
        (
            _force(("he-man",), ("skeletor",)),
            "Skeletor is of Evil Warriors; this list is Masters of the Universe",
        ),
        (_force(("he-man",), ("He-Man",)), "He-Man is listed twice (entries 1 and 2)"),
        (_force(("nobody",)), "entry 1: unknown character 'nobody'"),
        (_force(("he-man", "no-such-sword")), "He-Man: unknown equipment 'no-such-sword'"),
        (_force(("he-man",), faction="Snake Men of Nowhere"), "unknown faction 'Snake Men of Nowhere'"),
    ],
)
def test_check_force_names_what_is_wrong_bg_1_2_bg_1_3(force, expected):
    problems = engine.game(BG).check_force("bg-core-starter", force)
    assert any(expected in p for p in problems), problems


def test_check_force_counts_points_against_the_limit_and_slots_bg_1_6():
    info = engine.game(BG)
    content = info.content_loader()
    force = next(iter(content.forces.values()))
    assert any("the limit is 1" in p for p in info.check_force(content, force, points_limit=1))
    hero = force["characters"][0]
    weapons = [w.id for w in content.weapons.values() if not w.iconic_for][
        : int(content.characters[hero["character"]].slots["weapons"]) + 1
    ]
    problems = info.check_force(
        content, {"characters": [{"character": hero["character"], "equipment": weapons}]}
    )
    assert any("weapons but has" in p for p in problems), problems


def test_compare_with_list_reports_each_difference_and_nothing_for_a_match():
    info = engine.game(BG)
    log = engine.simulate(BG, 11)
    same = {p["id"]: {"faction": p["faction"], "characters": p["force"]} for p in log["players"]}
    assert info.compare_with_list(log, same) == []
    p1 = log["players"][0]
    shorter = dict(same, p1={"faction": p1["faction"], "characters": p1["force"][1:]})
    problems = info.compare_with_list(log, dict(shorter, p2=None))
    assert any("who is not on the registered list" in p for p in problems)
    assert any("has no registered list" in p for p in problems)


# -- the statistics and result contracts (docs/statistics.md) ----------------------------------------------
def _legal_verdict(seed=4):
    verdict = engine.verify(engine.simulate(BG, seed, randomness="recorded"))
    assert verdict.legal
    return verdict


def test_statistics_schema_is_versioned_and_refuses_rows_off_the_contract():
    info = engine.game(BG)
    assert info.statistics_schema_doc["$id"].endswith(f"/{info.statistics_version}")
    stats = _legal_verdict().statistics
    assert info.validate_statistics(stats) == []
    broken = {**stats, "sides": [dict(stats["sides"][0], vp_total="lots"), stats["sides"][1]]}
    assert any(p.startswith("/sides/0/vp_total") for p in info.validate_statistics(broken))
    missing = {k: v for k, v in stats.items() if k != "tests"}
    assert any("'tests' is a required property" in p for p in info.validate_statistics(missing))


def test_result_schema_refuses_unknown_components_outcomes_and_seat_counts():
    info = engine.game(BG)
    result = _legal_verdict().result
    assert info.validate_result(result) == []
    seat = result["seats"][0]
    assert any(
        "/seats/0/outcome" in p
        for p in info.validate_result({**result, "seats": [dict(seat, outcome="won")]})
    )
    odd = {**result, "seats": [dict(seat, components={"style": 3}), result["seats"][1]]}
    assert info.validate_result(odd) == [
        "score component 'style' is not one Masters of the Universe: Battleground registers"
    ]
    assert any("1 seats" in p for p in info.validate_result({**result, "seats": [seat]}))  # BG-1.1


def test_every_rule_id_the_battleground_engine_cites_is_explained_in_our_own_words():
    """The verdict page shows the explanation of the rule an illegal event broke: each id that the engine's
    code can name has one, and none copies the title it explains."""
    import re
    from pathlib import Path

    info = engine.game(BG)
    source = "".join(p.read_text("utf-8") for p in Path(info.rules_index_file).parent.glob("*.py"))
    cited = {i for i in re.findall(r'"(BG-[0-9A-Z.-]+)"', source) if i in info.rules_index}
    assert len(cited) > 80
    unexplained = sorted(i for i in cited if len(info.rule(i)["explanation"]) < 40)
    assert not unexplained, unexplained
    assert all(info.rule(i)["explanation"] != info.rule(i)["title"] for i in cited)


def test_a_verdict_is_keyed_by_log_hash_ruleset_version_and_pack_hash():
    log = engine.simulate(BG, 6)
    verdict = engine.verify(log)
    assert verdict.verification_key == (
        verdict.log_sha256,
        engine.game(BG).ruleset_version,
        log["content_pack"]["sha256"],
    )
    assert engine.verify(b"not json").verification_key == (None, "", None)
