"""The manage page's judges: an organizer adds one by username, or removes one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.errors import EventError
from tournaments.forms import JudgeForm
from tournaments.views.common import back_on_event_error, event_or_404


@require_POST
@login_required
@back_on_event_error
def add_judge(request, slug: str):
    event = event_or_404(slug)
    form = JudgeForm(request.POST)
    if not form.is_valid():
        raise EventError("; ".join(e for errors in form.errors.values() for e in errors))
    user = form.cleaned_data["username"]
    services.add_judge(request.user, event, user)
    messages.success(
        request, _("%(username)s is now a judge of this event.") % {"username": user.get_username()}
    )
    return redirect("tournaments:manage", slug=slug)


@require_POST
@login_required
@back_on_event_error
def remove_judge(request, slug: str, pk: int):
    event = event_or_404(slug)
    user = get_object_or_404(get_user_model(), pk=pk)
    services.remove_judge(request.user, event, user)
    messages.success(
        request, _("%(username)s is no longer a judge of this event.") % {"username": user.get_username()}
    )
    return redirect("tournaments:manage", slug=slug)
