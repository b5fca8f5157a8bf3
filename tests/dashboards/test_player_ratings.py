"""Ratings on the player profile and the meta's player page are the ratings page's own numbers
(issue #13: the meta player page said "no ratings" while /events/ratings/ had them)."""

import io
import re

import pytest
from django.core.management import call_command

from accounts.models import Profile
from participants.models import Registration

RATINGS_ROW = re.compile(
    r'<tr><td class="num">(\d+)</td><td><a href="/events/players/([^/]+)/">[^<]*</a></td>\s*'
    r'<td class="num">([-\d.]+)</td><td class="num">([-\d.]+)</td><td class="num">([-\d.]+)</td>'
    r'<td class="num">(\d+)</td>'
)


def _dd(html: str, id_: str) -> str:
    return re.search(rf'<dd id="{id_}">([^<]*)', html).group(1).strip()


@pytest.mark.django_db(transaction=True)
def test_profile_and_meta_player_page_show_the_ratings_page_numbers(client, settings):
    settings.ARBITER_META_REFRESH_INLINE = True
    call_command(
        "simulate_event", players=4, rounds=2, seed=11, eager=True, jobs=1, timeout=20, stdout=io.StringIO()
    )
    table = {m[1]: m for m in RATINGS_ROW.findall(client.get("/events/ratings/").content.decode())}
    assert len(table) == 4
    registration = Registration.objects.select_related("player").order_by("pk").first()
    username = registration.player.username
    rank, _, ordinal, mu, sigma, games = table[username]

    profile = client.get(f"/players/{username}/").content.decode()
    assert _dd(profile, "rating-ordinal") == ordinal
    assert (_dd(profile, "rating-mu"), _dd(profile, "rating-sigma"), _dd(profile, "rating-games")) == (
        mu,
        sigma,
        games,
    )
    assert _dd(profile, "rating-rank") == f"{rank} of 4"
    event = client.get(f"/api/players/{username}/").json()["events"][0]
    assert event["rank"] is not None and event["wins"] + event["draws"] + event["losses"] == 2

    # The meta knows the player by the name in their logs; every game here is simulated, so the
    # default view hides them and says how many, and the ratings still show.
    page = client.get(f"/meta/players/{registration.display_name}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert re.search(r"2 simulated games hidden", html)
    assert 'id="ratings-table"' in html and 'id="ratings-empty"' not in html
    assert f"<td>{ordinal}</td>" in html and f'href="/players/{username}/"' in html
    assert "provisional" in html  # two games is fewer than five

    # A player who writes their profile's display name in their logs is found by it too.
    Profile.objects.filter(user=registration.player).update(display_name="Renamed Player")
    from meta.ratings import ratings_for_name

    assert [r["account"] for r in ratings_for_name("Renamed Player")] == [username]


@pytest.mark.django_db
def test_player_without_tournament_games_gets_the_empty_state():
    from meta.ratings import ratings_for_name

    assert ratings_for_name("nobody at all") == []
