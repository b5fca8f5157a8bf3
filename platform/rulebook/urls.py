from django.urls import path

from rulebook import views

app_name = "rulebook"

urlpatterns = [
    path("", views.games, name="games"),
    path("<slug:game>/", views.rule_index, name="index"),
    path("<slug:game>/<str:rule_id>/", views.rule_detail, name="rule"),
]
