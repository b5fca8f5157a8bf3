"""A refusal in the reader's language.

The engine gives every refusal a message id (an English template with named placeholders) and its params
(engine.core.errors). Their translations live in this app's own catalogs, a gettext domain of their own
(``locale/<language>/LC_MESSAGES/refusals.po``, written by ``manage.py refusal_messages``), so that they never
collide with the site's catalog and the site's ``makemessages`` never touches them. A verdict stored before
refusals carried their template (no ``message_id``), a template the catalog lacks, or params that do not fit
the translation fall back to the engine's English message. A param that is an English phrase the engine
writes inline (refusals.phrases) is said through the catalog too.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from arbiter_site.catalogs import catalog_for, reader_language
from engine import render_message as render
from narration import catalog as narration
from refusals.phrases import phrased

DOMAIN = "refusals"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def _catalog(language: str) -> gettext.NullTranslations | None:
    return catalog_for(DOMAIN, LOCALE_DIR, language)


def localised(error: dict | None, language: str | None = None) -> tuple[str, str]:
    """(text, language of the text) of a verdict's error in ``language`` (the active one by default)."""
    if not error:
        return "", "en"
    english = error.get("message") or ""
    language = reader_language(language)
    catalog = _catalog(language) if language != "en" else None
    message_id, params = error.get("message_id"), error.get("params")
    if catalog is None or not message_id or not isinstance(params, dict):
        return english, "en"
    found = []
    known = getattr(catalog, "_catalog", {})
    # A phrase the engine's narration says (a pending decision, what the log should record next) is in the
    # narration catalog.
    narrated = catalog_for(narration.DOMAIN, narration.LOCALE_DIR, language)

    def translate(template: str) -> str:
        if template not in known and narrated is not None and template in getattr(narrated, "_catalog", {}):
            said = narrated.gettext(template)
        else:
            said = catalog.gettext(template)
        found.append(said != template)
        return said

    try:
        text = render(message_id, phrased(message_id, params), translate)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return english, "en"
    # Said in the language when its template was translated, or when it reads the same in the language (a
    # template of placeholders only, "{pointer}: {plain}") and a phrase inside it was translated.
    known = found and (found[0] or (any(found) and message_id in getattr(catalog, "_catalog", {})))
    return (text, language) if known else (english, "en")


def localised_message(error: dict | None, language: str | None = None) -> str:
    return localised(error, language)[0]
