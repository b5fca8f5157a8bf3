"""The catalogs of the gettext domains the site writes itself from the engine (refusals, rules), apart from
the site's own catalog that ``makemessages`` keeps: one .po per translated language, the translations
already made kept when the English changes around them."""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import polib
from django.conf import settings
from django.utils import translation


@lru_cache(maxsize=32)
def catalog_for(domain: str, localedir: Path, language: str) -> gettext.NullTranslations | None:
    """The compiled catalog of a gettext domain of the engine's words (refusals, narration) in ``language``."""
    try:
        return gettext.translation(domain, localedir=localedir, languages=[language])
    except OSError:  # no compiled catalog for this language
        return None


def reader_language(language: str | None = None) -> str:
    """The language code (``it``) of ``language``, or of the active language."""
    return translation.to_locale(language or translation.get_language() or "en").split("_")[0]


def languages() -> list[str]:
    """The languages the site is translated into (English is the source)."""
    return [code for code, _ in settings.LANGUAGES if code != "en"]


def build(
    path: Path, language: str, project: str, entries: dict[str | tuple[str, str], dict]
) -> polib.POFile:
    """The catalog at ``path`` rewritten to hold exactly ``entries`` (msgid, or (msgctxt, msgid), →
    polib.POEntry keywords, e.g. occurrences, comment, flags), each keeping the translation (and fuzzy
    mark) it had."""
    old = polib.pofile(str(path)) if path.exists() else polib.POFile()
    done = {_key(e): e for e in old if not e.obsolete}
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": project,
        "PO-Revision-Date": old.metadata.get("PO-Revision-Date", "2026-12-06 00:00+0000"),
        "Last-Translator": "Arbiter <arbiter@localhost>",
        "Language-Team": language,
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    for key, keywords in entries.items():
        msgctxt, msgid = key if isinstance(key, tuple) else (None, key)
        before = done.get(key)
        entry = polib.POEntry(
            msgctxt=msgctxt, msgid=msgid, msgstr=before.msgstr if before is not None else "", **keywords
        )
        if before is not None and "fuzzy" in before.flags:
            entry.flags = [*entry.flags, "fuzzy"]
        po.append(entry)
    return po


def msgids(path: Path) -> list[str | tuple[str, str]]:
    """The catalog's entries as ``build`` is given them: msgid, or (msgctxt, msgid)."""
    return [_key(e) for e in polib.pofile(str(path)) if not e.obsolete]


def _key(entry: polib.POEntry) -> str | tuple[str, str]:
    return (entry.msgctxt, entry.msgid) if entry.msgctxt else entry.msgid


def sync(
    templates: dict[str, list[str]], path_of: Callable[[str], Path], project: str, *, check: bool, say=print
) -> list[str]:
    """Write (or, ``check``, only compare) the catalog of every translated language for the engine's
    ``templates`` (template → places ``path:line``), each a python-brace-format msgid; returns the languages
    whose catalog is out of step with them."""
    stale = []
    for language in languages():
        path = path_of(language)
        if check:
            if not path.exists() or msgids(path) != list(templates):
                stale.append(language)
            continue
        entries = {
            template: {
                "occurrences": [tuple(p.rsplit(":", 1)) for p in places],
                "flags": ["python-brace-format"],
            }
            for template, places in templates.items()
        }
        po = build(path, language, project, entries)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(str(po) + "\n", encoding="utf-8")
        untranslated = sum(1 for e in po if not e.msgstr)
        say(f"{path}: {len(po)} templates, {untranslated} untranslated")
    return stale
