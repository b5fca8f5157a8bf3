"""Pages at /challenges/ and the API at /api/challenges/, mounted by arbiter_site.urls with one line."""

from django.urls import include, path

urlpatterns = [
    path("challenges/", include("challenges.pages")),
    path("api/challenges/", include("challenges.api.urls")),
]
