"""Hoplomachus dashboards from statistics version 3: rival difficulty (HR-13, HR-14), tactic win rates (HR-8.5.1),
favour by round and reward timing (HR-4), and dice luck per colour and across players (HR-8.8.3, HR-2.6.1), counted
from verified logs; the players' dice luck reads public logs only."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.core.cache import cache

import engine
from dashboards.datasets import datasets_for, pages_for
from dashboards.filters import MetaFilter
from dashboards.tasks import refresh_all_stale
from gamelogs.models import GameLog
from gamelogs.services import submit_log
from visibility import services as visibility
from workers import tasks

GAME = "hoplomachus-remastered"


@pytest.fixture
def verified(user, django_capture_on_commit_callbacks):
    cache.clear()

    def verify(seed: int, mode: str, randomness: str = "seeded", names: tuple[str, ...] = ()):
        doc = engine.simulate(GAME, seed, mode=mode, randomness=randomness)
        for player, name in zip(doc["players"], names, strict=False):
            player["name"] = name
        log = submit_log(user, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        log.refresh_from_db()
        return log, engine.verify(doc)

    yield verify
    cache.clear()


def _filter() -> MetaFilter:
    cache.clear()
    refresh_all_stale.apply()
    return MetaFilter(game=GAME, simulated="only", min_games=1)


@pytest.mark.django_db
def test_rival_difficulty_and_tactics_from_the_verdicts(verified, client):
    """HR-13.10.2, HR-13.1.2: each immortal that entered the arena, with the players' wins and mean immortals
    defeated in those games; HR-14.2.3, HR-14.1.2: each titan likewise; HR-8.5.1: each tactic's troops and wins."""
    runs = [verified(seed, mode)[1] for seed, mode in ((1, "assault"), (2, "assault"), (3, "assault"),
                                                       (1, "ascension"), (2, "ascension"), (3, "skirmish"))]  # fmt: skip
    f = _filter()
    sets = datasets_for(GAME)

    expected: dict[str, list] = {}  # rival/mode -> [games, wins, score sum, defeated]
    for v in runs:
        won = (v.result.get("against_game") or {}).get("outcome") == "win"
        score = v.result["seats"][0]["score"]
        for r in {(r["rival"], r["defeated"]) for r in v.statistics["rivals"]}:
            t = expected.setdefault(f"{r[0]}/{v.result['mode']}", [0, 0, 0, 0])
            t[0], t[1], t[2], t[3] = t[0] + 1, t[1] + won, t[2] + score, t[3] + r[1]
    immortals = {r["key"]: r for r in sets["immortals"].rows(f)}
    titans = {r["key"]: r for r in sets["titans"].rows(f)}
    assert set(immortals) | set(titans) == set(expected) and immortals and titans
    assert all(k.endswith("/assault") for k in immortals) and all(k.endswith("/ascension") for k in titans)
    for key, (games, wins, score, defeated) in expected.items():
        row = immortals.get(key) or titans[key]
        assert (row["games"], row["wins"], row["defeated"]) == (games, wins, defeated)
        assert row["mean_score"] == pytest.approx(score / games)
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]

    tactics: dict[str, list[int]] = {}
    for v in runs:
        outcome = {s["seat"]: s["outcome"] for s in v.result["seats"]}
        for t in v.statistics["tactics"]:
            c = tactics.setdefault(t["tactic"], [0, 0, 0])
            c[0], c[1], c[2] = c[0] + 1, c[1] + (outcome[t["player"]] == "win"), c[2] + t["played"]
    rows = {r["key"]: r for r in sets["tactics"].rows(f)}
    assert {k: [r["games"], r["wins"]] for k, r in rows.items()} == {k: v[:2] for k, v in tactics.items()}
    for k, (games, _, played) in tactics.items():
        assert rows[k]["played_per_game"] == pytest.approx(played / games)
    assert sum(r["games"] for r in sets["tactic-modes"].rows(f)) == sum(v[0] for v in tactics.values())

    assert list(pages_for(GAME)) == ["overview", "factions", "units", "tactics", "turn-order", "rivals", "favour",
                                     "dice", "length"]  # fmt: skip
    page = unescape(client.get(f"/meta/{GAME}/rivals/?simulated=only&min_games=1").content.decode())
    assert "Rival difficulty: the titans" in page and "Rival difficulty: the immortals" in page
    page = unescape(client.get(f"/meta/{GAME}/tactics/?simulated=only").content.decode())
    assert "Win rate by tactic, per mode and arena" in page
    api = client.get(f"/api/meta/{GAME}/immortals/?simulated=only&min_games=1")
    assert api.status_code == 200 and {r["key"] for r in api.json()["rows"]} == set(immortals)


