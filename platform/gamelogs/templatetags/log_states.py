"""``{{ state|log_state }}``: a log's state (``"legal"``) as the page's language names it."""

from django import template

from gamelogs.models import LogState

register = template.Library()


@register.filter
def log_state(value: str) -> str:
    try:
        return LogState(value).label
    except ValueError:
        return value
