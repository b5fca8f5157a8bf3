"""Matchups and dice luck read from summaries (``MatchupDaily``, ``DiceDaily`` and their month rollups) give
the numbers the stat rows give: a small random corpus (bulk-loaded, then more games through the verdict
receiver, some of them private), every filter the pages take, compared with the SQL the pages ran over the
stat rows before the summaries kept matchups (issue #25)."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.core.cache import cache
from django.core.exceptions import EmptyResultSet
from django.db import connection

from dashboards import queries, summaries
from dashboards.bulk import insert_games
from dashboards.filters import MetaFilter
from dashboards.models import GameStat
from dashboards.synthetic import SyntheticMeta, stored_fields
from games.battleground import models as bg
from games.battleground import queries as bg_queries
from tests.dashboards.meta_fixtures import GAME, announce, make_log

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

START = dt.date(2025, 1, 1)


def _load(seed: int) -> list[str]:
    """About 260 bulk-loaded games over 100 days (January to mid-April), then 40 more through the verdict
    receiver (a refresh per verdict, as the worker does), a third of them private. Returns their events."""
    generator = SyntheticMeta(seed, players=25, start=START, days=100, games=[GAME])
    insert_games((g.game, g.verdict, stored_fields(g)) for g in (generator.game(i) for i in range(260)))
    summaries.rebuild_all()
    rng = random.Random(seed)
    for i in range(40):
        game = generator.game(1000 + i)
        event = rng.choice([None, None, "Private Cup", game.event_ref])
        log, verdict = make_log(game.verdict["statistics"], created=game.played_on.isoformat(), event=event,
                                salt=f"{seed}-{i}", public=rng.random() < 0.65)  # fmt: skip
        announce(log, verdict)
    return sorted({e for e in GameStat.objects.values_list("event_ref", flat=True) if e})


# --- The stat-row SQL the pages ran before (issue #25), kept here as the reference --------------


def _outcomes(side: str) -> str:
    return ", ".join(
        [f"COUNT(DISTINCT {side}.id)"]
        + [
            f"COUNT(DISTINCT CASE WHEN {side}.result = '{r}' THEN {side}.id END)"
            for r in ("win", "draw", "loss")
        ]
    )


def raw_matchups(f: MetaFilter, dimension: str) -> dict:
    if dimension == "faction":
        sql = (
            "SELECT a.faction, b.faction, MAX(a.faction_name), MAX(b.faction_name), " + _outcomes("a") +
            " FROM dashboards_sidestat a JOIN dashboards_sidestat b ON b.game_stat_id = a.game_stat_id"
            " AND b.id <> a.id WHERE a.game_stat_id IN ({games}) GROUP BY a.faction, b.faction"
        )  # fmt: skip
    else:
        sql = (
            "SELECT ca.character, cb.character, MAX(ca.name), MAX(cb.name), " + _outcomes("a") +
            " FROM dashboards_characterstat ca JOIN dashboards_sidestat a ON a.id = ca.side_id"
            " JOIN dashboards_sidestat b ON b.game_stat_id = a.game_stat_id AND b.id <> a.id"
            " JOIN dashboards_characterstat cb ON cb.side_id = b.id"
            " WHERE a.game_stat_id IN ({games}) GROUP BY ca.character, cb.character"
        )  # fmt: skip
    try:
        games_sql, params = queries.game_stats(f).values("id").query.sql_with_params()
    except EmptyResultSet:  # an event no public game carries: no games
        return {}
    with connection.cursor() as cursor:
        cursor.execute(sql.format(games=games_sql), params)
        return {(r[0], r[1]): (r[2], r[3], r[4], r[5] or 0, r[6] or 0, r[7] or 0) for r in cursor.fetchall()}


def raw_dice(f: MetaFilter) -> dict:
    """Recorded dice of public games per player name, from the stat rows."""
    games = queries.game_stats(f, GameStat.objects.filter(queries.public_games(), randomness="recorded"))
    out = {}
    for t in bg.TestStat.objects.filter(side__game_stat__in=games).select_related("side"):
        row = out.setdefault(t.side.player_name, [0, 0, 0, 0.0])
        for n, value in enumerate((t.tests, t.dice, t.successes, t.expected_successes)):
            row[n] += value
    return out


def cells(rows: list[dict]) -> dict:
    return {(r["row"], r["col"]): (r["row_name"], r["col_name"], r["games"], r["wins"], r["draws"], r["losses"])
            for r in rows}  # fmt: skip


def filters(events: list[str]) -> list[MetaFilter]:
    base = {"game": GAME, "simulated": "include"}
    d = dt.date
    return [
        MetaFilter(**base),
        MetaFilter(game=GAME),  # played games only: the logs sent through the receiver
        MetaFilter(game=GAME, simulated="only"),
        *(MetaFilter(**base, event=e) for e in events),
        MetaFilter(**base, event="No such event"),
        MetaFilter(**base, date_from=d(2025, 1, 10), date_to=d(2025, 1, 20)),  # inside one month
        MetaFilter(**base, date_from=d(2025, 1, 15), date_to=d(2025, 3, 7)),  # part, whole, part
        MetaFilter(**base, date_from=d(2025, 2, 1), date_to=d(2025, 3, 31)),  # whole months only
        MetaFilter(**base, date_from=d(2025, 1, 31), date_to=d(2025, 2, 28)),  # a day, then a month
        MetaFilter(**base, date_from=d(2025, 2, 2)),  # open-ended
        MetaFilter(**base, date_to=d(2025, 3, 1)),
        MetaFilter(**base, date_from=d(2025, 2, 1), date_to=d(2025, 2, 1)),
        MetaFilter(**base, pack="bg-core-starter@0.1.0"),
        MetaFilter(**base, pack="bg-core-starter@0.2.0"),
        MetaFilter(**base, rating_band=1400),
        MetaFilter(**base, rating_band=1600, date_from=d(2025, 1, 20), date_to=d(2025, 4, 2)),
    ]


@pytest.fixture
def corpus(settings):
    settings.ARBITER_META_REFRESH_INLINE = True
    cache.clear()
    events = _load(seed=11)
    yield events
    cache.clear()


def test_matchups_from_summaries_equal_the_stat_rows(corpus):
    assert GameStat.objects.filter(game_log__isnull=False).count() == 40  # the receiver stored them
    checked = 0
    for f in filters(corpus):
        cache.clear()
        assert cells(bg_queries.faction_matchups(f)) == raw_matchups(f, "faction"), f
        raw = raw_matchups(f, "character")
        assert cells(bg_queries.character_matchups(f, top=100)) == raw, f
        top = [r["key"] for r in bg_queries.entry_rates(f, "characters")[:5]]
        assert cells(bg_queries.character_matchups(f, top=5)) == {
            k: v for k, v in raw.items() if k[0] in top and k[1] in top
        }, f
        one = cells(bg_queries.character_matchups(f, character="he-man"))
        assert one == {k: v for k, v in raw.items() if k[0] == "he-man"}, f
        checked += sum(v[2] for v in raw.values())
    assert checked > 1000  # the filters found games


def test_dice_luck_from_summaries_equals_the_public_stat_rows(corpus):
    assert GameStat.objects.filter(game_log__isnull=False, randomness="recorded").exists()
    for f in filters(corpus):
        cache.clear()
        rows = {r["key"]: r for r in bg_queries.dice_luck(f)}
        raw = raw_dice(f)
        assert set(rows) == set(raw), f
        for name, (tests, dice, successes, expected) in raw.items():
            assert (rows[name]["tests"], rows[name]["dice"], rows[name]["successes"]) == (
                tests,
                dice,
                successes,
            )
            assert rows[name]["expected"] == pytest.approx(round(expected, 4), abs=1e-9)


def test_a_published_log_counts_in_dice_luck_without_a_refresh(corpus):
    from visibility.models import PublishedLog

    private = GameStat.objects.filter(game_log__isnull=False, randomness="recorded").exclude(
        queries.public_games()
    )
    stat = private.first()
    assert stat is not None
    PublishedLog.objects.create(log=stat.game_log)
    cache.clear()
    f = MetaFilter(game=GAME, simulated="include")
    rows = {r["key"]: (r["tests"], r["dice"], r["successes"]) for r in bg_queries.dice_luck(f)}
    assert rows == {k: tuple(v[:3]) for k, v in raw_dice(f).items()}


def _table(model) -> list[tuple]:
    fields = [f.name for f in model._meta.fields if f.name != "id"]
    # Sums of floats (expected successes) in another order may differ in the last bits.
    rows = (
        tuple(round(v, 9) if isinstance(v, float) else v for v in r)
        for r in model.objects.values_list(*fields)
    )
    return sorted(rows, key=repr)


def test_refreshes_leave_the_summaries_a_rebuild_makes(corpus):
    """The receiver's refreshes (a day at a time, its month rollup re-summed) end where a rebuild does."""
    models = (bg.MatchupDaily, bg.MatchupMonthly, bg.MatchupMonthlyTotal, bg.DiceDaily, bg.DiceMonthly,
              bg.DiceMonthlyTotal)  # fmt: skip
    before = {model: _table(model) for model in models}
    assert all(before.values())
    summaries.rebuild_all()
    assert {model: _table(model) for model in models} == before


