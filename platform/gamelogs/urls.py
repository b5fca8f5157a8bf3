from django.urls import path

from gamelogs import views

app_name = "gamelogs"

urlpatterns = [
    path("", views.log_list, name="list"),
    path("upload/", views.upload, name="upload"),
    path("<int:pk>/", views.log_detail, name="detail"),
    path("<int:pk>/status.json", views.log_status, name="status"),
    path("<int:pk>/raw.json", views.log_raw, name="raw"),
]
