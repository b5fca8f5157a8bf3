"""The site in the players' languages (issue #24): English, Italian, Spanish and Polish, chosen from the
browser (Accept-Language), from the switcher on every page (Django's set_language, no JavaScript) or
from the account's preference; ``<html lang>`` says which; dates follow the language's formats; and the
catalogs compile with nothing untranslated or fuzzy."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from accounts.languages import SESSION_KEY
from accounts.services import create_player, profile_for
from tests.support.messages import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("it", "es", "pl")
# The apps whose templates and Python strings go through the catalogs (the event pages, the recorder
# and the dashboards follow once the files they live in have settled).
COVERED_APPS = (
    "arbiter_site",
    "accounts",
    "gamelogs",
    "rulebook",
    "viewer",
    "challenges",
    "visibility",
    "webhooks",
    "results",
    "standings",
)


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


class _VisibleText(HTMLParser):
    """The text a reader sees, plus the attributes a screen reader speaks (aria-label, title,
    placeholder). Engine data shown as it is (rule titles and explanations, the engine's verdict
    sentences) is marked lang="en" on the page: not the catalogs' to translate, so left out."""

    SKIP = {"script", "style", "code", "pre", "textarea"}
    VOID = {"br", "input", "img", "meta", "link", "hr", "wbr", "source"}

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._depth = 0  # open elements inside a skipped one (0: not skipping)

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            if not self._depth:
                self._attributes(attrs)
            return
        if self._depth:
            self._depth += 1
        elif tag in self.SKIP or (dict(attrs).get("lang") == "en" and tag != "html"):
            self._depth = 1
        else:
            self._attributes(attrs)

    def handle_startendtag(self, tag, attrs):
        if not self._depth:
            self._attributes(attrs)

    def _attributes(self, attrs):
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if self._depth and tag not in self.VOID:
            self._depth -= 1

    def handle_data(self, data):
        if not self._depth and data.strip():
            self.parts.append(data.strip())


def visible_text(page: str) -> str:
    parser = _VisibleText()
    parser.feed(page)
    return " ".join(" ".join(parser.parts).split())


def _catalog(language: str) -> dict[str, str]:
    """{English msgid: translation} of the language's catalog (singular forms), read with Python's
    own gettext so that the test does not depend on the parser it checks."""
    import gettext

    mo = LOCALE_DIR / language / "LC_MESSAGES" / "django.mo"
    with mo.open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)._catalog
    found = {}
    for key, value in catalog.items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid or (isinstance(key, tuple) and key[1] != 0):
            continue
        found[msgid.split("\x04")[-1]] = value
    return found


def english_sentences(language: str) -> list[str]:
    """The catalog's English texts that must not appear on a page in ``language``: the pieces between
    placeholders and markup, long enough to be a phrase rather than a word shared by both languages,
    where the translation says something else."""
    pieces = set()
    for msgid, translation in _catalog(language).items():
        for piece in re.split(r"%\(\w+\)[sd]|<[^>]+>|\{\w+\}", msgid):
            piece = piece.strip(" .,:;()—–-·")
            if len(piece) >= 14 and " " in piece and piece not in translation:
                pieces.add(piece.replace("%%", "%"))
    return sorted(pieces)


# ----------------------------------------------------------------------------- choosing the language


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("header", "expected", "heading"),
    [
        ("it-IT,it;q=0.9,en;q=0.5", "it", "Carica il log di una partita. Ricevi un verdetto."),
        ("es-ES,es;q=0.9", "es", "Sube el registro de una partida. Recibe un veredicto."),
        ("pl,en-GB;q=0.8", "pl", "Prześlij zapis gry. Otrzymaj werdykt."),
        ("en-US,en;q=0.9", "en", "Upload a game log. Get a verdict."),
        ("de-DE,de;q=0.9", "en", "Upload a game log. Get a verdict."),  # not offered: English
    ],
)
def test_the_browser_language_chooses_the_page_language(header, expected, heading):
    response = Client(HTTP_ACCEPT_LANGUAGE=header).get("/")
    page = response.content.decode()
    assert html_lang(page) == expected
    assert response["Content-Language"] == expected
    assert heading in page


