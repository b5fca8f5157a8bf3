"""``arbiter player USERNAME`` against a live server: the profile, the player's own dice only with
their own token, and a plain message for an unknown name."""

import pytest
from rest_framework.authtoken.models import Token

from accounts.services import create_player
from arbiter_cli import main as cli


@pytest.mark.django_db(transaction=True)
def test_player_profile_from_the_command_line(live_server, capsys):
    alice = create_player("alice", "pw-alice-123", display_name="Alice", club="Grayskull")
    mine, theirs = (
        Token.objects.create(user=alice).key,
        Token.objects.create(user=create_player("eve", "pw-eve-1234")).key,
    )
    assert cli.main(["player", "alice", "--server", live_server.url, "--token", mine]) == 0
    out = capsys.readouterr().out
    assert "Alice (alice), Grayskull" in out and "no rating yet" in out and "your dice:" in out
    assert cli.main(["player", "alice", "--server", live_server.url, "--token", theirs]) == 0
    assert "your dice" not in capsys.readouterr().out
    assert cli.main(["player", "alice", "--server", live_server.url, "--json"]) == 0
    assert '"username": "alice"' in capsys.readouterr().out
    assert cli.main(["player", "nobody", "--server", live_server.url]) == 1
    assert "no player called 'nobody'" in capsys.readouterr().err
