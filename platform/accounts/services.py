"""Account actions: creating a player, finding a profile, granting the organizer role."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db import transaction

from accounts.models import ORGANIZER_PERMISSION, ORGANIZERS_GROUP, Profile


def profile_for(user) -> Profile:
    """The user's profile, created on first use (accounts made by createsuperuser have none)."""
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


@transaction.atomic
def create_player(username: str, password: str, *, email: str = "", display_name: str = "", club: str = ""):
    user = get_user_model().objects.create_user(username=username, password=password, email=email)
    Profile.objects.create(user=user, display_name=display_name, club=club)
    return user


def open_events() -> bool:
    """The site setting ``ARBITER_OPEN_EVENTS``: anyone signed in may create and run events."""
    return bool(getattr(settings, "ARBITER_OPEN_EVENTS", False))


def holds_organizer_role(user) -> bool:
    """Granted the organizer role (the "organizers" group or the permission itself)."""
    return user.is_authenticated and user.has_perm(ORGANIZER_PERMISSION)


def is_organizer(user) -> bool:
    """May create and run events: holds the organizer role, or the site is open to every signed-in
    user (``ARBITER_OPEN_EVENTS``)."""
    return user.is_authenticated and (open_events() or user.has_perm(ORGANIZER_PERMISSION))


def make_organizer(user) -> None:
    """Grant the organizer role by adding the user to the "organizers" group."""
    group, _ = Group.objects.get_or_create(name=ORGANIZERS_GROUP)
    # The group normally comes with its permission from migration 0002; a database flushed since
    # (transactional tests) keeps the permission row but loses the group, so give it back.
    app_label, codename = ORGANIZER_PERMISSION.split(".")
    if not group.permissions.filter(codename=codename, content_type__app_label=app_label).exists():
        group.permissions.add(Permission.objects.get(codename=codename, content_type__app_label=app_label))
    user.groups.add(group)
