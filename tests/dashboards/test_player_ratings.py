"""A player's meta page shows their OpenSkill rating from tournament play (issue: player profile)."""

import io

import pytest
from django.core.management import call_command

from tournaments.models import Registration


@pytest.mark.django_db(transaction=True)
def test_player_page_shows_ratings_from_tournament_games(client, settings):
    settings.ARBITER_META_REFRESH_INLINE = True
    call_command(
        "simulate_event", players=4, rounds=2, seed=11, eager=True, jobs=1, timeout=20, stdout=io.StringIO()
    )
    name = Registration.objects.order_by("pk").values_list("display_name", flat=True).first()
    page = client.get(f"/meta/players/{name}/", {"simulated": "include"})
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="ratings-table"' in html and 'id="ratings-empty"' not in html
    assert "provisional" in html  # two games is fewer than five


@pytest.mark.django_db
def test_player_without_tournament_games_gets_the_empty_state():
    from dashboards.ratings import ratings_for_name

    assert ratings_for_name("nobody at all") == []
