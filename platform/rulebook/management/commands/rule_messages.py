"""Write the rules catalogs: every rule title and explanation of every game (the engine's rules index) as a
msgid of ``rulebook/catalogs/<language>/LC_MESSAGES/rules.po``, keeping the translations already made.

    python manage.py rule_messages            # write the catalogs of every translated language
    python manage.py rule_messages --check    # exit 1 if a catalog is not in step with the engine

Each entry names the rule ids it serves (as a translator's comment); a text the engine no longer has is
dropped, a new one is added untranslated.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

import engine
from arbiter_site.catalogs import build, languages, msgids
from rulebook.catalog import DOMAIN, LOCALE_DIR


def texts() -> dict[tuple[str, str], list[str]]:
    """(game id, English text) → the places it is used ("BG-1.1 title"), in the games' and rulebooks'
    order. The game is the entry's context: one English word may be two games' different terms."""
    found: dict[tuple[str, str], list[str]] = {}
    for info in engine.games():
        for rule_id, row in info.rules_index.items():
            for field in ("title", "explanation"):
                text = row.get(field)
                if text:
                    found.setdefault((info.id, text), []).append(f"{rule_id} {field}")
    return found


class Command(BaseCommand):
    help = "Write the rules catalogs (rulebook/catalogs/<language>/LC_MESSAGES/rules.po) from the engine."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="only say whether the catalogs are in step")

    def handle(self, *args, check=False, **options):
        entries = texts()
        stale = []
        for language in languages():
            path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
            if check:
                if not path.exists() or msgids(path) != list(entries):
                    stale.append(language)
                continue
            po = build(
                path,
                language,
                "arbiter rules",
                {key: {"comment": ", ".join(places)} for key, places in entries.items()},
            )
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(str(po) + "\n", encoding="utf-8")
            untranslated = sum(1 for e in po if not e.msgstr)
            self.stdout.write(f"{path}: {len(po)} texts, {untranslated} untranslated")
        if stale:
            raise CommandError(f"rules catalogs out of step with the engine: {', '.join(stale)}")
