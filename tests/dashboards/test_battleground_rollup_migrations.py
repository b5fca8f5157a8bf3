"""battleground 0005 to 0007 forward and back: the rollups over every event and band (0006) are made and dropped,
and the summaries' event indexes (0007) too. What 0005 and 0006 fill is compared with a rebuild in
test_summary_equivalence.py."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

BEFORE = [("battleground", "0004_matchup_summaries_and_rollups")]
EVENT_INDEXES = {
    "dashboards_entrydaily": "bg_entry_game_event",
    "dashboards_rounddaily": "bg_round_game_event",
    "dashboards_dicedaily": "bg_dice_game_event",
    "battleground_dicemonthly": "bg_dicem_game_event",
    "battleground_mapdaily": "bg_map_game_event",
    "battleground_matchupdaily": "bg_match_game_event",
    "battleground_matchupmonthly": "bg_matchm_game_event",
}
TOTALS = {"battleground_dicemonthlytotal", "battleground_matchupmonthlytotal"}


def migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def schema() -> tuple[set, set]:
    with connection.cursor() as cursor:
        tables = set(connection.introspection.table_names(cursor))
        indexes = {
            (table, name)
            for table in EVENT_INDEXES
            for name in connection.introspection.get_constraints(cursor, table)
        }
    return tables & TOTALS, {(t, n) for t, n in indexes if n == EVENT_INDEXES[t]}


def test_the_total_rollups_and_event_indexes_come_and_go():
    migrate(BEFORE)
    assert schema() == (set(), set())
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert schema() == (TOTALS, set(EVENT_INDEXES.items()))
