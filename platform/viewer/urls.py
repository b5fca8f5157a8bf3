from django.urls import path

from viewer import views

app_name = "viewer"

urlpatterns = [
    path("logs/<int:pk>.json", views.log_replay, name="log"),
]
