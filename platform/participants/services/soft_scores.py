"""Soft scores: the organizer's marks per player (sportsmanship, painting), apart from game points."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from participants import entrants
from participants.models import ENTERED, SoftScore
from tournaments import hooks
from tournaments.algorithms.errors import InvalidInput, as_sentence
from tournaments.algorithms.soft_scores import check_entry
from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import require_manager
from tournaments.said import listed, said
from tournaments.services.common import audit, lock_event


@transaction.atomic
def enter_soft_scores(actor, event: Event, scores: Mapping[int, Mapping[str, object]]) -> int:
    """Set soft scores: ``{registration id: {category key: points or None}}`` (None or "" clears
    one). Checks every entry first (a category of the event, 0 to its maximum, a player in the
    event) and writes nothing if one is wrong; then stores the standings of every closed round
    again, since soft scores belong to no round. Returns how many entries changed."""
    require_manager(actor, event)
    event = lock_event(event)
    categories = list(event.soft_score_categories or [])
    if not categories:
        raise EventError(_("The event has no soft score categories: add them in its settings first."))
    players = dict(event.registrations.filter(status__in=ENTERED).values_list("pk", "display_name"))
    current = soft_scores_by_registration(event)
    wanted: list[tuple[int, str, Decimal | None]] = []
    for registration_id, entries in scores.items():
        if registration_id not in players:
            raise EventError(
                _("Registration %(id)s is not a player of this event.") % {"id": registration_id}
            )
        for key, raw in entries.items():
            if key not in {c["key"] for c in categories}:
                known = ", ".join(c["key"] for c in categories)
                raise EventError(
                    _("The event has no soft score category %(key)s; its categories: %(known)s.")
                    % {"key": repr(key), "known": known}
                )
            points = _points(raw, players[registration_id], key, categories)
            if points is not None:
                try:
                    check_entry(categories, key, float(points), player=players[registration_id])
                except InvalidInput as exc:
                    raise EventError(as_sentence(exc)) from None
            before = current.get(registration_id, {}).get(key)
            if (before is None) != (points is None) or (points is not None and float(points) != before):
                wanted.append((registration_id, key, points))
    for registration_id, key, points in wanted:
        if points is None:
            SoftScore.objects.filter(registration_id=registration_id, category=key).delete()
        else:
            SoftScore.objects.update_or_create(
                registration_id=registration_id,
                category=key,
                defaults={"points": points, "entered_by": actor},
            )
    if wanted:
        names = {c["key"]: c["name"] for c in categories}
        scores = [
            said(
                gettext_noop("%(player)s %(category)s cleared"), player=players[r], category=names[k].lower()
            )
            if p is None
            else said(
                gettext_noop("%(player)s %(category)s %(points)s"),
                player=players[r],
                category=names[k].lower(),
                points=_plain(p),
            )
            for r, k, p in wanted[:50]
        ]
        audit(
            event,
            "soft-scores",
            said(gettext_noop("soft scores entered: %(scores)s"), scores=listed(scores, "; ")),
            actor=actor,
            count=len(wanted),
        )
        hooks.standings().refresh_stored_standings(event)
    return len(wanted)


def _points(raw, player: str, key: str, categories) -> Decimal | None:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    try:
        value = Decimal(str(raw).strip())
    except InvalidOperation:
        name = next((c["name"] for c in categories if c["key"] == key), key)
        raise EventError(
            _("%(category)s for %(player)s must be a number (got %(value)s).")
            % {"category": name, "player": player, "value": repr(raw)}
        ) from None
    if not value.is_finite():
        raise EventError(
            _("%(category)s for %(player)s must be a number.") % {"category": key, "player": player}
        )
    return value.quantize(Decimal("0.01"))


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def soft_scores_by_registration(event: Event) -> dict[int, dict[str, float]]:
    """{registration id: {category key: points}} for the event's current categories."""
    keys = entrants.soft_score_keys(event)
    found: dict[int, dict[str, float]] = {}
    for registration_id, category, points in SoftScore.objects.filter(
        registration__event=event, category__in=keys
    ).values_list("registration_id", "category", "points"):
        found.setdefault(registration_id, {})[category] = _number(points)
    return found


def _number(value) -> float | int:
    value = float(value)
    return int(value) if value.is_integer() else value
