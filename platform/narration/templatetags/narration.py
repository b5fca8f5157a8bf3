from django import template

import engine
from narration.catalog import say

register = template.Library()


@register.filter
def ended_by(value, game):
    """``{{ result.ended_by|ended_by:game }}``: how the game ended in words, in the active language (the
    engine's words for its ``ended_by`` id, through the narration catalogs); an id the game does not name,
    spaced out."""
    said = engine.ending_words(game, value)
    if said is None:
        return str(value or "").replace("_", " ").replace("-", " ")
    return say(said.data(), str(said))
