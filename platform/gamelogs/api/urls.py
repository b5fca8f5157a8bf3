from django.urls import path

from gamelogs.api import views

urlpatterns = [
    path("logs/", views.LogListCreateView.as_view(), name="log-list"),
    path("logs/<int:pk>/", views.LogDetailView.as_view(), name="log-detail"),
    path("logs/<int:pk>/next/", views.LogNextView.as_view(), name="log-next"),
]
