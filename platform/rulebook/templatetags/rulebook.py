"""``{{ text|rule_links:game }}``: rule ids in a message become links to their reference pages."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from rulebook import rules

register = template.Library()


@register.filter
def rule_links(text, game: str = ""):
    if text is None:
        return ""
    text = str(text)
    out, last = [], 0
    for match in rules.RULE_ID.finditer(text):
        rule_id = match.group(0)
        owner = rules.game_of(rule_id, game or None)
        if owner is None:
            continue
        out.append(escape(text[last : match.start()]))
        url = reverse("rulebook:rule", args=[owner, rule_id])
        out.append(format_html('<a class="rule-link" href="{}">{}</a>', url, rule_id))
        last = match.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(str(part) for part in out))  # nosec B308 B703 - every part was escaped above; only the project's own link markup is added


@register.simple_tag
def rule_url(game: str, rule_id: str) -> str:
    return reverse("rulebook:rule", args=[rules.game_of(rule_id, game) or game, rule_id])


@register.simple_tag
def rule_info(game: str, rule_id: str):
    """The rule (title, explanation) for a verdict's rule id, or None."""
    if not rule_id:
        return None
    return rules.lookup(rules.game_of(rule_id, game) or game, rule_id)


# The kinds of entry a rules index holds, as the page's language names them.
RULE_KINDS = {
    "rule": _("rule"),
    "ambiguity": _("ambiguity"),
    "example": _("example"),
    "worked-example": _("worked example"),
    "derived-vector": _("derived test case"),
    "content-fact": _("content fact"),
    "discrepancy": _("discrepancy between editions"),
    "section": _("section"),
    "item": _("item"),
}


@register.filter
def rule_kind(kind) -> str:
    """``{{ rule.kind|rule_kind }}``: "worked-example" → "worked example", in the page's language."""
    return str(RULE_KINDS.get(str(kind), kind))
