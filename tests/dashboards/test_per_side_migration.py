"""dashboards 0009 and battleground 0001 hand the per-side statistics models to the Battleground plugin's
app and back: the tables keep their names and every stored row, forward and back."""

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
