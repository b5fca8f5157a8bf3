"""Players without an account: guests the organizer enters by name, the ringer, and claims.

A guest plays, gets results and standings like anyone. Their entry carries a claim code the
organizer hands over (printed, or as a link); whoever signs in and types it owns the entry from
then on, with every result it holds, so the history follows the person.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from participants import codes
from participants.models import Registration, RegistrationStatus
from tournaments.errors import EventError
from tournaments.models import Event, EventStatus
from tournaments.permissions import require_manager
from tournaments.said import said
from tournaments.services.common import audit, lock_event, notify_organizers

NAME_LENGTH = Registration._meta.get_field("display_name").max_length
CLUB_LENGTH = Registration._meta.get_field("club").max_length


def clean_name(name: str) -> str:
    """The name as it will be shown: inner runs of spaces folded. Raises EventError if unusable."""
    name = " ".join((name or "").split())
    if not name:
        raise EventError(_("Give the player's name."))
    if len(name) > NAME_LENGTH:
        raise EventError(_("A name has at most %(count)s characters.") % {"count": NAME_LENGTH})
    return name


def clean_club(club: str) -> str:
    club = " ".join((club or "").split())
    if len(club) > CLUB_LENGTH:
        raise EventError(_("A club name has at most %(count)s characters.") % {"count": CLUB_LENGTH})
    return club


def entered_under(event: Event, name: str) -> Registration | None:
    """The event's registration shown under ``name`` (case and spacing aside), if any."""
    return event.registrations.filter(display_name__iexact=" ".join(name.split())).first()


def new_claim_code() -> str:
    return codes.new_code(
        codes.CLAIM_ALPHABET,
        codes.CLAIM_LENGTH,
        lambda code: Registration.objects.filter(claim_code=code).exists(),
    )


def require_open_for_intake(event: Event) -> None:
    if event.status != EventStatus.OPEN:
        raise EventError(
            "Registration is closed: players can only be added before round 1 is paired.", "state"
        )


def places_taken(event: Event) -> int:
    return event.registrations.exclude(status=RegistrationStatus.WAITLISTED).exclude(is_ringer=True).count()


def status_for_newcomer(event: Event) -> str:
    """Registered, or on the waiting list once the cap is reached (the ringer takes no place)."""
    if event.registration_cap is not None and places_taken(event) >= event.registration_cap:
        return RegistrationStatus.WAITLISTED
    return RegistrationStatus.REGISTERED


def create_guest(event: Event, name: str, club: str = "", *, status: str | None = None) -> Registration:
    """The guest row with its claim code; callers check who asks and lock the event."""
    return Registration.objects.create(
        event=event,
        player=None,
        display_name=name,
        club=club,
        status=status or status_for_newcomer(event),
        claim_code=new_claim_code(),
    )


@transaction.atomic
def add_guest(actor, event: Event, name: str, *, club: str = "") -> Registration:
    """An organizer enters a player by name (and club), without an account.

    Over the registration cap the guest joins the waiting list, as a player registering would.
    Raises EventError when the name is empty or already entered, or registration is closed.
    """
    require_manager(actor, event)
    event = lock_event(event)
    require_open_for_intake(event)
    name, club = clean_name(name), clean_club(club)
    if entered_under(event, name) is not None:
        raise EventError(
            _(
                "%(name)s is already entered. Two players with one name? Add an initial or the club to tell them apart."
            )
            % {"name": name},
            "state",
        )
    registration = create_guest(event, name, club)
    audit(
        event,
        "guest-added",
        said(
            gettext_noop("%(name)s added as a guest (waiting list)")
            if registration.status == RegistrationStatus.WAITLISTED
            else gettext_noop("%(name)s added as a guest"),
            name=name,
        ),
        actor=actor,
        registration=registration.pk,
    )
    return registration


@transaction.atomic
def add_ringer(actor, event: Event, name: str = "Ringer", *, user=None) -> Registration:
    """The organizer's stand-in: checked in from the start, paired only to make an odd field even
    (when the event's odd-field rule says so), never in the standings or the ratings.

    ``user`` is the account that plays the ringer's games, if any (a guest otherwise). One
    ringer per event. Raises EventError if the event has one, or the user is entered already.
    """
    require_manager(actor, event)
    event = lock_event(event)
    if event.status == EventStatus.FINISHED:
        raise EventError(_("The event is over."), "state")
    if event.registrations.filter(is_ringer=True).exclude(status=RegistrationStatus.DROPPED).exists():
        raise EventError(_("The event has a ringer already."), "state")
    name = clean_name(name)
    if user is not None and event.registrations.filter(player=user).exists():
        raise EventError(
            _("%(user)s is already entered in this event.") % {"user": user.get_username()}, "state"
        )
    if entered_under(event, name) is not None:
        raise EventError(
            _("%(name)s is already entered: give the ringer another name.") % {"name": name}, "state"
        )
    last = event.rounds.order_by("-number").first()
    registration = Registration.objects.create(
        event=event,
        player=user,
        display_name=name,
        status=RegistrationStatus.CHECKED_IN,
        is_ringer=True,
        joined_round=last.number + 1 if last is not None else 1,
    )
    audit(
        event,
        "ringer-added",
        said(gettext_noop("%(name)s is the ringer"), name=name),
        actor=actor,
        registration=registration.pk,
    )
    return registration


@transaction.atomic
def claim(actor, code: str) -> Registration:
    """Attach the guest entry holding claim ``code`` to ``actor``'s account.

    A code is used once: a second claim, by anyone else, is refused. A person holds one entry
    per event, so a claim by someone already entered is refused too. Raises EventError
    (``not_found`` for an unknown code, ``state`` otherwise).
    """
    if not actor.is_authenticated:
        raise PermissionDenied(_("Sign in to claim your entry."))
    code = codes.normalize(code)
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event")
        .filter(claim_code=code)
        .first()
        if code
        else None
    )
    if registration is None:
        raise EventError(_("No entry has this claim code: check it with the organizer."), "not_found")
    event = registration.event
    if registration.player_id == actor.pk:
        return registration
    if registration.player_id is not None:
        raise EventError(_("This claim code has already been used."), "state")
    if event.registrations.filter(player=actor).exists():
        raise EventError(
            _(
                "You already have an entry in %(event)s: one person, one entry. Ask the organizer to merge them."
            )
            % {"event": event.name},
            "state",
        )
    registration.player = actor
    registration.claimed_at = timezone.now()
    registration.save(update_fields=["player", "claimed_at"])
    audit(
        event,
        "claimed",
        said(
            gettext_noop("%(name)s's entry claimed by %(user)s"),
            name=registration.display_name,
            user=actor.get_username(),
        ),
        actor=actor,
        registration=registration.pk,
    )
    notify_organizers(
        event,
        said(
            gettext_noop("%(name)s claimed their entry in %(event)s."),
            name=registration.display_name,
            event=event.name,
        ),
    )
    return registration


def registration_for_claim(code: str) -> Registration | None:
    """The entry a claim code names (for the page that asks to confirm), or None."""
    code = codes.normalize(code)
    if not code:
        return None
    return Registration.objects.select_related("event").filter(claim_code=code).first()
