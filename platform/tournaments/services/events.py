"""Creating and editing events, and who organizes them."""

from __future__ import annotations

import secrets
from datetime import date

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.services import is_organizer
from tournaments import hooks
from tournaments.algorithms.battle_points import table_from_json
from tournaments.algorithms.errors import InvalidInput, as_sentence
from tournaments.algorithms.soft_scores import validate_categories
from tournaments.algorithms.tiebreaks import METRICS, metrics_for
from tournaments.errors import EventError
from tournaments.game_modes import mode_problem, plays_in_pods, team_size_problem
from tournaments.models import Event, EventFormat, SoftScoresUse
from tournaments.permissions import require_manager, require_organizer_role
from tournaments.said import said
from tournaments.services.common import audit

# Settings that decide how results turn into standings, or what a valid list is: once the
# first round is paired they stay as the players were told, or stored standings and locked
# lists would no longer agree with the event.
FROZEN_ONCE_STARTED = (
    "game",
    "format",
    "team_size",
    "game_mode",
    "placement_points",
    "content_pack",
    "points_limit",
    "points_win",
    "points_draw",
    "points_loss",
    "bye_score",
    "tiebreaks",
    "battle_points",
    "soft_scores_use",
    "first_round",
    "random_seed",
    "max_byes",
)

EDITABLE = (
    "name",
    "starts_on",
    "ends_on",
    "venue",
    "description",
    "swiss_rounds",
    "top_cut",
    "avoid_same_club",
    "draw_rule",
    "list_deadline",
    "lists_public",
    "round_minutes",
    "registration_cap",
    "require_check_in",
    "odd_field",
    "late_join_points",
    # Soft scores are judged during the event (painting, sportsmanship): categories may change.
    "soft_score_categories",
    *FROZEN_ONCE_STARTED,
)


def validate_settings(event: Event) -> None:
    """Raise EventError naming the first setting that cannot work."""
    if event.ends_on < event.starts_on:
        raise EventError(_("The event cannot end before it starts."))
    plugin = event.game_plugin
    if not plugin.runs_events:
        raise EventError(_("Arbiter cannot run events for the game %(game)s yet.") % {"game": event.game})
    if event.content_pack not in plugin.pack_ids():
        raise EventError(
            _("Unknown content pack %(pack)s for %(game)s.")
            % {"pack": event.content_pack, "game": event.game}
        )
    problem = team_size_problem(event.game, event.team_size) or mode_problem(event)
    if problem:
        raise EventError(problem)
    if not event.points_win >= event.points_draw >= event.points_loss:
        raise EventError(_("Points must not increase from a win to a draw to a loss."))
    if plays_in_pods(event):  # places decide a pod and no score is recorded (HR-16.5.1): such a tiebreak is 0
        event.tiebreaks = [
            k for k in event.tiebreaks or [] if not getattr(METRICS.get(k), "reads_score", False)
        ]
    keys = list(event.tiebreaks or [])
    if not keys:
        raise EventError(_("Choose at least one tiebreak."))
    known = metrics_for(event.game, event.format)
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise EventError(
            _("Unknown tiebreak %(key)s for this game and format; known: %(known)s.")
            % {"key": repr(unknown[0]), "known": ", ".join(sorted(known))}
        )
    try:
        event.game_plugin.draw_break(event.draw_rule)
    except KeyError:
        known = ", ".join(rule.key for rule in event.game_plugin.all_draw_breaks())
        raise EventError(
            _("Unknown draw rule %(rule)s for this game; known: %(known)s.")
            % {"rule": event.draw_rule, "known": known}
        ) from None
    if len(set(keys)) != len(keys):
        raise EventError(_("A tiebreak is listed twice."))
    if event.has_swiss_stage and event.swiss_rounds < 1:
        raise EventError(_("A Swiss event needs at least one round."))
    if event.format == EventFormat.SWISS_TOP_CUT and (
        event.top_cut < 2 or event.top_cut & (event.top_cut - 1)
    ):
        raise EventError(_("The top cut must be a power of two (2, 4, 8, 16, ...)."))
    if event.points_limit < 1:
        raise EventError(_("The points limit must be positive."))
    if event.round_minutes < 1:
        raise EventError(_("A round needs a time limit of at least a minute."))
    try:
        table = table_from_json(event.battle_points)
        event.battle_points = table.as_json() if table else []
        event.soft_score_categories = validate_categories(event.soft_score_categories)
    except InvalidInput as exc:
        raise EventError(as_sentence(exc)) from None
    if event.soft_scores_use not in SoftScoresUse.values:
        raise EventError(
            _("Soft scores can be %(uses)s; not %(use)s.")
            % {"uses": ", ".join(SoftScoresUse.values), "use": repr(event.soft_scores_use)}
        )


