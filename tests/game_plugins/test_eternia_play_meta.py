"""Fields of Eternia's dashboards from statistics v2 (issue #11): cards played and the win rate of the team
that played them, VP by round, VP by day and by night, outposts over time (by result, and by faction with
who held more, round by round) and epic-combat outcomes (FE-8,
FE-11.5). Every number of the data sets (and of their pages and API) is recomputed here from the simulated
verdicts themselves."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest
from django.core.cache import cache

import engine
from dashboards.datasets import datasets_for, pages_for
from dashboards.filters import MetaFilter
from dashboards.tasks import refresh_all_stale
from gamelogs.services import submit_log
from workers import tasks

GAME = "motu-fields-of-eternia"
CONTESTED = [("standard", 1), ("standard", 2), ("standard", 3), ("skirmish", 2), ("skirmish", 3)]
SOLO = [("solo", 1), ("solo", 3)]


def _result(team: str, verdict) -> str:
    return "win" if team == verdict.result["winner"] else "loss"


@pytest.fixture
def played(user, django_capture_on_commit_callbacks):
    cache.clear()
    verdicts = {}
    for mode, seed in CONTESTED + SOLO:
        doc = engine.simulate(GAME, seed, mode=mode)
        log = submit_log(user, json.dumps(doc).encode()).log
        with django_capture_on_commit_callbacks(execute=True):
            assert tasks.verify_log.apply(args=[log.pk]).get() == "legal"
        verdicts[mode, seed] = engine.verify(doc)
    refresh_all_stale.apply()
    yield verdicts
    cache.clear()


@pytest.mark.django_db
def test_issue_11_cards_rounds_and_combats_equal_the_verdicts(played, client):
    contested = [played[k] for k in CONTESTED]
    f = MetaFilter(game=GAME, simulated="only")
    sets = datasets_for(GAME)

    # Cards: a team that played or bought a card is one game for it; it wins when the team won.
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for v in contested:
        for c in v.statistics["cards"]:
            row = expected[f"{c['deck']}:{c['card']}"]
            row[0] += 1
            row[1] += _result(c["team"], v) == "win"
            row[2] += c["played"]
            row[3] += c["bought"]
    cards = {r["key"]: r for r in sets["cards"].rows(f)}
    assert {k: [r["games"], r["wins"], r["played"], r["bought"]] for k, r in cards.items()} == dict(expected)
    assert all(r["pick_rate"] == r["games"] / (2 * len(contested)) for r in cards.values())
    assert any(r["deck"] == "support" for r in cards.values()) and any(
        r["deck"] == "combat" for r in cards.values()
    )
    # FE-11.3.3, FE-19.9.1: combat cards taken from the supply (rewards, training) are shown as bought.
    assert any(r["deck"] == "combat" and r["bought"] > 0 for r in cards.values())

    # VP scored in each round and by day / night, per winning and losing team (FE-8.1).
    by_round: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    by_time: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    outposts: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    for v in contested:
        for r in v.statistics["rounds"]:
            result = _result(r["team"], v)
            for table, key, value in ((by_round, (r["round"], result), r["vp"]), (by_time, (r["time"], result), r["vp"]),
                                      (outposts, (r["round"], result), r["outposts"])):  # fmt: skip
                table[key][0] += 1
                table[key][1] += value
    rows = sets["vp-by-round"].rows(f)
    assert {(r["round"], r["result"]): [r["teams"], r["vp"]] for r in rows} == dict(by_round)
    assert all(r["mean_vp"] == r["vp"] / r["teams"] for r in rows)
    rows = sets["vp-day-night"].rows(f)
    assert {(r["key"], r["result_key"]): [r["rounds"], r["vp"]] for r in rows} == dict(by_time)
    assert sum(v.result["vp"][t]["total"] for v in contested for t in v.result["vp"]) == sum(
        r["vp"] for r in rows
    )
    rows = sets["outposts-by-round"].rows(f)
    assert {(r["round"], r["result"]): [r["teams"], r["outposts"]] for r in rows} == dict(outposts)

    # Epic combats of every mode (solo included) by kind and FE-11.5 outcome.
    combats = Counter((c["kind"], c["outcome"]) for v in played.values() for c in v.statistics["combats"])
    rows = sets["epic-combats"].rows(f)
    assert {(r["kind"], r["outcome"]): r["combats"] for r in rows} == dict(combats)
    assert sum(r["combats"] for r in rows) == sum(
        v.statistics["game"][0]["epic_combats"] for v in played.values()
    )
    for r in rows:
        assert r["active_wins"] + r["defender_wins"] + r["no_winner"] == r["combats"]
    assert {"hero", "solo"} <= {r["kind"] for r in rows}

    # The pages show them, and the API answers the same rows.
    assert list(pages_for(GAME))[-3:] == ["cards", "rounds", "combats"]
    for slug, words in (("cards/", ["Cards played and the win rate", "Combat cards: win rate", "Times played"]),
                        ("rounds/", ["VP scored in each round", "VP scored by day and by night",
                                     "Outposts held at the end of each round"]),
                        ("combats/", ["Epic combats by kind and outcome", "Hero vs hero"])):  # fmt: skip
        response = client.get(f"/meta/{GAME}/{slug}?simulated=only")
        assert response.status_code == 200, slug
        page = response.content.decode()
        assert all(w in page for w in words), slug
    api = client.get(f"/api/meta/{GAME}/epic-combats/?simulated=only").json()
    assert {(r["kind"], r["outcome"]): r["combats"] for r in api["rows"]} == dict(combats)
    api = client.get(f"/api/meta/{GAME}/vp-day-night/?simulated=only").json()
    assert {(r["key"], r["result_key"]): [r["rounds"], r["vp"]] for r in api["rows"]} == dict(by_time)


@pytest.mark.django_db
def test_epic_combats_by_attacker_and_defender_equal_the_verdicts(played, client):
    """Issue #11 "epic-combat outcomes by attacker and defender": each combat (FE-11) counts once for its
    active hero and once for its defender (hero, beast or boss); a side wins when the combat's winner is
    that side (FE-11.5.7 to FE-11.5.9), no winner is a draw; win rates carry the Wilson 95% interval."""
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    combats = 0
    for v in played.values():
        for c in v.statistics["combats"]:
            combats += 1
            for role, fighter, side in (
                ("attacker", c["active_hero"], "active"),
                ("defender", c["opponent"], "defender"),
            ):
                row = expected[f"{role}:{c['kind']}:{fighter}"]
                row[0] += 1
                if c["winner"] == side:
                    row[1] += 1
                elif c["winner"] in ("active", "defender"):
                    row[3] += 1
                else:
                    row[2] += 1
    f = MetaFilter(game=GAME, simulated="only")
    rows = datasets_for(GAME)["epic-combat-fighters"].rows(f)
    assert {r["key"]: [r["games"], r["wins"], r["draws"], r["losses"]] for r in rows} == dict(expected)
    assert sum(r["games"] for r in rows if r["role"] == "attacker") == combats
    assert sum(r["games"] for r in rows if r["role"] == "defender") == combats
    for r in rows:
        assert r["ci_low"] <= r["win_rate"] <= r["ci_high"]
        assert r["name"] != r["fighter"] or r["kind"] in ("beast", "boss")  # heroes by their printed names
    page = client.get(f"/meta/{GAME}/combats/?simulated=only").content.decode()
    assert "Epic combats by attacker and defender" in page and "Attacking in epic combat: win rate" in page
    api = client.get(f"/api/meta/{GAME}/epic-combat-fighters/?simulated=only").json()
    assert {r["key"]: r["games"] for r in api["rows"]} == {k: v[0] for k, v in expected.items()}


@pytest.mark.django_db
def test_epic_combats_by_day_and_by_night_equal_the_verdicts(played, client):
    """Day/night effects (FE-8.2.3 night healing, FE-9.8 rest): every epic combat counted by the time of its
    round, with the attacker's win rate and its Wilson interval."""
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for v in played.values():
        for c in v.statistics["combats"]:
            row = expected[c["time"]]
            row[0] += 1
            row[{"active": 1, "defender": 3}.get(c["winner"], 2)] += 1
    f = MetaFilter(game=GAME, simulated="only")
    rows = datasets_for(GAME)["epic-combats-day-night"].rows(f)
    assert {r["key"]: [r["games"], r["wins"], r["draws"], r["losses"]] for r in rows} == dict(expected)
    assert set(expected) == {"day", "night"}  # the sample has combats at both times
    assert sum(r["share"] for r in rows) == pytest.approx(1)
    for r in rows:
        assert r["ci_low"] <= r["win_rate"] <= r["ci_high"]
    page = client.get(f"/meta/{GAME}/combats/?simulated=only").content.decode()
    assert "Epic combats by day and by night" in page


