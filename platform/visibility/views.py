"""The log page's publish / take back button (a form posting here, then back to the log)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from gamelogs.services import logs_visible_to
from visibility import services


@login_required
@require_POST
def publication(request, pk: int):
    log = get_object_or_404(logs_visible_to(request.user).defer("content", "verdict"), pk=pk)
    try:
        if request.POST.get("action") == "withdraw":
            services.withdraw(request.user, log)
            messages.success(
                request, _("Taken back: pages that name players and events no longer show this log.")
            )
        else:
            services.publish(request.user, log)
            messages.success(request, _("Published: player and event pages may now show this log."))
    except services.NotYourLog as exc:
        raise Http404 from exc
    return redirect(log.get_absolute_url())
