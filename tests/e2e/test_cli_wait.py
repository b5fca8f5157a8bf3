"""``arbiter upload --wait`` against a live server with a real worker: prints the verdict."""

import json

import pytest
from rest_framework.authtoken.models import Token

from arbiter_cli import main as cli
from tests.support.logs import legal_simulated_log, with_die_of_seven

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]


def test_upload_and_wait_for_the_verdict(celery_worker, live_server, user, tmp_path, capsys):
    token = Token.objects.create(user=user).key
    log, expected = legal_simulated_log(first_seed=13)
    legal, illegal = tmp_path / "legal.json", tmp_path / "illegal.json"
    legal.write_text(json.dumps(log))
    illegal.write_text(json.dumps(with_die_of_seven(log)[0]))

    assert (
        cli.main(
            ["upload", str(legal), "--server", live_server.url, "--token", token, "--wait", "--timeout", "30"]
        )
        == 0
    )
    assert expected.summary() in capsys.readouterr().out
    assert (
        cli.main(
            [
                "upload",
                str(illegal),
                "--server",
                live_server.url,
                "--token",
                token,
                "--wait",
                "--timeout",
                "30",
            ]
        )
        == 1
    )
    assert "ILLEGAL at event" in capsys.readouterr().out
