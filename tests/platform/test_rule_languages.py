"""The rules reference in the reader's language (issue #24): every rule's title and explanation come from
the rules catalogs (platform/rulebook/catalogs/<language>/LC_MESSAGES/rules.po, one entry per game and
English text), in step with the engine's rules index and fully translated; pages mark each text's language."""

from __future__ import annotations

import gettext
import html
import re
import shutil
import subprocess

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

import engine
from rulebook import catalog
from rulebook.catalog import DOMAIN, LOCALE_DIR
from tests.platform.test_rules_and_viewer import stored_and_verified
from tests.support.logs import legal_simulated_log, with_die_of_seven

TRANSLATED = ("it", "es", "pl")
GAME = "motu-battleground"


def translation_of(language: str, game: str, english: str) -> str:
    """The catalog's translation, read from the .po itself (not through the code under test)."""
    po = polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"))
    found = po.find(english, msgctxt=game)
    assert found is not None and found.msgstr, (language, game, english)
    return found.msgstr


def test_the_catalogs_hold_every_rule_text_of_every_game():
    call_command("rule_messages", "--check")  # raises CommandError when out of step with the engine


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_rules_catalog_compiles_with_nothing_untranslated_or_fuzzy(language, tmp_path):
    po = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "rules.mo"), str(po)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    statistics = result.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages\.", statistics), statistics
    texts = {(info.id, row[field]) for info in engine.games() for row in info.rules_index.values()
             for field in ("title", "explanation") if row.get(field)}  # fmt: skip
    assert int(statistics.split()[0]) == len(texts)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(
    ("game", "rule_id"),
    [(GAME, "BG-13.1.2"), ("hoplomachus-remastered", "HR-15.7.3"), ("motu-fields-of-eternia", "FE-11.5.3.B")],
)
def test_a_rule_page_is_in_the_readers_language(client, language, game, rule_id):
    row = engine.game(game).rule(rule_id)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = html.unescape(client.get(f"/rules/{game}/{rule_id}/").content.decode())
    title, explanation = (translation_of(language, game, row[f]) for f in ("title", "explanation"))
    assert f'<span id="rule-title" lang="{language}">{title}</span>' in page
    assert f'<p id="rule-explanation" lang="{language}">{explanation}</p>' in page
    assert row["explanation"] not in page  # the English is not shown beside it
    index = html.unescape(client.get(f"/rules/{game}/").content.decode())
    assert f'<span lang="{language}">{title}</span>' in index


def test_english_readers_get_the_engines_text_marked_english(client):
    row = engine.game(GAME).rule("BG-13.1.2")
    page = html.unescape(client.get(f"/rules/{GAME}/BG-13.1.2/").content.decode())
    assert f'<span id="rule-title" lang="en">{row["title"]}</span>' in page


def test_a_text_the_catalog_lacks_stays_english_and_says_so(client, monkeypatch):
    catalog._catalog.cache_clear()
    monkeypatch.setattr(catalog, "_catalog", lambda language: gettext.NullTranslations())
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    row = engine.game(GAME).rule("BG-13.1.2")
    page = html.unescape(client.get(f"/rules/{GAME}/BG-13.1.2/").content.decode())
    assert f'<span id="rule-title" lang="en">{row["title"]}</span>' in page
    assert '<html lang="pl"' in page  # the page around it is still Polish


def test_one_english_word_can_be_two_games_terms():
    """The game is each entry's context: Battleground's and Eternia's "Organisation phase" are printed
    differently by their rulebooks (BG-5.2 in the Spanish Battleground rulebook; FE-8.2)."""
    assert catalog.localised(GAME, "Organisation phase", "es") == ("Fase de preparación", "es")
    assert catalog.localised("motu-fields-of-eternia", "Organisation phase", "es") == (
        "Fase de organización",
        "es",
    )


@pytest.mark.django_db
def test_a_refused_logs_page_names_its_rule_in_the_readers_language(client, user):
    log, _ = legal_simulated_log(first_seed=5)
    bad, _index = with_die_of_seven(log)
    stored = stored_and_verified(user, bad)
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = html.unescape(client.get(f"/logs/{stored.pk}/").content.decode())
    title = translation_of("it", GAME, engine.game(GAME).rule("BG-8.1.1")["title"])
    assert f'id="error-rule-title" lang="it" href="/rules/{GAME}/BG-8.1.1/">{title}<' in page
