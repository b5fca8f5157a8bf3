from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("organizer-request/", views.organizer_request, name="organizer-request"),
    path("organizer-requests/", views.organizer_requests, name="organizer-requests"),
    path(
        "organizer-requests/<int:pk>/decide/",
        views.decide_organizer_request,
        name="decide-organizer-request",
    ),
]
