"""An Alliance set up at the table (HR-17.2): ``new_header`` builds the teams, the track heroes and each
player's six units from the recorder's choices, draws what they leave out from ``placement`` and refuses
a bad choice in a sentence with its rule."""

from __future__ import annotations

import pytest

from engine import session

GAME = "hoplomachus-remastered"
SEED = "5a" * 32
FACTIONS = ("kunlun", "plutos-refugees", "amazons", "faction-4")
KUNLUN_SIX = ["Warrior", "marksman", "kunlun-unit-04", "kunlun-unit-05", "kunlun-unit-06", "kunlun-unit-07"]


def _players(**units) -> list[dict]:
    players = [{"name": n, "faction": f} for n, f in zip(("Ann", "Bo", "Cy", "Di"), FACTIONS, strict=True)]
    for i, chosen in units.items():
        players[int(i[1:]) - 1]["units"] = chosen
    return players


def test_alliance_is_offered_with_its_four_players():
    modes = {m["id"]: m for m in session.table_options(GAME)["modes"]}
    assert modes["alliance"]["players"] == modes["alliance"]["min_players"] == 4  # HR-12
    assert modes["alliance"]["arenas"] == ["pozzuoli"] and modes["skirmish"]["players"] == 2


def test_a_seeded_alliance_header_with_chosen_units_starts():
    header = session.new_header(GAME, players=_players(p1=KUNLUN_SIX), mode="alliance", seed_hex=SEED)
    setup = header["setup"]
    assert setup["teams"] == {
        "red": ["p1", "p3"],
        "blue": ["p2", "p4"],
    }  # HR-17.2.1: seats 1 and 3 by default
    assert setup["units"]["p1"] == [
        "kunlun-warrior", "kunlun-marksman", "kunlun-unit-04", "kunlun-unit-05", "kunlun-unit-06", "kunlun-unit-07"
    ]  # fmt: skip
    assert all(len(set(u)) == 6 for u in setup["units"].values())  # HR-17.2.8: six each, drawn when left out
    assert setup["track_hero"]["red"] in ("p1", "p3") and setup["track_hero"]["blue"] in ("p2", "p4")
    game = session.start(session.with_seed(header, SEED))
    camp = {u["uid"] for u in game.s.units.values() if u["owner"] == "p1" and u["zone"] == "camp"}
    assert {f"p1:{u}" for u in setup["units"]["p1"]} <= camp


def test_a_recorded_alliance_takes_the_teams_sides_and_track_heroes_given_and_alternates_turns():
    header = session.new_header(
        GAME,
        players=_players(),
        mode="alliance",
        first_player="p2",
        teams={"red": ["p4", "p2"], "blue": ["p3", "p1"]},
        track_hero={"red": "p4", "blue": "p1"},
        placement=7,
    )
    setup = header["setup"]
    assert setup["teams"] == {"red": ["p2", "p4"], "blue": ["p1", "p3"]}
    assert setup["track_hero"] == {"red": "p4", "blue": "p1"} and setup["order"] == ["p2", "p3", "p4", "p1"]
    session.start(header)  # HR-17.2.3: the order alternates the teams
    again = session.new_header(
        GAME, players=_players(), mode="alliance", first_player="p2",
        teams={"red": ["p4", "p2"], "blue": ["p3", "p1"]}, track_hero={"red": "p4", "blue": "p1"}, placement=7,
    )  # fmt: skip
    assert again == header  # the same choices and number give the same draws


@pytest.mark.parametrize(
    ("choices", "words", "rule"),
    [
        ({"players": _players()[:3]}, "four players, two teams of two", "HR-12"),
        ({"teams": {"red": ["p1", "p2"], "blue": ["p3", "p4"]}}, "alternate around the table", "HR-17.2.1"),
        ({"teams": {"red": ["p1", "p3", "p2"], "blue": ["p4"]}}, "two teams of two", "HR-17.2.1"),
        ({"track_hero": {"red": "p2"}}, "Ann or Cy's", "HR-17.2.5"),
        (
            {"players": _players(p1=KUNLUN_SIX[:5])},
            "Ann chooses exactly 6 units of Kunlun, not 5",
            "HR-17.2.8",
        ),
        (
            {"players": _players(p1=[*KUNLUN_SIX[:5], "amazons-warrior"])},
            "'amazons-warrior' is not one",
            "HR-17.2.8",
        ),
        ({"players": _players(p1=[*KUNLUN_SIX[:5], "Warrior"])}, "chooses Warrior only once", "HR-17.2.8"),
    ],
)
def test_a_bad_alliance_choice_is_refused_in_words_with_its_rule(choices, words, rule):
    with pytest.raises(ValueError) as refused:
        session.new_header(GAME, **{"players": _players(), "mode": "alliance", "seed_hex": SEED, **choices})
    assert words in str(refused.value) and f"({rule})" in str(refused.value)
