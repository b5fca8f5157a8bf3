"""One player profile, "N simulated games hidden" counts, and dice luck kept private (issue #13,
"One site"): over the hand-counted meta of meta_fixtures plus a simulated game and accounts."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from accounts.services import create_player
from dashboards import queries, stats
from dashboards.datasets import pages_for
from dashboards.filters import MetaFilter
from gamelogs.models import LogSubmission
from tests.dashboards.meta_fixtures import GAME, announce, hand_counted_games, make_log

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

HIDDEN = re.compile(r"(\d+) simulated games? hidden")


@pytest.fixture
def meta(settings):
    """The five hand-counted public games, one simulated copy of G1, one game only "Sim Only"
    played (simulated), and one private game of Alice's that only her account uploaded."""
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    games = hand_counted_games()
    logs = []
    for i, g in enumerate(games):
        log, verdict = make_log(g["statistics"], created=g["created"], event=g.get("event"), salt=str(i))
        announce(log, verdict)
        logs.append(log)
    simulated, verdict = make_log(games[0]["statistics"], created="2026-03-05", simulated=True, salt="s")
    announce(simulated, verdict)
    stats_g3 = games[2]["statistics"]
    only_sim = _renamed(stats_g3, {"Dan": "Sim Only"})
    log, verdict = make_log(only_sim, created="2026-03-06", simulated=True, salt="only")
    announce(log, verdict)
    private, verdict = make_log(games[1]["statistics"], created="2026-05-01", salt="private", public=False)
    announce(private, verdict)
    alice = create_player("alice", "pw-alice-123", display_name="Alice", club="Grayskull")
    LogSubmission.objects.create(log=logs[0], user=alice, filename="cup-round-1.json")
    LogSubmission.objects.create(log=private, user=alice, filename="kitchen-table.json")
    yield {"logs": logs, "private": private, "alice": alice}
    cache.clear()


def _renamed(statistics: dict, names: dict) -> dict:
    import json

    text = json.dumps(statistics)
    for old, new in names.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return json.loads(text)


def _hidden(html: str) -> int | None:
    found = HIDDEN.search(html)
    return int(found.group(1)) if found else None


# --- "N simulated games hidden" wherever simulated games are left out by default -------------


def test_index_says_how_many_simulated_games_are_hidden_and_offers_them(client, meta):
    html = client.get(reverse("dashboards:index")).content.decode()
    assert _hidden(html) == 2  # the simulated copy of G1 and Sim Only's game
    assert 'href="?simulated=include"' in html
    assert f'href="/meta/{GAME}/?simulated=include">2 hidden — include</a>' in html
    included = client.get(reverse("dashboards:index"), {"simulated": "include"}).content.decode()
    assert _hidden(included) is None and "includes simulated games" in included
    assert f"/meta/{GAME}/?simulated=include" in included  # the game links keep the choice
    api = client.get("/api/meta/").json()
    assert api["counts"][GAME] == {"games": 6, "simulated": 2}  # a private game counts unnamed


def test_every_dashboard_page_counts_hidden_simulated_games(client, meta):
    for slug in pages_for(GAME):
        url = reverse("dashboards:overview", args=[GAME]) if slug == "overview" else reverse(
            "dashboards:page", args=[GAME, slug]
        )  # fmt: skip
        html = client.get(url, {"min_games": 1}).content.decode()
        assert _hidden(html) == 2, slug
        assert 'href="?min_games=1&amp;simulated=include">include simulated</a>' in html, slug
    included = client.get(reverse("dashboards:overview", args=[GAME]), {"simulated": "include"})
    assert _hidden(included.content.decode()) is None
    body = client.get(f"/api/meta/{GAME}/factions/").json()
    assert body["simulated_hidden"] == 2
    assert client.get(f"/api/meta/{GAME}/factions/", {"simulated": "include"}).json()["simulated_hidden"] == 0