@transaction.atomic
def create_event(
    actor, *, name: str, starts_on: date, ends_on: date | None = None, slug: str = "", **settings
) -> Event:
    """A new event organized by ``actor`` (who must hold the organizer role)."""
    require_organizer_role(actor)
    unknown = set(settings) - set(EDITABLE)
    if unknown:
        raise EventError(_("Unknown event setting: %(names)s.") % {"names": ", ".join(sorted(unknown))})
    event = Event(name=name, starts_on=starts_on, ends_on=ends_on or starts_on, created_by=actor, **settings)
    if "content_pack" not in settings:  # the chosen game's default pack, not the default game's
        event.content_pack = event.game_plugin.default_pack()
    if not event.random_seed:
        event.random_seed = secrets.randbelow(2**31)  # stored, so the draw can be replayed and checked
    event.slug = _unique_slug(slug or name)
    validate_settings(event)
    event.save()
    event.organizers.add(actor)
    audit(
        event,
        "created",
        said(gettext_noop("%(actor)s created the event"), actor=actor.get_username()),
        actor=actor,
    )
    return event


@transaction.atomic
def update_event(actor, event: Event, **changes) -> Event:
    require_manager(actor, event)
    event = Event.objects.select_for_update().get(pk=event.pk)
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise EventError(_("Unknown event setting: %(names)s.") % {"names": ", ".join(sorted(unknown))})
    started = event.rounds.exists()
    changed = {k: v for k, v in changes.items() if getattr(event, k) != v}
    frozen = [k for k in changed if k in FROZEN_ONCE_STARTED]
    if started and frozen:
        raise EventError(
            _("%(setting)s cannot change once the event has started.")
            % {"setting": frozen[0].replace("_", " ").capitalize()},
            "state",
        )
    for key, value in changed.items():
        setattr(event, key, value)
    validate_settings(event)
    if "swiss_rounds" in changed and event.has_swiss_stage:
        paired = event.rounds.filter(stage="swiss").count()
        if event.swiss_rounds < paired:
            raise EventError(
                _("%(count)s Swiss rounds are already paired; the event cannot have fewer.")
                % {"count": paired},
                "state",
            )
    event.save()
    if changed:
        audit(
            event,
            "edited",
            said(gettext_noop("changed %(fields)s"), fields=", ".join(sorted(changed))),
            actor=actor,
            fields=sorted(changed),
        )
    if "soft_score_categories" in changed:
        hooks.standings().refresh_stored_standings(event)
    if changed:
        for changed_settings in hooks.settings_changed:
            changed_settings(event, set(changed))
    return event


@transaction.atomic
def add_organizer(actor, event: Event, user) -> None:
    """Make ``user`` (who must hold the organizer role) an organizer of ``event``."""
    require_manager(actor, event)
    if not is_organizer(user):
        raise EventError(_("%(user)s does not hold the organizer role.") % {"user": user.get_username()})
    event.organizers.add(user)
    audit(
        event,
        "organizer-added",
        said(
            gettext_noop("%(actor)s added %(user)s as an organizer"),
            actor=actor.get_username(),
            user=user.get_username(),
        ),
        actor=actor,
    )


# Paths under /events/ that are pages, not events.
RESERVED_SLUGS = frozenset({"new", "me", "ratings", "players"})


def _unique_slug(text: str) -> str:
    base = slugify(text)[:70] or "event"
    slug, n = base, 2
    while slug in RESERVED_SLUGS or Event.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug
