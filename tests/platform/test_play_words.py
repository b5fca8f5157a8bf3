"""The table page's words: its script reads them from Django's JavaScript catalogue, which the page loads
first, so table.js says them in the page's language (docs/recorder.md, "Words")."""

from __future__ import annotations

import pytest

from play import tables

pytestmark = pytest.mark.django_db


def test_the_table_page_loads_the_javascript_catalogue_before_its_script(client, user):
    table = tables.create_game(
        user,
        game="motu-battleground",
        seats=[tables.Seating("Alice", "first-game-ew"), tables.Seating("Mallory", "first-game-motu")],
        first_player_seat=1,
    )
    client.force_login(user)
    page = client.get(f"/play/{table.code}/").text
    catalogue, script = page.find('<script src="/i18n/js/?l=en&amp;v='), page.find("play/table.js")
    assert 0 <= catalogue < script
    assert page.count("/i18n/js/") == 1  # once per page (base.html), not again by the table's scripts
    answer = client.get("/i18n/js/")
    assert answer.status_code == 200 and "javascript" in answer["Content-Type"]
    assert "gettext" in answer.text and "interpolate" in answer.text
