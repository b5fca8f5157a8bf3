"""Migration play 0008 gives every stored table its own secret spectator link token (play:watch)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

BEFORE = [("play", "0007_tablegame_without_last_confirmed")]
AFTER = [("play", "0008_tablegame_watch_token")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_the_stored_tables_each_get_their_own_token():
    try:
        apps = migrate(BEFORE)
        TableGame = apps.get_model("play", "TableGame")
        for code in ("OLD001", "OLD002", "OLD003"):
            TableGame.objects.create(code=code, game="g", header={"game": "g", "players": []})
        apps = migrate(AFTER)
        tokens = dict(apps.get_model("play", "TableGame").objects.values_list("code", "watch_token"))
        assert sorted(tokens) == ["OLD001", "OLD002", "OLD003"]
        assert len(set(tokens.values())) == 3 and all(len(t) == 16 for t in tokens.values())
        made = apps.get_model("play", "TableGame").objects.create(code="NEW001", game="g", header={})
        assert len(made.watch_token) == 16 and made.watch_token not in tokens.values()  # the default
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found
