"""Names, never ids, on the table pages: the heroes a Fields of Eternia seat controls (FE-4.1) in the seat
list, the players line (the join page names them alike), and the cards a hero carries (FE-16) in the board's panel, as the
content pack prints them."""

from __future__ import annotations

import pytest

from tests.platform.test_play_hoplomachus_eternia import fe_table, hr_table

pytestmark = pytest.mark.django_db


def test_an_eternia_table_names_the_heroes_each_seat_controls(client, user, other_user):
    table = fe_table(user, other_user)
    client.force_login(user)
    state = client.get(f"/play/{table.code}/state.json?board=1").json()
    assert [p["controls"] for p in state["players"]][0] == ["he-man", "teela", "stratos"]  # ids for scripts
    assert [p["control_names"] for p in state["players"]][0] == ["He-Man", "Teela", "Stratos"]
    assert state["seats"][1]["control_names"][0] == "Skeletor"
    # the panel names what a hero carries from the board's cards: a vehicle, equipment, a spell, an ally
    cards = state["board"]["cards"]
    assert cards["night-stalker"] == "Night Stalker" and cards["shield-of-ka"] == "Shield of Ka"
    assert state["board"]["heroes"]["he-man-mounted"] != "he-man-mounted"


def test_a_game_without_named_pieces_keeps_its_controls_as_they_are(user, other_user):
    from play import services

    table = hr_table(user, other_user)
    assert [s["control_names"] for s in services.state_payload(table, user)["seats"]] == [[], []]
