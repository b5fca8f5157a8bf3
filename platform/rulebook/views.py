"""The rules reference pages: one per rule id, and an index per game. Public: rules are no secret."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _

import engine
from rulebook import glossary, rules


def games(request):
    """Every game's rules reference, one link each (the site menu links here)."""
    rows = [{"info": info, "rules": len(info.rules_index)} for info in engine.games()]
    return render(request, "rulebook/games.html", {"games": rows})


def rule_index(request, game: str):
    try:
        info = engine.game(game)
        rows = rules.index(game)
    except LookupError:
        raise Http404(_("No such game")) from None
    return render(request, "rulebook/index.html", {"info": info, "rules": rows})


def rule_detail(request, game: str, rule_id: str):
    rule = rules.lookup(game, rule_id)
    if rule is None:
        raise Http404(_("No such rule"))
    try:
        info = engine.game(game)
    except LookupError:
        raise Http404(_("No such game")) from None
    language = translation.get_language() or "en"
    # The terms the rule defines or names, in the words of the game's printed originals.
    terms = glossary.terms_for(game, rule_id, language)
    context = {"info": info, "rule": rule, "terms": terms, "show_english": language.split("-")[0] == "en"}
    return render(request, "rulebook/rule.html", context)
