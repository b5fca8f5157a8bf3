"""A player's language: the account's preference, kept on the profile.

Anonymous visitors get Django's choice (the switcher's cookie, else ``Accept-Language``). A signed-in
player with a preference gets it on every page and device: it is read into the session when they
sign in (``remember_at_login``) and applied by ``AccountLanguageMiddleware``. The switcher
(``set_language``) is Django's view; for a signed-in player it also saves the choice on the profile.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation
from django.views.i18n import set_language as django_set_language

SESSION_KEY = "account_language"


def supported(code: str | None) -> str | None:
    """``code`` if it is one of the site's languages, else None."""
    return code if code in dict(settings.LANGUAGES) else None


@receiver(user_logged_in)
def remember_at_login(sender, request, user, **kwargs):
    from accounts.models import Profile

    if request is None:
        return
    language = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    if supported(language):
        request.session[SESSION_KEY] = language


class AccountLanguageMiddleware:
    """Speaks the signed-in player's language, and keeps the language cookie in step with it so
    that the choice stays after they sign out."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = None
        session = getattr(request, "session", None)
        if session is not None and request.user.is_authenticated:
            language = supported(session.get(SESSION_KEY))
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        if language and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response


def set_language(request):
    """Django's ``set_language`` (a POST of ``language`` and ``next``, no JavaScript needed); a
    signed-in player's choice becomes their account's preference too."""
    response = django_set_language(request)
    language = supported(request.POST.get("language"))
    if request.method == "POST" and language and request.user.is_authenticated:
        from accounts.services import profile_for

        profile = profile_for(request.user)
        if profile.language != language:
            profile.language = language
            profile.save(update_fields=["language"])
        request.session[SESSION_KEY] = language
    return response
