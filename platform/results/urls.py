"""The results' pages and API paths. They live among the events' (/events/<slug>/matches/<pk>/...,
/api/events/<slug>/matches/<pk>/<action>/...) and keep those names (``tournaments:match``,
``events-api:match-action``...): arbiter_site.urls mounts ``page_patterns`` in the ``tournaments``
namespace and ``api_patterns`` in ``events-api``, each ahead of the event app's own patterns
(whose ``rounds/<int:number>/<str:action>/`` would take ``rounds/1/results/``)."""

from django.urls import path

from results import api
from results.views import event_results, matches, results_grid

page_patterns = [
    path("<slug:slug>/results/", event_results.results, name="results"),
    path("<slug:slug>/rounds/<int:number>/results/", results_grid.results_grid, name="results-grid"),
    path("<slug:slug>/matches/<int:pk>/", matches.match_detail, name="match"),
    path("<slug:slug>/matches/<int:pk>/upload/", matches.upload_log, name="upload"),
    path("<slug:slug>/matches/<int:pk>/report/", matches.report, name="report"),
    path("<slug:slug>/matches/<int:pk>/confirm/", matches.confirm, name="confirm"),
    path("<slug:slug>/matches/<int:pk>/dispute/", matches.dispute, name="dispute"),
    path("<slug:slug>/matches/<int:pk>/decide/", matches.decide, name="decide"),
    path("<slug:slug>/matches/<int:pk>/log.json", matches.log_file, name="log"),
    path("<slug:slug>/disputes/<int:pk>/resolve/", matches.resolve, name="resolve"),
]

api_patterns = [
    path("<slug:slug>/rounds/<int:number>/results/", api.RoundResultsView.as_view(), name="round-results"),
    path("<slug:slug>/matches/<int:pk>/log/", api.MatchLogView.as_view(), name="match-log"),
    path("<slug:slug>/matches/<int:pk>/<str:action>/", api.MatchActionView.as_view(), name="match-action"),
    path("<slug:slug>/disputes/<int:pk>/resolve/", api.ResolveDisputeView.as_view(), name="resolve"),
]
