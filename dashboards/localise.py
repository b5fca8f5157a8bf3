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


def test_description(text):
    """A significance test's description (``stats``) in the page's language."""
    from dashboards import stats

    descriptions = {
        stats.BALANCE_TEST_DESCRIPTION: lambda: _(
            "The two-sided exact binomial test (as scipy.stats.binomtest) of wins against losses in decisive "
            "games (draws left out), against the null hypothesis that a win is as likely as a loss (p = 0.5)."
        ),
        stats.DICE_TEST_DESCRIPTION: lambda: _(
            "A two-sided z-test (normal approximation): observed minus expected successes, divided by "
            "sqrt(dice × p̄ × (1 − p̄)) where p̄ = expected ÷ dice, compared with the standard normal "
            "distribution. Treating every die as one Bernoulli trial with the average chance p̄ overstates the "
            "variance a little, so the test errs on the side of 'no flag'."
        ),
    }
    return descriptions[text]() if text in descriptions else text


_FILTER_ERRORS = (
    (re.compile(r"expected a date as YYYY-MM-DD"), lambda m: _("expected a date as YYYY-MM-DD")),
    (re.compile(r"must not be before 'from'"), lambda m: _("must not be before the first day")),
    (
        re.compile(r"expected a multiple of (?P<n>\d+), e\.g\. (?P<e>\d+)"),
        lambda m: (
            _("expected a multiple of %(width)s, e.g. %(example)s") % {"width": m["n"], "example": m["e"]}
        ),
    ),
    (
        re.compile(r"this game has one mode of play: leave mode out"),
        lambda m: _("this game has one mode of play: leave the mode out"),
    ),
    (
        re.compile(r"expected 1 \(include reported results\) or 0 \(leave them out\)"),
        lambda m: _("expected 1 (include reported results) or 0 (leave them out)"),
    ),
    (
        re.compile(r"expected a whole number from 1 to 10000"),
        lambda m: _("expected a whole number from 1 to 10000"),
    ),
    (
        re.compile(r"expected one of (?P<choices>.+)"),
        lambda m: _("expected one of %(choices)s") % {"choices": m["choices"]},
    ),
)


def filter_errors(errors: dict) -> dict:
    """The filter's messages (``filters.parse_filter``, English for the API) in the page's language."""
    out = {}
    for name, message in errors.items():
        for pattern, say in _FILTER_ERRORS:
            if m := pattern.fullmatch(message):
                message = say(m)
                break
        out[name] = message
    return out
