"""/api/accounts/: the organizer role (accounts.api)."""

from django.urls import path

from accounts import api

urlpatterns = [
    path("organizer-request/", api.OrganizerRoleView.as_view(), name="organizer-role"),
    path("organizer-requests/", api.OrganizerRequestListView.as_view(), name="organizer-requests"),
    path(
        "organizer-requests/<int:pk>/decision/",
        api.OrganizerDecisionView.as_view(),
        name="organizer-decision",
    ),
]
