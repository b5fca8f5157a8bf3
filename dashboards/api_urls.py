"""Meta API, mounted at /api/meta/ by the site's URLconf."""

from django.urls import path

from dashboards import api

app_name = "dashboards_api"

urlpatterns = [
    path("", api.MetaIndexView.as_view(), name="index"),
    path("players/<path:name>/", api.PlayerView.as_view(), name="player"),
    path("<slug:game>/characters/<str:key>/", api.PieceView.as_view(), name="piece"),
    path("<slug:game>/dice-luck/players/", api.DiceLuckByPlayerView.as_view(), name="dice_luck_players"),
    path("<slug:game>/<slug:dimension>/", api.MetaDatasetView.as_view(), name="dataset"),
]
