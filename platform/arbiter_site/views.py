from django.apps import apps
from django.contrib.auth import get_user_model
from django.shortcuts import render

import engine
from draw.services.event_day import current_tables
from gamelogs import demo
from gamelogs.services import submissions_of
from games import game_ids


def home(request):
    recent = submissions_of(request.user)[:5] if request.user.is_authenticated else []
    context = {
        "games": game_ids(),
        "engine_version": engine.ENGINE_VERSION,
        "recent": recent,
        "demo": demo_hint(),
        # The player's table in a running event comes first on their phone on event day.
        "tables": current_tables(request.user),
    }
    return render(request, "arbiter/home.html", context)


def demo_hint() -> dict | None:
    """The demo's accounts and event, on a site where ``load_demo`` made them (``make run``);
    None anywhere else, so a real site never shows a password."""
    names = {demo.DEMO_USERNAME: demo.DEMO_PASSWORD}
    event_url = None
    if apps.is_installed("tournaments"):
        from tournaments import demo as event_demo
        from tournaments.models import Event

        names[event_demo.ORGANIZER_USERNAME] = event_demo.ORGANIZER_PASSWORD
        event = Event.objects.filter(slug=event_demo.EVENT_SLUG).first()
        event_url = event.get_absolute_url() if event else None
    found = set(get_user_model().objects.filter(username__in=names).values_list("username", flat=True))
    if demo.DEMO_USERNAME not in found:
        return None
    accounts = [(name, password) for name, password in names.items() if name in found]
    return {"accounts": accounts, "event_url": event_url}
