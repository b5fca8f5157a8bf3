"""Registration, Team, ForceList and SoftScore move from the tournaments app to the participants
app (tournaments 0013, participants 0001) in the migration state only: their tables and every
stored row stay, both ways, and a match seat still reads its registration."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0012_reports_and_disputes_to_results")]
AFTER = [("tournaments", "0013_entrants_to_participants")]
NAMES = ("Registration", "Team", "ForceList", "SoftScore")


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_entrants_stay_while_their_models_change_app_and_back():
    apps = migrate(BEFORE)
    Event, User = apps.get_model("tournaments", "Event"), apps.get_model("auth", "User")
    ann = User.objects.create(username="ann")
    event = Event.objects.create(
        slug="kept", name="Kept", starts_on=date(2026, 1, 1), ends_on=date(2026, 1, 1), team_size=2
    )
    team = apps.get_model("tournaments", "Team").objects.create(event=event, name="Grayskull", seed=1)
    ann_entry = apps.get_model("tournaments", "Registration").objects.create(
        event=event, player=ann, team=team, display_name="Ann", status="checked-in", club="Eternos"
    )
    guest = apps.get_model("tournaments", "Registration").objects.create(
        event=event, display_name="Guest", claim_code="ABCD2345"
    )
    apps.get_model("tournaments", "ForceList").objects.create(
        registration=ann_entry, faction="masters", text="He-Man", valid=True, points=110
    )
    apps.get_model("tournaments", "SoftScore").objects.create(
        registration=ann_entry, category="painting", points=4, entered_by=ann
    )
    match = apps.get_model("tournaments", "Match").objects.create(
        round=apps.get_model("tournaments", "Round").objects.create(event=event, number=1), table=1
    )
    apps.get_model("tournaments", "MatchSeat").objects.create(match=match, registration=guest, index=0)

    apps = migrate(AFTER)
    for name in NAMES:
        with pytest.raises(LookupError):
            apps.get_model("tournaments", name)
    tables = {name: apps.get_model("participants", name)._meta.db_table for name in NAMES}
    assert tables == {name: f"tournaments_{name.lower()}" for name in NAMES}
    Registration = apps.get_model("participants", "Registration")
    kept = Registration.objects.get(player_id=ann.pk)
    assert (kept.display_name, kept.status, kept.club, kept.team.name) == (
        "Ann",
        "checked-in",
        "Eternos",
        "Grayskull",
    )
    assert (kept.force_list.faction, kept.force_list.points) == ("masters", 110)
    assert [(s.category, s.points) for s in kept.soft_scores.all()] == [("painting", 4)]
    assert Registration.objects.get(claim_code="ABCD2345").seats.get().match_id == match.pk
    assert apps.get_model("participants", "Team").objects.get().members.count() == 1

    apps = migrate(BEFORE)
    assert apps.get_model("tournaments", "Registration").objects.count() == 2
    assert apps.get_model("tournaments", "ForceList").objects.get().text == "He-Man"
    assert apps.get_model("tournaments", "MatchSeat").objects.get().registration.display_name == "Guest"
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found
    from participants.models import Registration as Current

    assert Current.objects.get(player__username="ann").soft_scores.get().category == "painting"
