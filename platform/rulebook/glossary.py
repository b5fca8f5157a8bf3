"""The games' terms as their rulebooks print them (locale/glossary.json), for the rules reference.

Each term names its game, the English word the rules specification uses, the Italian, Spanish and Polish words,
the rule ids that define or use it, and which originals (../shared/rules/originals/<game>.<language>.txt) print
it. A rule page lists the terms its rule defines or names, in the words of the originals."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import engine

GLOSSARY_FILE = Path(__file__).resolve().parents[2] / "locale" / "glossary.json"
#: At most this many terms beside one rule (the ones its rule ids name come first).
MAX_TERMS = 8
#: English words too common to stand for the game's term when a rule's English text merely uses them
#: ("players draw fate cards" is no draw, "the body of the rule" no Body stat); these count by rule id only.
COMMON_WORDS = frozenset(
    {
        "draw",
        "pass",
        "time",
        "base",
        "power",
        "mind",
        "body",
        "ready",
        "slow",
        "blind",
        "tool",
        "flow",
        "path",
        "pool",
        "reach",
        "gold",
        "control",
        "toward",
        "item",
        "mark",
        "team",
        "class",
        "target",
        "round",
        "test",
    }
)


@lru_cache(maxsize=1)
def glossary() -> dict:
    return json.loads(GLOSSARY_FILE.read_text("utf-8"))


def game_key(engine_game: str) -> str | None:
    """The glossary's name for the engine's game id ("motu-battleground" → "battleground")."""
    for key, info in glossary()["games"].items():
        if info["engine"] == engine_game:
            return key
    return None


def normalise(text: str, fold_accents: bool = False) -> str:
    """Text as compared with an original: case-folded, one space for any run of white space, words split over a
    line end by a hyphen joined; with ``fold_accents``, letters without their accents."""
    text = text.casefold().replace("\u2019", "'").replace("\u2018", "'")
    text = re.sub(r"-\s*\n\s*", "", text)
    text = re.sub(r"\s+", " ", text)
    if fold_accents:
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return text


def printed_in(original: str, word: str, fold_accents: bool = False) -> bool:
    """Whether the original's text prints ``word`` (at the start of a word; inflected endings may follow)."""
    pattern = r"(?<!\w)" + re.escape(normalise(word, fold_accents))
    return re.search(pattern, normalise(original, fold_accents)) is not None


def accents_folded(game: str, language: str) -> bool:
    return {"game": game, "language": language} in glossary().get("accents_folded", [])


@dataclass(frozen=True)
class Word:
    text: str
    lang: str


@dataclass(frozen=True)
class Term:
    en: str
    words: tuple[Word, ...]


def _pattern(term: dict) -> re.Pattern:
    return re.compile(r"(?<!\w)" + re.escape(term["en"]) + r"(?:s|es)?(?!\w)", re.IGNORECASE)


def _names(term: dict, text: str) -> bool:
    """Whether the English ``text`` names ``term`` (singular or plural), unless its word is too common."""
    if term["en"].casefold() in COMMON_WORDS:
        return False
    return _pattern(term).search(text) is not None


def _words(term: dict, language: str) -> tuple[Word, ...]:
    """The originals' words for ``term`` to show a reader of ``language``: the original in that language where the
    game has one; else (Hoplomachus and Fields of Eternia in Spanish or Polish) the Italian original's; on an
    English page every original's. Only words the original prints."""
    originals = glossary()["games"][term["game"]]["originals"]
    printed = set(term.get("printed", []))
    if language in originals:
        wanted = [language]
    elif language in ("es", "pl"):
        wanted = ["it"]
    else:
        wanted = originals
    return tuple(Word(term[lang], lang) for lang in wanted if lang in printed)


def terms_for(engine_game: str, rule_id: str, language: str) -> list[Term]:
    """The terms rule ``rule_id`` defines or names (by the glossary's rule ids, then by its English term in the
    rule's English title or explanation), with the originals' words for a reader of ``language``."""
    key = game_key(engine_game)
    if key is None:
        return []
    try:
        row = engine.game(engine_game).rule(rule_id)
    except LookupError:
        return []
    if row is None:
        return []
    english = f"{row['title']} {row.get('explanation') or ''}"
    language = (language or "en").split("-")[0].split("_")[0]
    own = [t for t in glossary()["terms"] if t["game"] == key]
    named = [t for t in own if rule_id in t.get("rules", [])]
    # Longer terms first, each taking its words out of the text: "area attack" is not also an "attack".
    text = english
    for term in sorted(own, key=lambda t: -len(t["en"])):
        if _names(term, text):
            named.append(term)
            text = _pattern(term).sub(" ", text)
    out: list[Term] = []
    for term in named:
        words = _words(term, language)
        if words and all(term["en"] != seen.en and words != seen.words for seen in out):
            out.append(Term(term["en"], words))
    return out[:MAX_TERMS]