@pytest.mark.django_db
def test_the_switcher_is_on_every_page_and_works_without_javascript():
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    for path in ("/", "/accounts/login/", "/rules/motu-battleground/", "/no/such/page/"):
        page = client.get(path).content.decode()
        switcher = page[page.index('id="language-switcher"') :]
        # One plain form per language posting to Django's set_language, each named in its own language.
        for code, name in (("en", "English"), ("it", "Italiano"), ("es", "Español"), ("pl", "Polski")):
            assert re.search(rf'name="language" value="{code}" lang="{code}"[^>]*>{name}</button>', switcher)
        assert 'action="/i18n/setlang/"' in switcher and "<script" not in switcher.split("</nav>")[0]
        assert 'aria-current="true"' in switcher  # the language in use is marked
    response = client.post("/i18n/setlang/", {"language": "pl", "next": "/rules/motu-battleground/"})
    assert response.status_code == 302 and response["Location"] == "/rules/motu-battleground/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"
    page = client.get("/rules/motu-battleground/").content.decode()
    assert html_lang(page) == "pl" and "spis zasad" in page  # the cookie wins over Accept-Language


@pytest.mark.django_db
def test_the_account_preference_applies_at_sign_in_and_beats_the_browser():
    create_player("ana", "correct horse battery")
    profile = profile_for(create_player("jan", "correct horse battery"))
    profile.language = "pl"
    profile.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    assert html_lang(client.get("/accounts/login/").content.decode()) == "it"
    response = client.post("/accounts/login/", {"username": "jan", "password": "correct horse battery"})
    assert response.status_code == 302
    page = client.get("/").content.decode()
    assert html_lang(page) == "pl" and "Wyloguj się" in page
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"  # kept after signing out
    client.post("/accounts/logout/")
    assert html_lang(client.get("/").content.decode()) == "pl"
    # An account without a preference keeps the browser's language.
    other = Client(HTTP_ACCEPT_LANGUAGE="es")
    other.post("/accounts/login/", {"username": "ana", "password": "correct horse battery"})
    assert html_lang(other.get("/").content.decode()) == "es"


@pytest.mark.django_db
def test_switching_while_signed_in_becomes_the_account_preference(make_user):
    user = make_user("marta")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    client.post("/i18n/setlang/", {"language": "es", "next": "/"})
    assert profile_for(user).language == "es"
    assert client.session[SESSION_KEY] == "es"
    page = client.get("/accounts/profile/").content.decode()
    assert html_lang(page) == "es" and "Editar el perfil" in page
    # The profile form sets it too, and an empty choice hands the page back to the browser.
    client.post("/accounts/profile/", {"display_name": "Marta", "club": "", "language": "it"})
    assert profile_for(user).language == "it"
    assert html_lang(client.get("/").content.decode()) == "it"
    client.post("/accounts/profile/", {"display_name": "Marta", "club": "", "language": ""})
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    assert profile_for(user).language == ""
    assert html_lang(client.get("/").content.decode()) == "en"


@pytest.mark.django_db
def test_dates_follow_the_language(make_user):
    user = make_user("lidia")
    client = Client()
    client.force_login(user)
    joined = user.date_joined
    months = {
        "en": joined.strftime("%B")[:3],  # British formats: "6 Dec 2026"
        "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
               "ottobre", "novembre", "dicembre"][joined.month - 1],
        "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
               "noviembre", "diciembre"][joined.month - 1],
        "pl": ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września",
               "października", "listopada", "grudnia"][joined.month - 1],
    }  # fmt: skip
    for language, month in months.items():
        client.post("/i18n/setlang/", {"language": language, "next": "/"})
        page = client.get("/accounts/profile/").content.decode()
        member_since = re.search(r"<dd>([^<]*\d{4})</dd>", page).group(1)
        assert month.lower() in member_since.lower(), (language, member_since)


# ----------------------------------------------------------------------------- nothing left in English


