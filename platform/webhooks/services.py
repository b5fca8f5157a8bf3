"""Who is told what: one delivery per interested subscription, queued with what caused it.

on_verdict(game_log, verdict)   a log was verified
on_pairings(round_)             a round's pairings were published
on_result(match)                a match's result counts (verified or confirmed)
"""

from __future__ import annotations

import json

from django.db import transaction
from django.db.models import Q, prefetch_related_objects
from django.utils import timezone

from draw.models import Match, Round
from gamelogs.models import GameLog, LogSubmission
from tournaments.models import Event
from webhooks.models import Delivery, Kind, Subscription


def on_verdict(game_log: GameLog, verdict: dict) -> int:
    # One query answers the common verdict (nobody to tell, #14): the active subscriptions that could
    # hear of it, personal ones of its uploaders and those of events it is a match's evidence in.
    uploaders_q = LogSubmission.objects.filter(log=game_log).values("user_id")
    events_q = Match.objects.filter(game_log=game_log).values("round__event_id")
    candidates = Subscription.objects.filter(active=True).select_related("event")
    candidates = candidates.filter(Q(event__isnull=True, owner__in=uploaders_q) | Q(event__in=events_q))
    candidates = [s for s in candidates if Kind.VERDICT in s.kinds]
    if not candidates:
        return 0
    uploaders = set(LogSubmission.objects.filter(log=game_log).values_list("user_id", flat=True))
    events = list(Event.objects.filter(rounds__matches__game_log=game_log).distinct())
    # Logs are private: an event's subscribers hear of its verdicts only if they organize it.
    subscriptions = [
        s
        for s in candidates
        if (s.event_id is None and s.owner_id in uploaders)
        or (s.event_id is not None and s.event.organizers.filter(pk=s.owner_id).exists())
    ]
    payload = {
        "log": {
            "id": game_log.pk,
            "game": game_log.game,
            "state": game_log.state,
            "summary": game_log.summary,
            "sha256": game_log.sha256,
            "engine_version": game_log.engine_version,
        },
        "matches": [{"event": e.slug, "match": m} for e in events for m in _match_ids(e, game_log)],
    }
    key = f"verdict:{game_log.pk}:{game_log.engine_version}:{game_log.state}"
    return _queue(Kind.VERDICT, key, payload, subscriptions)


def on_pairings(round_: Round) -> int:
    event = round_.event
    subscriptions = [s for s in _active(Kind.PAIRINGS, [event]) if _follows(s, event)]
    matches = list(round_.matches.order_by("table"))
    # In chunks: on SQLite a 1,000-player round's prefetch in one query exceeds the expression depth.
    for start in range(0, len(matches), 200):
        prefetch_related_objects(matches[start : start + 200], "seats__registration__player")
    payload = {
        "event": event.slug,
        "round": round_.number,
        "pairings": [
            {
                "match": m.pk,
                "table": m.table,
                "seats": [
                    {"player": seat.registration.display_name, "team": seat.team} for seat in m.seat_list()
                ],
            }
            for m in matches
        ],
    }
    key = f"pairings:{round_.pk}:{round_.published_at.isoformat() if round_.published_at else ''}"
    return _queue(Kind.PAIRINGS, key, payload, subscriptions)


def on_result(match: Match) -> int:
    event = match.round.event
    subscriptions = [s for s in _active(Kind.RESULT, [event]) if _follows(s, event)]
    seats = [
        {
            "player": seat.registration.display_name,
            "team": seat.team,
            "outcome": seat.outcome,
            "rank": seat.rank,
            "score": seat.score,
            "components": seat.components,
        }
        for seat in match.seat_list()
    ]
    result = {"seats": seats, "source": match.result_source}
    payload = {
        "event": event.slug,
        "round": match.round.number,
        "match": match.pk,
        "table": match.table,
        "state": match.state,
        "result": result,
    }
    key = f"result:{match.pk}:{json.dumps(result, sort_keys=True)}"
    return _queue(Kind.RESULT, key, payload, subscriptions)


def body_of(kind: str, delivery_key: str, payload: dict) -> str:
    envelope = {"kind": kind, "id": delivery_key, "created_at": timezone.now().isoformat(), "data": payload}
    return json.dumps(envelope, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _active(kind: str, events: list[Event]) -> list[Subscription]:
    # Kinds are filtered here, not in SQL: JSON containment is not portable to the SQLite demo.
    candidates = Subscription.objects.filter(active=True).select_related("event")
    candidates = candidates.filter(event__isnull=True) | candidates.filter(event__in=events)
    return [s for s in candidates if kind in s.kinds]


def _follows(subscription: Subscription, event: Event) -> bool:
    """Results and pairings are public: an event subscription follows its event; a personal one
    follows the events its owner plays in or organizes."""
    if subscription.event_id is not None:
        return subscription.event_id == event.pk
    owner = subscription.owner_id
    return event.registrations.filter(player_id=owner).exists() or event.organizers.filter(pk=owner).exists()


def _match_ids(event: Event, game_log: GameLog) -> list[int]:
    return list(Match.objects.filter(round__event=event, game_log=game_log).values_list("pk", flat=True))


def _queue(kind: str, key: str, payload: dict, subscriptions: list[Subscription]) -> int:
    from webhooks.tasks import send  # the task module imports the models this one uses

    queued = 0
    for subscription in subscriptions:
        delivery, created = Delivery.objects.get_or_create(
            subscription=subscription,
            key=key[:200],
            defaults={"kind": kind, "body": body_of(kind, key, payload)},
        )
        if created:
            queued += 1
            transaction.on_commit(lambda pk=delivery.pk: send(pk))
    return queued
