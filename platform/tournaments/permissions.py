"""Who may do what to an event.

* Organizers of an event are users holding the accounts organizer permission who created the
  event or were added to it by one of its organizers. Only they manage it: holding the
  permission is not enough to touch someone else's event, and being staff is not either.
* Judges of an event are users an organizer added to it by username (no role needed). They enter
  and correct results, rule on disputes and see what organizers see of matches; they do not
  change the event's settings, pair rounds or manage registrations.
* A player acts only on their own registration, list and matches.
* Everyone, signed in or not, may read the public pages (pairings once published, results,
  standings, lists once public, player histories).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from accounts.roles import OrganizerRequired
from accounts.services import is_organizer


def can_create_events(user) -> bool:
    return is_organizer(user)


def manages(user, event) -> bool:
    """True if ``user`` is one of ``event``'s organizers (and still holds the organizer role)."""
    if not is_organizer(user):
        return False
    return event.organizers.filter(pk=user.pk).exists()


def require_organizer_role(user) -> None:
    if not can_create_events(user):
        # The site's 403 page for this one explains how to become an organizer (accounts.roles).
        raise OrganizerRequired(_("Only organizers can create events."))


def require_manager(user, event) -> None:
    if not manages(user, event):
        raise PermissionDenied(_("Only this event's organizers can do that."))


def judges(user, event) -> bool:
    """True if ``user`` is one of ``event``'s judges."""
    if user is None or not user.is_authenticated:
        return False
    return event.judges.filter(pk=user.pk).exists()


def officiates(user, event) -> bool:
    """True if ``user`` may enter, correct and rule on ``event``'s results: an organizer or a judge."""
    return manages(user, event) or judges(user, event)


def require_official(user, event) -> None:
    if not officiates(user, event):
        raise PermissionDenied(_("Only this event's organizers and judges can do that."))


def require_player(user, match) -> str:
    """The side ("a" or "b") ``user`` plays in ``match``; PermissionDenied if they do not play it."""
    side = match.side_of(user)
    if side is None:
        raise PermissionDenied(_("Only the players of this match can do that."))
    return side
