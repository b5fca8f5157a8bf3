"""Write the refusal catalogs: every template of the engine (found by AST, refusals/extract.py) as a msgid
of ``refusals/locale/<language>/LC_MESSAGES/refusals.po``, keeping the translations already made.

    python manage.py refusal_messages            # write the catalogs of every translated language
    python manage.py refusal_messages --check    # exit 1 if a catalog is not in step with the engine

A template the engine no longer writes is dropped; a new one is added untranslated (msgfmt --statistics
then counts it, and the catalog test fails until it is translated).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from arbiter_site.catalogs import sync
from refusals import extract, phrases
from refusals.catalog import DOMAIN, LOCALE_DIR


def catalog_path(language: str):
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


class Command(BaseCommand):
    help = "Write the refusal catalogs (refusals/locale/<language>/LC_MESSAGES/refusals.po) from the engine."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="only say whether the catalogs are in step")

    def handle(self, *args, check=False, **options):
        templates = {**extract.templates(), **phrases.templates()}
        stale = sync(templates, catalog_path, "arbiter refusals", check=check, say=self.stdout.write)
        if stale:
            raise CommandError(f"refusal catalogs out of step with the engine: {', '.join(stale)}")