# --- Dice luck's summaries count public games only ----------------------------------------------


def _dice_tables() -> dict:
    return {model: _table(model) for model in (bg.DiceDaily, bg.DiceMonthly, bg.DiceMonthlyTotal)}


def _summed_dice() -> dict:
    """Each name's dice as DiceDaily holds them (every bucket and kind added up)."""
    out = {}
    for name, tests, dice, successes in bg.DiceDaily.objects.values_list(
        "player_name", "tests", "dice", "successes"
    ):
        row = out.setdefault(name, [0, 0, 0])
        for n, value in enumerate((tests, dice, successes)):
            row[n] += value
    return out


def _everything() -> MetaFilter:
    return MetaFilter(game=GAME, simulated="include")


def _luck(f: MetaFilter) -> dict:
    cache.clear()
    return {r["key"]: (r["tests"], r["dice"], r["successes"]) for r in bg_queries.dice_luck(f)}


def test_dice_summaries_hold_the_public_games_alone(corpus):
    """DiceDaily counts the recorded games with no log or a public one: a private game's dice are not in it, so
    dice luck reads no test rows (none of its games is counted otherwise)."""
    private = GameStat.objects.filter(game_log__isnull=False, randomness="recorded").exclude(
        queries.public_games()
    )
    assert private.exists() and not private.filter(groups_public=True).exists()
    assert GameStat.objects.filter(game_log__isnull=False, groups_public=True).exists()
    assert _summed_dice() == {k: v[:3] for k, v in raw_dice(_everything()).items()}
    assert all(not games.exists() for _sign, games in bg_queries._counted_otherwise(_everything()))


