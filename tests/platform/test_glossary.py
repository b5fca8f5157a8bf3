"""Game terms in the catalogs are the rulebooks' own (issue #24): locale/glossary.json lists them per
language; the catalogs use them, and each original prints them (when ../shared/rules/originals is here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = json.loads((ROOT / "locale" / "glossary.json").read_text("utf-8"))
ORIGINALS = next(
    (p / "shared" / "rules" / "originals" for p in (ROOT.parent, ROOT.parents[1]) if (p / "shared").is_dir()),
    None,
)
# The catalog entry whose translation must use each term (its msgid).
USED_IN = {
    "dice": "Dice",
    "hex": "Hex",
    "wounds": "Wounds",
    "tokens": "Tokens",
    "battlefield": "the battlefield",
    "faction": "Faction",
    "character": "Character",
    "round": "Round",
    "set-up": "set-up",
}


def _translation(language: str, msgid: str) -> str:
    import gettext

    from tests.support.messages import LOCALE_DIR

    with (LOCALE_DIR / language / "LC_MESSAGES" / "django.mo").open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    return catalog.gettext(msgid)


@pytest.mark.parametrize("language", ["it", "es", "pl"])
def test_the_catalogs_use_the_rulebooks_terms(language):
    for term in GLOSSARY["terms"]:
        if term["game"] == "battleground" and term["en"] in USED_IN:
            translated = _translation(language, USED_IN[term["en"]])
            assert term[language].lower() in translated.lower(), (term, translated)


@pytest.mark.skipif(
    ORIGINALS is None, reason="the rulebooks' originals (../shared/rules/originals) are not here"
)
@pytest.mark.parametrize("language", ["it", "es", "pl"])
def test_every_term_is_printed_in_its_original(language):
    # Battleground has an original in each language; the terms it prints are marked so (BG §25).
    original = (ORIGINALS / f"battleground.{language}.txt").read_text("utf-8").lower()
    for term in GLOSSARY["terms"]:
        if term["game"] == "battleground" and language in term["printed"]:
            assert " ".join(term[language].lower().split()) in " ".join(original.split()), term
