"""Meta statistics on PostgreSQL against a hand-counted dataset (tests/dashboards/meta_fixtures.py).

The five legal games, side by side (first player marked *):

    G1 2026-03-01 Cup    *Alice MOTU [he-man, stratos]  beats  Bob EVIL [skeletor, beast-man]
    G2 2026-03-02 Cup     Alice MOTU [he-man, teela]    loses *Carol EVIL [skeletor, trap-jaw]
    G3 2026-03-10        *Bob EVIL [skeletor, beast-man] beats Dan MOTU [he-man, stratos]
    G4 2026-04-01 (0.2.0) Carol EVIL [trap-jaw, beast-man] beats *Bob EVIL [skeletor, beast-man]
    G5 2026-04-02        *Dan MOTU [he-man, teela]      draws  Alice MOTU [stratos, teela]   (seeded dice)

10 sides. MOTU: G1 W, G2 L, G3 L, G5 D, G5 D → 5 games, 1 W 2 D 2 L.
EVIL: G1 L, G2 W, G3 W, G4 W, G4 L → 5 games, 3 W 0 D 2 L.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.test import TestCase
from django.test.utils import CaptureQueriesContext

from dashboards import models as m
from dashboards import queries, stats, summaries
from dashboards.filters import MetaFilter
from gamelogs.models import GameLog
from gamelogs.signals import log_verified
from games.battleground import models as bg
from games.battleground import queries as bg_queries
from games.battleground.maps import objectives_by_map
from meta import players
from tests.dashboards.meta_fixtures import (
    EVIL_CHARACTER,
    EVIL_NAME,
    GAME,
    announce,
    hand_counted_games,
    make_log,
)

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


@pytest.fixture
def meta(settings):
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    logs = []
    for i, g in enumerate(hand_counted_games()):
        log, verdict = make_log(g["statistics"], created=g["created"], event=g.get("event"), salt=str(i))
        announce(log, verdict)
        logs.append((log, verdict))
    # An illegal verdict and a simulated game: neither may count by default.
    illegal, verdict = make_log(
        hand_counted_games()[0]["statistics"], created="2026-03-05", status="illegal", salt="x"
    )
    announce(illegal, verdict)
    simulated, verdict = make_log(
        hand_counted_games()[0]["statistics"], created="2026-03-05", simulated=True, salt="s"
    )
    announce(simulated, verdict)
    yield logs
    cache.clear()


def by_key(rows):
    return {r["key"]: r for r in rows}


def f(**kwargs) -> MetaFilter:
    return MetaFilter(game=GAME, **kwargs)


def test_the_seats_and_how_games_ended_are_said_in_the_readers_language(meta, client):
    """Issue #24: the summaries name the initiative chart's seats in English and keep how a game ended as
    a key; the page says both in its language (the exports keep the key)."""
    from django.conf import settings
    from django.utils import translation

    from games.battleground.meta import GameLength

    with translation.override("it"):
        seats = by_key(bg_queries.initiative(f()))
        ended = {r["ended_by"]: r["ended_label"] for r in GameLength().rows(f())}
    assert (seats["first"]["name"], seats["second"]["name"]) == ("Primo giocatore", "Secondo giocatore")
    assert (
        ended == {"rounds": "round", "agreed-draw": "pareggio concordato"}
        or ended["agreed-draw"] == "pareggio concordato"
    )
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    page = client.get(f"/meta/{GAME}/").content.decode()
    assert "Second player" not in page and "agreed-draw" not in page.split("<script")[0]


def test_rows_stored_for_legal_verdicts_only(meta):
    assert m.GameStat.objects.count() == 6  # five played + one simulated
    assert m.GameStat.objects.filter(simulated=True).count() == 1
    assert bg.SideStat.objects.count() == 12
    g1 = m.GameStat.objects.get(game_log=meta[0][0])
    assert g1.played_on == dt.date(2026, 3, 1) and g1.event_ref == "Grayskull Cup"
    assert g1.battleground_map.objectives_claimed == 2


def test_faction_rates_by_hand(meta):
    rows = by_key(bg_queries.entry_rates(f(), "factions"))
    motu, evil = rows["masters-of-the-universe"], rows["evil-warriors"]
    assert (motu["games"], motu["wins"], motu["draws"], motu["losses"]) == (5, 1, 2, 2)
    assert (evil["games"], evil["wins"], evil["draws"], evil["losses"]) == (5, 3, 0, 2)
    assert motu["win_rate"] == pytest.approx(1 / 5) and motu["score_rate"] == pytest.approx(2 / 5)
    assert evil["win_rate"] == pytest.approx(3 / 5) and evil["score_rate"] == pytest.approx(3 / 5)
    assert motu["pick_rate"] == pytest.approx(5 / 10) and evil["pick_rate"] == pytest.approx(5 / 10)
    assert (motu["ci_low"], motu["ci_high"]) == pytest.approx(stats.wilson_interval(1, 5))
    assert motu["too_few_games"] is True and motu["balance"] == "too few games"


def test_character_rates_by_hand(meta):
    rows = by_key(bg_queries.entry_rates(f(), "characters"))
    expected = {  # games, wins, draws, losses
        "he-man": (4, 1, 1, 2),
        "stratos": (3, 1, 1, 1),
        "teela": (3, 0, 2, 1),
        "skeletor": (4, 2, 0, 2),
        "beast-man": (4, 2, 0, 2),
        "trap-jaw": (2, 2, 0, 0),
    }
    assert {k: (r["games"], r["wins"], r["draws"], r["losses"]) for k, r in rows.items()} == expected
    assert rows["he-man"]["pick_rate"] == pytest.approx(4 / 10)
    assert rows["beast-man"]["name"] == EVIL_CHARACTER
    assert rows["he-man"]["survival_rate"] == pytest.approx(3 / 4)  # knocked out in G3


def test_pairs_weapons_items_by_hand(meta):
    pairs = by_key(bg_queries.entry_rates(f(), "pairs"))
    assert {k: (r["games"], r["wins"], r["draws"], r["losses"]) for k, r in pairs.items()} == {
        "he-man+stratos": (2, 1, 0, 1),
        "he-man+teela": (2, 0, 1, 1),
        "stratos+teela": (1, 0, 1, 0),
        "beast-man+skeletor": (3, 1, 0, 2),
        "skeletor+trap-jaw": (1, 1, 0, 0),
        "beast-man+trap-jaw": (1, 1, 0, 0),
    }
    assert pairs["he-man+stratos"]["name"] == "He-Man + Stratos"
    sword = by_key(bg_queries.entry_rates(f(), "weapons"))["sword-of-power"]
    # Sides carrying it: G1 Alice (two copies, one side), G2 Alice, G3 Dan, G5 Dan.
    assert (sword["games"], sword["wins"], sword["draws"], sword["losses"]) == (4, 1, 1, 2)
    assert (sword["attacks"], sword["wounds"]) == (10, 5)  # five weapon rows of 2 attacks, 1 wound
    assert sword["wounds_per_attack"] == pytest.approx(0.5)
    assert bg_queries.entry_rates(f(), "items") == []


def test_initiative_and_game_charts_by_hand(meta):
    seats = by_key(bg_queries.initiative(f()))
    assert (seats["first"]["games"], seats["first"]["wins"], seats["first"]["draws"], seats["first"]["losses"]) == (
        5, 3, 1, 1,
    )  # fmt: skip
    assert (seats["second"]["wins"], seats["second"]["draws"], seats["second"]["losses"]) == (1, 1, 3)
    assert {(r["rounds_played"], r["ended_by"]): r["games"] for r in queries.game_length(f())} == {
        (4, "rounds"): 4,
        (3, "agreed-draw"): 1,
    }
    assert [(r["round"], r["knockouts"]) for r in bg_queries.knockout_timing(f())] == [(2, 1), (3, 1)]
    castle = objectives_by_map(f())[0]
    assert (castle["games"], castle["available"], castle["claimed"]) == (5, 25, 2)
    assert castle["claim_rate"] == pytest.approx(2 / 25)
    winners = by_key(bg_queries.vp_sources(f()))["win"]
    assert winners["sides"] == 4 and winners["vp_objectives"] == pytest.approx(20 / 4)
    melee = by_key(bg_queries.weapon_types(f()))["melee"]
    assert melee["attacks"] == 10 and melee["sides"] == 4
    rounds = {(r["round"], r["result"]): r for r in bg_queries.vp_by_round(f())}
    assert rounds[(4, "win")]["sides"] == 4  # G5 lasted 3 rounds and was drawn
    assert rounds[(4, "win")]["mean_vp"] == pytest.approx(30 / 4)  # Alice's 30 VP in G1, 0 elsewhere


def test_dice_luck_counts_recorded_dice_only(meta):
    rows = by_key(bg_queries.dice_luck(f()))
    assert set(rows) == {"Alice"}
    alice = rows["Alice"]
    assert (alice["dice"], alice["successes"], alice["expected"]) == (14, 8, 7.33)
    assert alice["luck"] == "too few dice"


def test_filters(meta):
    cup = by_key(bg_queries.entry_rates(f(event="Grayskull Cup"), "factions"))
    assert (cup["masters-of-the-universe"]["games"], cup["masters-of-the-universe"]["wins"]) == (2, 1)
    march = by_key(
        bg_queries.entry_rates(f(date_from=dt.date(2026, 3, 1), date_to=dt.date(2026, 3, 10)), "factions")
    )
    assert march["evil-warriors"]["games"] == 3 and march["evil-warriors"]["wins"] == 2
    new_pack = by_key(bg_queries.entry_rates(f(pack="bg-core-starter@0.2.0"), "factions"))
    assert set(new_pack) == {"evil-warriors"} and new_pack["evil-warriors"]["pick_rate"] == 1.0
    with_simulated = by_key(bg_queries.entry_rates(f(simulated="include"), "factions"))
    assert with_simulated["masters-of-the-universe"]["games"] == 6
    only = by_key(bg_queries.entry_rates(f(simulated="only"), "factions"))
    assert only["masters-of-the-universe"]["games"] == 1
    # Rating band: nothing rates games yet, so set one by hand and refresh its day.
    m.GameStat.objects.filter(played_on=dt.date(2026, 3, 10)).update(rating=1510, rating_band=1400)
    summaries.refresh_buckets(GAME, [dt.date(2026, 3, 10)])
    band = by_key(bg_queries.entry_rates(f(rating_band=1400), "factions"))
    assert band["evil-warriors"]["wins"] == 1 and band["masters-of-the-universe"]["losses"] == 1


def test_min_games_and_balance_flags(meta):
    rows = by_key(bg_queries.entry_rates(f(min_games=2), "characters"))
    assert rows["trap-jaw"]["too_few_games"] is False
    assert rows["trap-jaw"]["p_value"] == pytest.approx(0.5)  # 2 of 2 decisive games: 2 × 1/4
    assert rows["trap-jaw"]["balance_grade"] is None
    balance = bg_queries.balance(f(min_games=2))
    assert {r["dimension"] for r in balance} == {"factions", "characters", "pairs", "weapons"}
    tested = [r["p_value"] for r in balance if r["p_value"] is not None]
    assert tested == sorted(tested) and balance[: len(tested)] == [
        r for r in balance if r["p_value"] is not None
    ]


def test_trends(meta):
    months = {(r["month"], r["key"]): r for r in bg_queries.trends_month(f())}
    assert months[("2026-03", "evil-warriors")]["games"] == 3
    assert months[("2026-04", "masters-of-the-universe")]["games"] == 2
    assert months[("2026-04", "evil-warriors")]["pick_rate"] == pytest.approx(2 / 4)
    events = bg_queries.trends_event(f())
    assert {(r["event"], r["key"], r["games"]) for r in events} == {
        ("Grayskull Cup", "masters-of-the-universe", 2),
        ("Grayskull Cup", "evil-warriors", 2),
    }


def test_reverification_replaces_and_illegal_removes(meta):
    log, verdict = meta[0]
    announce(log, verdict)  # the same verdict announced twice (redelivered task)
    assert m.GameStat.objects.filter(game_log=log).count() == 1
    assert by_key(bg_queries.entry_rates(f(), "factions"))["masters-of-the-universe"]["games"] == 5
    illegal = {**verdict, "status": "illegal", "legal": False, "statistics": None, "result": None}
    announce(log, illegal)
    assert not m.GameStat.objects.filter(game_log=log).exists()
    motu = by_key(bg_queries.entry_rates(f(), "factions"))["masters-of-the-universe"]
    assert (motu["games"], motu["wins"]) == (4, 0)


def test_cache_is_per_filter_and_invalidated_by_ingest(meta, django_assert_max_num_queries):
    bg_queries.entry_rates(f(), "factions")
    with django_assert_max_num_queries(1):  # only the version lookup
        bg_queries.entry_rates(f(), "factions")
    with CaptureQueriesContext(__import__("django.db").db.connection) as ctx:
        bg_queries.entry_rates(f(event="Grayskull Cup"), "factions")
    assert len(ctx.captured_queries) > 1  # another filter, another entry
    before = queries.version(GAME)
    statistics = hand_counted_games()[2]["statistics"]
    log, verdict = make_log(statistics, created="2026-03-11", salt="new")
    announce(log, verdict)
    assert queries.version(GAME) > before
    assert by_key(bg_queries.entry_rates(f(), "factions"))["evil-warriors"]["games"] == 6


def test_refresh_task_rebuilds_a_day(meta):
    from dashboards.tasks import refresh_meta_summaries

    bg.EntryDaily.objects.filter(day=dt.date(2026, 3, 1)).delete()
    assert (
        by_key(bg_queries.entry_rates(f(simulated="exclude", min_games=1), "factions"))["evil-warriors"][
            "games"
        ]
        == 4
    )
    assert refresh_meta_summaries("motu-battleground", ["2026-03-01"]) == 1
    assert by_key(bg_queries.entry_rates(f(min_games=1), "factions"))["evil-warriors"]["games"] == 5
    summaries.rebuild_all()
    assert by_key(bg_queries.entry_rates(f(min_games=3), "factions"))["evil-warriors"]["games"] == 5


def test_refresh_is_queued_when_not_inline(meta, settings, monkeypatch):
    from dashboards import tasks

    settings.ARBITER_META_REFRESH_INLINE = False
    sent = []
    monkeypatch.setattr(
        tasks.refresh_meta_summaries, "apply_async", lambda args, **options: sent.append(args)
    )
    log, verdict = make_log(hand_counted_games()[1]["statistics"], created="2026-05-05", salt="q")
    announce(log, verdict)
    assert sent == [["motu-battleground"]]
    assert list(m.StaleBucket.objects.values_list("game", "day")) == [
        ("motu-battleground", dt.date(2026, 5, 5))
    ]


def test_the_refresh_is_sent_once_the_verdict_commits_and_never_for_a_rolled_back_one(
    meta, settings, monkeypatch
):
    """#14: a refresh sent inside the verdict's transaction could run before the rows it should
    count are committed; a verdict rolled back must send nothing."""
    from django.db import transaction

    from dashboards import tasks

    settings.ARBITER_META_REFRESH_INLINE = False
    sent = []
    monkeypatch.setattr(
        tasks.refresh_meta_summaries, "apply_async", lambda args, **options: sent.append(args)
    )
    log, verdict = make_log(hand_counted_games()[1]["statistics"], created="2026-05-05", salt="rb")
    with pytest.raises(RuntimeError), transaction.atomic():
        log_verified.send(sender=GameLog, game_log=log, verdict=verdict)
        assert m.StaleBucket.objects.filter(scheduled=True).exists()
        raise RuntimeError("the verdict's transaction fails after the receivers ran")
    assert sent == [] and not m.StaleBucket.objects.exists()
    with TestCase.captureOnCommitCallbacks() as on_commit:
        log_verified.send(sender=GameLog, game_log=log, verdict=verdict)
    assert sent == []  # nothing before the commit
    for callback in on_commit:
        callback()
    assert sent == [["motu-battleground"]]


def test_a_burst_of_verdicts_shares_one_refresh_that_drains_every_mark(meta, settings, monkeypatch):
    from dashboards import tasks

    settings.ARBITER_META_REFRESH_INLINE = False
    sent = []
    monkeypatch.setattr(
        tasks.refresh_meta_summaries, "apply_async", lambda args, **options: sent.append(args)
    )
    for i, day in enumerate(["2026-05-05", "2026-05-06", "2026-05-05"]):
        log, verdict = make_log(hand_counted_games()[1]["statistics"], created=day, salt=f"burst{i}")
        announce(log, verdict)
    assert sent == [["motu-battleground"]]  # one refresh on its way for the three verdicts
    assert m.StaleBucket.objects.count() == 2
    assert tasks.refresh_meta_summaries("motu-battleground") == 2  # both days re-aggregated
    assert not m.StaleBucket.objects.exists()
    games = m.GameDaily.objects.filter(day__in=[dt.date(2026, 5, 5), dt.date(2026, 5, 6)])
    assert sum(g.games for g in games) == 3
    # The run drained the marks, flags and all: the next verdict schedules the next refresh.
    log, verdict = make_log(hand_counted_games()[1]["statistics"], created="2026-05-07", salt="after")
    announce(log, verdict)
    assert sent == [["motu-battleground"], ["motu-battleground"]]


def test_a_mark_made_after_a_refresh_unflagged_its_game_sends_the_next_refresh(meta, settings, monkeypatch):
    """The refresh task unflags its game's marks before it drains them; a verdict arriving in between finds
    no refresh on its way and sends one, so its mark cannot be left behind by a drain that missed it."""
    from dashboards import tasks

    settings.ARBITER_META_REFRESH_INLINE = False
    sent = []
    monkeypatch.setattr(
        tasks.refresh_meta_summaries, "apply_async", lambda args, **options: sent.append(args)
    )
    log, verdict = make_log(hand_counted_games()[1]["statistics"], created="2026-05-09", salt="first")
    announce(log, verdict)
    assert m.StaleBucket.objects.get().scheduled
    m.StaleBucket.objects.update(scheduled=False)  # the task's first step, before its drain
    log, verdict = make_log(hand_counted_games()[1]["statistics"], created="2026-05-10", salt="second")
    announce(log, verdict)
    assert sent == [["motu-battleground"], ["motu-battleground"]]
    assert set(m.StaleBucket.objects.values_list("scheduled", flat=True)) == {True}


def test_the_periodic_sweep_drains_marks_whose_refresh_was_lost(meta, settings, monkeypatch):
    from dashboards import tasks

    settings.ARBITER_META_REFRESH_INLINE = False
    monkeypatch.setattr(tasks.refresh_meta_summaries, "apply_async", lambda args, **options: None)  # lost
    log, verdict = make_log(hand_counted_games()[1]["statistics"], created="2026-05-08", salt="lost")
    announce(log, verdict)
    assert not m.GameDaily.objects.filter(day=dt.date(2026, 5, 8)).exists()
    assert tasks.refresh_all_stale() == 1
    assert m.GameDaily.objects.get(day=dt.date(2026, 5, 8)).games == 1
    assert not m.StaleBucket.objects.exists()


def test_player_profile(meta):
    profile = players.name_profile("Alice")
    assert profile["games"] == 3  # G1, G2, G5
    assert "dice" not in profile and "ratings" not in profile  # a name's public page shows no dice
    motu = by_key(profile["factions"])["masters-of-the-universe"]
    assert (motu["games"], motu["wins"], motu["draws"], motu["losses"]) == (3, 1, 1, 1)
    assert motu["meta_win_rate"] == pytest.approx(1 / 5)
    assert profile["history"][0]["played_on"] == "2026-04-02"
    assert profile["history"][-1]["opponent"] == EVIL_NAME
    # Her own dice (her profile): G1's recorded test only; G5's seeded dice do not count.
    dice = players.dice(["Alice"])
    assert dice["dice"] == 14 and [(g["game"], g["dice"], g["games"]) for g in dice["by_game"]] == [
        (GAME, 14, 1)
    ]


def test_refresh_task_is_registered_with_the_celery_app():
    from dashboards.tasks import REFRESH_META_SUMMARIES
    from workers.celery import app

    assert REFRESH_META_SUMMARIES in app.tasks


def test_seats_and_score_components_are_counted_for_every_game(meta):
    # The generic core: a seat row per side of every counted game, with the game's components.
    f = MetaFilter(game=GAME, min_games=1)
    counted = m.GameStat.objects.filter(game=GAME, simulated=False).count()
    assert m.SeatStat.objects.filter(game_stat__simulated=False).count() == 2 * counted
    rows = {r["key"]: r for r in queries.score_components(f)}
    wins = m.SeatStat.objects.filter(game_stat__simulated=False, outcome="win")
    assert rows["win"]["seats"] == wins.count()
    expected = sum(s.score for s in wins) / wins.count()
    assert rows["win"]["score"] == pytest.approx(expected)
    objectives = m.ComponentStat.objects.filter(seat__in=wins, component="objectives")
    assert rows["win"]["components"]["objectives"] == pytest.approx(
        sum(c.value for c in objectives) / wins.count()
    )


def test_a_game_without_side_statistics_is_counted_from_its_generic_result(settings):
    """A toy game registered only here: its verdict has no statistics the dashboards know, yet
    its seats reach the generic summaries and its plugin's default data set."""
    import games
    from dashboards.datasets import datasets_for

    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()

    class Toy(games.GamePlugin):
        game_id, name, score_label = "toy-game", "Toy Game", "Crowns"
        score_components = {"gold": "Gold"}

    games.register(Toy())
    try:
        log = GameLog.objects.create(
            sha256="f" * 64, game="toy-game", size=2, content=b"{}", state="legal", engine_version="0.2.0"
        )
        verdict = {
            "status": "legal",
            "content_pack": {"id": "toy-core", "version": "1.0.0"},
            "result": {
                "ended_by": "rounds",
                "rounds_played": 3,
                "seats": [
                    {
                        "seat": "p1",
                        "team": None,
                        "outcome": "win",
                        "rank": 1,
                        "score": 9,
                        "components": {"gold": 6},
                    },
                    {
                        "seat": "p2",
                        "team": None,
                        "outcome": "loss",
                        "rank": 2,
                        "score": 4,
                        "components": {"gold": 1},
                    },
                ],
            },
            "statistics": {"anything": "the dashboards do not read"},
        }
        announce(log, verdict)
        stat = m.GameStat.objects.get(game_log=log)
        assert (stat.game, stat.content_pack, stat.rounds_played, stat.winner) == (
            "toy-game",
            "toy-core@1.0.0",
            3,
            "p1",
        )
        dataset = datasets_for("toy-game")["score-components"]
        rows = dataset.rows(MetaFilter(game="toy-game", min_games=1, simulated="include"))
        assert [(r["key"], r["seats"], r["score"], r["components.gold"]) for r in rows] == [
            ("win", 1, 9, 6),
            ("loss", 1, 4, 1),
        ]
        assert [c.label for c in dataset.columns][2:] == ["Mean Crowns", "Gold"]
        assert dataset.figures(rows, MetaFilter(game="toy-game"))[0].data[0].name == "Gold"
    finally:
        games.unregister("toy-game")
        cache.clear()