def test_publishing_or_withdrawing_a_log_moves_its_dice_at_once(corpus, make_user):
    from gamelogs.models import LogSubmission
    from visibility import services as visibility
    from visibility.models import PublishedLog

    user = make_user("uploader")
    recorded = GameStat.objects.filter(game_log__isnull=False, randomness="recorded")
    private = recorded.exclude(queries.public_games()).first()
    public = recorded.filter(queries.public_games()).first()
    for stat in (private, public):
        LogSubmission.objects.create(log=stat.game_log, user=user)
    PublishedLog.objects.filter(log=public.game_log).update(user=user)  # theirs to withdraw
    f, before = _everything(), _dice_tables()

    visibility.publish(user, private.game_log)  # its day's dice aggregated again, its mark set
    assert GameStat.objects.get(pk=private.pk).groups_public
    assert _dice_tables() != before
    assert _luck(f) == {k: tuple(v[:3]) for k, v in raw_dice(f).items()}
    visibility.withdraw(user, public.game_log)
    assert not GameStat.objects.get(pk=public.pk).groups_public
    assert _luck(f) == {k: tuple(v[:3]) for k, v in raw_dice(f).items()}
    moved = _dice_tables()
    summaries.rebuild_all()  # what a rebuild leaves
    assert _dice_tables() == moved

    visibility.withdraw(user, private.game_log)
    visibility.publish(user, public.game_log)
    assert _dice_tables() == before


