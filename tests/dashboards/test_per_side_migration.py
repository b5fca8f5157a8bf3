"""dashboards 0009 and 0011, battleground 0001 and 0003 hand the per-side statistics models and their
summaries to the Battleground plugin's app and back: the tables keep their names and every stored row,
forward and back."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

BEFORE = [("dashboards", "0008_mode_backfill")]
AFTER = [("battleground", "0001_initial")]
TABLES = ("sidestat", "roundstat", "characterstat", "weaponstat", "itemstat", "teststat")


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def rows(apps, app_label: str) -> dict[str, list[tuple]]:
    out = {}
    for name in ("SideStat", "RoundStat", "CharacterStat", "WeaponStat", "ItemStat", "TestStat"):
        model = apps.get_model(app_label, name)
        out[name] = list(model.objects.order_by("pk").values_list())
    return out


def test_per_side_rows_move_to_the_battleground_app_and_back():
    apps = migrate(BEFORE)
    GameStat = apps.get_model("dashboards", "GameStat")
    stat = GameStat.objects.create(
        game="motu-battleground", played_on=date(2026, 3, 1), content_pack="core@1", randomness="recorded",
        rounds_played=5, first_player="p1", winner="p1", outcome="win", ended_by="rounds",
    )  # fmt: skip
    side = apps.get_model("dashboards", "SideStat").objects.create(
        game_stat=stat, player="p1", player_name="Ann", faction="heroes", faction_name="Heroes",
        first_player=True, result="win", vp_total=12, vp_objectives=5, vp_missions=4, vp_knockouts=3,
    )  # fmt: skip
    other = apps.get_model("dashboards", "SideStat").objects.create(
        game_stat=stat, player="p2", player_name="Bob", faction="villains", first_player=False, result="loss"
    )
    apps.get_model("dashboards", "RoundStat").objects.create(side=side, round=1, vp=3)
    apps.get_model("dashboards", "CharacterStat").objects.create(
        side=other,
        character="skeletor",
        name="Skeletor",
        faction="villains",
        survived=False,
        knocked_out_round=4,
    )
    apps.get_model("dashboards", "WeaponStat").objects.create(
        side=side, character="he-man", weapon="sword", name="Power Sword", weapon_type="melee", attacks=3
    )
    apps.get_model("dashboards", "ItemStat").objects.create(
        side=side, character="he-man", item="shield", name="Shield", item_type="gear", uses=2
    )
    apps.get_model("dashboards", "TestStat").objects.create(
        side=other, character="skeletor", kind="attack", stat="melee", tests=2, dice=6, successes=3,
        expected_successes=2.5,
    )  # fmt: skip
    before = rows(apps, "dashboards")

    apps = migrate(AFTER)
    assert rows(apps, "battleground") == before
    for name in TABLES:
        assert apps.get_model("battleground", name)._meta.db_table == f"dashboards_{name}"
    names = connection.introspection.table_names()
    assert not [name for name in names if name.startswith("battleground_")]
    # The rows still hang from the dashboards' games: a new side's id follows the old ones.
    new = apps.get_model("battleground", "SideStat").objects.create(
        game_stat_id=stat.pk,
        player="p3",
        player_name="Cy",
        faction="heroes",
        first_player=False,
        result="draw",
    )
    assert new.pk > other.pk
    assert apps.get_model("battleground", "SideStat").objects.filter(game_stat_id=stat.pk).count() == 3
    new.delete()

    apps = migrate(BEFORE)
    assert rows(apps, "dashboards") == before
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found


MAPS_BEFORE = [("dashboards", "0009_per_side_models_to_game_plugin"), ("battleground", "0001_initial")]
MAPS_AFTER = [("dashboards", "0010_game_columns_to_game_plugin")]
BUCKET = dict(content_pack="core@1", event_ref=None, rating_band=None, simulated=False, source="log", mode="")


def test_maps_and_objectives_move_to_the_battleground_tables_and_back():
    apps = migrate(MAPS_BEFORE)
    GameStat, GameDaily = apps.get_model("dashboards", "GameStat"), apps.get_model("dashboards", "GameDaily")
    SideStat = apps.get_model("battleground", "SideStat")
    common = dict(
        content_pack="core@1", randomness="recorded", first_player="p1", outcome="win", ended_by="rounds"
    )
    castle = GameStat.objects.create(
        game="motu-battleground", played_on=date(2026, 3, 1), rounds_played=5, winner="p1", map="castle",
        objectives_available=5, objectives_claimed=3, **common,
    )  # fmt: skip
    snake = GameStat.objects.create(
        game="motu-battleground", played_on=date(2026, 3, 1), rounds_played=4, winner="p2", map="snake-mountain",
        objectives_available=4, objectives_claimed=1, **common,
    )  # fmt: skip
    SideStat.objects.create(game_stat=castle, player="p1", first_player=True, result="win")
    SideStat.objects.create(game_stat=snake, player="p1", first_player=True, result="loss")
    # A game counted from its generic result alone, with the defaults: it gets no map row.
    duel = GameStat.objects.create(
        game="hoplomachus-remastered", played_on=date(2026, 3, 2), rounds_played=3, **common
    )
    GameDaily.objects.create(
        game="motu-battleground", day=date(2026, 3, 1), map="castle", rounds_played=5, ended_by="rounds",
        outcome="win", games=1, first_player_wins=1, objectives_available=5, objectives_claimed=3, **BUCKET,
    )  # fmt: skip
    GameDaily.objects.create(
        game="motu-battleground", day=date(2026, 3, 1), map="snake-mountain", rounds_played=4, ended_by="rounds",
        outcome="win", games=1, first_player_wins=0, objectives_available=4, objectives_claimed=1, **BUCKET,
    )  # fmt: skip
    GameDaily.objects.create(
        game="hoplomachus-remastered", day=date(2026, 3, 2), rounds_played=3, ended_by="rounds", outcome="win",
        games=1, first_player_wins=1, **BUCKET,
    )  # fmt: skip
    daily_before = sorted(GameDaily.objects.values_list(), key=lambda r: r[1:])
    daily_before = [r[1:] for r in daily_before]

    apps = migrate(MAPS_AFTER)
    maps = apps.get_model("battleground", "MapStat").objects.order_by("game_stat_id")
    assert [(r.game_stat_id, r.map, r.objectives_available, r.objectives_claimed) for r in maps] == [
        (castle.pk, "castle", 5, 3),
        (snake.pk, "snake-mountain", 4, 1),
    ]
    daily = apps.get_model("battleground", "MapDaily").objects.order_by("map")
    assert [(r.game, r.day, r.map, r.games, r.objectives_available, r.objectives_claimed) for r in daily] == [
        ("motu-battleground", date(2026, 3, 1), "castle", 1, 5, 3),
        ("motu-battleground", date(2026, 3, 1), "snake-mountain", 1, 4, 1),
    ]
    fields = {f.name for f in apps.get_model("dashboards", "GameStat")._meta.get_fields()}
    assert not fields & {"map", "objectives_available", "objectives_claimed"}
    # The summary rows stay: every count of games still adds up.
    assert apps.get_model("dashboards", "GameDaily").objects.count() == 3

    apps = migrate(MAPS_BEFORE)
    games = apps.get_model("dashboards", "GameStat").objects.order_by("pk")
    assert [(g.pk, g.map, g.objectives_available, g.objectives_claimed) for g in games] == [
        (castle.pk, "castle", 5, 3),
        (snake.pk, "snake-mountain", 4, 1),
        (duel.pk, "", 0, 0),
    ]
    daily_after = sorted(apps.get_model("dashboards", "GameDaily").objects.values_list(), key=lambda r: r[1:])
    assert [r[1:] for r in daily_after] == daily_before
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found


SUMMARIES_BEFORE = [("dashboards", "0010_game_columns_to_game_plugin"), ("battleground", "0002_map_stats")]
SUMMARIES_AFTER = [("battleground", "0003_summaries")]
SUMMARY_MODELS = ("EntryDaily", "RoundDaily", "DiceDaily")


def summary_rows(apps, app_label: str) -> dict[str, list[dict]]:
    # By column name: the two apps' pictures list the columns in different orders.
    return {
        name: list(apps.get_model(app_label, name).objects.order_by("pk").values()) for name in SUMMARY_MODELS
    }


def test_battleground_summaries_move_to_the_battleground_app_and_back():
    apps = migrate(SUMMARIES_BEFORE)
    day = dict(game="motu-battleground", day=date(2026, 3, 1), **BUCKET)
    EntryDaily = apps.get_model("dashboards", "EntryDaily")
    heroes = EntryDaily.objects.create(
        dimension="faction", key="heroes", name="Heroes", faction="heroes", appearances=2, wins=1, losses=1,
        vp_total=20, vp_objectives=8, vp_missions=7, vp_knockouts=5, knockouts=2, **day,
    )  # fmt: skip
    EntryDaily.objects.create(
        dimension="weapon", key="sword", name="Power Sword", appearances=1, wins=1, attacks=4, successes=3,
        wounds=2, **day,
    )  # fmt: skip
    apps.get_model("dashboards", "RoundDaily").objects.create(round=1, result="win", sides=1, vp_sum=3, **day)
    apps.get_model("dashboards", "DiceDaily").objects.create(
        player_name="Ann", kind="attack", tests=2, dice=6, successes=3, expected=2.5, **day
    )
    before = summary_rows(apps, "dashboards")

    apps = migrate(SUMMARIES_AFTER)
    assert summary_rows(apps, "battleground") == before
    for name in SUMMARY_MODELS:
        assert apps.get_model("battleground", name)._meta.db_table == f"dashboards_{name.lower()}"
        with pytest.raises(LookupError):
            apps.get_model("dashboards", name)
    assert not [name for name in connection.introspection.table_names() if name.startswith("battleground_e")]
    # The table's sequence goes on where it was: a new row's id follows the stored ones.
    new = apps.get_model("battleground", "EntryDaily").objects.create(
        dimension="faction", key="villains", name="Villains", **day
    )
    assert new.pk > heroes.pk
    new.delete()

    apps = migrate(SUMMARIES_BEFORE)
    assert summary_rows(apps, "dashboards") == before
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found
