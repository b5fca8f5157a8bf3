"""Write the refusal catalogs: every template of the engine (found by AST, refusals/extract.py) as a msgid
of ``refusals/locale/<language>/LC_MESSAGES/refusals.po``, keeping the translations already made.

    python manage.py refusal_messages            # write the catalogs of every translated language
    python manage.py refusal_messages --check    # exit 1 if a catalog is not in step with the engine

A template the engine no longer writes is dropped; a new one is added untranslated (msgfmt --statistics
then counts it, and the catalog test fails until it is translated).
"""

from __future__ import annotations

import polib
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from refusals import extract
from refusals.catalog import DOMAIN, LOCALE_DIR


def languages() -> list[str]:
    return [code for code, _ in settings.LANGUAGES if code != "en"]


def catalog_path(language: str):
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def build(language: str, templates: dict[str, list[str]]) -> polib.POFile:
    path = catalog_path(language)
    old = polib.pofile(str(path)) if path.exists() else polib.POFile()
    done = {e.msgid: e for e in old if not e.obsolete}
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": "arbiter refusals",
        "PO-Revision-Date": old.metadata.get("PO-Revision-Date", "2026-12-06 00:00+0000"),
        "Last-Translator": "Arbiter <arbiter@localhost>",
        "Language-Team": language,
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    for template, places in templates.items():
        before = done.get(template)
        entry = polib.POEntry(
            msgid=template,
            msgstr=before.msgstr if before is not None else "",
            occurrences=[tuple(p.rsplit(":", 1)) for p in places],
            flags=["python-brace-format"],
        )
        if before is not None and "fuzzy" in before.flags:
            entry.flags.append("fuzzy")
        po.append(entry)
    return po


class Command(BaseCommand):
    help = "Write the refusal catalogs (refusals/locale/<language>/LC_MESSAGES/refusals.po) from the engine."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="only say whether the catalogs are in step")

    def handle(self, *args, check=False, **options):
        templates = extract.templates()
        stale = []
        for language in languages():
            po = build(language, templates)
            path = catalog_path(language)
            text = str(po) + "\n"
            if check:
                if not path.exists() or _msgids(path) != list(templates):
                    stale.append(language)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            untranslated = sum(1 for e in po if not e.msgstr)
            self.stdout.write(f"{path}: {len(po)} templates, {untranslated} untranslated")
        if stale:
            raise CommandError(f"refusal catalogs out of step with the engine: {', '.join(stale)}")


def _msgids(path) -> list[str]:
    return [e.msgid for e in polib.pofile(str(path)) if not e.obsolete]
