"""Small template helpers for the tournament pages."""

from django import template

register = template.Library()


@register.filter
def entered_by(event, user) -> bool:
    """``{% if event|entered_by:user %}``: the user has a registration for the event."""
    return bool(user.is_authenticated and event.registrations.filter(player=user).exists())
