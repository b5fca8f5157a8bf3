"""The challenges API, mounted at /api/challenges/."""

from django.urls import path

from challenges.api import views

app_name = "challenges-api"

urlpatterns = [
    path("", views.ChallengeListView.as_view(), name="list"),
    path("<slug:slug>/", views.ChallengeDetailView.as_view(), name="detail"),
    path("<slug:slug>/start/", views.StartView.as_view(), name="start"),
    path("<slug:slug>/header/", views.HeaderView.as_view(), name="header"),
    path("<slug:slug>/leaderboard/", views.LeaderboardView.as_view(), name="leaderboard"),
    path("<slug:slug>/entries/", views.EntryListView.as_view(), name="entries"),
    path("<slug:slug>/table/", views.TableView.as_view(), name="table"),
]