@pytest.mark.django_db
def test_outpost_control_by_faction_round_by_round_equals_the_verdicts(played, client):
    """Outposts over time (FE-6.2, FE-8.4): for each round and each team of the team games and skirmishes,
    the outposts it held as the round ended and whether it held more than the other team of its game, as
    many or fewer (the first tie-break, FE-17.2.1), from each verdict's ``rounds[].outposts``."""
    expected: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    for key in CONTESTED:
        held: dict[int, dict[str, int]] = defaultdict(dict)
        for r in played[key].statistics["rounds"]:
            if r["outposts"] is not None:
                held[r["round"]][r["team"]] = r["outposts"]
        for rnd, by_team in held.items():
            assert set(by_team) == {"motu", "ew"}  # both teams have a row for every round (FE-4.1.1)
            for team, other in (("motu", "ew"), ("ew", "motu")):
                row = expected[rnd, team]
                row[0] += 1
                row[1] += by_team[team]
                row[2 if by_team[team] > by_team[other] else 3 if by_team[team] == by_team[other] else 4] += 1
    f = MetaFilter(game=GAME, simulated="only")
    rows = datasets_for(GAME)["outpost-control"].rows(f)
    assert {
        (r["round"], r["team"]): [r["teams"], r["outposts"], r["led"], r["level"], r["trailed"]] for r in rows
    } == (dict(expected))
    for r in rows:
        assert r["mean_outposts"] == r["outposts"] / r["teams"] and r["lead_rate"] == r["led"] / r["teams"]
    by_round = defaultdict(dict)
    for r in rows:
        by_round[r["round"]][r["team"]] = r
    for teams in by_round.values():  # one team's "held more" is the other's "held fewer"
        assert (
            teams["motu"]["led"] == teams["ew"]["trailed"] and teams["motu"]["level"] == teams["ew"]["level"]
        )
    assert [r["name"] for r in rows[:2]] == ["Masters of the Universe", "Evil Warriors"]
    assert any(r["led"] for r in rows) and len(by_round) >= 5  # the sample has leads, over several rounds

    page = client.get(f"/meta/{GAME}/rounds/?simulated=only").content.decode()
    assert "Outpost control by faction, round by round" in page
    assert "Outposts held per round, by team" in page and "Who held more outposts, round by round" in page
    api = client.get(f"/api/meta/{GAME}/outpost-control/?simulated=only").json()
    assert {(r["round"], r["team"]): r["led"] for r in api["rows"]} == {k: v[2] for k, v in expected.items()}


@pytest.mark.django_db
def test_a_version_1_verdict_counts_for_nothing_in_the_v2_data_sets(played):
    from gamelogs.models import GameLog

    f = MetaFilter(game=GAME, simulated="only")
    before = sum(r["combats"] for r in datasets_for(GAME)["epic-combats"].rows(f))
    log = GameLog.objects.filter(verdict__statistics__has_key="combats").first()
    verdict = dict(log.verdict)
    verdict["statistics"] = {
        k: v for k, v in verdict["statistics"].items() if k in ("game", "teams", "heroes")
    }
    GameLog.objects.filter(pk=log.pk).update(verdict=verdict)
    # The data sets read the verdicts' sums kept per day: a verdict stored refreshes its day (meta.receivers).
    from dashboards.summaries import refresh_buckets

    refresh_buckets(GAME, [log.meta_stat.played_on])
    cache.clear()
    after = sum(r["combats"] for r in datasets_for(GAME)["epic-combats"].rows(f))
    assert after == before - len(engine.verify(json.loads(log.raw_bytes())).statistics["combats"])
