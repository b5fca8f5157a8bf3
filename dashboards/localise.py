"""The words the statistics write (``stats``: pure, English, as the API and the CSV give them) in the
page's language, and numbers in its format: the pages' tables, notes and hover text go through here."""

from __future__ import annotations

import re

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

#: Row fields whose text the statistics wrote (not names from the logs).
LABEL_FIELDS = ("balance", "luck", "label")

_EVIDENCE = {
    "very strong": lambda: pgettext("evidence", "very strong"),
    "strong": lambda: pgettext("evidence", "strong"),
    "weak": lambda: pgettext("evidence", "weak"),
}
_FIXED = {
    "too few games": lambda: _("too few games"),
    "no decisive games": lambda: _("no decisive games"),
    "not tested": lambda: _("not tested"),
    "too few dice": lambda: _("too few dice"),
}
_NO_EVIDENCE = re.compile(r"no evidence of imbalance \(p = (?P<p>[^)]+)\)")
_WITHIN_CHANCE = re.compile(r"within chance \(p = (?P<p>[^)]+)\)")
_FLAGGED = re.compile(
    r"(?P<verb>over|under|lucky|unlucky)(?:-performs)?: (?P<evidence>very strong|strong|weak) evidence "
    r"\(p = (?P<p>[^,]+), (?P<test>[^)]+)\)"
)


def number(text: str) -> str:
    """A number the statistics wrote ("0.0123", "1e-05") with the language's decimal mark."""
    return text.replace(".", formats.get_format("DECIMAL_SEPARATOR"))


def label(text):
    """A label ``stats`` wrote (a balance or dice-luck verdict), in the page's language; other text as it is."""
    if not isinstance(text, str) or not text:
        return text
    if text in _FIXED:
        return _FIXED[text]()
    if m := _NO_EVIDENCE.fullmatch(text):
        return _("no evidence of imbalance (p = %(p)s)") % {"p": number(m["p"])}
    if m := _WITHIN_CHANCE.fullmatch(text):
        return _("within chance (p = %(p)s)") % {"p": number(m["p"])}
    if m := _FLAGGED.fullmatch(text):
        values = {"evidence": _EVIDENCE[m["evidence"]](), "p": number(m["p"]), "test": m["test"]}
        messages = {
            "over": _("over-performs: %(evidence)s evidence (p = %(p)s, %(test)s)"),
            "under": _("under-performs: %(evidence)s evidence (p = %(p)s, %(test)s)"),
            "lucky": _("lucky: %(evidence)s evidence (p = %(p)s, %(test)s)"),
            "unlucky": _("unlucky: %(evidence)s evidence (p = %(p)s, %(test)s)"),
        }
        return messages[m["verb"]] % values
    return text


def rows(items: list[dict]) -> list[dict]:
    """Rows with the statistics' labels in the page's language (copies: cached rows stay as they are)."""
    return [{**r, **{k: label(r[k]) for k in LABEL_FIELDS if k in r}} for r in items]


def percent(value: float, digits: int = 1) -> str:
    """A share as a percentage in the language's format: 0.4523 → "45.2%" (English), "45,2%" (Italian)."""
    return f"{formats.number_format(value * 100, digits)}%"
