"""The ``arbiter`` dispatcher and ``arbiter upload`` against a live server."""

import json

import pytest
from rest_framework.authtoken.models import Token

from arbiter_cli import main as cli
from gamelogs.models import GameLog
from tests.support.logs import envelope_log


def test_registry_skips_commands_not_written_yet():
    modules = cli.load_commands(["arbiter_cli.upload", "arbiter_cli.not_there_yet"])
    assert [m.__name__ for m in modules] == ["arbiter_cli.upload"]


def test_registry_reports_a_command_whose_dependency_is_missing(tmp_path, monkeypatch):
    (tmp_path / "half_written_command.py").write_text("import a_dependency_nobody_installed\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError, match="a_dependency_nobody_installed"):
        cli.load_commands(["half_written_command"])


def test_no_command_prints_help(capsys):
    assert cli.main([]) == 2
    assert "upload" in capsys.readouterr().out


def test_upload_needs_a_token(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("ARBITER_TOKEN", raising=False)
    path = tmp_path / "log.json"
    path.write_text("{}")
    assert cli.main(["upload", str(path), "--server", "http://127.0.0.1:9"]) == 2
    assert "no token" in capsys.readouterr().err


def test_upload_reports_an_unreachable_server(tmp_path, capsys):
    path = tmp_path / "log.json"
    path.write_text("{}")
    assert cli.main(["upload", str(path), "--server", "http://127.0.0.1:9", "--token", "x"]) == 2
    assert "cannot reach" in capsys.readouterr().err


@pytest.mark.django_db(transaction=True)
def test_upload_to_a_live_server(live_server, user, tmp_path, capsys, published):
    token = Token.objects.create(user=user).key
    path = tmp_path / "game.json"
    path.write_bytes(json.dumps(envelope_log("cli")).encode())
    assert cli.main(["upload", str(path), "--server", live_server.url, "--token", token]) == 0
    out = capsys.readouterr().out
    log = GameLog.objects.get()
    assert f"log {log.pk}: queued" in out and f"/logs/{log.pk}/" in out
    assert log.source == "cli" and log.raw_bytes() == path.read_bytes()

    assert cli.main(["upload", str(path), "--server", live_server.url, "--token", token]) == 0
    assert "(already uploaded)" in capsys.readouterr().out


@pytest.mark.django_db(transaction=True)
def test_upload_refused_by_the_server(live_server, user, tmp_path, capsys):
    token = Token.objects.create(user=user).key
    path = tmp_path / "notes.txt"
    path.write_text("not a log")
    assert cli.main(["upload", str(path), "--server", live_server.url, "--token", token]) == 2
    assert "refused (400, not_json)" in capsys.readouterr().err
