"""Battleground's force-list validation and the log-vs-match comparison: pure, no database."""

import functools

import pytest

from games.battleground.content import load_pack
from games.battleground.lists import check_force_list, format_list_text, parse_list_text
from games.battleground.log_check import compare_force
from tournaments.log_check import ExpectedPlayer, check_reference
from tournaments.log_check import compare_players as compare_with


def compare_players(header, expected, pack):
    return compare_with(header, expected, functools.partial(compare_force, content=pack))


MOTU, EW = "masters-of-the-universe", "evil-warriors"


@pytest.fixture(scope="module")
def pack():
    return load_pack("bg-core-starter")


def messages(text, pack, limit=100):
    faction, entries, problems = parse_list_text(text)
    assert not problems
    return [p.message for p in check_force_list(entries, pack, points_limit=limit, faction=faction).problems]


def test_a_valid_list_costs_its_characters_and_equipment(pack):
    faction, entries, _ = parse_list_text(
        "Faction: Masters of the Universe\nHe-Man: Sword of Power\nOrko\nStratos: Flamethrower"
    )
    check = check_force_list(entries, pack, points_limit=100, faction=faction)
    assert check.valid and check.problems == []
    assert check.faction == MOTU
    assert check.points == 30 + 10 + 20 + 20 + 10
    assert check.entries[0] == {"character": "he-man", "equipment": ["sword-of-power"]}


def test_aliases_and_ids_resolve_to_the_same_cards(pack):
    # Italian alias of the Sword of Power, and ids written as ids.
    _, entries, _ = parse_list_text("he-man: Spada del Potere\nman-at-arms: arm-cannon")
    check = check_force_list(entries, pack, points_limit=100)
    assert check.valid, check.problems
    assert check.entries == [
        {"character": "he-man", "equipment": ["sword-of-power"]},
        {"character": "man-at-arms", "equipment": ["arm-cannon"]},
    ]


def test_points_limit(pack):
    assert messages("He-Man: Sword of Power\nStratos: Flamethrower\nMan-At-Arms: Arm Cannon, Mace", pack) == [
        "the list costs 110 points; the limit is 100"
    ]


def test_one_faction(pack):
    assert messages("He-Man\nSkeletor", pack) == [
        "Skeletor: Skeletor is of Evil Warriors; this list is Masters of the Universe (a list has one faction)"
    ]


def test_declared_faction_wins_over_the_first_character(pack):
    assert messages("Faction: Evil Warriors\nHe-Man", pack) == [
        "He-Man: He-Man is of Masters of the Universe; this list is Evil Warriors (a list has one faction)"
    ]


def test_one_copy_of_each_equipment_card(pack):
    assert messages("Stratos: Mace\nOrko: Mace", pack) == [
        "Mace appears 2 times (Stratos, Orko); a list has one copy of each equipment card"
    ]


def test_iconic_weapons_only_on_their_characters(pack):
    assert messages("Stratos: Sword of Power", pack) == [
        "Stratos: Sword of Power is iconic to He-Man; Stratos cannot carry it"
    ]


def test_equipment_slots(pack):
    assert messages("Stratos: Flamethrower, Mace, Laser Rifle", pack, limit=200) == [
        "Stratos carries 3 weapons but has 2 weapon slots"
    ]
    items = "Orko: Ring of Grayskull, Power Surge, Rulebook example: single-use +1 AP item"
    assert messages(items, pack, limit=200) == ["Orko carries 3 items but has 2 item slots"]


def test_unknown_names_and_repeated_characters(pack):
    assert messages("Nobody\nHe-Man: Laser Sword\nHe-Man", pack) == [
        "entry 1: unknown character 'Nobody'",
        "He-Man: unknown equipment 'Laser Sword'",
        "He-Man is listed twice (entries 2 and 3)",
    ]


def test_an_empty_list_is_not_valid(pack):
    assert [p.message for p in check_force_list([], pack, points_limit=100).problems] == [
        "the list has no characters"
    ]


def test_text_round_trip(pack):
    text = "Faction: Evil Warriors\nSkeletor: Havoc Staff, Magic Blast\nMer-Man: Trident"
    faction, entries, _ = parse_list_text(text)
    check = check_force_list(entries, pack, points_limit=100, faction=faction)
    assert format_list_text(check.entries, pack, check.faction) == text


def _header(name, faction, force):
    return {"id": "p1", "name": name, "faction": faction, "force": force}


def test_a_log_matching_players_and_lists(pack):
    ew = pack.forces["first-game-ew"]["characters"]
    motu = pack.forces["first-game-motu"]["characters"]
    expected = [ExpectedPlayer(1, "Ann", ("ann",), EW, ew), ExpectedPlayer(2, "Bob", ("bob",), MOTU, motu)]
    header = [
        {
            "id": "p1",
            "name": "  bob ",
            "faction": "motu",
            "force": motu,
        },  # username-insensitive, alias faction
        {"id": "p2", "name": "Ann", "faction": EW, "force": list(reversed(ew))},  # order does not matter
    ]
    comparison = compare_players(header, expected, pack)
    assert comparison.matches, comparison.problems
    assert comparison.assignment == {"p1": 2, "p2": 1}


def test_a_log_with_other_players_or_forces_is_reported(pack):
    ew = pack.forces["first-game-ew"]["characters"]
    motu = pack.forces["first-game-motu"]["characters"]
    expected = [ExpectedPlayer(1, "Ann", (), EW, ew), ExpectedPlayer(2, "Bob", (), MOTU, motu)]
    other_gear = [{"character": "he-man", "equipment": ["mace"]}, *motu[1:]]
    header = [
        {"id": "p1", "name": "Mallory", "faction": EW, "force": ew},
        {"id": "p2", "name": "Bob", "faction": MOTU, "force": other_gear},
    ]
    problems = compare_players(header, expected, pack).problems
    assert problems == [
        "the log's player 'Mallory' is not a player of this match",
        "Ann does not appear in the log",
        "Bob's He-Man carries Mace in the log; the registered list has Sword of Power",
    ]


def test_a_player_without_a_registered_list_cannot_be_checked(pack):
    expected = [ExpectedPlayer(1, "Ann", (), None, None)]
    problems = compare_players([_header("Ann", EW, [])], expected, pack).problems
    assert problems == ["Ann has no registered list to compare the log's force with"]


def test_reference_must_name_this_match():
    assert check_reference(None, event_slug="open", match_id=3, round_number=1) == []
    assert (
        check_reference(
            {"event": "open", "match": "3", "round": 1}, event_slug="open", match_id=3, round_number=1
        )
        == []
    )
    assert check_reference(
        {"event": "other", "match": "4", "round": 2}, event_slug="open", match_id=3, round_number=1
    ) == [
        "the log names event 'other', not 'open'",
        "the log names match 4, not 3",
        "the log names round 2, not 1",
    ]
