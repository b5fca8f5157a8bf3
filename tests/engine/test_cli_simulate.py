"""``python -m engine simulate`` (``arbiter simulate``): the game is named, by id or short name, from the games
the registry found; nothing is guessed when it is left out."""

from __future__ import annotations

import json

import pytest

import engine
from engine.cli import main


@pytest.mark.parametrize("name", ["motu-fields-of-eternia", "eternia", "fields-of-eternia"])
def test_a_game_named_by_id_alias_or_short_name_is_simulated(name, tmp_path):
    out = tmp_path / "log.json"
    assert main(["simulate", "--game", name, "--seed", "3", "--out", str(out)]) == 0
    log = json.loads(out.read_text("utf-8"))
    assert log["game"] == "motu-fields-of-eternia" and log["simulated"] is True
    assert engine.verify(log).status == "legal"


def test_without_a_game_the_command_lists_the_registered_ones(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--seed", "3"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--game" in err and "required" in err
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "chess", "--seed", "3"])
    err = capsys.readouterr().err
    assert all(info.id in err for info in engine.games())  # the choices name every registered game
