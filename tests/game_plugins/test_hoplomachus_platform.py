"""Hoplomachus on the platform: the log page of every mode says the result in words with the players by
name (HR-13.1.2 immortals defeated, HR-14.1.2 the titan, HR-16.1.2 last standing, HR-17.1.2 the winning
team), its dashboards count only what the verdict carries, and the viewer's data for a sampled event is the
engine's view."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.core.cache import cache

import engine
from dashboards.datasets import datasets_for, pages_for
from dashboards.filters import MetaFilter
from dashboards.tasks import refresh_all_stale
from engine import ending_words, session
from gamelogs.models import GameLog, LogState
from gamelogs.services import submit_log
from games import plugin
from games.hoplomachus.presenter import ending
from viewer.walks import build_payload
from workers import tasks

GAME = "hoplomachus-remastered"
MODES = ("skirmish", "pandemonium", "alliance", "assault", "ascension")


def test_hr_11_1_the_way_a_game_ended_is_said_in_words_with_its_rule():
    assert ending("hero_defeated", "assault") == "a primary hero was defeated (HR-13.13.1)"
    assert ending("hero_defeated", "skirmish") == "a primary hero was defeated (HR-15.1.2)"
    assert ending("last_standing", "pandemonium") == "one troop was left standing (HR-16.1.2)"
    assert ending("concession", "skirmish") == "a player conceded"
    assert ending("something_new", "skirmish") == "something new"


@pytest.fixture
def verified(user, django_capture_on_commit_callbacks):
    cache.clear()

    def verify(seed: int, mode: str) -> tuple[GameLog, engine.Verdict, dict]:
        doc = engine.simulate(GAME, seed, mode=mode)
        log = submit_log(user, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        log.refresh_from_db()
        return log, engine.verify(doc), doc

    yield verify
    cache.clear()


@pytest.mark.django_db
def test_the_log_page_lists_each_units_attacks_damage_and_defeats(verified, client, user):
    """Statistics v2: the log page's Units table is the verdict's per-unit rows, units and players by name; a
    version-1 verdict (no ``units``) shows the Troops table only."""
    log, verdict, doc = verified(3, "skirmish")
    client.force_login(user)
    page = unescape(client.get(f"/logs/{log.pk}/").content.decode())
    details = plugin(GAME).result_details(doc, verdict.result, verdict.statistics)
    units = next(t for t in details["tables"] if t["title"] == "Units")
    content = engine.game(GAME).content_loader()
    names = {p["id"]: p["name"] for p in doc["players"]}
    stats = verdict.statistics["units"]
    assert stats and [r["cells"] for r in units["rows"]] == [
        [content.units[s["unit"]].name, names[s["player"]], s["attacks"], s["damage_dealt"], s["defeats"]]
        for s in stats
    ]
    assert "<h3>Units</h3>" in page and content.units[stats[0]["unit"]].name in page
    v1 = {k: v for k, v in verdict.statistics.items() if k != "units"}
    assert [t["title"] for t in plugin(GAME).result_details(doc, verdict.result, v1)["tables"]] == ["Troops"]


@pytest.mark.django_db
@pytest.mark.parametrize("mode", MODES)
def test_the_log_page_says_the_result_of_each_mode_in_words(mode, verified, client, user):
    log, verdict, doc = verified(3, mode)
    client.force_login(user)
    page = unescape(client.get(f"/logs/{log.pk}/").content.decode())
    assert log.state == LogState.LEGAL and "Troops" in page and "Units defeated" in page
    content = engine.game(GAME).content_loader()
    for player in doc["players"]:  # players by name, with their faction's name, never its id alone
        assert f"{player['name']} ({content.factions[player['faction']]['name']})" in page
    facts = dict(plugin(GAME).result_details(doc, verdict.result, verdict.statistics)["facts"])
    assert facts["Mode"].startswith({"assault": "Assault", "ascension": "Ascension", "skirmish": "Skirmish",
                                     "pandemonium": "Pandemonium", "alliance": "Alliance"}[mode])  # fmt: skip
    assert facts["Arena"] == content.arenas[verdict.result["arena"]]["name"]
    names = {p["id"]: p["name"] for p in doc["players"]}
    won = [s["seat"] for s in verdict.result["seats"] if s["outcome"] == "win"]
    if mode == "assault":  # HR-13.1.2: the score is the number of immortals defeated
        trophies = verdict.result["against_game"]["score"]
        assert facts["Immortals defeated"].startswith(f"{trophies} immortal")
        assert facts["Against the immortals"] == ("the players won" if won else "the immortals won")
    elif mode == "ascension":  # HR-14.1.2
        assert facts["The titan"].startswith("defeated" if won else "not defeated")
    elif mode == "alliance":  # HR-17.1.2: the winning team and its two players
        team = next(t for t in verdict.result["teams"] if t["outcome"] == "win")
        assert facts["Winning team"].startswith(f"{team['team'].capitalize()} team (")
        assert all(names[p] in facts["Winning team"].split(" won ")[0] for p in team["seats"])
    elif mode == "pandemonium":  # HR-16.1.2: the winner, then the others in the order they went out
        assert names[won[0]] in facts["Winner"]
        out = sorted((s for s in verdict.result["seats"] if s["outcome"] != "win"), key=lambda s: -s["rank"])
        said = facts["Out of the game"]
        assert [said.index(names[s["seat"]]) for s in out] == sorted(
            said.index(names[s["seat"]]) for s in out
        )
    else:
        assert names[won[0]] in facts["Winner"]
    assert facts["Ended by"] == ending(verdict.result["ended_by"], mode) and facts["Ended by"] in page
    # The score column is crowd favour, whatever the mode's score (Assault's is the immortals defeated).
    rows = plugin(GAME).result_rows(doc["players"], verdict.result)
    assert [r["total"] for r in rows] == [s["components"]["favour"] for s in verdict.result["seats"]]


@pytest.mark.django_db
def test_the_dashboards_count_factions_modes_favour_and_length_from_the_verdicts(verified, client):
    runs = [verified(seed, mode)[1:] for seed, mode in ((1, "skirmish"), (2, "skirmish"), (3, "pandemonium"),
                                                         (4, "alliance"), (5, "assault"), (6, "ascension"))]  # fmt: skip
    refresh_all_stale.apply()
    f = MetaFilter(game=GAME, simulated="only", min_games=1)
    sets = datasets_for(GAME)
    assert set(sets) == {"score-components", "factions", "faction-modes", "modes", "favour", "length", "units",
                         "unit-modes", "heroes", "seat-positions", "titans", "immortals", "tactics", "tactic-modes",
                         "favour-by-round", "reward-timing", "reward-rounds", "dice-colours", "dice-luck"}  # fmt: skip

    factions: dict[str, list[int]] = {}
    for verdict, _ in runs:  # seat i of the result is troop i of the statistics
        for seat, troop in zip(verdict.result["seats"], verdict.statistics["troops"], strict=True):
            assert seat["seat"] == troop["player"]
            tally = factions.setdefault(troop["faction"], [0, 0, 0, 0])
            tally[0] += 1
            tally[1] += seat["outcome"] == "win"
            tally[2] += troop.get("hits", 0)
            tally[3] += troop.get("attacks", 0)
    rows = {r["key"]: r for r in sets["factions"].rows(f)}
    assert {k: [r["games"], r["wins"]] for k, r in rows.items()} == {k: v[:2] for k, v in factions.items()}
    for key, (_, _, hits, attacks) in factions.items():
        assert rows[key]["hit_rate"] == pytest.approx(hits / attacks)
        assert rows[key]["ci_low"] <= rows[key]["win_rate"] <= rows[key]["ci_high"]
    assert rows["kunlun"]["name"] == "Kunlun"
    by_mode = sets["faction-modes"].rows(f)
    assert sum(r["games"] for r in by_mode) == sum(v[0] for v in factions.values())
    assert {r["key"].split("/")[1] for r in by_mode} == {
        "skirmish",
        "pandemonium",
        "alliance",
        "assault",
        "ascension",
    }

    modes = {r["key"]: r for r in sets["modes"].rows(f)}
    assault = next(v for v, doc in runs if doc["setup"]["mode"] == "assault")
    row = modes[f"assault/{assault.result['arena']}"]
    assert (row["games"], row["wins"]) == (1, int(assault.result["against_game"]["outcome"] == "win"))
    assert row["mean_immortals"] == assault.result["against_game"]["score"]
    assert row["mean_rounds"] == assault.result["rounds_played"]
    skirmish = [r for k, r in modes.items() if k.startswith("skirmish/")]
    assert sum(r["games"] for r in skirmish) == 2 and all(r["win_rate"] is None for r in skirmish)

    favour = {r["key"]: r for r in sets["favour"].rows(f)}
    winners = [s["components"]["favour"] for v, _ in runs if v.result["mode"] == "skirmish"
               for s in v.result["seats"] if s["outcome"] == "win"]  # fmt: skip
    assert favour["skirmish/win"]["mean_favour"] == pytest.approx(sum(winners) / len(winners))

    length = {r["key"]: r["games"] for r in sets["length"].rows(f)}
    expected: dict[str, int] = {}
    for v, _ in runs:
        key = f"{v.result['mode']}/{v.result['rounds_played']}"
        expected[key] = expected.get(key, 0) + 1
    assert length == expected

    assert list(pages_for(GAME)) == ["overview", "factions", "units", "tactics", "turn-order", "rivals", "favour",
                                     "dice", "length"]  # fmt: skip
    for slug, words in (("", ["Win rate by faction", "success against the game"]),
                        ("factions/", ["per mode and arena"]), ("favour/", ["Crowd favour by mode"]),
                        ("length/", ["Game length by mode"])):  # fmt: skip
        page = client.get(f"/meta/{GAME}/{slug}?simulated=only").content.decode()
        assert all(w in page for w in words), slug


def _unit_games(runs) -> dict[tuple, list[int]]:
    """(unit, mode, arena) -> [games, wins, attacks, damage, defeats], a troop's sentinels counted once."""
    out: dict[tuple, list[int]] = {}
    for verdict in runs:
        outcome = {s["seat"]: s["outcome"] for s in verdict.result["seats"]}
        fielded: dict[tuple, list[int]] = {}
        for u in verdict.statistics["units"]:
            c = fielded.setdefault((u["player"], u["unit"]), [0, 0, 0])
            c[0], c[1], c[2] = c[0] + u["attacks"], c[1] + u["damage_dealt"], c[2] + u["defeats"]
        for (player, unit), c in fielded.items():
            t = out.setdefault((unit, verdict.result["mode"], verdict.result["arena"]), [0, 0, 0, 0, 0])
            t[0] += 1
            t[1] += outcome[player] == "win"
            t[2], t[3], t[4] = t[2] + c[0], t[3] + c[1], t[4] + c[2]
    return out


