"""Hoplomachus dice luck per player, as Battleground's (issue #13, "One site"): staff list the players' recorded
attack dice (HR-8.8.3) by name, overall and per die colour against the pack's faces (HR-2.6.1), from public logs
only; a player sees their own on their profile, over the games of theirs they may open; anyone else gets no names.
Seeded games are fair by construction and left out."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.core.cache import cache
from django.db import connection
from django.urls import reverse

import engine
from accounts.services import create_player
from arbiter_cli.player import format_profile
from dashboards import stats
from dashboards.tasks import refresh_all_stale
from gamelogs.services import submit_log
from games.hoplomachus.meta_dice import COLOURS
from visibility import services as visibility
from workers import tasks

GAME = "hoplomachus-remastered"
STAFF_API = f"/api/meta/{GAME}/dice-luck/players/?simulated=only"

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def games(user, django_capture_on_commit_callbacks):
    """Five verified games (simulated logs, so the meta's filters ask for them): Ann Quill plays in all of them.
    Public: seeds 1 and 2 (recorded) and 4 (seeded). Private: seed 3 (another's upload) and seed 5 (her own)."""
    cache.clear()
    ann = create_player("annq", "pw-ann-12345", display_name="Ann Quill")

    def verify(seed: int, randomness: str, names: tuple[str, str], uploader, public: bool):
        doc = engine.simulate(GAME, seed, mode="skirmish", randomness=randomness)
        for player, name in zip(doc["players"], names, strict=True):
            player["name"] = name
        log = submit_log(uploader, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        if public:
            visibility.publish(uploader, log)
        verdict = engine.verify(doc)
        seats = {p["name"]: p["id"] for p in doc["players"]}
        return {"names": names, "seats": seats, "dice": verdict.statistics["dice"], "public": public,
                "recorded": randomness == "recorded"}  # fmt: skip

    runs = {
        1: verify(1, "recorded", ("Ann Quill", "Bea Quill"), user, True),
        2: verify(2, "recorded", ("Cid Quill", "Ann Quill"), user, True),  # Ann in the second seat
        3: verify(3, "recorded", ("Ann Quill", "Eve Quill"), user, False),
        4: verify(4, "seeded", ("Ann Quill", "Gus Quill"), user, True),
        5: verify(5, "recorded", ("Ann Quill", "Fay Quill"), ann, False),
    }
    refresh_all_stale.apply()
    cache.clear()
    yield {"ann": ann, "runs": runs}
    cache.clear()


def _totals(runs, name: str) -> dict[str, list]:
    """{colour: [dice, hits, expected]} of ``name``'s troop over ``runs``, straight from the engine's verdicts."""
    out: dict[str, list] = {}
    for run in runs:
        for r in run["dice"]:
            if r["player"] == run["seats"].get(name):
                c = out.setdefault(r["colour"], [0, 0, 0.0])
                c[0], c[1], c[2] = c[0] + r["dice"], c[1] + r["hits"], c[2] + r["expected_hits"]
    return out


def _overall(totals: dict[str, list]) -> tuple[int, int, float]:
    return tuple(sum(c[i] for c in totals.values()) for i in range(3))  # type: ignore[return-value]


def test_staff_list_every_player_of_public_recorded_games_overall_and_per_colour(client, games, admin_user):
    """HR-8.8.3, HR-2.6.1: per name, the player's troop's recorded dice in public games, with the z-test over all
    colours and per colour; the private and the seeded games count for no one."""
    counted = [r for r in games["runs"].values() if r["public"] and r["recorded"]]
    client.force_login(admin_user)
    body = client.get(STAFF_API).json()
    rows = {r["name"]: r for r in body["rows"]}
    assert set(rows) == {"Ann Quill", "Bea Quill", "Cid Quill"}  # not Eve, Fay (private) nor Gus (seeded)
    assert body["count"] == 3 and body["test"] == stats.DICE_TEST_DESCRIPTION
    assert [r["dice"] for r in body["rows"]] == sorted((r["dice"] for r in body["rows"]), reverse=True)
    for name, row in rows.items():
        totals = _totals(counted, name)
        dice, hits, expected = _overall(totals)
        luck = stats.dice_luck(dice, hits, expected)
        assert (row["dice"], row["successes"]) == (dice, hits) and dice > 0
        assert row["expected"] == pytest.approx(expected, abs=1e-3)
        assert row["z"] == (pytest.approx(luck.z) if luck.z is not None else None)
        assert row["luck"] == luck.flag.label
        assert row["games"] == (2 if name == "Ann Quill" else 1)
        for colour in COLOURS:
            d, h, e = totals.get(colour, (0, 0, 0.0))
            each = stats.dice_luck(d, h, e)
            assert (row[f"{colour}_dice"], row[f"{colour}_successes"]) == (d, h), (name, colour)
            assert row[f"{colour}_expected"] == pytest.approx(e, abs=1e-3)
            assert row[f"{colour}_z"] == (pytest.approx(each.z) if each.z is not None else None)
    # Ann rolled more than 30 dice in her two public games: tested overall, with a z-score.
    assert rows["Ann Quill"]["dice"] >= 30 and rows["Ann Quill"]["z"] is not None

    csv = client.get(STAFF_API.replace("?", "?format=csv&")).content.decode().splitlines()
    header = csv[0].split(",")
    assert {"name", "dice", "successes", "z", "yellow_z", "red_z", "black_dice"} <= set(header)
    assert len(csv) == 4


def test_the_staff_list_is_for_staff_only(client, games):
    assert client.get(STAFF_API).status_code in (401, 403)
    client.force_login(create_player("bob", "pw-bob-12345"))
    assert client.get(STAFF_API).status_code == 403
    client.force_login(games["ann"])  # not even her own name: her dice are on her profile
    assert client.get(STAFF_API).status_code == 403


def test_a_player_sees_their_own_dice_on_their_profile(client, games, monkeypatch):
    """Her troop's recorded dice in the games she may open (public ones and her own upload), overall and per
    colour; another's private upload and the seeded game are left out."""
    runs = games["runs"]
    seen = [runs[1], runs[2], runs[5]]
    totals = _totals(seen, "Ann Quill")
    dice, hits, expected = _overall(totals)
    assert (
        _overall(_totals([runs[3]], "Ann Quill"))[0] > 0 and _overall(_totals([runs[4]], "Ann Quill"))[0] > 0
    )
    url = reverse("players:detail", args=["annq"])
    api = reverse("api:player-profile", args=["annq"])
    client.force_login(games["ann"])

    own = client.get(api, {"simulated": "include"}).json()["dice"]
    [hr] = own["by_game"]
    assert (hr["game"], hr["games"], hr["success_word"]) == (GAME, 3, "hits")
    assert (hr["dice"], hr["successes"]) == (dice, hits) and hr["expected"] == pytest.approx(
        expected, abs=1e-3
    )
    assert hr["z"] == pytest.approx(stats.dice_luck(dice, hits, expected).z)
    assert [c["colour"] for c in hr["colours"]] == [c for c in COLOURS if c in totals]
    for c in hr["colours"]:
        d, h, e = totals[c["colour"]]
        assert (c["dice"], c["successes"]) == (d, h) and c["expected"] == pytest.approx(e, abs=1e-3)
        assert c["luck"] == stats.dice_luck(d, h, e).flag.label
    assert (own["dice"], own["successes"]) == (dice, hits)  # over every game: Hoplomachus is her only one

    html = unescape(client.get(url, {"simulated": "include"}).content.decode())
    assert 'id="dice"' in html and "only you see this" in html and f'id="dice-{GAME}"' in html
    assert f"Recorded dice in your 3 games: {dice} dice, {hits} hits against {expected:.1f} expected" in html
    assert 'class="dice-colours"' in html and "Colour</th><th>Dice</th><th>Hits</th>" in html

    text = format_profile(client.get(api, {"simulated": "include"}).json())  # `arbiter player annq`
    assert f"{hr['name']}: {hits} hits from {dice} dice in 3 games" in text
    assert all(f"    {c['name']}: {c['successes']} hits from {c['dice']} dice" in text for c in hr["colours"])

    # A database without JSON containment (the SQLite demo) matches her names in Python, to the same figures.
    monkeypatch.setattr(connection.features, "supports_json_field_contains", False)
    assert client.get(api, {"simulated": "include"}).json()["dice"] == own
    monkeypatch.undo()

    # By default the meta leaves simulated games out, and so do her dice.
    by_default = client.get(api).json()["dice"]
    assert by_default["by_game"] == [] and by_default["dice"] == 0
    assert 'id="dice-none"' in client.get(url).content.decode()


def test_nobody_else_sees_a_players_dice_by_name(client, games):
    """Anonymous and other accounts get what Battleground gives them: no dice on her profile or on the meta's page
    for her name, and the public dice page's players are an unnamed distribution."""
    url = reverse("players:detail", args=["annq"])
    api = reverse("api:player-profile", args=["annq"])
    player_page = reverse("dashboards:player", args=["Ann Quill"])
    for who in (None, create_player("bob", "pw-bob-12345")):
        if who:
            client.force_login(who)
        assert 'id="dice"' not in client.get(url, {"simulated": "include"}).content.decode()
        assert "dice" not in client.get(api, {"simulated": "include"}).json()
        page = client.get(player_page, {"simulated": "include"}).content.decode()
        assert 'id="dice"' not in page and "hits against" not in page
        rows = client.get(f"/api/meta/{GAME}/dice-luck/", {"simulated": "only", "min_games": 1}).json()[
            "rows"
        ]
        assert "Quill" not in json.dumps(rows)  # three players tested: too few to show even bands
        dice_page = client.get(f"/meta/{GAME}/dice/", {"simulated": "only"}).content.decode()
        assert "Quill" not in dice_page


def test_a_players_hoplomachus_games_count_on_their_profile(client, games, monkeypatch):
    """The profile's Statistics card counts every game played under the player's names, not only Battleground's
    per-side rows: for herself the four she may open (three public, her own upload), for anyone else the three
    public ones; the same without JSON containment (the SQLite demo)."""
    api = reverse("api:player-profile", args=["annq"])
    anonymous = client.get(api, {"simulated": "include"}).json()
    assert anonymous["games"] == 3 and anonymous["games_by_game"] == [
        {"game": GAME, "name": "Hoplomachus: Remastered", "games": 3}
    ]
    client.force_login(games["ann"])
    own = client.get(api, {"simulated": "include"}).json()
    assert own["games"] == 4  # runs 1, 2, 4 (public) and 5 (hers); run 3 is another's private upload
    html = unescape(
        client.get(reverse("players:detail", args=["annq"]), {"simulated": "include"}).content.decode()
    )
    assert "4 verified games logged under this player's names" in html
    monkeypatch.setattr(connection.features, "supports_json_field_contains", False)
    assert client.get(api, {"simulated": "include"}).json()["games_by_game"] == own["games_by_game"]
    monkeypatch.undo()
    assert client.get(api).json()["games"] == 0  # simulated games are left out by default, as on the meta
