"""URL map. Apps owned elsewhere (tournaments, dashboards) are mounted once their URL modules exist."""

from importlib.util import find_spec

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from accounts.api import ObtainTokenView
from arbiter_site import health, views
from visibility.api import PublicationView


def _optional(prefix: str, module: str) -> list:
    """``path(prefix, include(module))`` if that module exists yet, else nothing. The module's own
    ``app_name`` (if any) is its namespace."""
    try:
        found = find_spec(module) is not None
    except ModuleNotFoundError:
        found = False
    return [path(prefix, include(module))] if found else []


# A database outage answers 503 (JSON under /api/), anything else 500: see arbiter_site.errors.
handler500 = "arbiter_site.errors.server_error"

api_patterns = [
    path("auth/token/", ObtainTokenView.as_view(), name="token"),
    path("logs/<int:pk>/publication/", PublicationView.as_view(), name="log-publication"),
    path("", include("gamelogs.api.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api:schema"), name="redoc"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("accounts/", include("accounts.urls")),
    path("logs/", include("visibility.urls")),
    path("logs/", include("gamelogs.urls")),
    path("api/", include((api_patterns, "api"), namespace="api")),
    path("admin/", admin.site.urls),
    *_optional("events/", "tournaments.urls"),
    *_optional("api/events/", "tournaments.api_urls"),
    *_optional("meta/", "dashboards.urls"),
    *_optional("api/meta/", "dashboards.api_urls"),
    *_optional("", "challenges.urls"),  # /challenges/ and /api/challenges/
]
