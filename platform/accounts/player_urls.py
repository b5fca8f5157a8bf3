"""Player profiles, mounted at /players/ by the site's URLconf."""

from django.urls import path

from accounts import player_views

app_name = "players"

urlpatterns = [path("<str:username>/", player_views.detail, name="detail")]
