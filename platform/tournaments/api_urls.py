"""The events API, mounted at /api/events/ by arbiter_site.urls (in the ``events-api`` namespace,
after the standings app's paths, standings.urls)."""

from django.urls import path

from tournaments.api import event_day, intake, teams, views

app_name = "events-api"

urlpatterns = [
    path("", views.EventListView.as_view(), name="list"),
    path("me/notifications/", views.NotificationListView.as_view(), name="notifications"),
    path("me/join/", intake.JoinView.as_view(), name="join"),
    path("me/claim/", intake.ClaimView.as_view(), name="claim"),
    path("me/tables/", event_day.MyTablesView.as_view(), name="my-tables"),
    path("<slug:slug>/", views.EventDetailView.as_view(), name="detail"),
    path("<slug:slug>/registrations/", views.RegistrationListView.as_view(), name="registrations"),
    path(
        "<slug:slug>/registrations/<int:pk>/<str:action>/",
        views.RegistrationActionView.as_view(),
        name="registration-action",
    ),
    path("<slug:slug>/late-join/", views.LateJoinView.as_view(), name="late-join"),
    path("<slug:slug>/guests/", intake.GuestListView.as_view(), name="guests"),
    path("<slug:slug>/ringer/", intake.RingerView.as_view(), name="ringer"),
    path("<slug:slug>/import/", intake.ImportView.as_view(), name="import"),
    path("<slug:slug>/join-code/", intake.JoinCodeView.as_view(), name="join-code"),
    path("<slug:slug>/readiness/", intake.ReadinessView.as_view(), name="readiness"),
    path("<slug:slug>/withdraw/", views.WithdrawView.as_view(), name="withdraw"),
    path("<slug:slug>/organizers/", views.OrganizerView.as_view(), name="organizers"),
    path("<slug:slug>/teams/", teams.TeamListView.as_view(), name="teams"),
    path("<slug:slug>/teams/draw/", teams.TeamDrawView.as_view(), name="draw-teams"),
    path("<slug:slug>/teams/<int:pk>/", teams.TeamDetailView.as_view(), name="team"),
    path("<slug:slug>/judges/", views.JudgeListView.as_view(), name="judges"),
    path("<slug:slug>/judges/<str:username>/", views.JudgeDetailView.as_view(), name="judge"),
    path("<slug:slug>/audit/", views.AuditView.as_view(), name="audit"),
    path("<slug:slug>/my-table/", event_day.MyTableView.as_view(), name="my-table"),
    path("<slug:slug>/projector/", event_day.ProjectorView.as_view(), name="projector"),
    path("<slug:slug>/list/", views.MyListView.as_view(), name="my-list"),
    path("<slug:slug>/lists/", views.ListsView.as_view(), name="lists"),
    path("<slug:slug>/rounds/", views.RoundListView.as_view(), name="rounds"),
    path("<slug:slug>/rounds/<int:number>/", views.RoundDetailView.as_view(), name="round"),
    path("<slug:slug>/rounds/<int:number>/pairings/", views.PairingListView.as_view(), name="pairings"),
    path(
        "<slug:slug>/rounds/<int:number>/<str:action>/", views.RoundActionView.as_view(), name="round-action"
    ),
    path("<slug:slug>/matches/<int:pk>/", views.MatchDetailView.as_view(), name="match"),
    path("<slug:slug>/soft-scores/", views.SoftScoresView.as_view(), name="soft-scores"),
    path("<slug:slug>/bracket/", views.BracketView.as_view(), name="bracket"),
]
