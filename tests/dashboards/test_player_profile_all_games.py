"""The player pages count every game, not only Battleground's: Hoplomachus and Fields of Eternia games (stored in
the generic core only, ``GameStat`` and ``SeatStat``) are found by the name in the log header, listed in the
history and counted in a record by faction beside the game's meta (issue #13, "One site"). Real logs: the engine's
simulators, uploaded, verified by the worker task and published; a private log under the name never shows."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.core.cache import cache
from django.urls import reverse

import engine
from accounts.services import create_player
from dashboards.datasets import game_name
from dashboards.tasks import refresh_all_stale
from gamelogs.services import submit_log
from games.hoplomachus.names import faction_name
from meta import players
from visibility import services as visibility
from workers import tasks

HR = "hoplomachus-remastered"
FE = "motu-fields-of-eternia"

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def verify(user, django_capture_on_commit_callbacks):
    """Simulate one game, name its seats, upload it as ``user``, verify it and publish it when asked; the
    engine's own verdict comes back to compare the pages with."""
    cache.clear()

    def run(
        game: str, seed: int, names: tuple[str, ...], *, public: bool = True, simulated: bool = False, **opts
    ):
        doc = engine.simulate(game, seed, **opts)
        doc["simulated"] = simulated  # the default view leaves simulated games out: these are "played" ones
        for player, name in zip(doc["players"], names, strict=True):
            player["name"] = name
        log = submit_log(user, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        if public:
            visibility.publish(user, log)
        verdict = engine.verify(doc)
        seats = {s["seat"]: s for s in verdict.result["seats"]}
        me = {p["name"]: p for p in doc["players"]}
        return {"log": log, "doc": doc, "result": verdict.result,
                "outcome": {name: seats[p["id"]]["outcome"] for name, p in me.items()},
                "score": {name: seats[p["id"]]["score"] for name, p in me.items()},
                "faction": {name: p["faction"] for name, p in me.items()}}  # fmt: skip

    yield run
    cache.clear()


def _refresh():
    refresh_all_stale.apply()
    cache.clear()


def _wdl(outcomes: list[str]) -> tuple[int, int, int]:
    return (
        outcomes.count("win"),
        outcomes.count("draw"),
        len(outcomes) - outcomes.count("win") - outcomes.count("draw"),
    )


def _history_rows(html: str) -> list[str]:
    section = html[html.index('id="history"') :]
    section = section[: section.index("</section>")]
    return [
        unescape(re.sub(r"<[^>]+>", " ", r))
        for r in re.findall(r'<tr class="seat-game">(.*?)</tr>', section, re.S)
    ]


def test_a_name_with_only_hoplomachus_games_gets_its_games_history_and_record(client, verify):
    runs = [
        verify(HR, 1, ("Ann Quill", "Bea Quill"), mode="skirmish"),
        verify(HR, 2, ("Cid Quill", "Ann Quill"), mode="skirmish"),  # Ann in the second seat
        verify(HR, 3, ("Ann Quill", "Dot Quill"), mode="skirmish"),
    ]
    _refresh()
    profile = players.name_profile("Ann Quill")
    assert profile["games"] == 3
    assert len(profile["history"]) == 3 and {h["game"] for h in profile["history"]} == {HR}
    assert sorted(h["result"] for h in profile["history"]) == sorted(r["outcome"]["Ann Quill"] for r in runs)
    for h in profile["history"]:
        assert h["mode"] == "skirmish" and h["mode_name"] == "Skirmish" and not h["against_game"]
        assert h["opponent"] in {"Bea Quill", "Cid Quill", "Dot Quill"} and len(h["opponents"]) == 1
        assert h["teammates"] == []
        run = next(r for r in runs if h["opponent"] in r["outcome"])
        assert h["vp"] == run["score"]["Ann Quill"] and h["opponent_vp"] == run["score"][h["opponent"]]
        assert h["faction"] == run["faction"]["Ann Quill"] and h["ended_by"] == run["result"]["ended_by"]

    # Her record by faction: her troop's faction in each game, her wins and losses with it, and the meta's rate.
    by_faction: dict[str, list[str]] = {}
    for r in runs:
        by_faction.setdefault(r["faction"]["Ann Quill"], []).append(r["outcome"]["Ann Quill"])
    rows = {r["key"]: r for r in profile["factions"]}
    assert set(rows) == set(by_faction)
    for faction, outcomes in by_faction.items():
        row = rows[faction]
        assert row["game"] == HR and row["games"] == len(outcomes)
        assert (row["wins"], row["draws"], row["losses"]) == _wdl(outcomes)
        assert row["ci_low"] <= (row["win_rate"] or 0) <= row["ci_high"]
        # The meta counts every troop of the faction: here, only the three games' troops.
        troops = [r["outcome"][n] for r in runs for n in r["outcome"] if r["faction"][n] == faction]
        assert row["meta_games"] == len(troops)
        assert row["meta_win_rate"] == pytest.approx(troops.count("win") / len(troops))

    response = client.get(reverse("dashboards:player", args=["Ann Quill"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "No public verified games" not in html
    assert "3 verified games logged under this name" in html
    assert 'id="vs-meta"' in html and 'id="history"' in html
    assert len(_history_rows(html)) == 3
    assert all("Skirmish" in row for row in _history_rows(html))
    for section in ("vs-meta", "history"):  # both tables scroll sideways on a phone
        part = html[html.index(f'id="{section}"') :]
        assert re.match(r'.*?<div class="scroll"[^>]*>\s*<table', part[: part.index("</section>")], re.S)


def test_a_name_with_games_of_two_games_sees_both(client, verify):
    hr = verify(HR, 4, ("Eli Stone", "Fox Stone"), mode="skirmish")
    fe = verify(FE, 5, ("Gil Stone", "Eli Stone"))  # Eli plays the Evil Warriors' seat
    _refresh()
    profile = players.name_profile("Eli Stone")
    assert profile["games"] == 2
    assert {h["game"] for h in profile["history"]} == {HR, FE}
    fe_row = next(h for h in profile["history"] if h["game"] == FE)
    assert fe_row["faction"] == fe["faction"]["Eli Stone"] == "ew"
    assert fe_row["result"] == fe["outcome"]["Eli Stone"] and fe_row["opponent"] == "Gil Stone"
    assert fe_row["vp"] == fe["score"]["Eli Stone"] and fe_row["opponent_vp"] == fe["score"]["Gil Stone"]
    records = {(r["game"], r["key"]): r for r in profile["factions"]}
    assert set(records) == {(HR, hr["faction"]["Eli Stone"]), (FE, "ew")}
    fe_record = records[(FE, "ew")]
    assert (fe_record["wins"], fe_record["draws"], fe_record["losses"]) == _wdl([fe["outcome"]["Eli Stone"]])
    # Fields of Eternia's meta counts each team once per game: one game, so the team's own result.
    assert fe_record["meta_games"] == 1
    assert fe_record["meta_win_rate"] == (1.0 if fe["outcome"]["Eli Stone"] == "win" else 0.0)

    html = client.get(reverse("dashboards:player", args=["Eli Stone"])).content.decode()
    assert "2 verified games logged under this name" in html
    rows = _history_rows(html)
    # The page names the games (their plugins' labels), not their ids.
    hr_name, fe_name = game_name(HR), game_name(FE)
    assert (
        len(rows) == 2
        and any(hr_name in unescape(r) for r in rows)
        and any(fe_name in unescape(r) for r in rows)
    )
    vs_meta = unescape(html[html.index('id="vs-meta"') : html.index('id="history"')])
    assert hr_name in vs_meta and fe_name in vs_meta and "Evil Warriors" in vs_meta


def test_team_mates_and_the_game_as_opponent(verify):
    """Fields of Eternia's team game of two players a side: the partner is a team-mate, the other two the
    opponents; a solo game is against the game and stays out of the record by faction, as in the meta."""
    verify(FE, 6, ("Hal Reed", "Ivy Reed", "Jon Reed", "Kim Reed"), teams=(("motu", 2), ("ew", 2)))
    solo = verify(FE, 7, ("Hal Reed",), mode="solo")
    _refresh()
    profile = players.name_profile("Hal Reed")
    assert profile["games"] == 2
    team_game = next(h for h in profile["history"] if h["mode"] == "standard")
    assert [t["name"] for t in team_game["teammates"]] == ["Ivy Reed"]
    assert sorted(o["name"] for o in team_game["opponents"]) == ["Jon Reed", "Kim Reed"]
    assert team_game["opponent"] is None  # more than one opponent: no single score to set beside hers
    solo_row = next(h for h in profile["history"] if h["mode"] == "solo")
    assert (
        solo_row["against_game"]
        and solo_row["opponents"] == []
        and solo_row["result"] == solo["outcome"]["Hal Reed"]
    )
    assert [(r["game"], r["key"], r["games"]) for r in profile["factions"]] == [(FE, "motu", 1)]


def test_hoplomachus_alliance_partners_and_pandemonium_rivals(client, verify):
    """HR-17: Alliance seats alternate red and blue, so the third seat is the first's partner; Pandemonium (HR-16)
    is each for themselves; Assault (HR-13) is against the game and counts for the troop's faction."""
    alliance = verify(HR, 3, ("Uly Fern", "Val Fern", "Wes Fern", "Xan Fern"), mode="alliance")
    verify(HR, 3, ("Uly Fern", "Yul Fern", "Zed Fern"), mode="pandemonium")
    assault = verify(HR, 4, ("Uly Fern",), mode="assault")
    _refresh()
    profile = players.name_profile("Uly Fern")
    by_mode = {h["mode"]: h for h in profile["history"]}
    assert set(by_mode) == {"alliance", "pandemonium", "assault"} and profile["games"] == 3
    assert [t["name"] for t in by_mode["alliance"]["teammates"]] == ["Wes Fern"]
    assert sorted(o["name"] for o in by_mode["alliance"]["opponents"]) == ["Val Fern", "Xan Fern"]
    assert by_mode["alliance"]["result"] == alliance["outcome"]["Uly Fern"]
    assert by_mode["pandemonium"]["teammates"] == [] and len(by_mode["pandemonium"]["opponents"]) == 2
    assert (
        by_mode["assault"]["against_game"] and by_mode["assault"]["result"] == assault["outcome"]["Uly Fern"]
    )
    assert sum(r["games"] for r in profile["factions"]) == 3
    rows = _history_rows(client.get(reverse("dashboards:player", args=["Uly Fern"])).content.decode())
    alliance_row = next(r for r in rows if "Alliance" in r)
    assert "with" in alliance_row and "Wes Fern" in alliance_row and "Val Fern" in alliance_row
    assert any("the game" in r and "Assault" in r for r in rows)


def test_a_private_hoplomachus_log_is_neither_counted_nor_listed(client, verify):
    verify(HR, 8, ("Lia Moss", "Max Moss"), mode="skirmish")
    private = verify(HR, 9, ("Lia Moss", "Ned Moss"), mode="skirmish", public=False)
    _refresh()
    profile = players.name_profile("Lia Moss")
    assert profile["games"] == 1
    assert [h["opponent"] for h in profile["history"]] == ["Max Moss"]
    assert sum(r["games"] for r in profile["factions"]) == 1
    html = client.get(reverse("dashboards:player", args=["Lia Moss"])).content.decode()
    assert "1 verified game logged under this name" in html and "Ned Moss" not in html
    api = client.get(f"/api/meta/players/{'Lia Moss'}/").json()
    assert api["games"] == 1 and "Ned Moss" not in json.dumps(api)
    # The name only the private log carries is unknown to the page and the API.
    assert client.get(reverse("dashboards:player", args=["Ned Moss"])).status_code == 404
    assert client.get("/api/meta/players/Ned Moss/").status_code == 404
    assert private["log"].pk  # it is verified and stored, only not public


def test_simulated_games_follow_the_filter(client, verify):
    verify(HR, 10, ("Oda Pike", "Pam Pike"), mode="skirmish")
    verify(HR, 11, ("Oda Pike", "Quin Pike"), mode="skirmish", simulated=True)
    _refresh()
    assert players.name_profile("Oda Pike")["games"] == 1
    assert players.name_profile("Oda Pike")["simulated_hidden"] == 1
    assert players.name_profile("Oda Pike", simulated="include")["games"] == 2
    assert [h["opponent"] for h in players.name_profile("Oda Pike", simulated="only")["history"]] == [
        "Quin Pike"
    ]
    html = client.get(reverse("dashboards:player", args=["Oda Pike"])).content.decode()
    assert "1 simulated game hidden" in html


def test_the_api_carries_the_same_rows(client, verify):
    verify(HR, 12, ("Rex Hale", "Sam Hale"), mode="skirmish")
    verify(FE, 13, ("Rex Hale", "Tom Hale"))
    _refresh()
    profile = players.name_profile("Rex Hale")
    api = client.get("/api/meta/players/Rex Hale/").json()
    assert api["games"] == profile["games"] == 2
    assert api["history"] == json.loads(json.dumps(profile["history"]))
    assert api["factions"] == json.loads(json.dumps(profile["factions"]))


def test_the_account_profile_shows_the_record_of_every_game(client, verify):
    create_player("rowan", "pw-rowan-1234", display_name="Rowan Vale")
    run = verify(HR, 14, ("Rowan Vale", "Uma Vale"), mode="skirmish")
    verify(HR, 15, ("Rowan Vale", "Vic Vale"), mode="skirmish", public=False)
    _refresh()
    api = client.get("/api/players/rowan/").json()
    assert api["games"] == 1
    assert [(r["game"], r["key"], r["games"]) for r in api["factions"]] == [
        (HR, run["faction"]["Rowan Vale"], 1)
    ]
    html = client.get(reverse("players:detail", args=["rowan"])).content.decode()
    table = html[html.index('id="faction-stats"') :]
    table = unescape(table[: table.index("</table>")])
    assert faction_name(run["faction"]["Rowan Vale"]) in table and HR in table
