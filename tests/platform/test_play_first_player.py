"""Who starts a Hoplomachus game at the table. The rules determine the player order at random (HR-15.2.2,
original: "Determinare a caso l'ordine dei giocatori"; HR-16.2.2, HR-17.2.3): with the site's dice the site
rolls it from the committed seed and every phone is shown who it drew and by which rule, whatever the
start form said; with real dice the table rolls and the form's choice decides. Co-op modes have no first
player (HR-13.8.5)."""

from __future__ import annotations

import pytest

import engine
from games.hoplomachus.table_form import HoplomachusGameForm
from play import services, tables
from play.models import DiceMode

pytestmark = pytest.mark.django_db

HR = "hoplomachus-remastered"


def _table(user, *, mode=DiceMode.SEEDED, first=1, setup=None):
    return tables.create_game(
        user,
        game=HR,
        seats=[
            tables.Seating("Alice", "kunlun", {"faction": "kunlun"}),
            tables.Seating("Mallory", "amazons", {"faction": "amazons"}),
        ],
        first_player_seat=first,
        mode=mode,
        setup=setup or {"mode": "skirmish", "arena": "pozzuoli"},
        one_phone=True,
    )


def test_hr_15_2_2_the_site_rolls_who_starts_a_skirmish_and_every_phone_is_shown_it(user):
    drawn = set()
    for _ in range(30):
        table = _table(user, first=1)  # the form's seat 1 does not decide: the rules draw it
        state = services.state_payload(table, user)
        first = state["first"]
        assert first["drawn"] is True and first["rule"] == "HR-15.2.2"
        assert first["rule_url"].endswith("/HR-15.2.2/")
        assert state["to_act"] == [first["player"]]  # the one drawn is the one to act
        assert first["name"] == {"p1": "Alice", "p2": "Mallory"}[first["player"]]
        # The draw is the seed's: the log, seed revealed, replays to the same first player.
        replay = engine.session.start(engine.session.with_seed(table.header, table.seed))
        assert engine.session.starting_player(replay)["player"] == first["player"]
        drawn.add(first["player"])
        if drawn == {"p1", "p2"}:
            break
    assert drawn == {"p1", "p2"}  # a roll, not the seat the form named


@pytest.mark.parametrize("first", [1, 2])
def test_hr_15_2_2_with_real_dice_the_tables_roll_decides(user, first):
    table = _table(user, mode=DiceMode.RECORDED, first=first)
    state = services.state_payload(table, user)
    assert state["first"]["player"] == f"p{first}" and state["first"]["drawn"] is False
    assert state["first"]["rule"] == "HR-15.2.2"
    assert table.header["setup"]["order"][0] == f"p{first}"
    assert state["to_act"] == [f"p{first}"]


def test_hr_16_2_2_pandemonium_draws_its_first_player_too(user):
    table = tables.create_game(
        user,
        game=HR,
        seats=[
            tables.Seating(name, faction, {"faction": faction})
            for name, faction in zip(("A", "B", "C"), ("kunlun", "amazons", "plutos-refugees"), strict=True)
        ],
        first_player_seat=1,
        setup={"mode": "pandemonium", "arena": "pozzuoli"},
        one_phone=True,
    )
    first = services.state_payload(table, user)["first"]
    assert first["drawn"] is True and first["rule"] == "HR-16.2.2"


def test_hr_13_8_5_assault_has_no_first_player(user):
    table = _table(user, setup={"mode": "assault", "arena": "pozzuoli"})
    assert services.state_payload(table, user)["first"] is None


def _form(**data):
    options = engine.session.table_options(HR)
    base = {
        "action": "new",
        "mode": "skirmish",
        "arena": "pozzuoli",
        "my_name": "Alice",
        "my_faction": "kunlun",
        "their_name": "Mallory",
        "their_faction": "amazons",
    }
    return HoplomachusGameForm(options, data={**base, **data})


def test_hr_15_2_2_the_start_form_hands_the_tables_choice_on_only_with_real_dice(user):
    seeded = _form(dice=DiceMode.SEEDED, first="2")
    assert seeded.is_valid(), seeded.errors
    assert seeded.table_choices(user)["first_player_seat"] == 1  # the site's roll decides, not the form
    recorded = _form(dice=DiceMode.RECORDED, first="2")
    assert recorded.is_valid(), recorded.errors
    assert recorded.table_choices(user)["first_player_seat"] == 2
    beyond = _form(dice=DiceMode.RECORDED, first="3")  # a two-player Skirmish has no third player
    assert not beyond.is_valid() and "first" in beyond.errors
