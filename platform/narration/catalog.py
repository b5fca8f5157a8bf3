"""The engine's narration in the reader's language: the replay viewer's event sentences, the recorder's
offers and stream lines, the dice summaries.

The engine keeps each sentence as a template and its params (engine.core.narrate, the same ``Text`` as a
refusal's) beside its English. The templates are translated in a gettext domain of their own,
``narration`` (``locale/<language>/LC_MESSAGES/narration.po``, written by ``manage.py narration_messages``
from the engine's ``narrate.py`` modules), rendered as refusals are (refusals.catalog). A name a
param carries (a character, a unit, a card, an area) is said as the content pack names it in the language
where the pack has that name (narration.names). A sentence stored before narration carried its template, or
one with a template the catalog lacks, or params that do not fit, is said in the engine's English.
"""

from __future__ import annotations

from pathlib import Path

from arbiter_site.catalogs import catalog_for, reader_language
from engine import ending_words
from engine import render_message as render
from narration.names import localised_names

DOMAIN = "narration"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def said_in(said: dict | None, english: str, language: str | None = None) -> tuple[str, str]:
    """(text, language of the text) of a sentence (``{"message_id", "params"}``, its English ``english``)
    in ``language`` (the active one by default)."""
    language = reader_language(language)
    catalog = catalog_for(DOMAIN, LOCALE_DIR, language) if language != "en" else None
    if catalog is None or not isinstance(said, dict) or not isinstance(said.get("params"), dict):
        return english, "en"
    known = getattr(catalog, "_catalog", {})
    missing = []

    def translate(template: str) -> str:
        if template not in known:
            missing.append(template)
        return catalog.gettext(template)

    try:
        text = render(said["message_id"], localised_names(said["params"], language), translate)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return english, "en"
    # Every part of the sentence must be the catalog's: half a sentence in English reads worse than all of it.
    return (english, "en") if missing else (text, language)


def say(said: dict | None, english: str, language: str | None = None) -> str:
    return said_in(said, english, language)[0]


def localised_rolls(rolls: list[dict], language: str | None = None) -> list[dict]:
    """The dice of a step with who rolled them, their summary, kind, characteristic and faces (where the
    engine names them as templates) said in ``language``; the engine's other fields unchanged, its templates left out."""
    out = []
    for roll in rolls or []:
        said = {key: value for key, value in roll.items() if not key.endswith("_said")}
        for key in ("who", "summary", "kind", "stat"):
            if said.get(key):
                said[key] = say(roll.get(f"{key}_said"), str(said[key]), language)
        if isinstance(roll.get("faces"), list):
            said["faces"] = localised_said(roll["faces"], language)
        out.append(said)
    return out


def localised_said(data, language: str | None = None):
    """``data`` (the recorder's dice entry, engine.session.dice_entry: its needs' ``what``, their grids'
    notes, rows and faces; or a roll's faces) with every field ``<key>`` that has a ``<key>_said`` beside it
    said in ``language``, and the ``_said`` fields left out; the cards a pick offers (its ``options``' labels, a
    need's ``deck``) named as the content pack names them in ``language``; everything else as it is."""
    language = reader_language(language)
    if isinstance(data, list):
        return [localised_said(item, language) for item in data]
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        if key.endswith("_said") and key[: -len("_said")] in data:
            continue
        said = data.get(f"{key}_said")
        if said is not None and isinstance(value, str):
            out[key] = say(said, value, language)
        elif key in CARDS and isinstance(value, list):
            out[key] = [_card_named(card, CARDS[key], language) for card in value]
        else:
            out[key] = localised_said(value, language)
    return out


#: the lists of cards a dice entry offers (a pick's options, a need's deck) and the field naming each card
CARDS = {"options": "label", "deck": "name"}


def _card_named(card, field: str, language: str):
    """A card a player may tap: its name as the content pack names it in ``language`` (narration.names)."""
    if not isinstance(card, dict) or not isinstance(card.get(field), str):
        return localised_said(card, language)
    return {**card, field: localised_names({field: card[field]}, language)[field]}


def localised_step(step: dict, language: str | None = None) -> dict:
    """A step (engine.session.step/walk, or a recorder's entry) with its sentence and dice said in
    ``language``, without the templates they were said from; ``lang`` names the language the sentence is in
    (English where the catalog lacks it)."""
    said = {key: value for key, value in step.items() if key != "said"}
    said["text"], said["lang"] = said_in(step.get("said"), step.get("text", ""), language)
    said["rolls"] = localised_rolls(step.get("rolls") or [], language)
    return said


def localised_view(view, game: str, language: str | None = None):
    """A board view (engine.session's ``view``) whose ``over`` names how the game ended (its ``ended_by``
    id) with ``ending``: the engine's words for it in ``language`` (HR-11.1, FE-17, BG-7.4), the id
    spaced out where the game does not name it. Any other view is returned as it is."""
    over = view.get("over") if isinstance(view, dict) else None
    if not isinstance(over, dict) or not over.get("ended_by"):
        return view
    said = ending_words(game, over["ended_by"])
    words = (
        say(said.data(), str(said), language)
        if said is not None
        else str(over["ended_by"]).replace("_", " ").replace("-", " ")
    )
    return {**view, "over": {**over, "ending": words}}


def localised_next(answer: dict, language: str | None = None) -> dict:
    """``engine.session.next_events``' answer with each alternative also said in ``language``, as the API
    says a refusal (``message`` and ``message_localized``): ``text`` stays the engine's English beside its
    ``said`` (template and params), ``text_localized`` says it in ``language`` and ``lang`` names the
    language that is in (English where the catalog lacks the sentence)."""
    alternatives = []
    for alternative in answer.get("alternatives") or []:
        text, lang = said_in(alternative.get("said"), alternative.get("text", ""), language)
        alternatives.append({**alternative, "text_localized": text, "lang": lang})
    return {**answer, "alternatives": alternatives}
