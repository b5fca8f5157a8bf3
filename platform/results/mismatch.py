"""A flagged match's lines (``Match.flag_details``: why an uploaded log was not taken as the match's result,
tournaments.log_check, results.services.match_results and the games' own comparisons, such as Battleground's
list check) said in the reader's language. The lines are stored in English as the checks word them; each is
read back against the sentences below (marked for the catalogs, tournaments.said.read_back) and said in the
reader's language where it reads back word for word; any other line keeps its English, marked lang="en".
Params are data: names, factions, characters, packs and numbers."""

from __future__ import annotations

from django.utils.translation import get_language, gettext_noop

from tournaments.said import read_back, render, said

LINES = (
    # tournaments.log_check: the header's reference and players
    gettext_noop("the log names event '%(logged)s', not '%(event)s'"),
    gettext_noop("the log names match %(logged)s, not %(match)s"),
    gettext_noop("the log names round %(logged)s, not %(round)s"),
    gettext_noop("the log's player '%(name)s' is not a player of this match"),
    gettext_noop("two of the log's players are named as %(name)s"),
    gettext_noop("%(name)s does not appear in the log"),
    gettext_noop(
        "%(name)s plays %(logged)s in the log; the pairings dealt their side %(dealt)s at this table"
    ),
    # results.services.match_results: the game, the pack, the verdict's result
    gettext_noop("the log is a %(game)s game; the event plays %(event_game)s"),
    gettext_noop("the log uses content pack %(pack)s; the event uses %(event_pack)s"),
    gettext_noop("the stored log cannot be read again"),
    gettext_noop("the verdict has no result (an outcome for every seat)"),
    gettext_noop("the verdict's seat %(seat)s is not a player of this match"),
    gettext_noop("the verdict has no result for %(name)s"),
    gettext_noop("the log's teams (%(teams)s) are not the teams of this match"),
    # Battleground's log-versus-list check (engine/games/battleground/list_compare.py, BG-4.2)
    gettext_noop("%(name)s has no registered list to compare the log's force with"),
    gettext_noop("%(name)s plays %(logged)s in the log; the registered list is %(listed)s"),
    gettext_noop("%(name)s's force in the log has %(character)s, who is not on the registered list"),
    gettext_noop("%(name)s's registered %(character)s is missing from the log"),
    gettext_noop(
        "%(name)s's %(character)s carries %(logged)s in the log; the registered list has %(listed)s"
    ),
    gettext_noop("player '%(player)s' has a registered list but is not in the log"),
)


# tournaments.log_check.check_mode: the modes the event plays, one or several, and the log's, each as the game
# words it (games.GamePlugin.mode_words: a plugin's MODE_WORDS, marked for the catalogs there)
MODE_LINE = gettext_noop("this event plays %(plays)s; this log is %(logged)s")
EITHER = gettext_noop("%(first)s or %(then)s")


def _mode_phrases() -> tuple[str, ...]:
    """Every mode as a game's plugin words it for the mode line (its module's MODE_WORDS)."""
    import importlib

    import games

    phrases = []
    for plugin in games.plugins().values():
        words = getattr(importlib.import_module(type(plugin).__module__), "MODE_WORDS", None) or {}
        phrases += [phrase for phrase in words.values() if isinstance(phrase, str)]
    return tuple(sorted(set(phrases), key=len, reverse=True))


def _modes_said(text: str, phrases: tuple[str, ...]):
    """``text`` (one mode, or several joined by " or ") as a sentence, each mode a phrase of ``phrases``;
    None when a part is no such phrase (a mode phrase may hold an " or " of its own: tried whole first)."""
    if text in phrases:
        return said(text)
    for phrase in phrases:
        if text.startswith(f"{phrase} or "):
            then = _modes_said(text[len(phrase) + len(" or ") :], phrases)
            if then is not None:
                return said(EITHER, first=said(phrase), then=then)
    return None


def _mode_line(line: str):
    """The mode line read back: the event's modes and the log's each said as the game words them."""
    found = read_back((MODE_LINE,), line)
    if found is None:
        return None
    phrases = _mode_phrases()
    plays = _modes_said(str(found["params"]["plays"]), phrases)
    logged = _modes_said(str(found["params"]["logged"]), phrases)
    if plays is None or logged is None:
        return None
    sentence = said(MODE_LINE, plays=plays, logged=logged)
    return sentence if render(sentence, translate=False) == line else None


def said_lines(details) -> list[tuple[str, str]]:
    """Each line of ``details`` as (text, language of the text): in the active language where it reads back
    as one of LINES, else its English."""
    language = (get_language() or "en").split("-")[0]
    out = []
    for line in details or []:
        sentence = (read_back(LINES, line) or _mode_line(line)) if isinstance(line, str) else None
        if sentence is None or language == "en":
            out.append((str(line), "en"))
        else:
            out.append((render(sentence), language))
    return out
