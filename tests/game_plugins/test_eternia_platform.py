"""Fields of Eternia on the platform: the log page for every mode (teams, who controlled each hero, team
VP by source, outposts, Eternium, difficulty, tie-break) and its dashboards' data sets (FE-17, FE-18, FE-19)."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache

import engine
from dashboards.datasets import datasets_for, pages_for
from dashboards.filters import MetaFilter
from dashboards.tasks import refresh_all_stale
from gamelogs.models import GameLog, LogState
from gamelogs.services import submit_log
from games import plugin
from games.eternia.presenter import tie_break
from workers import tasks

GAME = "motu-fields-of-eternia"


def test_fe_17_2_a_tie_break_is_named_only_when_one_decided_the_game():
    assert tie_break("rounds") is None and tie_break(None) is None and tie_break("boss") is None
    assert tie_break("tie-break-outposts") == "more outposts (FE-17.2.1)"
    assert tie_break("tie-break-eternium") == "more Eternium (FE-17.2.2)"
    assert tie_break("duel").startswith("a duel of heroes")


@pytest.fixture
def verified(user, django_capture_on_commit_callbacks):
    cache.clear()

    def verify(seed: int, mode: str, **options) -> tuple[GameLog, engine.Verdict]:
        doc = engine.simulate(GAME, seed, mode=mode, **options)
        log = submit_log(user, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        log.refresh_from_db()
        return log, engine.verify(doc)

    yield verify
    cache.clear()


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["standard", "solo", "skirmish"])
def test_the_log_page_shows_teams_heroes_and_vp_by_source(mode, verified, client, user):
    log, verdict = verified(3, mode)
    client.force_login(user)
    page = client.get(f"/logs/{log.pk}/").content.decode()
    assert log.state == LogState.LEGAL
    assert "Masters of the Universe" in page and "Teams" in page and "Outposts" in page and "Eternium" in page
    header = json.loads(log.raw_bytes())
    content = engine.game(GAME).content_loader()
    for player in header["players"]:  # who controlled which hero, from the header
        heroes = ", ".join(content.heroes[h]["name"] for h in player["force"])
        assert f"{player['name']} ({heroes})" in page
    labels = dict(engine.game(GAME).result_schema.components)
    for team in verdict.result["teams"]:
        for key, value in team["components"].items():
            if value:
                assert labels[key] in page
    details = plugin(GAME).result_details(header, verdict.result, verdict.statistics)
    stats_by_team = {t["team"]: t for t in verdict.statistics["teams"]}
    lines = {row["cells"][0]: row["cells"][1:] for row in details["tables"][0]["rows"]}
    order = [t["team"] for t in verdict.result["teams"]]
    assert lines["Eternium"] == [str(stats_by_team[t]["eternium"]) for t in order]
    assert lines["Outposts"] == [str(stats_by_team[t]["outposts"]) for t in order]
    assert lines["VP"] == [t["score"] for t in verdict.result["teams"]]
    winners = [c for c in details["tables"][0]["columns"] if c.endswith("(winner)")]
    assert len(winners) == sum(t["outcome"] == "win" for t in verdict.result["teams"])
    facts = dict(details["facts"])
    assert (
        facts["Mode"]
        == {"standard": "Team game", "solo": "Solo / co-op against the game", "skirmish": "Skirmish"}[mode]
    )
    assert facts["Tie-break"] == (tie_break(verdict.result["ended_by"]) or "none needed")
    assert ("Difficulty" in facts) == (mode == "solo")


@pytest.mark.django_db
@pytest.mark.parametrize("mode", ["standard", "skirmish"])
def test_fe_4_1_8_the_log_page_names_a_mounted_hero_with_its_player(mode, verified, client, user):
    """FE-4.1.8, FE-19.4.1: a player who fielded a mounted hero is shown with it, by the pack's name."""
    log, verdict = verified(3, mode, mounted=True)
    assert verdict.status == "legal"
    client.force_login(user)
    page = client.get(f"/logs/{log.pk}/").content.decode()
    name = engine.game(GAME).content_loader().mounted["he-man-mounted"]["name"]
    assert f"({name}, " in page


@pytest.mark.django_db
def test_the_dashboards_count_teams_heroes_and_solo_difficulty(verified, client):
    standard = [verified(seed, "standard")[1] for seed in (1, 2, 3)]
    skirmish = verified(4, "skirmish")[1]
    solo = [verified(seed, "solo")[1] for seed in (5, 6)]
    refresh_all_stale.apply()
    f = MetaFilter(game=GAME, simulated="only")
    sets = datasets_for(GAME)
    assert set(sets) == {"score-components", "teams", "heroes", "solo", "cards", "vp-by-round", "vp-day-night",
                         "outposts-by-round", "outpost-control", "epic-combats", "epic-combat-fighters", "epic-combats-day-night"}  # fmt: skip

    teams = {r["key"]: r for r in sets["teams"].rows(f)}
    contested = standard + [skirmish]
    for team in ("motu", "ew"):
        won = sum(v.result["winner"] == team for v in contested)
        assert (teams[team]["games"], teams[team]["wins"]) == (len(contested), won)
        assert teams[team]["ci_low"] <= teams[team]["win_rate"] <= teams[team]["ci_high"]

    heroes = {r["key"]: r for r in sets["heroes"].rows(f)}
    expected: dict[str, list[int]] = {}
    for v in contested:
        for hero in v.statistics["heroes"]:
            tally = expected.setdefault(hero["hero"], [0, 0])
            tally[0] += 1
            tally[1] += hero["team"] == v.result["winner"]
    assert {k: [r["games"], r["wins"]] for k, r in heroes.items()} == expected
    assert heroes["teela"]["name"] == "Teela"

    by_difficulty: dict[str, list[int]] = {}
    for v in solo:
        tally = by_difficulty.setdefault(v.result["difficulty"], [0, 0])
        tally[0] += 1
        tally[1] += v.result["against_game"]["outcome"] == "win"
    assert {r["key"]: [r["games"], r["wins"]] for r in sets["solo"].rows(f)} == by_difficulty

    assert list(pages_for(GAME)) == ["overview", "heroes", "solo", "cards", "rounds", "combats"]
    for slug, words in (("", ["Win rate by team", "VP by source"]), ("heroes/", ["Win rate by hero"]),
                        ("solo/", ["Solo and co-op success by difficulty"])):  # fmt: skip
        page = client.get(f"/meta/{GAME}/{slug}?simulated=only").content.decode()
        assert all(w in page for w in words), slug


def test_the_demo_data_plays_every_eternia_mode_and_is_labelled_simulated():
    from gamelogs.demo import simulated_logs

    logs = simulated_logs(12)
    eternia = [log for _, log in logs if log["game"] == GAME]
    assert {(log["setup"].get("mode") or "standard") for log in eternia} == {"standard", "solo", "skirmish"}
    assert {log["randomness"]["mode"] for _, log in logs if log["game"] == "motu-battleground"} == {
        "seeded",
        "recorded",
    }
    assert all(log["simulated"] is True for _, log in logs)
    assert all(engine.verify(log).status == "legal" for log in eternia)
