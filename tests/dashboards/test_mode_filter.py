"""The mode filter of the meta: a Hoplomachus Skirmish and a Pandemonium are stored with their mode, every
summary row carries it, and the pages and the API count only the chosen mode's games."""

from __future__ import annotations

import json
import re
from html import unescape
from types import SimpleNamespace

import pytest
from django.core.cache import cache

import engine
import games
from dashboards import models as m
from dashboards import queries
from dashboards.filters import MetaFilter, parse_filter
from dashboards.modes import backfill, stored_mode
from gamelogs.services import submit_log
from meta.reported import _mode as reported_mode
from tests.dashboards.meta_fixtures import announce, hand_counted_games, make_log
from workers import tasks

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

GAME = "hoplomachus-remastered"


def plugin_log_mode(game: str, header: dict) -> str:  # what the migration passes to backfill
    return games.plugin(game).log_mode(header)


@pytest.fixture
def two_modes(user, settings, django_capture_on_commit_callbacks):
    """One verified Hoplomachus Skirmish and one Pandemonium (simulated logs, as the engine makes them)."""
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    logs = {}
    for seed, mode in ((3, "skirmish"), (3, "pandemonium")):
        doc = engine.simulate(GAME, seed, mode=mode)
        log = submit_log(user, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        logs[mode] = log
    cache.clear()
    yield logs
    cache.clear()


def _games(**kwargs) -> int:
    return queries.overview(MetaFilter(game=GAME, simulated="include", **kwargs))["games"]


def test_ingest_stores_each_logs_mode_and_the_summaries_carry_it(two_modes):
    for mode, log in two_modes.items():
        assert m.GameStat.objects.get(game_log=log).mode == mode
    by_mode = {r.mode: r.games for r in m.GameDaily.objects.filter(game=GAME)}
    assert by_mode == {"skirmish": 1, "pandemonium": 1}
    assert set(m.ScoreDaily.objects.filter(game=GAME).values_list("mode", flat=True)) == {
        "skirmish",
        "pandemonium",
    }


def test_the_filter_splits_the_games_by_mode(two_modes, client):
    assert (_games(), _games(mode="skirmish"), _games(mode="pandemonium"), _games(mode="alliance")) == (
        2,
        1,
        1,
        0,
    )
    # The games' own data sets read GameStat rows through the same filter.
    assert queries.game_stats(MetaFilter(game=GAME, simulated="include", mode="pandemonium")).count() == 1

    api = client.get(f"/api/meta/{GAME}/modes/", {"simulated": "include", "mode": "skirmish", "min_games": 1})
    assert api.status_code == 200, api.content
    body = api.json()
    assert body["filters"]["mode"] == "skirmish"
    assert {row["key"].split("/")[0] for row in body["rows"]} == {"skirmish"}
    everything = client.get(f"/api/meta/{GAME}/modes/", {"simulated": "include", "min_games": 1}).json()
    assert {row["key"].split("/")[0] for row in everything["rows"]} == {"skirmish", "pandemonium"}

    page = unescape(
        client.get(f"/meta/{GAME}/", {"simulated": "include", "mode": "pandemonium"}).content.decode()
    )
    assert '<select name="mode">' in page and "All modes" in page
    assert '<option value="pandemonium" selected>Pandemonium, each for themselves</option>' in page
    # Links and the CSV button keep the chosen mode, like every other filter.
    assert re.search(r'href="[^"]*mode=pandemonium[^"]*format=csv"', page)


def test_a_bad_mode_is_a_clear_error_on_the_page_and_a_400_in_the_api(two_modes, client):
    f, errors = parse_filter(GAME, {"mode": "melee"})
    assert f.mode is None
    assert errors == {"mode": "expected one of skirmish, pandemonium, alliance, assault, ascension"}
    api = client.get(f"/api/meta/{GAME}/modes/", {"mode": "melee"})
    assert api.status_code == 400
    assert api.json() == {"detail": "invalid filter", "errors": errors}
    page = client.get(f"/meta/{GAME}/", {"mode": "melee", "simulated": "include"})
    assert page.status_code == 200
    assert (
        "expected one of skirmish, pandemonium, alliance, assault, ascension (ignored)"
        in page.content.decode()
    )
    # The bad value is ignored: every mode is counted.
    assert _games() == 2


def test_battleground_has_one_mode_and_no_mode_select(client, settings):
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    g = hand_counted_games()[0]
    log, verdict = make_log(g["statistics"], created=g["created"], salt="mode")
    announce(log, verdict)
    assert m.GameStat.objects.get(game_log=log).mode == ""
    html = client.get("/meta/motu-battleground/").content.decode()
    assert 'name="mode"' not in html
    assert parse_filter("motu-battleground", {"mode": "standard"})[1] == {
        "mode": "this game has one mode of play: leave mode out"
    }
    cache.clear()


def test_fields_of_eternia_offers_its_three_modes(client):
    html = unescape(client.get("/meta/motu-fields-of-eternia/").content.decode())
    assert '<select name="mode">' in html
    for mode in ("standard", "skirmish", "solo"):
        assert f'<option value="{mode}"' in html
    # A log that names no mode is the team game (FE-2.5).
    eternia = games.plugin("motu-fields-of-eternia")
    assert stored_mode("motu-fields-of-eternia", eternia.log_mode({"setup": {}})) == "standard"
    assert stored_mode("motu-fields-of-eternia", eternia.log_mode({"setup": {"mode": "solo"}})) == "solo"


def test_the_api_index_lists_each_games_modes(client):
    body = client.get("/api/meta/").json()
    assert "mode" in body["parameters"]
    assert [mo["id"] for mo in body["modes"][GAME]] == [
        "skirmish",
        "pandemonium",
        "alliance",
        "assault",
        "ascension",
    ]
    assert "motu-battleground" not in body["modes"]
    schema = client.get("/api/schema/")  # the OpenAPI document takes the parameters' descriptions
    assert schema.status_code == 200 and b"Mode of play" in schema.content


def test_the_migration_backfill_fills_the_mode_of_an_existing_row(two_modes):
    stat = m.GameStat.objects.get(game_log=two_modes["pandemonium"])
    m.GameStat.objects.filter(pk=stat.pk).update(mode="")  # a row stored before the column existed
    m.StaleBucket.objects.all().delete()
    assert backfill(m.GameStat, m.StaleBucket, plugin_log_mode, chunk=1) == 1
    stat.refresh_from_db()
    assert stat.mode == "pandemonium"
    assert set(m.StaleBucket.objects.values_list("game", "day")) == {(GAME, stat.played_on)}
    assert backfill(m.GameStat, m.StaleBucket, plugin_log_mode) == 0  # a rerun has nothing left to do


def test_a_reported_result_takes_its_events_mode():
    event = SimpleNamespace(game=GAME, game_mode="pandemonium", team_size=0)
    assert reported_mode(event) == "pandemonium"
    # No mode named: the game's standard game (Hoplomachus Skirmish); a team event of two is an Alliance.
    assert reported_mode(SimpleNamespace(game=GAME, game_mode="", team_size=0)) == "skirmish"
    assert reported_mode(SimpleNamespace(game=GAME, game_mode="", team_size=2)) == "alliance"
    assert reported_mode(SimpleNamespace(game="motu-battleground", game_mode="", team_size=0)) == ""


def test_the_mode_is_part_of_links_and_the_cache_key():
    f = MetaFilter(game=GAME, mode="alliance")
    assert f.query_params() == {"mode": "alliance"}
    assert f.cache_key() != MetaFilter(game=GAME).cache_key()
