"""Issue #9: a game's own board for the replay viewer and the table recorder lives in its plugin folder
(``platform/games/<game>/static/``, ``GamePlugin.board_script``); the pages load every plugin's board
without naming a game."""

from __future__ import annotations

from pathlib import Path

from django.contrib.staticfiles import finders

import games
from viewer.templatetags.game_boards import game_board_scripts

GAMES_DIR = Path(games.__file__).resolve().parent


def test_each_plugin_s_board_is_found_in_its_own_folder():
    boards = {game: p.board_script for game, p in games.plugins().items() if p.board_script}
    assert set(boards) == {"motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia"}
    for game, path in boards.items():
        found = Path(finders.find(path))
        folder = Path(games.plugin(game).__module__.replace("games.", "", 1))
        assert found.is_relative_to(GAMES_DIR / folder / "static"), (game, found)


def test_the_pages_load_every_plugin_s_board_and_a_new_one_joins():
    html = str(game_board_scripts())
    assert html.count("<script") == 3 and '<script src="/static/games/board-eternia.js"></script>' in html

    class Toy(games.GamePlugin):
        game_id, board_script = "toy-board-game", "games/board-toy.js"

    games.register(Toy())
    try:
        assert '<script src="/static/games/board-toy.js"></script>' in str(game_board_scripts())
    finally:
        games.unregister("toy-board-game")


def test_the_viewer_page_names_no_game_s_script_itself():
    for template in ("viewer/templates/viewer/_viewer.html", "play/templates/play/table.html"):
        text = (GAMES_DIR.parent / template).read_text()
        assert "{% game_board_scripts %}" in text
        assert not any(name in text for name in ("battleground", "hoplomachus", "eternia"))
