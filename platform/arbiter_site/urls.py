"""URL map. Apps owned elsewhere (tournaments, dashboards) are mounted once their URL modules exist."""

from importlib import import_module
from importlib.util import find_spec

from csp.constants import SELF
from csp.decorators import csp_update
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import lazy
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from accounts.api import ObtainTokenView
from accounts.languages import set_language
from accounts.player_views import PlayerProfileView
from arbiter_site import health, redoc, views
from arbiter_site.js_catalog import CachedJavaScriptCatalog
from visibility.api import PublicationView


def _optional(prefix: str, module: str) -> list:
    """``path(prefix, include(module))`` if that module exists yet, else nothing. The module's own
    ``app_name`` (if any) is its namespace."""
    try:
        found = find_spec(module) is not None
    except ModuleNotFoundError:
        found = False
    return [path(prefix, include(module))] if found else []


# Apps built on the event core whose pages and API paths sit among the events' and keep their names.
# The results' before the draw's: a round's ``results/`` is not one of its actions.
BUILT_ON_EVENTS = ("standings", "results", "draw", "participants")


def _events(prefix: str, module: str, namespace: str) -> list:
    """The event app's ``module`` under ``prefix``, after the patterns the apps built on it add to
    the same part of the site (their ``urls.page_patterns`` for the pages, ``urls.api_patterns``
    for the API): one namespace, so every page keeps its ``tournaments:`` or ``events-api:`` name.
    Theirs come first: the event's ``<slug:slug>/`` would take ``ratings/``, and its
    ``rounds/<int:number>/<str:action>/`` a round's ``results/``."""
    if find_spec(module) is None:
        return []
    patterns = []
    for app in BUILT_ON_EVENTS:
        if find_spec(app) is not None:
            urls = import_module(f"{app}.urls")
            patterns += urls.page_patterns if namespace == "tournaments" else urls.api_patterns
    return [path(prefix, include((patterns + import_module(module).urlpatterns, namespace)))]


# A database outage answers 503 (JSON under /api/), anything else 500: see arbiter_site.errors.
handler500 = "arbiter_site.errors.server_error"
# Every other 403 and 404 is a page in the site's layout (JSON under /api/): see arbiter_site.errors.
handler403 = "arbiter_site.errors.permission_denied"
handler404 = "arbiter_site.errors.page_not_found"

api_patterns = [
    path("auth/token/", ObtainTokenView.as_view(), name="token"),
    path("accounts/", include("accounts.api_urls")),
    path("logs/<int:pk>/publication/", PublicationView.as_view(), name="log-publication"),
    path("players/<str:username>/", PlayerProfileView.as_view(), name="player-profile"),
    path("webhooks/", include("webhooks.urls")),
    path("", include("gamelogs.api.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Both without inline scripts (Content-Security-Policy): Swagger UI's init script is a URL of
    # its own, and ReDoc gets a template that loads nothing from elsewhere.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path(
        "redoc/",
        # ReDoc runs its search in a worker made from a blob: allowed on this page only. Its bundle
        # comes from this site without the address of the Redocly logo (arbiter_site.redoc).
        csp_update({"worker-src": [SELF, "blob:"]})(
            SpectacularRedocView.as_view(url_name="api:schema", template_name="arbiter/redoc.html")
        ),
        name="redoc",
    ),
    path("redoc/redoc.standalone.js", redoc.redoc_bundle, name="redoc-bundle"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("healthz/live", health.live, name="healthz-live"),
    # Resolved per request: with the manifest storage the name is only known after collectstatic.
    path("favicon.ico", RedirectView.as_view(url=lazy(static, str)("arbiter/favicon.svg"), permanent=True)),
    path("accounts/", include("accounts.urls")),
    # The language switcher on every page: a plain form POST (Django's set_language).
    path("i18n/setlang/", set_language, name="set_language"),
    # The words of the pages' scripts (gettext in JS; the djangojs catalogues), in the page's language.
    # Cacheable: pages ask for it with their language and the catalogs' version (arbiter_site.js_catalog).
    path("i18n/js/", CachedJavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("players/", include("accounts.player_urls")),
    path("logs/", include("visibility.urls")),
    path("logs/", include("gamelogs.urls")),
    path("rules/", include("rulebook.urls")),
    path("replay/", include("viewer.urls")),
    path("play/", include("play.urls")),
    path("api/", include((api_patterns, "api"), namespace="api")),
    path("admin/", admin.site.urls),
    *_events("events/", "tournaments.urls", "tournaments"),
    *_events("api/events/", "tournaments.api_urls", "events-api"),
    *_optional("join/", "participants.join_urls"),
    *_optional("meta/", "dashboards.urls"),
    *_optional("api/meta/", "dashboards.api_urls"),
    *_optional("", "challenges.urls"),  # /challenges/ and /api/challenges/
]
