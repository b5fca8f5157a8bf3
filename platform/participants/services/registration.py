"""Entering an event: registration, the waiting list, check-in, dropping and late joins."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.services import profile_for
from draw.models import RoundState
from participants.models import Registration, RegistrationStatus
from tournaments.errors import EventError
from tournaments.models import Event, EventFormat, EventStatus
from tournaments.permissions import require_manager
from tournaments.said import said
from tournaments.services.common import audit, lock_event, notify, notify_organizers


@transaction.atomic
def register(actor, event: Event) -> Registration:
    """Register ``actor`` for ``event``; over the registration cap they join the waiting list."""
    if not actor.is_authenticated:
        raise PermissionDenied(_("Log in to register."))
    event = lock_event(event)
    if event.status != EventStatus.OPEN:
        raise EventError(
            _("Registration is closed; an organizer can still add you as a late joiner."), "state"
        )
    if event.registrations.filter(player=actor).exists():
        raise EventError(_("You are already registered for this event."), "state")
    status = RegistrationStatus.REGISTERED
    if event.registration_cap is not None and _places_taken(event) >= event.registration_cap:
        status = RegistrationStatus.WAITLISTED
    registration = _create(event, actor, status=status)
    if status == RegistrationStatus.WAITLISTED:
        notify(
            actor,
            said(gettext_noop("%(event)s is full: you are on the waiting list."), event=event.name),
            event=event,
        )
    return registration


@transaction.atomic
def withdraw(actor, event: Event) -> None:
    """Take back a registration before the event starts; the first on the waiting list moves up.
    Once it has started, leaving is a drop."""
    event = lock_event(event)
    registration = event.registrations.filter(player=actor).first()
    if registration is None:
        raise EventError(_("You are not registered for this event."), "not_found")
    if event.status != EventStatus.OPEN:
        drop(actor, registration)
        return
    was_entered = registration.status != RegistrationStatus.WAITLISTED
    registration.delete()
    if was_entered:
        promote_from_waiting_list(event)


def promote_from_waiting_list(event: Event) -> Registration | None:
    if event.registration_cap is not None and _places_taken(event) >= event.registration_cap:
        return None
    waiting = (
        event.registrations.filter(status=RegistrationStatus.WAITLISTED).order_by("created_at", "id").first()
    )
    if waiting is None:
        return None
    waiting.status = RegistrationStatus.REGISTERED
    waiting.save(update_fields=["status"])
    audit(
        event,
        "promoted",
        said(gettext_noop("%(name)s moved up from the waiting list"), name=waiting.display_name),
    )
    notify(
        waiting.player,
        said(gettext_noop("A place opened at %(event)s: you are registered."), event=event.name),
        event=event,
    )
    return waiting


@transaction.atomic
def admit(actor, registration: Registration) -> Registration:
    """An organizer moves a player from the waiting list into the event, over the cap if need be."""
    require_manager(actor, registration.event)
    if registration.status != RegistrationStatus.WAITLISTED:
        raise EventError(
            _("%(name)s is not on the waiting list.") % {"name": registration.display_name}, "state"
        )
    registration.status = RegistrationStatus.REGISTERED
    registration.save(update_fields=["status"])
    audit(
        registration.event,
        "admitted",
        said(gettext_noop("%(name)s admitted from the waiting list"), name=registration.display_name),
        actor=actor,
    )
    notify(
        registration.player,
        said(gettext_noop("You are registered for %(event)s."), event=registration.event.name),
        event=registration.event,
    )
    return registration


@transaction.atomic
def check_in(actor, registration: Registration) -> Registration:
    """Mark the player present. The player may check themself in; organizers may check in anyone."""
    event = registration.event
    if registration.player_id != actor.pk:
        require_manager(actor, event)
    if registration.status == RegistrationStatus.CHECKED_IN:
        return registration
    if registration.status != RegistrationStatus.REGISTERED:
        raise EventError(
            _("%(name)s is %(status)s.")
            % {"name": registration.display_name, "status": registration.get_status_display().lower()},
            "state",
        )
    registration.status = RegistrationStatus.CHECKED_IN
    registration.save(update_fields=["status"])
    audit(
        event,
        "checked-in",
        said(gettext_noop("%(name)s checked in"), name=registration.display_name),
        actor=actor,
    )
    return registration


@transaction.atomic
def check_in_many(actor, event: Event, registration_ids=None) -> list[Registration]:
    """An organizer checks in several players at once: every registered player who has not
    checked in (``registration_ids`` None), or the registrations named. One transaction: if one
    named registration cannot be checked in (waiting, dropped, or not this event's), nothing is.
    Players already checked in are left as they are. Returns the registrations checked in now."""
    require_manager(actor, event)
    event = lock_event(event)
    entries = event.registrations.select_for_update().order_by("display_name", "pk")
    if registration_ids is None:
        chosen = list(entries.filter(status=RegistrationStatus.REGISTERED))
    else:
        wanted = {int(pk) for pk in registration_ids}
        chosen = list(entries.filter(pk__in=wanted))
        unknown = wanted - {r.pk for r in chosen}
        if unknown:
            raise EventError(
                _("No registration %(ids)s in this event.") % {"ids": ", ".join(map(str, sorted(unknown)))},
                "invalid",
            )
        refused = [
            r
            for r in chosen
            if r.status not in (RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN)
        ]
        if refused:
            raise EventError(
                _("Cannot check in %(names)s: not registered (waiting or dropped).")
                % {"names": ", ".join(r.display_name for r in refused)},
                "state",
            )
        chosen = [r for r in chosen if r.status == RegistrationStatus.REGISTERED]
    for registration in chosen:
        registration.status = RegistrationStatus.CHECKED_IN
    Registration.objects.bulk_update(chosen, ["status"])
    for registration in chosen:
        audit(
            event,
            "checked-in",
            said(gettext_noop("%(name)s checked in"), name=registration.display_name),
            actor=actor,
        )
    return chosen


@transaction.atomic
def drop(actor, registration: Registration) -> Registration:
    """The player leaves from the next round on: the rounds already published stand.

    A player dropped while a round is still a draft is in that draft; publishing refuses
    until the round is re-paired, so nobody is published against a player who left.
    """
    event = lock_event(registration.event)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    is_self = registration.player_id == actor.pk
    if not is_self:
        require_manager(actor, event)
    if registration.status == RegistrationStatus.DROPPED:
        return registration
    if registration.status == RegistrationStatus.WAITLISTED:
        registration.delete()
        return registration
    last_played = (
        event.rounds.exclude(state=RoundState.DRAFT)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    registration.status = RegistrationStatus.DROPPED
    registration.dropped_after_round = last_played or 0
    registration.save(update_fields=["status", "dropped_after_round"])
    if is_self:
        detail = said(
            gettext_noop("%(name)s dropped themself after round %(number)s"),
            name=registration.display_name,
            number=last_played or 0,
        )
    else:
        detail = said(
            gettext_noop("%(name)s dropped by %(user)s after round %(number)s"),
            name=registration.display_name,
            user=actor.get_username(),
            number=last_played or 0,
        )
    audit(
        event,
        "dropped",
        detail,
        actor=actor,
    )
    if is_self:
        notify_organizers(
            event,
            said(
                gettext_noop("%(name)s dropped from %(event)s."),
                name=registration.display_name,
                event=event.name,
            ),
        )
    else:
        notify(
            registration.player,
            said(gettext_noop("You were dropped from %(event)s by an organizer."), event=event.name),
            event=event,
        )
    return registration


@transaction.atomic
def late_join(actor, event: Event, user, *, points: Decimal | float | None = None) -> Registration:
    """An organizer adds ``user`` after the event started, starting on ``points`` (the event's
    late-join score by default) and paired from the next round on."""
    require_manager(actor, event)
    event = lock_event(event)
    if event.format in (EventFormat.ROUND_ROBIN, EventFormat.SINGLE_ELIMINATION):
        raise EventError(
            "A round robin or an elimination bracket is fixed at the start: no late joins.", "state"
        )
    if event.status == EventStatus.FINISHED:
        raise EventError(_("The event is over."), "state")
    existing = event.registrations.filter(player=user).first()
    if existing is not None and existing.status != RegistrationStatus.WAITLISTED:
        raise EventError(_("%(name)s is already in the event.") % {"name": existing.display_name}, "state")
    last_round = event.rounds.order_by("-number").first()
    # A draft round can still be re-paired to include the newcomer, so they join in it.
    if last_round is None:
        joined = 1
    else:
        joined = last_round.number if last_round.state == RoundState.DRAFT else last_round.number + 1
    if event.has_swiss_stage and joined > event.swiss_rounds:
        raise EventError(_("The Swiss rounds are over: nobody can join the top cut."), "state")
    start = Decimal(str(points)) if points is not None else event.late_join_points
    if existing is not None:
        existing.delete()
    registration = _create(
        event, user, status=RegistrationStatus.CHECKED_IN, joined_round=joined, starting_points=start
    )
    audit(
        event,
        "late-join",
        said(
            gettext_noop("%(name)s joined late, from round %(number)s, on %(points)s points"),
            name=registration.display_name,
            number=joined,
            points=str(start.normalize()),
        ),
        actor=actor,
        registration=registration.pk,
        points=str(start),
    )
    notify(
        user,
        said(gettext_noop("You joined %(event)s from round %(number)s."), event=event.name, number=joined),
        event=event,
    )
    return registration


@transaction.atomic
def set_seed(actor, registration: Registration, seed: int | None) -> Registration:
    require_manager(actor, registration.event)
    if registration.event.rounds.exists():
        raise EventError(_("Seeds cannot change once the first round is paired."), "state")
    registration.seed = seed
    registration.save(update_fields=["seed"])
    audit(
        registration.event,
        "seeded",
        said(gettext_noop("%(name)s seeded %(seed)s"), name=registration.display_name, seed=seed),
        actor=actor,
    )
    return registration


def registration_of(user, event: Event) -> Registration | None:
    if not user.is_authenticated:
        return None
    return event.registrations.filter(player=user).first()


def _places_taken(event: Event) -> int:
    # The ringer is the organizer's stand-in, not a player: it takes no place.
    return event.registrations.exclude(status=RegistrationStatus.WAITLISTED).exclude(is_ringer=True).count()


def _create(event: Event, user, **fields) -> Registration:
    profile = profile_for(user)
    return Registration.objects.create(
        event=event, player=user, display_name=profile.name, club=profile.club, **fields
    )
