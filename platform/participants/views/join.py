"""/join/: a player types the event's join code (or scans its QR code) to register, or a guest's
claim code to attach their entry to their account."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from participants import codes
from participants import services as participant_services
from participants.intake_forms import CodeForm
from participants.services.guests import registration_for_claim
from participants.services.join_codes import event_for_join_code
from participants.services.registration import registration_of
from tournaments.errors import EventError


def join_home(request):
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        code = codes.normalize(form.cleaned_data["code"])
        if len(code) == codes.JOIN_LENGTH:
            return redirect("join:event", code=code)
        if len(code) == codes.CLAIM_LENGTH:
            return redirect("join:claim", code=code)
        form.add_error(
            "code",
            f"A join code has {codes.JOIN_LENGTH} letters and a claim code {codes.CLAIM_LENGTH} characters; this has {len(code)}.",
        )
    return render(request, "participants/join.html", {"form": form}, status=400 if form.errors else 200)


def join_event(request, code: str):
    try:
        event = event_for_join_code(code)
    except EventError as exc:
        messages.error(request, exc.message)
        return redirect("join:home")
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{_login_url()}?next={request.path}")
        try:
            registration = participant_services.join_with_code(request.user, code)
        except EventError as exc:
            messages.error(request, exc.message)
        else:
            status = registration.get_status_display().lower()
            messages.success(
                request, _("You are in %(event)s (%(status)s).") % {"event": event.name, "status": status}
            )
            return redirect(event.get_absolute_url())
    return render(
        request,
        "participants/join_event.html",
        {"event": event, "code": event.join_code, "registration": registration_of(request.user, event)},
    )


def claim_entry(request, code: str):
    registration = registration_for_claim(code)
    if registration is None:
        messages.error(request, _("No entry has this claim code: check it with the organizer."))
        return redirect("join:home")
    return render(
        request,
        "participants/claim.html",
        {
            "registration": registration,
            "event": registration.event,
            "code": codes.show_claim_code(registration.claim_code),
        },
    )


@require_POST
@login_required
def claim_confirm(request, code: str):
    try:
        registration = participant_services.claim(request.user, code)
    except EventError as exc:
        if exc.code == "not_found":
            raise Http404(exc.message) from None
        messages.error(request, exc.message)
        return redirect("join:claim", code=code)
    messages.success(
        request,
        _("The entry %(name)s in %(event)s is yours now.")
        % {"name": registration.display_name, "event": registration.event.name},
    )
    return redirect(registration.event.get_absolute_url())


def _login_url() -> str:
    from django.conf import settings
    from django.shortcuts import resolve_url

    return resolve_url(settings.LOGIN_URL)
