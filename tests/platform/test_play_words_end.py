"""What the table pages say at a game's end and on its start form: the game's own win against the players
(FE-18, HR-13, HR-14), the log shown as being verified until the engine's verdict exists, and the start
form's modes short enough for a 390 px phone, translated."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gamelogs.verification import verify_stored_log
from play import finish, services
from tests.platform.test_play_hoplomachus_eternia import hr_table

pytestmark = pytest.mark.django_db

PLAYERS = {"players": [{"id": "p1", "name": "Anna"}, {"id": "p2", "name": "Bruno"}]}


class Result:
    def __init__(self, outcomes, against_game):
        self.outcomes, self.against = outcomes, against_game

    def result(self):
        return {
            "seats": [{"seat": f"p{i + 1}", "outcome": o, "score": -3} for i, o in enumerate(self.outcomes)]
        }

    def against_game(self):
        return self.against


def test_a_coop_loss_says_the_game_won():
    table = SimpleNamespace(header=PLAYERS, game="hoplomachus-remastered")
    lost = services._result(Result(["loss", "loss"], True), table)
    assert lost["winners"] == [] and lost["game_won"] is True
    assert services._result(Result(["win", "win"], True), table)["game_won"] is False
    # players against each other with no winner (a draw) are no win of the game's
    assert services._result(Result(["draw", "draw"], False), table)["game_won"] is False
    assert services._result(Result(["loss", "loss"], False), table)["game_won"] is False


def test_the_log_is_shown_as_being_verified_until_its_verdict(client, user, other_user):
    table = hr_table(user, other_user)
    alice = table.header["players"][0]["id"]
    table = finish.post_event(table.code, user, {"type": "concede", "player": alice}, table.version)
    assert table.status == "over" and table.game_log is not None
    client.force_login(user)
    # A poll at the table's version still answers in full while the log waits for its verdict.
    state = client.get(f"/play/{table.code}/state.json?since={table.version}").json()
    assert state["log_state"] == "queued" and state["log_url"]
    unchanged = {"version": table.version, "changed": False}
    assert client.get(f"/play/{table.code}/state.json?since={table.version}&log=queued").json() == unchanged
    assert verify_stored_log(table.game_log.pk) == "legal"
    # The page that shows the log as queued learns the verdict, though the table's version did not change.
    state = client.get(f"/play/{table.code}/state.json?since={table.version}&log=queued").json()
    assert state["log_state"] == "legal"
    assert client.get(f"/play/{table.code}/state.json?since={table.version}&log=legal").json() == unchanged
    assert client.get(f"/play/{table.code}/state.json?since={table.version}").json() == unchanged


def test_the_eternia_start_form_names_its_modes_briefly(client, user):
    client.force_login(user)
    page = client.get("/play/?game=motu-fields-of-eternia").content.decode()
    for label in ("Team game (FE-2)", "Competitive skirmish (FE-19)", "Solo against the game (FE-18)"):
        assert f">{label}</option>" in page and len(label) <= 30
    assert "Team game: two teams of three heroes" not in page
