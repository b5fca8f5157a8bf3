"""One player profile: the account, its events and ratings, its uploads and its games' statistics.

``player_profile(user, viewer)`` gathers what ``viewer`` may see about ``user`` from the apps that
own it — the page (/players/<username>/) and the API (/api/players/<username>/) both show this
dict. The rules it keeps:

* Uploads and games follow log privacy (README, "Logs are private"): public logs, plus the logs
  the viewer may open (their own; every log for staff).
* Ratings are the tournaments app's own numbers, the ones /events/ratings/ shows.
* Dice luck is the player's own business: it is in the dict only when the viewer is the player.
"""

from __future__ import annotations

from collections.abc import Callable

from django.apps import apps
from django.db.models import QuerySet

from accounts.services import is_organizer, profile_for
from gamelogs.models import GameLog
from gamelogs.services import logs_visible_to, submissions_of
from visibility.services import public_q

UPLOADS_SHOWN = 50

# The games an account's names played, as the meta counts them: registered by the app that reads them (the
# 'meta' app, at ready), so that this app names no app above it. ``games(names, viewer_logs=…, simulated=…,
# own=…)`` returns the profile's ``games``, ``games_by_game``, ``simulated_hidden``, ``factions``,
# ``characters`` and, with ``own`` (the viewer is the player), ``dice``.
_games: Callable[..., dict] | None = None


def register_games(games: Callable[..., dict]) -> None:
    global _games
    _games = games


def _no_games(names, *, viewer_logs, simulated: str, own: bool) -> dict:
    return {"games": 0, "games_by_game": [], "simulated_hidden": 0, "factions": [], "characters": []}


def names_of(user) -> list[str]:
    """The names an account plays under in logs: its username, its display name and the names it
    registered for events under (an event's logs carry those)."""
    names = {user.get_username(), profile_for(user).display_name}
    if apps.is_installed("tournaments"):
        from tournaments.published import registered_names

        names.update(registered_names(user))
    return sorted(n for n in names if n)


def _viewer_logs(viewer) -> QuerySet[GameLog] | None:
    return logs_visible_to(viewer) if viewer.is_authenticated else None


def uploads(user, viewer) -> tuple[list[dict], int]:
    """``user``'s uploads that ``viewer`` may know of, newest first (at most UPLOADS_SHOWN), and
    how many there are: all of them for the uploader and staff, public ones for anyone else."""
    mine = viewer.is_authenticated and (viewer.pk == user.pk or viewer.is_staff)
    submissions = submissions_of(user)
    if not mine:
        submissions = submissions.filter(public_q("log"))
    public_ids = set(
        GameLog.objects.filter(public_q("pk"), submissions__user=user).values_list("pk", flat=True)
    )
    rows = [
        {
            "id": s.log_id,
            "game": s.log.game,
            "filename": s.filename or s.log.filename,
            "uploaded_at": s.created_at.isoformat(),
            "summary": s.log.summary,
            "state": s.log.state,
            "simulated": s.log.simulated,
            "public": s.log_id in public_ids,
            "url": s.log.get_absolute_url() if mine else None,
        }
        for s in submissions[:UPLOADS_SHOWN]
    ]
    return rows, submissions.count()


def player_profile(user, viewer, *, simulated: str = "exclude") -> dict:
    """Everything the profile shows about ``user`` to ``viewer`` (see the module docstring)."""
    profile = profile_for(user)
    names = names_of(user)
    viewer_logs = _viewer_logs(viewer)
    upload_rows, upload_count = uploads(user, viewer)
    own = viewer.is_authenticated and viewer.pk == user.pk
    games = (_games or _no_games)(names, viewer_logs=viewer_logs, simulated=simulated, own=own)
    data = {
        "username": user.get_username(),
        "display_name": profile.name,
        "club": profile.club,
        "member_since": user.date_joined.date().isoformat(),
        "organizer": is_organizer(user),
        "names": names,
        "events": [],
        "rating": None,
        "uploads": upload_rows,
        "upload_count": upload_count,
        "games": games["games"],
        "games_by_game": games["games_by_game"],
        "simulated": simulated,
        "simulated_hidden": games["simulated_hidden"],
        "factions": games["factions"],
        "characters": games["characters"],
    }
    if apps.is_installed("tournaments"):
        from tournaments.published import events_of, rating_of

        data["events"] = events_of(user)
        data["rating"] = rating_of(user)
    if own and "dice" in games:
        data["dice"] = games["dice"]
    return data
