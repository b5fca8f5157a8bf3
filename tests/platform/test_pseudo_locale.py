"""Every piece of text a page shows goes through the catalogs (issue #24): the site in a pseudo language.

At test time a catalog for the pseudo language ``xx`` is built in a temporary directory (polib, compiled to
a ``.mo`` file): every msgid of the Italian catalog (``locale/it/LC_MESSAGES/django.po``, the one the
integrator keeps complete) is translated as itself between markers, ``⟦…⟧``, placeholders untouched and
plural forms kept. A string marked for translation since the catalogs were last regenerated is not in
that catalog yet; the pseudo language's fallback wraps it the same way, so the test checks that text is
*marked*, whatever the state of the catalogs.

The site of the phone-width walk (``tests/browser/test_pages_fit_phone.py``: an event with rounds, logs,
the meta of every game, a challenge, a recorded table) is built once, in a transaction rolled back at
the end, and every route of the URL confs is opened with its parameters filled from that walk's samples
(every game where a route takes a game) as a visitor, a player, an organizer and staff. Of each HTML
answer the visible text is kept (no scripts, styles, code, SVG boards, nor elements in another
language: the engine's English rule text is marked ``lang="en"``), the marked regions are removed,
and so are the data the site holds (names of people, events, files, games and their pieces); what
is left must have no word in it.

Pages of apps whose text is still being marked are listed in ``UNMARKED`` (strict xfail: a page
that becomes clean fails until it is taken off the list).
"""

from __future__ import annotations

import dataclasses
import gettext as gettext_module
import re
from html.parser import HTMLParser

import polib
import pytest
from django.conf import settings
from django.test import Client, override_settings

from tests.browser import test_pages_fit_phone as walk
from tests.support.messages import LOCALE_DIR

pytestmark = pytest.mark.django_db  # each test in a savepoint of the module's transaction (``crawl``)

PSEUDO = "xx"
OPEN, CLOSE = "⟦", "⟧"
ROLES = ("visitor", "player", "organizer", "staff")

ALL = ROLES
# Pages still expected to show unmarked text, by route (as in the URL confs), with the roles that see it.
# Their apps' text is being marked (issue #24) by the people working on them: when a page becomes clean
# its test fails (strict xfail) until the route, or the role, is taken off this list. The meta, the rules
# reference, the site's shell and the accounts pages are clean and stay off it.
UNMARKED: dict[str, tuple[str, ...]] = {}


# --- the pseudo catalog --------------------------------------------------------------------------------


def pseudo(text: str) -> str:
    """``text`` between the markers; placeholders (%(name)s, {name}) and markup are left as they are."""
    return f"{OPEN}{text}{CLOSE}" if text else text


def pseudo_po(sources) -> polib.POFile:
    """A catalog of every msgid of the ``sources`` (.po files), each translated by ``pseudo``."""
    po = polib.POFile()
    po.metadata = {
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Language": PSEUDO,
        "Plural-Forms": "nplurals=2; plural=(n != 1);",
    }
    seen = set()
    for source in sources:
        for entry in polib.pofile(str(source)):
            key = (entry.msgctxt, entry.msgid)
            if entry.obsolete or key in seen:
                continue
            seen.add(key)
            if entry.msgid_plural:
                strings = {0: pseudo(entry.msgid), 1: pseudo(entry.msgid_plural)}
                po.append(polib.POEntry(msgctxt=entry.msgctxt, msgid=entry.msgid,
                                        msgid_plural=entry.msgid_plural, msgstr_plural=strings))  # fmt: skip
            else:
                po.append(polib.POEntry(msgctxt=entry.msgctxt, msgid=entry.msgid, msgstr=pseudo(entry.msgid)))
    return po


class PseudoFallback(gettext_module.NullTranslations):
    """What the pseudo language says for a msgid its catalog does not have yet (marked since the
    catalogs were regenerated): the same markers. Django looks a message with a context up as
    "context\\x04message"; the context is dropped, as a catalog hit would drop it."""

    def gettext(self, message):
        return pseudo(message.split("\x04")[-1])

    def ngettext(self, singular, plural, n):
        return pseudo((singular if n == 1 else plural).split("\x04")[-1])

    def pgettext(self, context, message):
        return pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return pseudo(singular if n == 1 else plural)


