"""``{% game_board_scripts %}``: a script tag for each game plugin's own board (``GamePlugin.board_script``),
so the viewer and the recorder name no game."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html_join

import games

register = template.Library()


@register.simple_tag
def game_board_scripts():
    scripts = [plugin.board_script for _, plugin in sorted(games.plugins().items()) if plugin.board_script]
    return format_html_join("\n", '<script src="{}"></script>', ((static(path),) for path in scripts))
