"""The matchup pages, the page per character (/meta/<game>/characters/<id>/) and its API, and the
links from tables naming characters, over the hand-counted meta (tests/dashboards/meta_fixtures.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.dashboards.meta_fixtures import EVIL_CHARACTER, GAME
from tests.dashboards.test_meta_web import meta  # noqa: F401  (the hand-counted fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def test_character_page_shows_rates_matchups_and_partners(client, meta):  # noqa: F811
    response = client.get(reverse("dashboards:piece", args=[GAME, "he-man"]), {"min_games": 1})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>He-Man" in html
    assert 'data-figure="fig-piece-months"' in html
    # He-Man: 4 games (G1 W, G2 L, G3 L, G5 D as Dan's): 1 win of 4.
    assert "<b>25.0%</b>" in html
    best = html[html.index('id="best"') : html.index('id="worst"')]
    worst = html[html.index('id="worst"') : html.index('id="partners"')]
    # Against Stratos and Teela (G5, drawn) He-Man never lost; against Trap Jaw (G2) he never won.
    assert "Trap Jaw" in worst and "Trap Jaw" not in best
    partners = html[html.index('id="partners"') : html.index('id="matchups"')]
    assert f'href="{reverse("dashboards:piece", args=[GAME, "stratos"])}?min_games=1"' in partners
    assert 'class="sortable"' in html
    assert EVIL_CHARACTER not in html  # Beast Man's name (markup) is escaped where it appears
    assert (
        f'href="{reverse("dashboards:page", args=[GAME, "characters"])}?min_games=1">All characters</a>'
        in html
    )


def test_character_page_keeps_the_filter_and_reports_an_empty_one(client, meta):  # noqa: F811
    html = client.get(
        reverse("dashboards:piece", args=[GAME, "he-man"]), {"from": "2030-01-01"}
    ).content.decode()
    assert "No verified games with this character in this filter." in html


def test_unknown_character_is_a_styled_404(client, meta):  # noqa: F811
    response = client.get(reverse("dashboards:piece", args=[GAME, "orko"]))
    assert response.status_code == 404
    html = response.content.decode()
    assert 'id="not-found"' in html and "orko" in html and "Arbiter meta" in html


def test_a_game_without_characters_says_so_with_a_404(client, meta):  # noqa: F811
    response = client.get(reverse("dashboards:piece", args=["hoplomachus-remastered", "anyone"]))
    assert response.status_code == 404
    assert "do not record units and heroes" in response.content.decode()


@pytest.mark.parametrize("game", ["motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"])
def test_a_piece_page_links_to_the_page_listing_its_games_pieces(client, meta, game):  # noqa: F811
    from dashboards import providers
    from dashboards.datasets import pages_for

    plugin = providers.plugin(game)
    assert plugin.pieces_page in pages_for(game)  # the "All …" link of a piece page is a page of the game
    response = client.get(reverse("dashboards:page", args=[game, plugin.pieces_page]))
    assert response.status_code == 200


def test_character_tables_and_pairs_link_to_character_pages(client, meta):  # noqa: F811
    html = client.get(reverse("dashboards:page", args=[GAME, "characters"])).content.decode()
    assert f'<a href="{reverse("dashboards:piece", args=[GAME, "he-man"])}">He-Man</a>' in html
    pairs = client.get(reverse("dashboards:page", args=[GAME, "pairs"])).content.decode()
    # A pair names two characters: each half links to its own page.
    assert re.search(
        r'<a href="[^"]*/characters/he-man/">He-Man</a> \+ <a href="[^"]*/characters/stratos/">', pairs
    )


def test_matchups_page_draws_both_matrices_with_sortable_tables(client, meta):  # noqa: F811
    html = client.get(reverse("dashboards:page", args=[GAME, "matchups"]), {"min_games": 2}).content.decode()
    assert 'data-figure="fig-faction-matchups-0"' in html and 'data-figure="fig-character-matchups-0"' in html
    assert 'id="table-faction-matchups"' in html and 'data-type="number"' in html


def test_factions_page_explains_the_missing_pick_rate_chart(client, meta):  # noqa: F811
    # Five MOTU and five EVIL sides: both are picked by exactly half of them.
    html = client.get(reverse("dashboards:page", args=[GAME, "factions"])).content.decode()
    assert "Pick rate is not charted" in html
    assert 'data-figure="fig-factions-1"' not in html


def test_matchup_api_and_csv_with_a_minimum(client, meta):  # noqa: F811
    body = client.get(f"/api/meta/{GAME}/faction-matchups/", {"min_games": 3}).json()
    cells = {(r["row"], r["col"]): r for r in body["rows"]}
    assert cells[("masters-of-the-universe", "evil-warriors")]["games"] == 3
    assert cells[("evil-warriors", "evil-warriors")]["too_few_games"] is True
    assert body["min_games"] == 3
    csv = client.get(f"/api/meta/{GAME}/character-matchups/", {"format": "csv"}).content.decode()
    assert csv.splitlines()[0].startswith("key,row,row_name,col,col_name,games")


def test_character_api(client, meta):  # noqa: F811
    body = client.get(reverse("dashboards_api:piece", args=[GAME, "he-man"]), {"min_games": 1}).json()
    assert body["name"] == "He-Man" and body["detailed"] is True
    assert (body["rates"][0]["games"], body["rates"][0]["wins"]) == (4, 1)
    assert {r["col"] for r in body["matchups"]} == {"skeletor", "beast-man", "trap-jaw", "stratos", "teela"}
    assert client.get(reverse("dashboards_api:piece", args=[GAME, "orko"])).status_code == 404
    assert (
        client.get(reverse("dashboards_api:piece", args=[GAME, "he-man"]), {"from": "x"}).status_code == 400
    )
