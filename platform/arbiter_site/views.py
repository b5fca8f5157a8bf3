from django.apps import apps
from django.contrib.auth import get_user_model
from django.shortcuts import render

import engine
from draw.services.event_day import current_tables
from gamelogs import demo
from gamelogs.services import submissions_of
from games import game_ids


def home(request):
    """The site's front page for visitors; for a signed-in player, their home: their open tables, their
    events and their last logs, each a short list with links (where signing in leads)."""
    if request.user.is_authenticated:
        return player_home(request)
    context = {
        "games": game_ids(),
        "engine_version": engine.ENGINE_VERSION,
        "demo": demo_hint(),
    }
    return render(request, "arbiter/home.html", context)


HOME_LIST = 5  # rows in each of the player home's lists


def player_home(request):
    user = request.user
    context = {
        # The player's table in a running event comes first on their phone on event day.
        "tables": current_tables(user),
        "open_tables": open_tables_of(user)[:HOME_LIST],
        "events": events_of(user)[:HOME_LIST],
        "recent": submissions_of(user)[:HOME_LIST],
    }
    return render(request, "arbiter/player_home.html", context)


def open_tables_of(user):
    """Games at the table that ``user`` holds a seat of and that are not finished, newest first."""
    from play.models import TableGame, TableStatus

    unfinished = (TableStatus.WAITING, TableStatus.PLAYING, TableStatus.OVER)
    return (
        TableGame.objects.filter(seats__user=user, status__in=unfinished).distinct().order_by("-updated_at")
    )


def events_of(user):
    """The events ``user`` plays in or runs: running ones first, then open ones, then finished, each
    newest first."""
    from django.db.models import Case, IntegerField, Q, Value, When

    from tournaments.models import Event, EventStatus

    order = Case(
        When(status=EventStatus.RUNNING, then=Value(0)),
        When(status=EventStatus.OPEN, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    ids = Event.objects.filter(Q(registrations__player=user) | Q(organizers=user)).values("pk")
    return Event.objects.filter(pk__in=ids).annotate(rank=order).order_by("rank", "-starts_on", "-pk")


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
