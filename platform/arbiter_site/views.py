from django.shortcuts import render

import engine
from gamelogs.services import submissions_of
from games import game_ids
from tournaments.services.event_day import current_tables


def home(request):
    recent = submissions_of(request.user)[:5] if request.user.is_authenticated else []
    context = {
        "games": game_ids(),
        "engine_version": engine.ENGINE_VERSION,
        "recent": recent,
        # The player's table in a running event comes first on their phone on event day.
        "tables": current_tables(request.user),
    }
    return render(request, "arbiter/home.html", context)
