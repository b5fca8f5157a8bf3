"""Meta pages and /api/meta/ over the hand-counted dataset: fields, CSV, filters, escaping."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

import engine
from dashboards import stats
from dashboards.datasets import datasets_for, pages_for
from gamelogs.models import GameLog
from gamelogs.signals import log_verified
from tests.dashboards.meta_fixtures import EVIL_CHARACTER, EVIL_NAME, GAME, hand_counted_games, make_log
from tests.support.pages import loaded_from_elsewhere

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

REQUIRED = {
    "key",
    "name",
    "games",
    "wins",
    "draws",
    "losses",
    "win_rate",
    "ci_low",
    "ci_high",
    "pick_rate",
    "score_rate",
}


@pytest.fixture
def meta(settings):
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    for i, g in enumerate(hand_counted_games()):
        log, verdict = make_log(g["statistics"], created=g["created"], event=g.get("event"), salt=str(i))
        log_verified.send(sender=GameLog, game_log=log, verdict=verdict)
    yield
    cache.clear()


def api(client, dimension, **params):
    return client.get(f"/api/meta/{GAME}/{dimension}/", params)


@pytest.mark.parametrize("dimension", ["factions", "characters", "weapons", "items", "pairs"])
def test_rate_api_rows_have_the_documented_fields(client, meta, dimension):
    response = api(client, dimension, min_games=1)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["dimension"] == dimension and body["filters"]["min_games"] == 1
    for row in body["rows"]:
        assert set(row) >= REQUIRED
        assert row["win_rate"] == pytest.approx(row["wins"] / row["games"])
        assert row["score_rate"] == pytest.approx((row["wins"] + row["draws"] / 2) / row["games"])
        low, high = stats.wilson_interval(row["wins"], row["games"])
        assert (row["ci_low"], row["ci_high"]) == pytest.approx((low, high))
        assert row["pick_rate"] == pytest.approx(row["games"] / 10)


def test_api_factions_by_hand_and_filters(client, meta):
    rows = {r["key"]: r for r in api(client, "factions").json()["rows"]}
    assert (rows["evil-warriors"]["wins"], rows["evil-warriors"]["losses"]) == (3, 2)
    assert rows["evil-warriors"]["too_few_games"] is True
    cup = {r["key"]: r for r in api(client, "factions", event="Grayskull Cup").json()["rows"]}
    assert cup["evil-warriors"]["games"] == 2
    bad = api(client, "factions", **{"from": "last week"})
    assert bad.status_code == 400 and "from" in bad.json()["errors"]
    assert client.get("/api/meta/no-such-game/factions/").status_code == 404
    assert client.get(f"/api/meta/{GAME}/no-such-thing/").status_code == 404


DATASETS, PAGES = datasets_for("motu-battleground"), pages_for("motu-battleground")


@pytest.mark.parametrize("dimension", sorted(DATASETS))
def test_every_dataset_has_json_and_csv(client, meta, dimension):
    body = api(client, dimension).json()
    assert "rows" in body and body["count"] == len(body["rows"])
    response = api(client, dimension, format="csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f'filename="{GAME}-{dimension}.csv"' in response["Content-Disposition"]
    table = list(csv.reader(io.StringIO(response.content.decode())))
    assert len(table) == len(body["rows"]) + 1 if body["rows"] else len(table) == 1


def test_csv_neutralises_formulas(client, meta):
    response = api(client, "factions", format="csv")
    assert "Evil Warriors" in response.content.decode()
    from dashboards.renderers import rows_to_csv

    assert rows_to_csv([{"name": "=HYPERLINK(1)", "n": -1}]) == "name,n\n'=HYPERLINK(1),-1\n"


def test_api_index_and_player(client, meta):
    index = client.get("/api/meta/").json()
    # Every game registered with the engine, each with its plugin's data sets.
    assert index["games"] == [info.id for info in engine.games()]
    assert {"motu-battleground", "motu-fields-of-eternia"} <= set(index["games"])
    assert {d["key"] for d in index["datasets"]["motu-battleground"]} == set(DATASETS)
    player = client.get(reverse("dashboards_api:player", args=["Alice"])).json()
    assert player["games"] == 3 and player["ratings"] == [] and player["accounts"] == []
    assert "dice" not in player
    assert client.get(reverse("dashboards_api:player", args=["Nobody"])).status_code == 404


def test_schema_lists_the_meta_endpoints(client, admin_user):
    client.force_login(admin_user)
    response = client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = json.loads(response.content)["paths"]
    assert "/api/meta/{game}/{dimension}/" in paths


@pytest.mark.parametrize("page", sorted(PAGES))
def test_every_page_renders_with_escaped_names(client, meta, page):
    url = (
        reverse("dashboards:overview", args=[GAME])
        if page == "overview"
        else reverse("dashboards:page", args=[GAME, page])
    )
    response = client.get(url, {"min_games": 1})
    assert response.status_code == 200
    html = response.content.decode()
    # Neither the raw player name nor the raw character name reaches the page as markup…
    assert EVIL_NAME not in html and EVIL_CHARACTER not in html
    assert "<img src=x" not in html and "<script>alert" not in html
    # …and figure JSON carries them escaped for Plotly.
    blobs = re.findall(r'<script type="application/json" data-figure="[^"]+">(.*?)</script>', html, re.S)
    for blob in blobs:
        text = json.dumps(json.loads(blob))
        assert "<img" not in text and "<script>" not in text
    assert 'src="/meta/plotly-' in html and loaded_from_elsewhere(html) == []


def test_characters_page_shows_names_escaped_and_greys_small_samples(client, meta):
    html = client.get(reverse("dashboards:page", args=[GAME, "characters"])).content.decode()
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html  # the table cell
    blob = re.search(r'data-figure="fig-characters-0">(.*?)</script>', html, re.S).group(1)
    labels = json.loads(blob)["data"][0]["y"]
    assert "&lt;script&gt;alert('x')&lt;/script&gt;" in labels  # the figure label
    assert 'class="too-few"' in html and "too few games" in html
    assert stats.BALANCE_TEST_NAME in html  # the test is named on the page


def test_balance_page_names_the_test(client, meta):
    html = client.get(reverse("dashboards:page", args=[GAME, "balance"]), {"min_games": 2}).content.decode()
    assert "two-sided exact binomial test" in html.lower() or "binomial test" in html
    assert "p &lt; 0.001 very strong" in html


def test_filter_errors_are_shown_not_fatal(client, meta):
    response = client.get(reverse("dashboards:page", args=[GAME, "factions"]), {"from": "soon"})
    assert response.status_code == 200 and "expected a date" in response.content.decode()
    assert client.get("/meta/no-such-game/").status_code == 404
    assert client.get(f"/meta/{GAME}/no-such-page/").status_code == 404


def test_player_page(client, meta):
    html = client.get(reverse("dashboards:player", args=[EVIL_NAME])).content.decode()
    assert "<img src=x" not in html and "&lt;img src=x" in html
    assert 'id="ratings-empty"' in html
    assert client.get(reverse("dashboards:player", args=["Nobody"])).status_code == 404


def test_index_and_empty_game(client, meta):
    html = client.get(reverse("dashboards:index")).content.decode()
    assert "Masters of the Universe: Battleground" in html
    # Only games registered with the engine are on the meta (all three now); others answer 404.
    assert "Hoplomachus" in html and "Fields of Eternia" in html
    assert client.get(reverse("dashboards:overview", args=["chess"])).status_code == 404
    empty = client.get(
        reverse("dashboards:overview", args=[GAME]), {"event": "no-such-event"}
    ).content.decode()
    assert "No verified games in this filter yet" in empty


def test_plotly_is_served_locally(client):
    import plotly

    response = client.get(
        reverse("dashboards:plotly_js", args=[plotly.__version__]), HTTP_ACCEPT_ENCODING="gzip"
    )
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    assert "immutable" in response["Cache-Control"]
    import gzip

    assert b"plotly" in gzip.decompress(response.content)[:2000].lower()
