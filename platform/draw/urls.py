"""The draw's pages and API paths. They live among the events' (/events/<slug>/rounds/<n>/...,
/api/events/<slug>/rounds/<n>/...) and keep those names (``tournaments:round``,
``events-api:round-action``...): arbiter_site.urls mounts ``page_patterns`` in the
``tournaments`` namespace and ``api_patterns`` in ``events-api``, after the results app's (whose
``rounds/<int:number>/results/`` this app's ``rounds/<int:number>/<str:action>/`` would take)."""

from django.urls import path

from draw.api import event_day, readiness, rounds
from draw.views import event_day as event_day_pages
from draw.views import rounds as round_pages

page_patterns = [
    path("<slug:slug>/bracket/", round_pages.bracket, name="bracket"),
    path("<slug:slug>/my-table/", event_day_pages.my_table, name="my-table"),
    path("<slug:slug>/projector/", event_day_pages.projector, name="projector"),
    path("<slug:slug>/projector.json", event_day_pages.projector_json, name="projector-json"),
    path("<slug:slug>/rounds/<int:number>/print/", event_day_pages.round_print, name="round-print"),
    path("<slug:slug>/rounds/<int:number>/", round_pages.round_detail, name="round"),
    path("<slug:slug>/rounds/<int:number>/swap/", round_pages.swap, name="swap"),
    path("<slug:slug>/rounds/<int:number>/repair/", round_pages.repair, name="repair"),
    path("<slug:slug>/rounds/<int:number>/publish/", round_pages.publish, name="publish"),
    path("<slug:slug>/rounds/<int:number>/timer/", round_pages.timer, name="timer"),
    path("<slug:slug>/rounds/<int:number>/close/", round_pages.close, name="close"),
    path("<slug:slug>/manage/pair/", round_pages.pair, name="pair"),
]

api_patterns = [
    path("me/tables/", event_day.MyTablesView.as_view(), name="my-tables"),
    path("<slug:slug>/my-table/", event_day.MyTableView.as_view(), name="my-table"),
    path("<slug:slug>/projector/", event_day.ProjectorView.as_view(), name="projector"),
    path("<slug:slug>/readiness/", readiness.ReadinessView.as_view(), name="readiness"),
    path("<slug:slug>/rounds/", rounds.RoundListView.as_view(), name="rounds"),
    path("<slug:slug>/rounds/<int:number>/", rounds.RoundDetailView.as_view(), name="round"),
    path("<slug:slug>/rounds/<int:number>/pairings/", rounds.PairingListView.as_view(), name="pairings"),
    path(
        "<slug:slug>/rounds/<int:number>/<str:action>/", rounds.RoundActionView.as_view(), name="round-action"
    ),
    path("<slug:slug>/matches/<int:pk>/", rounds.MatchDetailView.as_view(), name="match"),
    path("<slug:slug>/bracket/", rounds.BracketView.as_view(), name="bracket"),
]
