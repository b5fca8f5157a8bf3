"""Meta pages, mounted at /meta/ by the site's URLconf."""

from django.urls import path

from dashboards import views

app_name = "dashboards"

urlpatterns = [
    path("", views.index, name="index"),
    path("plotly-<str:version>.min.js", views.plotly_js, name="plotly_js"),
    path("players/<path:name>/", views.player, name="player"),
    path("<slug:game>/characters/<str:key>/", views.piece, name="piece"),
    path("<slug:game>/", views.dashboard, name="overview"),
    path("<slug:game>/<slug:page>/", views.dashboard, name="page"),
]
