"""The games' rules in the reader's language.

Each rule's title and explanation are the engine's English data (GameInfo.rules_index). Their translations
live in this app's own gettext domain (``catalogs/<language>/LC_MESSAGES/rules.po``, written by
``manage.py rule_messages``), apart from the site's catalog. The folder is not named ``locale``: makemessages
would take an app's ``locale`` folder for the app's own site catalog and move the app's strings there.
A text the catalog lacks stays English and is marked as such on the page.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

from django.utils import translation

DOMAIN = "rules"
LOCALE_DIR = Path(__file__).resolve().parent / "catalogs"


@lru_cache(maxsize=16)
def _catalog(language: str) -> gettext.NullTranslations | None:
    try:
        return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[language])
    except OSError:  # no compiled catalog for this language
        return None


def localised(game: str, text: str, language: str | None = None) -> tuple[str, str]:
    """(text, language of the text) of ``game``'s English rule ``text`` in ``language`` (the active one by
    default). The game is the catalog entry's context: one English word may be two games' different terms."""
    language = translation.to_locale(language or translation.get_language() or "en").split("_")[0]
    catalog = _catalog(language) if language != "en" and text else None
    if catalog is None:
        return text, "en"
    said = catalog.pgettext(game, text)
    return (said, language) if said != text else (text, "en")