@pytest.mark.django_db
def test_the_units_page_gives_each_unit_and_hero_a_win_rate_and_its_combat_counters(verified, client):
    """Statistics v2's per-unit rows: a unit's game is its troop's game (won when the seat won), with the
    attacks (HR-8.8.3), damage and defeats (HR-7.3) it made; heroes are the pack's hero chips (HR-2.8.5,
    HR-2.8.6); every rate carries its Wilson interval."""
    runs = [verified(seed, mode)[1] for seed, mode in ((3, "skirmish"), (4, "skirmish"), (2, "pandemonium"),
                                                       (8, "ascension"), (7, "assault"))]  # fmt: skip
    refresh_all_stale.apply()
    f = MetaFilter(game=GAME, simulated="only", min_games=1)
    sets = datasets_for(GAME)
    expected = _unit_games(runs)
    assert expected, "the simulated games fielded no units"

    by_mode = {r["key"]: r for r in sets["unit-modes"].rows(f)}
    assert {k: [r["games"], r["wins"]] for k, r in by_mode.items()} == {
        "/".join(k): v[:2] for k, v in expected.items()
    }
    for k, (games, _wins, attacks, damage, defeats) in expected.items():
        row = by_mode["/".join(k)]
        assert row["attacks_per_game"] == pytest.approx(attacks / games)
        assert row["damage_per_game"] == pytest.approx(damage / games)
        assert row["defeats_per_game"] == pytest.approx(defeats / games)
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]

    overall = {r["key"]: r for r in sets["units"].rows(f)}
    totals: dict[str, int] = {}
    for (unit, _, _), v in expected.items():
        totals[unit] = totals.get(unit, 0) + v[0]
    assert {k: r["games"] for k, r in overall.items()} == totals
    assert sum(r["pick_rate"] for r in overall.values()) == pytest.approx(1.0)

    heroes = {r["key"].split("/")[0] for r in sets["heroes"].rows(f)}
    fielded_heroes = {
        unit for unit, _, _ in expected if unit.endswith("-hero") or unit.startswith("neutral-hero")
    }
    assert heroes == fielded_heroes and heroes, "the pack's heroes are its '-hero' chips and the neutral ones"

    page = unescape(client.get(f"/meta/{GAME}/units/?simulated=only").content.decode())
    for words in ("Win rate by hero, per mode and arena", "Win rate by unit", "Damage / attack"):
        assert words in page
    api = client.get(f"/api/meta/{GAME}/units/?simulated=only&min_games=1")
    assert api.status_code == 200, api.content[:300]
    assert {r["key"]: r["games"] for r in api.json()["rows"]} == totals


