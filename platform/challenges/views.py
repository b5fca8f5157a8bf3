"""Challenge pages: thin views over challenges.services."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from challenges import presenters, services
from challenges.forms import ChallengeForm, EntryForm
from challenges.models import Challenge, ChallengeEntry, EntryStatus
from gamelogs.models import LogSource
from gamelogs.services import UploadRejected, logs_visible_to
from gamelogs.uploads import read_uploaded_file


def challenge_list(request):
    game, difficulty = request.GET.get("game", ""), request.GET.get("difficulty", "")
    challenges = list(
        services.visible_challenges(game=game, difficulty=difficulty).order_by("difficulty", "-opens_at")
    )
    for challenge in challenges:
        challenge.game_label = presenters.game_label(challenge.game)
        challenge.mode_label = presenters.mode_label(challenge.game, challenge.mode)
    context = {
        "groups": presenters.grouped_by_difficulty(challenges),
        "difficulties": sorted(
            set(Challenge.objects.exclude(difficulty="").values_list("difficulty", flat=True))
        ),
        "games": [(c.game, c.game_name) for c in {c.game: c for c in services.mode_choices()}.values()],
        "game": game,
        "difficulty": difficulty,
        "can_create": services.can_create(request.user),
        "now": timezone.now(),
    }
    return render(request, "challenges/list.html", context)


@login_required
def create(request):
    if not services.can_create(request.user):
        raise PermissionDenied(_("Only organizers and staff can publish challenges."))
    form = ChallengeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game, mode = data["game_mode"].split("/", 1)
        try:
            challenge = services.create_challenge(
                request.user,
                game=game,
                mode=mode,
                title=data["title"],
                description=data["description"],
                header=data["header"],
                difficulty=data["difficulty"],
                opens_at=data["opens_at"],
                closes_at=data["closes_at"],
            )
        except services.ChallengeError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(
                request,
                _("Published. Seed commitment: %(commitment)s") % {"commitment": challenge.commitment},
            )
            return redirect("challenges:detail", slug=challenge.slug)
    return render(request, "challenges/create.html", {"form": form})


def detail(request, slug: str):
    challenge = get_object_or_404(Challenge, slug=slug)
    mine = list(services.entries_of(request.user, challenge))
    context = {
        "challenge": challenge,
        "game_label": presenters.game_label(challenge.game),
        "mode_label": presenters.mode_label(challenge.game, challenge.mode),
        "score_label": presenters.score_label(challenge.game),
        "forces": presenters.forces(challenge),
        "setup": json.dumps(challenge.header.get("setup", {}), indent=1, sort_keys=True),
        "board": services.leaderboard(challenge),
        "mine": mine,
        "visible_logs": set(
            logs_visible_to(request.user).filter(pk__in=[e.log_id for e in mine]).values_list("pk", flat=True)
        ),
        "started": services.has_started(request.user, challenge),
        "entry_form": EntryForm(),
        "table": services.table_of(challenge, request.user),
        "table_seats": services.table_seats(challenge),
        "now": timezone.now(),
    }
    return render(request, "challenges/detail.html", context)


def entry(request, slug: str, pk: int):
    """One entry's verdict: public once accepted (entering shows it on the board), else for its player and staff."""
    entry = get_object_or_404(
        ChallengeEntry.objects.select_related("challenge", "log", "player"), challenge__slug=slug, pk=pk
    )
    own = request.user.is_authenticated and (request.user.is_staff or request.user.pk == entry.player_id)
    if entry.status != EntryStatus.ACCEPTED and not own:
        raise Http404(_("No such entry."))  # only an accepted entry's verdict is public, like a log's privacy
    return render(
        request,
        "challenges/entry.html",
        {
            "entry": entry,
            "challenge": entry.challenge,
            "log": entry.log,
            "score_label": presenters.score_label(entry.challenge.game),
            "can_open_log": logs_visible_to(request.user).filter(pk=entry.log_id).exists(),
        },
    )


@require_POST
@login_required
def start(request, slug: str):
    challenge = get_object_or_404(Challenge, slug=slug)
    try:
        services.start(request.user, challenge)
    except services.ChallengeError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Started: download the header (it now carries the seed) and play."))
    return redirect("challenges:detail", slug=slug)


def header_json(request, slug: str):
    challenge = get_object_or_404(Challenge, slug=slug)
    body = json.dumps(services.header_for(challenge, request.user), indent=1, sort_keys=True)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{challenge.slug}-header.json"'
    return response


@require_POST
@login_required
def enter(request, slug: str):
    challenge = get_object_or_404(Challenge, slug=slug)
    try:
        uploaded = request.FILES.get("file")
        if uploaded is None:
            raise UploadRejected(_("Choose a log file to upload."), "empty")
        data, filename = read_uploaded_file(uploaded)
        services.submit_entry(request.user, challenge, data, filename=filename, source=LogSource.WEB)
    except (UploadRejected, services.ChallengeError) as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Entered: it takes its place once the workers have verified the log."))
    return redirect("challenges:detail", slug=slug)


@require_POST
@login_required
def play(request, slug: str):
    """Play the challenge at the table: a recorder game with the challenge's setup and seed (names only)."""
    challenge = get_object_or_404(Challenge, slug=slug)
    seats = services.table_seats(challenge)
    names = [request.POST.get(f"name_{seat['index']}", "") for seat in seats]
    try:
        table = services.play_at_table(request.user, challenge, names=names)
    except services.ChallengeError as exc:
        messages.error(request, exc.message)
        return redirect("challenges:detail", slug=slug)
    return redirect(table)
