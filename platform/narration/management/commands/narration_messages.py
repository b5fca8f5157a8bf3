"""Write the narration catalogs: every template of the engine's narration (the ``narrate.py`` modules, found
by AST as the refusals' are, refusals/extract.py) as a msgid of
``narration/locale/<language>/LC_MESSAGES/narration.po``, keeping the translations already made.

    python manage.py narration_messages            # write the catalogs of every translated language
    python manage.py narration_messages --check    # exit 1 if a catalog is not in step with the engine

A template the engine no longer writes is dropped; a new one is added untranslated (msgfmt --statistics
then counts it, and the catalog test fails until it is translated).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from arbiter_site.catalogs import sync
from narration.catalog import DOMAIN, LOCALE_DIR
from refusals import extract


def catalog_path(language: str):
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


class Command(BaseCommand):
    help = (
        "Write the narration catalogs (narration/locale/<language>/LC_MESSAGES/narration.po) from the engine."
    )

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="only say whether the catalogs are in step")

    def handle(self, *args, check=False, **options):
        templates = extract.templates(narration=True)
        stale = sync(templates, catalog_path, "arbiter narration", check=check, say=self.stdout.write)
        if stale:
            raise CommandError(f"narration catalogs out of step with the engine: {', '.join(stale)}")