@pytest.mark.django_db
def test_the_turn_order_page_gives_each_place_its_win_rate_against_its_fair_share(verified, client):
    """HR-15.2.2, HR-16.2.2: the first player is drawn and the order never changes (HR-15.6.1, HR-16.5.2); the
    result lists seats in that order, so place i's win rate is the first player's advantage in Skirmish and
    the seat-position advantage in Pandemonium, against a fair share of 1/2, 1/3 or 1/4."""
    games = [(verified(seed, mode)[1:]) for seed, mode in ((3, "skirmish"), (4, "skirmish"), (5, "skirmish"),
                                                           (2, "pandemonium"), (3, "pandemonium"), (7, "assault"))]  # fmt: skip
    refresh_all_stale.apply()
    expected: dict[str, list[int]] = {}
    for verdict, doc in games:
        seats = verdict.result["seats"]
        if verdict.result["mode"] == "assault":
            continue
        acting = [e["player"] for e in doc["events"] if "player" in e]
        assert [s["seat"] for s in seats] == list(dict.fromkeys(acting))[: len(seats)]  # seats in turn order
        for i, seat in enumerate(seats):
            t = expected.setdefault(f"{verdict.result['mode']}/{len(seats)}/{i + 1}", [0, 0])
            t[0] += 1
            t[1] += seat["outcome"] == "win"
    f = MetaFilter(game=GAME, simulated="only", min_games=1)
    rows = {r["key"]: r for r in datasets_for(GAME)["seat-positions"].rows(f)}
    assert {k: [r["games"], r["wins"]] for k, r in rows.items()} == expected
    assert rows["skirmish/2/1"]["fair"] == 0.5 and rows["pandemonium/3/2"]["fair"] == pytest.approx(1 / 3)
    first = rows["skirmish/2/1"]
    assert first["ci_low"] <= first["win_rate"] <= first["ci_high"]
    assert first["advantage"] == pytest.approx(first["win_rate"] - 0.5)
    assert first["verdict"] == "—"  # three games cannot show an advantage
    assert not any(k.startswith("assault") for k in rows)
    page = unescape(client.get(f"/meta/{GAME}/turn-order/?simulated=only&min_games=1").content.decode())
    assert "First-player and seat-position advantage" in page and "Skirmish · 2 troops · 1st" in page


