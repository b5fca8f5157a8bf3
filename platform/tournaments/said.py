"""Sentences kept to be said again in the reader's language (the audit trail's entries, notifications,
a match's reason, a dispute's ruling).

A sentence is stored as its English template, marked with ``gettext_noop`` where it is written so the
catalogs hold it, and its params: ``{"template": "%(name)s checked in", "params": {"name": "Ann"}}``. A
param may itself be such a sentence (a result line inside an entry), said in the same language. Params
are data (names, numbers, notes people typed): anything the site says in words is a template of its own.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext


def said(template: str, **params) -> dict:
    """``template`` (English, marked with gettext_noop by the caller) with its ``params``, to be said later."""
    return {"template": template, "params": params}


def said_in(context: str, template: str, **params) -> dict:
    """As :func:`said`, for a template the catalogs hold under a context (marked with pgettext_lazy)."""
    return {"template": template, "context": context, "params": params}


def listed(items, separator: str = ", ") -> dict:
    """Several values or sentences said one after another (each in the reader's language)."""
    return {"items": list(items), "separator": separator}


def is_said(value) -> bool:
    return isinstance(value, dict) and (
        isinstance(value.get("template"), str) or isinstance(value.get("items"), list)
    )


def render(message, *, translate: bool = True) -> str:
    """``message`` in the active language (``translate=False``: in English, as the template reads); a plain
    value reads as itself. A catalog's translation that does not fit the params falls back to English."""
    if not is_said(message):
        return str(message)
    if "items" in message:
        return str(message.get("separator", ", ")).join(
            render(item, translate=translate) for item in message["items"]
        )
    params = message.get("params") or {}
    values = {
        key: render(value, translate=translate) if is_said(value) else value for key, value in params.items()
    }
    template, context = message["template"], message.get("context")
    text = template
    if translate:
        text = pgettext(context, template) if context else gettext(template)
    try:
        return text % values
    except (KeyError, ValueError, TypeError):
        return template % values


def split(message) -> tuple[str, dict]:
    """The ``template`` and ``params`` columns a row keeps for ``message`` (a plain string keeps none).
    A template said under a context is kept inside a sentence of its own, so the context is not lost."""
    if not is_said(message):
        return "", {}
    if "items" in message or message.get("context"):
        return "%(said)s", {"said": message}
    return message["template"], dict(message.get("params") or {})


def stored(template: str, params, english: str) -> str:
    """A row's sentence in the active language: its ``template`` and ``params`` said again, or the English
    it stored when it kept no template (rows written before templates were kept)."""
    if not template:
        return english
    return render(said(template, **(params or {})))


def read_back(templates, text: str) -> dict | None:
    """The sentence of ``templates`` (English, placeholders ``%(name)s``) that says exactly ``text``, its
    params read from it; None if no template reads it back to the same words. For rows stored before
    templates were kept (data migrations): a param is taken as data, and the reading must say the very
    same text again, so a row that does not fit keeps its stored text."""
    import re

    for template in templates:
        pattern, names = "", []
        for piece in re.split(r"(%\(\w+\)[sd])", template):
            name = re.fullmatch(r"%\((\w+)\)[sd]", piece)
            if name and name.group(1) not in names:
                names.append(name.group(1))
                pattern += (
                    rf"(?P<{name.group(1)}>.+?)" if piece.endswith("s") else rf"(?P<{name.group(1)}>-?\d+)"
                )
            elif name:
                pattern += rf"(?P={name.group(1)})"
            else:
                pattern += re.escape(piece)
        found = re.fullmatch(pattern, text, flags=re.DOTALL)
        if found is None:
            continue
        params = {k: int(v) if template.find(f"%({k})d") >= 0 else v for k, v in found.groupdict().items()}
        sentence = said(template, **params)
        if render(sentence, translate=False) == text:
            return sentence
    return None
