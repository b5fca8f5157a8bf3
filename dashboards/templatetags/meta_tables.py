"""The rows of a meta data table (``dashboards/includes/table.html``), written in Python: the template's loops
over every cell of a few hundred rows cost a page a third of a second; this writes the same HTML, each value
escaped as the template's autoescape does."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()
TOO_FEW_CLASS = ' class="too-few"'


def _cell(cell: dict, note: str) -> str:
    sort = cell.get("sort")
    attrs = "" if sort is None else f' data-sort="{conditional_escape(sort)}"'
    links = cell.get("links")
    if links:
        text = " + ".join(
            f'<a href="{conditional_escape(link["url"])}">{conditional_escape(link["text"])}</a>'
            for link in links
        )
    else:
        text = conditional_escape(cell.get("text"))
    return f"<td{attrs}>{text}{note}</td>"


@register.simple_tag
def table_rows(rows) -> SafeString:
    """``<tr>`` of each row (``too_few``, ``cells`` of ``text``, ``sort`` and ``links`` of ``url`` and ``text``)."""
    note = f' <span class="too-few-note">{conditional_escape(gettext("(too few games)"))}</span>'
    out = []
    for row in rows:
        too_few = row.get("too_few")
        cells = "".join(_cell(c, note if i == 0 and too_few else "") for i, c in enumerate(row["cells"]))
        out.append(f"\n    <tr{TOO_FEW_CLASS if too_few else ''}>{cells}</tr>\n  ")
    return mark_safe("".join(out))  # noqa: S308 - every value above is escaped
