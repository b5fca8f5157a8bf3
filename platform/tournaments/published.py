"""What the tournaments app publishes to other apps: they call these, never its models or services.

* :func:`ratings_for_name` — OpenSkill ratings from tournament play of the accounts a player
  name belongs to (the meta pages know players by the name written in their logs).
* :func:`accounts_for_name` — the usernames a player name belongs to.
* :func:`rating_of` — one account's rating and place, as the ratings page shows it.
* :func:`events_of` — the events one account entered, with its placing and record.
* :func:`registered_names` — the names one account registered for events under.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from draw.models import COUNTED_STATES, MatchSeat
from participants.models import Registration
from tournaments import hooks


def _account_ids(name: str) -> set[int]:
    users = get_user_model().objects
    ids = set(users.filter(username=name).values_list("pk", flat=True))
    # The display name on the profile is the name a player most often writes in a log.
    ids |= set(users.filter(profile__display_name=name).values_list("pk", flat=True))
    ids |= set(
        Registration.objects.filter(display_name=name, player__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    return ids


def accounts_for_name(name: str) -> list[str]:
    """Usernames of the accounts ``name`` belongs to: its username, its profile's display name,
    or the name it registered for an event under; sorted."""
    ids = _account_ids(name)
    return sorted(get_user_model().objects.filter(pk__in=ids).values_list("username", flat=True))


def ratings_for_name(name: str) -> list[dict]:
    """The ratings of every account ``name`` belongs to (see :func:`accounts_for_name`). One dict
    per rated account (account, mu, sigma, ordinal, games, provisional, rank), by account id;
    empty when no account has that name or none is rated."""
    ids = _account_ids(name)
    if not ids:
        return []
    names = dict(get_user_model().objects.filter(pk__in=ids).values_list("pk", "username"))
    return [{"account": names.get(pid, ""), **row} for pid, row in sorted(_ranked().items()) if pid in ids]


def rating_of(user) -> dict | None:
    """``user``'s rating with the numbers and the place the ratings page (/events/ratings/) shows:
    the same ``ratings()`` table, ranked by μ − 3σ. None before their first counted game."""
    return _ranked().get(user.pk)


def _ranked() -> dict[int, dict]:
    # As tournaments.views.public.rating_list orders its table: highest μ − 3σ first.
    users = set(get_user_model().objects.values_list("pk", flat=True))
    rows = sorted(
        (r for r in hooks.standings().ratings().values() if r.player_id in users), key=lambda r: -r.ordinal
    )
    return {
        r.player_id: {
            "mu": round(r.mu, 2),
            "sigma": round(r.sigma, 2),
            "ordinal": round(r.ordinal, 2),
            "games": r.games,
            "provisional": r.provisional,
            "rank": rank,
            "rated_players": len(rows),
        }
        for rank, r in enumerate(rows, start=1)
    }


def events_of(user) -> list[dict]:
    """Every event ``user`` entered, newest first: its name, page, date, game, the registration's
    status, the placing in the published standings (None before any) and the record (wins,
    draws, losses) over counted games."""
    out = []
    for item in hooks.standings().player_history(user):
        registration, event = item["registration"], item["event"]
        seats = MatchSeat.objects.filter(registration=registration, match__state__in=COUNTED_STATES)
        outcomes = list(seats.exclude(outcome="").values_list("outcome", flat=True))
        out.append(
            {
                "event": event.name,
                "slug": event.slug,
                "url": event.get_absolute_url(),
                "starts_on": event.starts_on.isoformat(),
                "game": event.game,
                "status": registration.get_status_display(),
                "rank": item["rank"],
                "wins": outcomes.count("win"),
                "draws": outcomes.count("draw"),
                "losses": outcomes.count("loss"),
            }
        )
    return out


def registered_names(user) -> list[str]:
    """The names ``user`` registered for events under (logs of event games carry them)."""
    names = Registration.objects.filter(player=user).values_list("display_name", flat=True).distinct()
    return sorted(n for n in names if n)