def test_a_log_made_private_by_a_change_no_hook_sees_is_taken_off_as_dice_luck_reads(corpus):
    from visibility.models import PublishedLog

    f, before = _everything(), _dice_tables()
    counted = GameStat.objects.filter(game_log__isnull=False, randomness="recorded", groups_public=True)
    withdrawn = counted.filter(game_log__publications__isnull=False).first()
    PublishedLog.objects.filter(log=withdrawn.game_log).delete()  # no hook
    assert _dice_tables() == before
    for g in filters(corpus):
        assert _luck(g) == {k: tuple(v[:3]) for k, v in raw_dice(g).items()}, g
    assert summaries.publicity_changed() == 1  # the periodic sweep writes it into the summaries
    assert not GameStat.objects.get(pk=withdrawn.pk).groups_public
    corrected = _dice_tables()
    assert corrected != before and _luck(f) == {k: tuple(v[:3]) for k, v in raw_dice(f).items()}
    summaries.rebuild_all()
    assert _dice_tables() == corrected
    assert summaries.publicity_changed() == 0


def test_the_migration_counts_the_public_dice_as_a_rebuild(corpus):
    from importlib import import_module

    from django.apps import apps

    before = _dice_tables()
    # As 0004 left them: every recorded game's dice, no game marked.
    GameStat.objects.update(groups_public=False)
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM dashboards_dicedaily")
        cursor.execute(
            "INSERT INTO dashboards_dicedaily (game, day, content_pack, event_ref, rating_band, simulated, source,"
            " mode, player_name, kind, tests, dice, successes, expected) SELECT g.game, g.played_on,"
            " g.content_pack, g.event_ref, g.rating_band, g.simulated, g.source, g.mode, s.player_name, t.kind,"
            " SUM(t.tests), SUM(t.dice), SUM(t.successes), SUM(t.expected_successes) FROM dashboards_teststat t"
            " JOIN dashboards_sidestat s ON s.id = t.side_id JOIN dashboards_gamestat g ON g.id = s.game_stat_id"
            " WHERE g.randomness = 'recorded' GROUP BY g.game, g.played_on, g.content_pack, g.event_ref,"
            " g.rating_band, g.simulated, g.source, g.mode, s.player_name, t.kind"
        )
    assert _dice_tables()[bg.DiceDaily] != before[bg.DiceDaily]
    fill = import_module("games.battleground.migrations.0005_dice_public_only").fill
    with connection.schema_editor() as editor:
        fill(apps, editor)
    assert _dice_tables() == before


def test_a_filter_naming_no_event_or_band_reads_the_rollup_over_every_event_and_band(corpus):
    d = dt.date
    base = {"game": GAME, "simulated": "include"}
    whole = MetaFilter(**base, date_from=d(2025, 2, 1), date_to=d(2025, 3, 31))
    for model, total, monthly in ((bg.MatchupDaily, bg.MatchupMonthlyTotal, bg.MatchupMonthly),
                                  (bg.DiceDaily, bg.DiceMonthlyTotal, bg.DiceMonthly)):  # fmt: skip
        assert [qs.model for qs in queries._grains(model, whole)] == [total]
        assert total.objects.count() < monthly.objects.count()
        assert not total.objects.exclude(event_ref=None).exists()
        assert not total.objects.exclude(rating_band=None).exists()
        for named in (MetaFilter(**base, event=corpus[0]), MetaFilter(**base, rating_band=1400)):
            assert [qs.model for qs in queries._grains(model, named)] == [monthly]


def test_the_migration_fills_the_rollups_over_every_event_and_band_as_a_rebuild(corpus):
    from importlib import import_module

    from django.apps import apps

    models = (bg.MatchupMonthlyTotal, bg.DiceMonthlyTotal)
    before = {model: _table(model) for model in models}
    assert all(before.values())
    for model in models:
        model.objects.all().delete()
    fill = import_module("games.battleground.migrations.0006_dice_and_matchup_total_rollups").fill
    with connection.schema_editor() as editor:
        fill(apps, editor)
    assert {model: _table(model) for model in models} == before