def catalog_sources() -> list:
    """The Italian catalog and any app-level catalog beside the apps."""
    sources = [LOCALE_DIR / "it" / "LC_MESSAGES" / "django.po"]
    root = LOCALE_DIR.parent
    for folder in ("platform", "dashboards"):
        sources += sorted((root / folder).glob("**/locale/it/LC_MESSAGES/django.po"))
    return sources


def javascript_catalog_sources() -> list:
    """The Italian catalog of the pages' scripts (gettext() in JavaScript)."""
    return [LOCALE_DIR / "it" / "LC_MESSAGES" / "djangojs.po"]


@pytest.fixture(scope="module")
def pseudo_language(tmp_path_factory):
    """The pseudo language installed: its compiled catalog in a temporary LOCALE_PATHS entry, offered
    in LANGUAGES, known to Django's language table, with its fallback in place."""
    from django.conf import locale
    from django.utils.translation import trans_real

    folder = tmp_path_factory.mktemp("pseudo-locale")
    messages = folder / PSEUDO / "LC_MESSAGES"
    messages.mkdir(parents=True)
    po = pseudo_po(catalog_sources())
    po.save(str(messages / "django.po"))
    po.save_as_mofile(str(messages / "django.mo"))
    # The pages' scripts speak it too: their catalog (djangojs, served by /i18n/js/) wrapped the same way.
    pseudo_po(javascript_catalog_sources()).save_as_mofile(str(messages / "djangojs.mo"))
    name = pseudo("Pseudo")  # as the switcher names it
    locale.LANG_INFO[PSEUDO] = {"bidi": False, "code": PSEUDO, "name": name, "name_local": name}
    override = override_settings(
        LANGUAGES=[*settings.LANGUAGES, (PSEUDO, name)], LOCALE_PATHS=[*settings.LOCALE_PATHS, folder]
    )
    override.enable()
    try:
        translation = trans_real.translation(PSEUDO)
        translation._fallback = PseudoFallback()  # instead of English
        yield po
    finally:
        override.disable()
        del locale.LANG_INFO[PSEUDO]
        trans_real._translations.pop(PSEUDO, None)


def test_the_pseudo_catalog_wraps_every_message_and_keeps_placeholders_and_plurals(pseudo_language):
    from django.utils import translation

    assert len(pseudo_language) > 400
    with translation.override(PSEUDO):
        assert translation.gettext("Log out") == "⟦Log out⟧"
        assert translation.gettext("%(game)s rules") % {"game": "Hoplomachus"} == "⟦Hoplomachus rules⟧"
        assert translation.pgettext("menu: statistics of the game's metagame", "Meta") == "⟦Meta⟧"
        assert translation.gettext("a string no catalog has yet") == "⟦a string no catalog has yet⟧"
    plural = next(entry for entry in pseudo_language if entry.msgid_plural)
    assert plural.msgstr_plural == {0: pseudo(plural.msgid), 1: pseudo(plural.msgid_plural)}
    assert not [e.msgid for e in pseudo_language if re.findall(r"%\(\w+\)[sd]", e.msgid) and e.msgstr
                and sorted(re.findall(r"%\(\w+\)[sd]", e.msgid)) != sorted(re.findall(r"%\(\w+\)[sd]", e.msgstr))]  # fmt: skip


# --- what a page shows -----------------------------------------------------------------------------


