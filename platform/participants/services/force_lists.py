"""Submitting force lists, checking them against the event's pack, and locking them."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import UnknownPack
from participants.models import ForceList, Registration, RegistrationStatus
from tournaments.errors import EventError
from tournaments.models import Event
from tournaments.permissions import require_manager
from tournaments.said import said
from tournaments.services.common import audit


def event_content(event: Event):
    """The event's content pack, as its game's plugin loads it."""
    try:
        return event.game_plugin.load_pack(event.content_pack)
    except UnknownPack as exc:
        raise EventError(str(exc)) from None


@transaction.atomic
def submit_list(
    actor, event: Event, *, text: str | None = None, entries: list | None = None, faction: str | None = None
) -> ForceList:
    """Save the player's list, valid or not, with what is wrong with it.

    Give either ``text`` (the game's list format, e.g. games.battleground.lists) or
    ``entries`` (+ ``faction``).
    An invalid list is kept so the player can fix it; only a valid one counts. Raises
    EventError once lists are locked (deadline passed or round 1 paired).
    """
    registration = event.registrations.filter(player=actor).first()
    if registration is None or registration.status == RegistrationStatus.DROPPED:
        raise EventError(_("Register for the event before submitting a list."), "state")
    return store_list(event, registration, text=text, entries=entries, faction=faction)


@transaction.atomic
def submit_list_for(actor, registration: Registration, *, text: str) -> ForceList:
    """An organizer enters a player's list (a guest has no account to do it): same checks, same lock."""
    require_manager(actor, registration.event)
    force_list = store_list(registration.event, registration, text=text)
    audit(
        registration.event,
        "list-entered",
        said(
            gettext_noop("list of %(name)s entered by the organizer (valid)")
            if force_list.valid
            else gettext_noop("list of %(name)s entered by the organizer (invalid)"),
            name=registration.display_name,
        ),
        actor=actor,
        registration=registration.pk,
    )
    return force_list


def check_list_text(event: Event, text: str) -> dict:
    """What the event's list rules say about ``text``, without saving anything:
    {"valid", "faction", "points", "errors", ...} (the validation the list page shows)."""
    return _check(event, text=text)[1]


def _check(event: Event, *, text=None, entries=None, faction=None) -> tuple[object, dict, list]:
    """(the game's check, its validation dict, the entries checked) for a list as text or entries."""
    pack = event_content(event)
    plugin = event.game_plugin
    parse_problems = []
    if text is not None:
        faction, entries, parse_problems = plugin.parse_list_text(text)
    entries = entries or []
    check = plugin.check_list(
        entries, pack, points_limit=event.points_limit, faction=faction, **plugin.list_options(event)
    )
    validation = check.to_dict()
    if parse_problems:
        validation["errors"] = [p.to_dict() for p in parse_problems] + validation["errors"]
        validation["valid"] = False
    return check, validation, entries


def store_list(
    event: Event,
    registration: Registration,
    *,
    text: str | None = None,
    entries: list | None = None,
    faction: str | None = None,
) -> ForceList:
    """Check and save ``registration``'s list; the callers decide who may."""
    force_list = ForceList.objects.select_for_update().filter(registration=registration).first()
    if event.lists_locked or (force_list is not None and force_list.locked):
        raise EventError(_("Lists are locked for this event: the deadline has passed."), "state")
    check, validation, entries = _check(event, text=text, entries=entries, faction=faction)
    if force_list is None:
        force_list = ForceList(registration=registration)
    force_list.faction = check.faction or ""
    # Resolved ids where the pack knows the names, so later comparisons are exact.
    force_list.entries = check.entries if check.valid else entries
    force_list.text = (
        text
        if text is not None
        else event.game_plugin.format_list_text(check.entries, event_content(event), check.faction)
    )
    force_list.valid = validation["valid"]
    force_list.points = check.points
    force_list.validation = validation
    force_list.save()
    return force_list


# The settings that decide what a valid list is: editing one checks every unlocked list again.
LIST_RULES = {"content_pack", "points_limit", "game"}


def on_settings_changed(event: Event, changed: set[str]) -> None:
    """tournaments.hooks.settings_changed: the list rules changed, so the lists are checked again."""
    if LIST_RULES & changed:
        revalidate_lists(event)


def revalidate_lists(event: Event) -> int:
    """Check every unlocked list again (the pack or the points limit changed). Returns how many."""
    pack = event_content(event)
    plugin = event.game_plugin
    count = 0
    for force_list in ForceList.objects.filter(registration__event=event, locked=False):
        faction, entries, parse_problems = plugin.parse_list_text(force_list.text)
        check = plugin.check_list(
            entries, pack, points_limit=event.points_limit, faction=faction, **plugin.list_options(event)
        )
        force_list.validation = check.to_dict()
        force_list.valid = check.valid and not parse_problems
        force_list.points = check.points
        force_list.faction = check.faction or ""
        if check.valid:
            force_list.entries = check.entries
        force_list.save()
        count += 1
    return count


def lock_lists(event: Event, *, actor=None) -> int:
    """Lock every list of the event (round 1 is being paired, or the deadline passed)."""
    locked = ForceList.objects.filter(registration__event=event, locked=False).update(locked=True)
    if locked:
        audit(
            event, "lists-locked", said(gettext_noop("%(count)s list(s) locked"), count=locked), actor=actor
        )
    return locked


def list_of(registration: Registration) -> ForceList | None:
    return ForceList.objects.filter(registration=registration).first()


def missing_or_invalid_lists(event: Event) -> list[Registration]:
    """Entered players without a valid list, for the organizer's checklist before round 1."""
    return [
        r
        for r in event.registrations.filter(
            status__in=[RegistrationStatus.REGISTERED, RegistrationStatus.CHECKED_IN]
        ).select_related("force_list")
        if not hasattr(r, "force_list") or not r.force_list.valid
    ]
