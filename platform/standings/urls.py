"""The standings' pages and API paths. They live among the events' (/events/<slug>/standings/,
/api/events/ratings/...) and keep those names (``tournaments:standings``, ``events-api:ratings``...):
arbiter_site.urls mounts ``page_patterns`` in the ``tournaments`` namespace and ``api_patterns`` in
``events-api``,
each ahead of the event app's own patterns (whose ``<slug:slug>/`` would take ``ratings/``)."""

from django.urls import path

from standings import api, views

page_patterns = [
    path("ratings/", views.rating_list, name="ratings"),
    path("players/<str:username>/", views.player_history, name="player"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/standings.csv", views.standings_csv, name="standings-csv"),
    path("<slug:slug>/standings.json", views.standings_json, name="standings-json"),
]

api_patterns = [
    path("ratings/", api.RatingListView.as_view(), name="ratings"),
    path("players/<str:username>/", api.PlayerHistoryView.as_view(), name="player"),
    path("<slug:slug>/standings/", api.StandingsView.as_view(), name="standings"),
    path("<slug:slug>/standings.csv", api.StandingsCSVView.as_view(), name="standings-csv"),
]