@pytest.mark.django_db
def test_favour_by_round_and_reward_timing(verified, client):
    """HR-4: each track's favour at each round's end, averaged for the winning and the losing sides per mode; each
    reward claimed (HR-4.3.1, HR-4.4.4) counted in its round; Pandemonium has no track (HR-16)."""
    runs = [verified(seed, mode)[1] for seed, mode in ((1, "skirmish"), (2, "skirmish"), (4, "alliance"),
                                                       (1, "assault"), (3, "pandemonium"))]  # fmt: skip
    f = _filter()
    sets = datasets_for(GAME)
    favour: dict[str, list[int]] = {}
    rewards: dict[str, int] = {}
    per_mode: dict[str, int] = {}
    for v in runs:
        outcome = {s["seat"]: s["outcome"] for s in v.result["seats"]}
        for r in v.statistics["favour"]:
            key = f"{v.result['mode']}/{r['round']}/{'win' if outcome[r['players'][0]] == 'win' else 'loss'}"
            t = favour.setdefault(key, [0, 0])
            t[0], t[1] = t[0] + 1, t[1] + r["favour"]
        for r in v.statistics["rewards"]:
            rewards[f"{v.result['mode']}/{r['round']}"] = (
                rewards.get(f"{v.result['mode']}/{r['round']}", 0) + 1
            )
            per_mode[v.result["mode"]] = per_mode.get(v.result["mode"], 0) + 1
    rows = {r["key"]: r for r in sets["favour-by-round"].rows(f)}
    assert {k: r["tracks"] for k, r in rows.items()} == {k: v[0] for k, v in favour.items()}
    for k, (n, total) in favour.items():
        assert rows[k]["mean_favour"] == pytest.approx(total / n)
    assert not any(k.startswith("pandemonium/") for k in rows) and any(k.endswith("/win") for k in rows)

    timing = {r["key"]: r for r in sets["reward-timing"].rows(f)}
    assert rewards and {k: r["claimed"] for k, r in timing.items()} == rewards
    for mode, n in per_mode.items():
        last = max((r for r in timing.values() if r["mode"] == mode), key=lambda r: r["round"])
        assert last["cumulative"] == pytest.approx(1.0)
        assert sum(r["claimed"] for r in timing.values() if r["mode"] == mode) == n
    each = sets["reward-rounds"].rows(f)
    assert sum(r["claimed"] for r in each) == sum(per_mode.values())
    assert all(r["first_round"] <= r["median_round"] for r in each)

    page = unescape(client.get(f"/meta/{GAME}/favour/?simulated=only").content.decode())
    for words in ("Crowd favour by mode", "Crowd favour at each round's end, winners and losers",
                  "When rewards are claimed: by round", "When rewards are claimed: each reward"):  # fmt: skip
        assert words in page, words


@pytest.mark.django_db
def test_dice_luck_per_colour_counts_recorded_dice_and_the_players_distribution_public_ones(
    verified, client, user
):
    """HR-8.8.3, HR-2.6.1: recorded games' dice per colour against the pack's faces (a seeded game is left out);
    the players' unnamed distribution counts public logs only and shows nothing below five players tested."""
    names = [("Ann Quill", "Bea Quill"), ("Cid Quill", "Dot Quill"), ("Eve Quill", "Fay Quill")]
    runs = [verified(seed, "skirmish", "recorded", n) for seed, n in zip((1, 2, 3), names, strict=True)]
    verified(4, "skirmish", "seeded", ("Gus Quill", "Hal Quill"))
    f = _filter()
    sets = datasets_for(GAME)
    want: dict[str, list] = {}
    for _, v in runs:
        for r in v.statistics["dice"]:
            c = want.setdefault(r["colour"], [0, 0, 0.0])
            c[0], c[1], c[2] = c[0] + r["dice"], c[1] + r["hits"], c[2] + r["expected_hits"]
    rows = {r["key"]: r for r in sets["dice-colours"].rows(f)}
    assert {k: [r["dice"], r["hits"]] for k, r in rows.items()} == {k: v[:2] for k, v in want.items()}
    for k, (dice, _, expected) in want.items():
        assert rows[k]["expected"] == pytest.approx(expected, abs=1e-3)
        assert rows[k]["ci_low"] <= rows[k]["hit_rate"] <= rows[k]["ci_high"]
        assert rows[k]["luck"] == "too few dice" if dice < 30 else rows[k]["z"] is not None

    assert sets["dice-luck"].rows(f) == []  # every log is private
    visibility.publish(user, runs[0][0])
    visibility.publish(user, runs[1][0])
    assert sets["dice-luck"].rows(_filter()) == []  # four players: too few to show
    visibility.publish(user, runs[2][0])
    bands = sets["dice-luck"].rows(_filter())
    assert sum(r["players"] for r in bands) == 6
    assert all(name not in json.dumps(bands) for pair in names for name in pair)
    assert GameLog.objects.filter(verdict__statistics__game__0__randomness="recorded").count() == 3

    page = unescape(client.get(f"/meta/{GAME}/dice/?simulated=only&min_games=1").content.decode())
    assert "Dice luck by colour" in page and "Dice luck across players" in page
    assert not any(name in page for pair in names for name in pair)
