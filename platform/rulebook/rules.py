"""The rules reference: each game's rule ids with their titles and explanations, from the engine's
registry (GameInfo.rules_index). Log-format rules (LOG-…) and engine defects are described here, since
they belong to the log format rather than to any game's rulebook."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

import engine
from rulebook.catalog import localised

#: A rule id as written in a message: BG-9.2.1, BG-AMB-33, HR-4.2, FE-3.1, LOG-4.3, ENGINE-DEFECT.
RULE_ID = re.compile(r"\b(?:[A-Z]{2,3}-(?:[A-Z]{2,3}-)?\d+(?:\.\d+)*|ENGINE-DEFECT)\b")

LOG_RULES = {
    "LOG-2.1": (
        N_("The log's header"),
        N_("The log's header (game, rules version, players, forces, setup) must match the log format."),
    ),
    "LOG-3.1": (N_("A known game"), N_("The log must name a game this platform knows.")),
    "LOG-3.5": (
        N_("A readable content pack"),
        N_("The content pack the log names (cards, characters, maps) must be readable."),
    ),
    "LOG-4.3": (
        N_("Seeded dice"),
        N_(
            "In a seeded game every die comes from the seed; a log that records other values than the seed gives is refused."
        ),
    ),
    "LOG-5.2": (
        N_("A readable event"),
        N_("Each event must have the fields its type needs, with values of the right kind."),
    ),
}
LOG_DEFAULT = (
    N_("The log format"),
    N_("A rule of the log format itself (docs/log-format.md): the file, rather than the game, is at fault."),
)
DEFECT = (
    N_("An engine defect"),
    N_(
        "The engine failed on this event. The log is kept; please report it so that it can be fixed and the log re-verified."
    ),
)


@dataclass(frozen=True)
class Rule:
    game: str
    id: str
    title: str
    kind: str
    explanation: str
    # The language each text is in: the page's, or "en" where a catalog has no translation yet.
    title_lang: str = "en"
    explanation_lang: str = "en"


def game_of(rule_id: str, default: str | None = None) -> str | None:
    """The game whose rulebook defines ``rule_id`` (by its prefix), else ``default``."""
    prefix = rule_id.split("-", 1)[0]
    for info in engine.games():
        if getattr(info, "rule_prefix", None) == prefix:
            return info.id
    return default


def lookup(game: str, rule_id: str) -> Rule | None:
    """The rule ``rule_id`` of ``game``, or None if neither the game's index nor the log format has it."""
    if rule_id == "ENGINE-DEFECT":
        return _site_rule(game, rule_id, _("engine"), *DEFECT)
    if rule_id.startswith("LOG-"):
        title, explanation = LOG_RULES.get(rule_id, LOG_DEFAULT)
        return _site_rule(game, rule_id, _("log format"), title, explanation)
    try:
        info = engine.game(game)
    except LookupError:
        return None
    row = info.rule(rule_id)
    return None if row is None else _game_rule(game, rule_id, row)


def index(game: str) -> list[Rule]:
    """Every rule of ``game`` in the rulebook's order; raises LookupError for an unknown game."""
    info = engine.game(game)
    return [_game_rule(game, rid, row) for rid, row in info.rules_index.items()]


def _game_rule(game: str, rule_id: str, row: dict) -> Rule:
    """A game's rule from the engine's English data, in the page's language where the rules catalog has it."""
    title, title_lang = localised(game, row["title"])
    explanation, explanation_lang = localised(game, row.get("explanation") or row["title"])
    return Rule(game, rule_id, title, row["kind"], explanation, title_lang, explanation_lang)


def _site_rule(game: str, rule_id: str, kind: str, title: str, explanation: str) -> Rule:
    """A rule of the log format or the engine itself, from the site's catalog."""
    language = translation.get_language() or "en"
    return Rule(game, rule_id, _(title), kind, _(explanation), language, language)
