"""What every page shows a signed-in player about their account."""

from django.utils.functional import SimpleLazyObject


def organizer_request_news(request):
    """The outcome of the player's organizer request until they have read it on their profile.
    Lazy: the query runs only when a page shows it (base.html does, for signed-in players)."""
    from accounts.roles import unread_outcome

    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"organizer_request_news": SimpleLazyObject(lambda: unread_outcome(user) or "")}
