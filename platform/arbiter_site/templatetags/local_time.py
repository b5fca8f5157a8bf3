"""``{% local_time value "datetime" %}``: a time the viewer's browser shows in their own time zone.

The server renders ``<time datetime="ISO 8601" data-local="style">readable UTC</time>``; the
site's script (static/arbiter/times.js) rewrites the text with Intl.DateTimeFormat in the
viewer's locale and time zone. Without script the UTC text stays, and says it is UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

from django import template
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.utils.dateformat import format as date_format
from django.utils.html import format_html

register = template.Library()

# What each style shows before the script runs (Django date format, always in UTC).
FALLBACK_FORMATS = {
    "datetime": "j M Y H:i",
    "short": "j M H:i",
    "time": "H:i",
    "seconds": "j M H:i:s",
}


@register.simple_tag
def local_time(value: datetime | str | None, style: str = "datetime") -> str:
    """A ``<time>`` element for ``value`` in ``style``: datetime, short (no year), time,
    seconds, or relative ("3 minutes ago", which keeps its text and gains the local time as a
    tooltip). ``value`` may be an aware datetime or its ISO 8601 text (as JSON data carries it)."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return ""
    if value is None:
        return ""
    value = value.astimezone(UTC)
    if style == "relative":
        text = naturaltime(value)
    else:
        text = date_format(value, FALLBACK_FORMATS.get(style, FALLBACK_FORMATS["datetime"])) + " UTC"
    return format_html('<time datetime="{}" data-local="{}">{}</time>', value.isoformat(), style, text)
