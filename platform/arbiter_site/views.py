from django.shortcuts import render

import engine
from gamelogs.services import submissions_of
from games import game_ids


def home(request):
    recent = submissions_of(request.user)[:5] if request.user.is_authenticated else []
    context = {"games": game_ids(), "engine_version": engine.ENGINE_VERSION, "recent": recent}
    return render(request, "arbiter/home.html", context)