class _Shown(HTMLParser):
    """The visible text of a page in document order, and the attributes a reader is shown or told
    (title, aria-label, placeholder, alt, value of buttons) each on its own."""

    SKIP = {"script", "style", "code", "pre", "textarea", "svg", "template"}
    VOID = {"br", "input", "img", "meta", "link", "hr", "wbr", "source", "col", "area"}
    SPOKEN = ("title", "aria-label", "placeholder", "alt")

    def __init__(self, language: str):
        super().__init__(convert_charrefs=True)
        self.language = language
        self.text: list[str] = []
        self.attributes: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            if not self._depth:
                self._spoken(tag, attrs)
            return
        if self._depth:
            self._depth += 1
            return
        lang = dict(attrs).get("lang")
        if tag in self.SKIP or (tag != "html" and lang and lang != self.language):
            self._depth = 1
        else:
            self._spoken(tag, attrs)

    def handle_startendtag(self, tag, attrs):
        if not self._depth:
            self._spoken(tag, attrs)

    def _spoken(self, tag, attrs):
        values = dict(attrs)
        for name in self.SPOKEN:
            if values.get(name):
                self.attributes.append(values[name])
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.attributes.append(values["value"])

    def handle_endtag(self, tag):
        if self._depth and tag not in self.VOID:
            self._depth -= 1

    def handle_data(self, data):
        if not self._depth and data.strip():
            self.text.append(data)


def outside_markers(text: str) -> str:
    """``text`` without its marked regions (which may nest: a marked sentence naming a marked word)."""
    out, depth = [], 0
    for char in text:
        if char == OPEN:
            depth += 1
            out.append(" ")
        elif char == CLOSE:
            depth = max(0, depth - 1)
            out.append(" ")
        elif not depth:
            out.append(char)
    return "".join(out)


WORD = re.compile(r"[^\W\d_]{2,}")
# Words that are the same in every language: the site's name, units and formats, abbreviations.
# The languages are named in their own (the switcher, the profile's choice).
SAME_EVERYWHERE = {"Arbiter", "API", "CSV", "JSON", "PNG", "SHA", "UTC", "OpenSkill", "vs"}
SAME_EVERYWHERE |= {"English", "Italiano", "Español", "Polski"}


# Addresses (a join link, a file's location) are data, whatever words they hold; so is an address a
# page writes without its scheme, after the host the request came to (the projector's footer), and a
# path on the site written out (the log page's API address).
URL = re.compile(r"(?:https?://|(?<!\w)testserver(?=[/:]))\S*|(?<![\w/])/[\w.-]+/[\w./-]*")


def data_pattern(values) -> re.Pattern:
    """One expression for the site's data, longest first, each matched as whole words only."""
    ordered = sorted({v.strip() for v in values if len(v.strip()) > 1}, key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(v)}(?!\w)" for v in ordered) or r"(?!)")


def unmarked_words(page: str, data: re.Pattern) -> list[str]:
    """The words of ``page`` outside the markers, once the site's data is taken out."""
    shown = _Shown(PSEUDO)
    shown.feed(page)
    left = []
    for chunk in [" ".join(shown.text), *shown.attributes]:
        rest = data.sub(" ", URL.sub(" ", outside_markers(chunk)))
        left += [word for word in WORD.findall(rest) if word not in SAME_EVERYWHERE]
    return left


# --- the site --------------------------------------------------------------------------------------


def _site_data() -> re.Pattern:
    """Text the site holds rather than says: people's and events' names, files, the games, their
    modes, content packs, factions and pieces (the rulebooks' and the packs' own names)."""
    from django.contrib.auth import get_user_model
    from django.db import models

    from games import game_ids, plugin

    values: set[str] = set()
    for model in _data_models():
        fields = [
            f.name for f in model._meta.get_fields() if isinstance(f, models.CharField | models.TextField)
        ]
        for row in model.objects.values_list(*fields):
            values.update(str(v) for v in row if v)
    for user in get_user_model().objects.all():
        values.add(user.get_username())
    for game in game_ids():
        values.update(_game_names(game, plugin(game)))
    values.update(_engine_titles())
    values.update(plugin(game).short_label for game in game_ids())  # the recorder's game picker
    return data_pattern(values)


def _engine_titles() -> set[str]:
    """The titles of every game the engine knows (proper names, shown as the engine gives them)."""
    import engine

    titles = set()
    for info in engine.games():
        titles.update(str(t) for t in (info.name, info.label, getattr(info, "short_name", "")) if t)
    return titles


def _data_models():
    """The models whose text fields hold what people typed or what games are made of."""
    from django.apps import apps

    skip = {"auth", "contenttypes", "sessions", "admin", "axes", "authtoken", "django_celery_beat"}
    return [m for m in apps.get_models() if m._meta.app_label not in skip and m._meta.app_label != "accounts"
            or m._meta.model_name in ("profile",)]  # fmt: skip