def test_a_name_with_only_simulated_games_gets_a_page_with_the_count_not_a_404(client, meta):
    response = client.get(reverse("dashboards:player", args=["Sim Only"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert _hidden(html) == 1 and 'href="?simulated=include">include simulated</a>' in html
    included = client.get(reverse("dashboards:player", args=["Sim Only"]), {"simulated": "include"})
    assert "1 verified game logged under this name" in included.content.decode()
    api = client.get(reverse("dashboards_api:player", args=["Sim Only"])).json()
    assert (api["games"], api["simulated_hidden"]) == (0, 1)
    # A name nobody used is still a styled page (this template), answered 404.
    nobody = client.get(reverse("dashboards:player", args=["Nobody"]))
    assert nobody.status_code == 404 and 'id="no-games"' in nobody.content.decode()


def test_meta_player_page_links_the_account_the_name_belongs_to(client, meta):
    html = client.get(reverse("dashboards:player", args=["Alice"])).content.decode()
    assert 'href="/players/alice/"' in html
    assert client.get(reverse("dashboards_api:player", args=["Alice"])).json()["accounts"] == ["alice"]


# --- Dice luck: the player's own business --------------------------------------------------


def test_public_dice_page_and_api_name_nobody(client, meta):
    html = client.get(reverse("dashboards:page", args=[GAME, "dice"])).content.decode()
    assert "Alice" not in html and "unlucky" not in html and "evidence (p" not in html
    body = client.get(f"/api/meta/{GAME}/dice-luck/").json()
    assert all(set(r) == {"key", "name", "low", "high", "players", "share", "expected_share",
                          "expected_players"} for r in body["rows"])  # fmt: skip
    assert "Alice" not in client.get(f"/api/meta/{GAME}/dice-luck/", {"format": "csv"}).content.decode()
    # The meta's page for a name shows no dice either.
    player = client.get(reverse("dashboards:player", args=["Alice"])).content.decode()
    assert 'id="dice"' not in player and "successes against" not in player


def test_named_dice_luck_is_for_staff_only(client, meta, admin_user):
    url = reverse("dashboards_api:dice_luck_players", args=[GAME])
    assert client.get(url).status_code in (401, 403)
    client.force_login(create_player("bob", "pw-bob-12345"))
    assert client.get(url).status_code == 403
    client.force_login(admin_user)
    rows = client.get(url).json()["rows"]
    assert [r["name"] for r in rows] == ["Alice"] and rows[0]["dice"] == 14


def test_dice_distribution_hides_small_groups_and_counts_bands():
    rows = stats.z_distribution([-3.5, -0.5, 0.2, 0.7, 1.5, 2.5])
    counts = {r["key"]: r["players"] for r in rows}
    assert counts == {"below -3": 1, "-3 to -2": 0, "-2 to -1": 0, "-1 to 0": 1, "0 to 1": 2, "1 to 2": 1,
                      "2 to 3": 1, "3 and above": 0}  # fmt: skip
    # Fair dice: the bands of a standard normal (68.3% within one z of 0).
    assert sum(r["expected_share"] for r in rows) == pytest.approx(1.0)
    assert counts and sum(r["expected_share"] for r in rows if r["key"] in ("-1 to 0", "0 to 1")) == (
        pytest.approx(0.6827, abs=1e-4)
    )


def test_distribution_is_empty_below_five_tested_players(meta):
    # Alice is the only player with recorded dice: nothing may be shown that points at her.
    assert queries.dice_luck_distribution(MetaFilter(game=GAME)) == []


def test_dice_are_on_the_players_own_profile_only(client, meta):
    url = reverse("players:detail", args=["alice"])
    api = reverse("api:player-profile", args=["alice"])
    assert 'id="dice"' not in client.get(url).content.decode()
    assert "dice" not in client.get(api).json()
    client.force_login(create_player("bob", "pw-bob-12345"))
    assert 'id="dice"' not in client.get(url).content.decode()
    assert "dice" not in client.get(api).json()
    client.force_login(meta["alice"])
    html = client.get(url).content.decode()
    assert 'id="dice"' in html and "only you see this" in html
    # Her own dice: G1's recorded test (14 dice) plus G2's copy she keeps private (no tests).
    assert client.get(api).json()["dice"]["dice"] == 14


# --- The profile ----------------------------------------------------------------------------


def test_profile_shows_account_uploads_and_stats_by_visibility(client, meta):
    anonymous = client.get(reverse("api:player-profile", args=["alice"])).json()
    assert (anonymous["display_name"], anonymous["club"]) == ("Alice", "Grayskull")
    assert "Alice" in anonymous["names"] and "alice" in anonymous["names"]
    # Others see her public upload only; her private one exists for her alone.
    assert [u["filename"] for u in anonymous["uploads"]] == ["cup-round-1.json"]
    assert anonymous["uploads"][0]["state"] == "legal" and anonymous["uploads"][0]["url"] is None
    # Her public games: G1, G2, G5 (as the meta's page for "Alice" counts them).
    assert anonymous["games"] == 3
    motu = {r["key"]: r for r in anonymous["factions"]}["masters-of-the-universe"]
    assert (motu["games"], motu["wins"], motu["draws"], motu["losses"]) == (3, 1, 1, 1)
    # The meta's rate counts her private game too (unnamed aggregates do): 1 win in 6 sides.
    assert motu["meta_win_rate"] == pytest.approx(1 / 6)
    he_man = {r["key"]: r for r in anonymous["characters"]}["he-man"]
    assert (he_man["games"], he_man["wins"], he_man["losses"]) == (2, 1, 1)  # G1 won, G2 lost
    assert anonymous["simulated_hidden"] == 1  # the simulated copy of G1

    client.force_login(meta["alice"])
    own = client.get(reverse("api:player-profile", args=["alice"])).json()
    assert sorted(u["filename"] for u in own["uploads"]) == ["cup-round-1.json", "kitchen-table.json"]
    assert own["games"] == 4  # her private game counts for her
    html = client.get(reverse("players:detail", args=["alice"])).content.decode()
    assert "kitchen-table.json" in html and "(private)" in html and 'href="/logs/' in html


def test_profile_of_someone_unknown_is_404(client, db):
    assert client.get(reverse("players:detail", args=["nobody-here"])).status_code == 404
    assert client.get(reverse("api:player-profile", args=["nobody-here"])).status_code == 404
    assert get_user_model().objects.count() == 0
