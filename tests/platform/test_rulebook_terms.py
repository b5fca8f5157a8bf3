"""Game terms as the rulebooks print them (issue #24): each game's glossary (locale/glossary.json) holds its
terms in Italian, Spanish and Polish with the rule ids that define them, its printed-in-original claims hold
against the originals (../shared/rules/originals), and a rule page shows the original's word beside the rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from rulebook import glossary

ROOT = Path(__file__).resolve().parents[2]
ORIGINALS = next(
    (p / "shared" / "rules" / "originals" for p in (ROOT.parent, ROOT.parents[1]) if (p / "shared").is_dir()),
    None,
)
GAMES = glossary.glossary()["games"]
TERMS = glossary.glossary()["terms"]


def _section(page: str) -> str:
    assert 'id="rulebook-terms"' in page, "the rule page lists no rulebook terms"
    return page.split('id="rulebook-terms"')[1].split("</section>")[0]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_vocabulary_with_rule_ids_that_exist(game):
    index = engine.game(GAMES[game]["engine"]).rules_index
    terms = [t for t in TERMS if t["game"] == game]
    assert len(terms) >= 40, (game, len(terms))
    for term in terms:
        for language in ("it", "es", "pl"):
            assert term[language].strip(), (term, language)
        assert term["rules"], term
        for rule_id in term["rules"]:
            assert rule_id in index, (term["en"], rule_id)
        # Every original the game has either prints the term or is marked as not printing it.
        for language in GAMES[game]["originals"]:
            assert (language in term["printed"]) != (language in term.get("not_printed", [])), (
                term,
                language,
            )


def test_battleground_prints_its_terms_in_all_three_originals_and_the_others_in_italian():
    assert GAMES["battleground"]["originals"] == ["it", "es", "pl"]
    assert GAMES["hoplomachus"]["originals"] == GAMES["eternia"]["originals"] == ["it"]
    for term in TERMS:
        # HR and FE have no Spanish or Polish original: their es/pl words come from the rules catalogs.
        assert set(term["printed"]) <= set(GAMES[term["game"]]["originals"]), term


@pytest.mark.skipif(
    ORIGINALS is None, reason="the rulebooks' originals (../shared/rules/originals) are not here"
)
@pytest.mark.parametrize(("game", "language"), [(g, lang) for g in GAMES for lang in GAMES[g]["originals"]])
def test_the_printed_claims_hold_against_the_originals(game, language):
    original = (ORIGINALS / f"{game}.{language}.txt").read_text("utf-8")
    fold = glossary.accents_folded(game, language)
    for term in (t for t in TERMS if t["game"] == game):
        printed = glossary.printed_in(original, term[language], fold)
        assert printed == (language in term["printed"]), (term, language)


def test_printed_in_reads_words_split_over_lines_and_refuses_missing_ones():
    assert glossary.printed_in("la tua ARMA-\nta avanza", "armata")
    assert glossary.printed_in("campo di\n  battaglia", "Campo di battaglia")
    assert not glossary.printed_in("disarmata", "armata")  # only at the start of a word
    assert not glossary.printed_in("abilita", "abilità")
    assert glossary.printed_in("abilita", "abilità", fold_accents=True)


def _page(client, language: str, path: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("it", [("Armata", "it")]),
        ("es", [("Ejército", "es")]),
        ("pl", [("Oddział", "pl")]),
        ("en", [("Armata", "it"), ("Ejército", "es"), ("Oddział", "pl")]),
    ],
)
def test_bg_1_1_shows_army_as_each_original_prints_it(client, language, expected):
    # BG-1.1: each player controls one army (IT Armata, ES Ejército, PL Oddział).
    section = _section(_page(client, language, "/rules/motu-battleground/BG-1.1/"))
    for word, lang in expected:
        assert f'<span class="original" lang="{lang}">{word}</span>' in section, (language, section)
    shown = set(re.findall(r'class="original" lang="(\w+)"', section))
    assert shown == {lang for _, lang in expected}, section
    if language == "en":
        assert '<span lang="en">army</span>' in section


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["it", "es", "pl", "en"])
@pytest.mark.parametrize(
    ("path", "word"),
    [
        ("/rules/hoplomachus-remastered/HR-18.24/", "Appiglio"),  # HR-18.24 Foothold (Appiglio)
        ("/rules/motu-fields-of-eternia/FE-11.1.1/", "Plancia combattimento"),  # FE §25: combat board
    ],
)
def test_hoplomachus_and_eternia_pages_show_the_italian_original_in_every_language(
    client, language, path, word
):
    section = _section(_page(client, language, path))
    assert f'<span class="original" lang="it">{word}</span>' in section, section
    # The only original is Italian: no page claims a Spanish or Polish printed word.
    assert 'lang="es"' not in section and 'lang="pl"' not in section


@pytest.mark.django_db
def test_a_bg_page_leaves_out_a_word_its_original_does_not_print(client):
    # BG-7.4.5 concede: neither the Spanish nor the Polish original prints the glossary's word.
    term = next(t for t in TERMS if t["game"] == "battleground" and t["en"] == "concede")
    assert set(term["not_printed"]) == {"es", "pl"}
    rule_id = term["rules"][0]
    page = _page(client, "es", f"/rules/motu-battleground/{rule_id}/")
    section = (
        page.split('id="rulebook-terms"')[1].split("</section>")[0] if 'id="rulebook-terms"' in page else ""
    )
    assert term["es"].capitalize() not in section
    # The English page still shows the Italian original's word for it.
    assert f'lang="it">{term["it"].capitalize()}</span>' in _section(
        _page(client, "en", f"/rules/motu-battleground/{rule_id}/")
    )