def _game_names(game: str, game_plugin) -> set[str]:
    """A game's own names: its title and its modes of play, as its plugin and the engine give them."""
    import engine

    info = engine.game(game)
    names = {game_plugin.label, info.name, *(mode.name for mode in info.seats.modes)}
    # The engine's English: rule ids and titles, the result's score and its sources (README, "Languages").
    for rule_id, row in info.rules_index.items():
        names.update((rule_id, row["title"]))
    schema = getattr(info, "result_schema", None)
    if schema is not None:
        names.add(str(schema.score_label))
        names.update(str(label) for _key, label in dict(schema.components).items())
    for pack in game_plugin.pack_ids():
        _pack_names(game_plugin.load_pack(pack), names)
    return names


def _pack_names(value, names: set[str], depth: int = 0) -> None:
    """The names in a content pack (forces, characters, units, cards, equipment, maps): the values
    of its ``name`` fields, wherever they are."""
    if depth > 8 or isinstance(value, str | bytes | int | float | bool) or value is None:
        return
    if dataclasses.is_dataclass(value):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    elif not isinstance(value, dict | list | tuple | set | frozenset) and hasattr(value, "__dict__"):
        value = vars(value)
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "name" and isinstance(item, str):
                names.add(item)
            else:
                _pack_names(item, names, depth + 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _pack_names(item, names, depth + 1)


@pytest.fixture(scope="module")
def crawl(django_db_setup, django_db_blocker, pseudo_language):
    """The walk's site, built once in a transaction rolled back at the end, and a client per role
    speaking the pseudo language. Returns (users by role, samples, data)."""
    from django.core.cache import cache
    from django.db import transaction
    from django.test import TestCase
    from pytest_django.fixtures import Settings

    from dashboards.datasets import pages_for
    from games import game_ids

    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        patch, wrapper = pytest.MonkeyPatch(), Settings(_is_pytest_django=True)
        try:
            cache.clear()
            with TestCase.captureOnCommitCallbacks(execute=True):
                site = walk.site._get_wrapped_function()(patch, wrapper)
            from django.contrib.auth import get_user_model

            staff = get_user_model().objects.create_user(username="stella", password="x", is_staff=True)
            player = get_user_model().objects.get(username="adora")
            users = {"visitor": None, "player": player, "organizer": site["user"], "staff": staff}
            samples = walk._samples(site)
            # Every page kind of every game's meta (a page another game lacks answers "not found").
            samples["page"] = sorted({p for game in game_ids() for p in pages_for(game) if p != "overview"})
            yield users, samples, _site_data()
        finally:
            cache.clear()
            patch.undo()
            wrapper._finalize()
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def _route_params():
    routes = [
        r for r in walk._routes() if not r.startswith(walk.SKIPPED_PREFIXES) and not walk.FILE.search(r)
    ]
    params = []
    for route in routes:
        for role in ROLES:
            marks = []
            if role in UNMARKED.get(route, ()):
                marks.append(pytest.mark.xfail(strict=True, reason="its app's text is still being marked"))
            params.append(pytest.param(role, route, marks=marks, id=f"{role}:/{route}"))
    return params


@pytest.mark.parametrize(("role", "route"), _route_params())
def test_every_word_on_the_page_is_marked_for_translation(crawl, role, route):
    users, samples, data = crawl
    urls, missing = walk._fill(route, samples)
    if missing:
        pytest.skip(f"no sample for {missing} (the phone-width walk names them)")
    # A client of its own: a message one page leaves in the session never shows on another's.
    client = Client()
    if users[role] is not None:
        client.force_login(users[role])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO
    found = {}
    for url in urls:
        response = client.get(url)
        if not response["Content-Type"].startswith("text/html") or 300 <= response.status_code < 400:
            continue
        page = response.content.decode()
        if not page.strip():
            continue
        assert f'<html lang="{PSEUDO}"' in page or "<html" not in page, url
        left = unmarked_words(page, data)
        if left:
            found[url] = sorted(set(left))[:30]
    assert not found, f"unmarked text: {found}"