@pytest.mark.parametrize("mode", ["skirmish", "ascension"])
def test_the_viewer_data_at_a_sampled_event_is_the_engine_view_with_the_arena_and_its_hex_tags(mode):
    """The replay viewer's JSON (viewer.walks) for a Hoplomachus log: the arena's hexes with their tags
    (HR-3.2, HR-3.3), and at sampled events the view the engine gives after that event."""
    doc = engine.simulate(GAME, 7, mode=mode)
    payload = build_payload(json.dumps(doc).encode())
    board = payload["board"]
    arena = engine.game(GAME).content_loader().arenas[doc["setup"]["arena"]]
    assert board["map"] == arena["id"] and len(board["hexes"]) == arena["columns"] * arena["rows"]
    tagged = {h["label"]: set(h["tags"]) for h in board["hexes"]}
    for tag, labels in arena["tags"].items():
        assert all(tag in tagged[label] for label in labels), tag
    assert len(payload["steps"]) == len(doc["events"]) and payload["error"] is None
    for n in (0, len(doc["events"]) // 3, len(doc["events"]) - 1):
        replay = session.start(doc)
        for i, event in enumerate(doc["events"][: n + 1]):
            replay.apply(i, event)
        view = json.loads(json.dumps(replay.view()))
        shown = payload["steps"][n]["view"]
        if view.get("over"):  # the ending said in the reader's language beside the engine's key
            assert shown["over"].pop("ending") == str(ending_words(GAME, view["over"]["ended_by"]))
        assert shown == view
        on_board = [u for u in view["units"] if u["zone"] == "arena"]
        assert on_board and all(u["hex"] in tagged for u in on_board)
        assert {t["name"] for k, t in view["troops"].items() if k.startswith("p")} == {
            p["name"] for p in doc["players"]
        }
