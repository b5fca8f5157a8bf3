"""The staff's named dice table comes a page at a time (#25): at a million games it names about a hundred thousand
players, and testing every one of them took seconds to answer a complaint about one. The names are put in the
table's order from their sums alone (``GamePlugin.dice_luck_order``), and only the rows of the page asked for are
tested (``dice_luck_by_player(f, names)``): every page, under every filter, holds the rows the whole table holds
there, and a search finds a name in any case."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command

from dashboards import providers
from dashboards.models import GameStat
from visibility.models import PublishedLog

from .verdict_group_checks import filters

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

BG, HR = "motu-battleground", "hoplomachus-remastered"
URL = "/api/meta/{game}/dice-luck/players/"


@pytest.fixture
def meta():
    # Half the logs public: some names have public games, some only private ones (not named); Battleground's
    # games without a log (counted as public) name most of its players.
    call_command("load_synthetic_meta", games=300, seed=21, logs=True, game=[BG, HR], players=40, public=0.5,
                 stdout=io.StringIO())  # fmt: skip
    call_command("load_synthetic_meta", games=200, seed=22, game=[BG], players=40, stdout=io.StringIO())
    cache.clear()


def whole(game: str, f) -> list[dict]:
    cache.clear()
    return providers.plugin(game).dice_luck_by_player(f)


@pytest.mark.parametrize("game", [BG, HR])
def test_the_order_and_every_page_are_the_whole_tables(meta, game):
    plugin = providers.plugin(game)
    checked = 0
    for f in filters(game):
        table = whole(game, f)
        cache.clear()
        order = plugin.dice_luck_order(f)
        assert order == [r["key"] for r in table], f
        for start in range(0, len(order), 7):
            page = order[start : start + 7]
            cache.clear()
            assert plugin.dice_luck_by_player(f, page) == table[start : start + 7], (f, start)
        checked += len(table)
    assert checked > 150  # the filters named players
    assert plugin.dice_luck_by_player(filters(game)[0], []) == []


@pytest.mark.parametrize("game", [BG, HR])
def test_a_page_counts_a_log_published_behind_the_hooks_back(meta, game):
    """A log made public by a change no hook saw is added to the sums of its names' rows on a page too (the
    correction read per game is restricted to the page's names)."""
    plugin = providers.plugin(game)
    f = filters(game)[0]
    before = {r["key"]: r for r in whole(game, f)}
    private = GameStat.objects.filter(game=game, game_log__isnull=False).exclude(
        game_log__in=PublishedLog.objects.values("log")
    )
    for stat in private.order_by("id")[:20]:
        PublishedLog.objects.create(log=stat.game_log)  # no signal: the summaries do not know
        after = whole(game, f)
        if after != list(before.values()):
            break  # a game with recorded dice
    moved = [r["key"] for r in after if before.get(r["key"]) != r]
    assert moved
    cache.clear()
    order = plugin.dice_luck_order(f)
    assert order == [r["key"] for r in after]
    cache.clear()
    assert plugin.dice_luck_by_player(f, moved) == [r for r in after if r["key"] in moved]


@pytest.mark.parametrize("game", [BG, HR])
def test_staff_page_through_the_table_and_search_it(client, admin_user, meta, game):
    client.force_login(admin_user)
    table = whole(game, filters(game)[0])  # every game: the synthetic ones are simulated
    url = URL.format(game=game)
    everything = {"simulated": "include"}
    first = client.get(url, {**everything, "page_size": 10}).json()
    assert first["count"] == len(table) > 10 and first["pages"] == -(-len(table) // 10)
    assert first["page"] == 1 and first["previous"] is None and "page=2" in first["next"]
    rows, page = list(first["rows"]), first
    while page["next"]:
        page = client.get(page["next"]).json()
        rows += page["rows"]
    assert rows == table
    assert client.get(url, everything).json()["rows"] == table[:100]  # a hundred by default

    # A name looked up in any case, and a part of one.
    name = table[len(table) // 2]["name"]
    found = client.get(url, {**everything, "search": f"  {name.upper()} "}).json()
    assert found["search"] == name.upper() and name in [r["name"] for r in found["rows"]]
    assert all(name.upper().casefold() in r["name"].casefold() for r in found["rows"])
    part = name.split()[-1][1:4].lower()
    assert {
        r["name"] for r in client.get(url, {**everything, "search": part, "page_size": 1000}).json()["rows"]
    } == {r["name"] for r in table if part in r["name"].lower()}
    nobody = client.get(url, {**everything, "search": "no such player"}).json()
    assert (nobody["count"], nobody["rows"], nobody["pages"]) == (0, [], 1)

    # Beyond the last page: a 404 that says why; a page size past the cap is cut to a thousand.
    beyond = client.get(url, {**everything, "page": first["pages"] + 1, "page_size": 10})
    assert beyond.status_code == 404
    assert beyond.json()["error"]["message"] == f"There is no page {first['pages'] + 1} of this table."
    italian = client.get(url, {**everything, "page": 999}, HTTP_ACCEPT_LANGUAGE="it").json()
    assert italian["error"]["message"] == "Questa tabella non ha una pagina 999."
    assert client.get(url, {**everything, "page": "last"}).json()["rows"] == rows[-(len(rows) % 100 or 100) :]
    assert client.get(url, {**everything, "page_size": 5000}).json()["rows"] == table[:1000]
    # The CSV is the page asked for.
    csv = client.get(url, {**everything, "format": "csv", "page_size": 3}).content.decode().splitlines()
    assert len(csv) == 4 and all(r["name"] in "\n".join(csv[1:]) for r in table[:3])
