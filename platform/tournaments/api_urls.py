"""The events API, mounted at /api/events/ by arbiter_site.urls (in the ``events-api`` namespace,
after the paths of the apps built on events: participants.urls, draw.urls, results.urls,
standings.urls)."""

from django.urls import path

from tournaments.api import views

app_name = "events-api"

urlpatterns = [
    path("", views.EventListView.as_view(), name="list"),
    path("me/notifications/", views.NotificationListView.as_view(), name="notifications"),
    path("<slug:slug>/", views.EventDetailView.as_view(), name="detail"),
    path("<slug:slug>/organizers/", views.OrganizerView.as_view(), name="organizers"),
    path("<slug:slug>/judges/", views.JudgeListView.as_view(), name="judges"),
    path("<slug:slug>/judges/<str:username>/", views.JudgeDetailView.as_view(), name="judge"),
    path("<slug:slug>/audit/", views.AuditView.as_view(), name="audit"),
]