@pytest.fixture
def key_pages(make_user, stored_log, user):
    """The pages of the covered apps a player, an organizer and staff meet: (client, path)."""
    from accounts.services import make_organizer

    staff = make_user("stella", is_staff=True)
    organizer = make_user("oskar")
    make_organizer(organizer)
    anonymous = Client()
    player, organizing, staffing = Client(), Client(), Client()
    player.force_login(user)
    organizing.force_login(organizer)
    staffing.force_login(staff)
    return [
        (anonymous, "/"),
        (anonymous, "/accounts/login/"),
        (anonymous, "/accounts/signup/"),
        (anonymous, "/challenges/"),
        (anonymous, "/rules/motu-battleground/"),
        (anonymous, "/rules/motu-battleground/BG-8.1.1/"),
        (anonymous, "/rules/hoplomachus-remastered/LOG-4.3/"),
        (anonymous, "/no/such/page/"),
        (player, "/"),
        (player, "/accounts/profile/"),
        (player, "/accounts/organizer-request/"),
        (player, f"/players/{user.get_username()}/"),
        (player, "/logs/"),
        (player, "/logs/upload/"),
        (player, f"/logs/{stored_log.pk}/"),
        (player, "/accounts/organizer-requests/"),  # 403
        (organizing, "/accounts/profile/"),
        (organizing, "/challenges/new/"),
        (staffing, "/accounts/organizer-requests/"),
        (anonymous, "/events/ratings/"),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_left_on_the_key_pages(language, key_pages):
    english = english_sentences(language)
    assert len(english) > 150  # the check has something to find
    for client, path in key_pages:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        response = client.get(path)
        assert response.status_code in (200, 403, 404), (path, response.status_code)
        page = response.content.decode()
        assert html_lang(page) == language, path
        text = visible_text(page)
        left = [sentence for sentence in english if sentence in text]
        assert not left, f"{path} in {language} still says {left}"


@pytest.mark.django_db
def test_known_english_is_translated_on_a_log_page(client, user, stored_log):
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    text = visible_text(client.get(f"/logs/{stored_log.pk}/").content.decode())
    for english in ("About this log", "Verification history", "Queued — waiting for a worker.", "My logs"):
        assert english not in text
    for italian in ("Informazioni su questo log", "In coda — in attesa di un worker.", "I miei log"):
        assert italian in text


def test_every_literal_in_the_covered_templates_is_in_the_catalogs():
    """A ``{% translate "…" %}`` added to a template of a covered app without running makemessages
    (and translating it) fails here, before a page shows it in English."""
    literal = re.compile(
        r"""\{%\s*translate\s+(["'])(.+?)\1(?:\s+context\s+(["'])(.+?)\3)?\s*(?:as \w+\s*)?%\}"""
    )
    catalogs = {language: _catalog(language) for language in TRANSLATED}
    missing = []
    for app in COVERED_APPS:
        for template in (ROOT / "platform" / app).rglob("templates/**/*.html"):
            for match in literal.finditer(template.read_text("utf-8")):
                msgid = match.group(2)
                for language, catalog in catalogs.items():
                    if msgid not in catalog and msgid.replace("%", "%%") not in catalog:
                        missing.append((language, template.name, msgid))
    assert not missing


def _translated_count(po, tmp_path) -> int:
    """How many messages ``po`` translates; fails on an error, an untranslated or a fuzzy message."""
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "catalog.mo"), str(po)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    statistics = result.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages\.", statistics), statistics
    return int(statistics.split()[0])


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_compiles_with_nothing_untranslated_or_fuzzy(language, tmp_path):
    assert _translated_count(LOCALE_DIR / language / "LC_MESSAGES" / "django.po", tmp_path) > 400
    # Not English copies: every translation differs from its msgid, bar the words the languages share
    # (Italian players say "log", "round", "rating", "bye", "file", "email" and "home"; Spanish has
    # "legal" and "provisional"; Polish "vs"; "Club", "Meta", "demo", "JSON (API)" everywhere).
    shared = {"log", "rating", "round", "club", "meta", "demo", "json", "api", "μ", "3σ", "sha-256"}
    shared |= {"bye", "file", "email", "home", "legal", "provisional", "vs"}
    shared |= {"no", "arena", "eternium"}  # Spanish "No"; the game's own "Arena" and "Eternium"

    def only_shared(msgid: str) -> bool:
        words = re.sub(r"%\(\w+\)[sd]|[()−·#:,.]", " ", msgid).lower().split()
        return all(word in shared for word in words)

    same = [msgid for msgid, text in _catalog(language).items() if msgid == text and not only_shared(msgid)]
    assert not same, same


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_javascript_catalog_has_nothing_untranslated_or_fuzzy(language, tmp_path):
    """The recorder's own words (table.js, through /i18n/js/) are translated like the pages'."""
    assert _translated_count(LOCALE_DIR / language / "LC_MESSAGES" / "djangojs.po", tmp_path) > 40
