"""Organizer pages for player intake: guests, bulk add and CSV import (preview, then commit),
the ringer, the join code, claim slips, and the warning before round 1 leaves anyone out."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from participants import codes
from participants import services as participant_services
from participants.intake_forms import BulkAddForm, CommitImportForm, GuestForm, ImportForm, RingerForm
from participants.models import Registration, RegistrationStatus
from participants.services import player_import
from tournaments.errors import EventError
from tournaments.permissions import require_manager
from tournaments.views.common import back_on_event_error, event_or_404


def join_link(request, code: str) -> str:
    return request.build_absolute_uri(reverse("join:event", args=[code]))


def claim_link(request, code: str) -> str:
    return request.build_absolute_uri(reverse("join:claim", args=[code]))


def qr_svg(link: str, scale: int = 4) -> str:
    """An inline SVG QR code of ``link`` (made here: nothing loads from elsewhere)."""
    return segno.make(link, error="m").svg_inline(scale=scale)


def _guests(event):
    return event.registrations.filter(player__isnull=True, is_ringer=False).order_by("display_name")


@login_required
def players(request, slug: str):
    event = event_or_404(slug)
    require_manager(request.user, event)
    context = {
        "event": event,
        "tab": "manage",
        "is_manager": True,
        "guest_form": GuestForm(),
        "bulk_form": BulkAddForm(),
        "import_form": ImportForm(),
        "ringer_form": RingerForm(),
        "guests": _guests(event),
        "ringer": event.registrations.filter(is_ringer=True)
        .exclude(status=RegistrationStatus.DROPPED)
        .first(),
        "open": event.status == "open",
    }
    if event.join_code:
        link = join_link(request, event.join_code)
        context.update(join_link=link, join_qr=qr_svg(link))
    return render(request, "participants/intake.html", context)


@require_POST
@login_required
@back_on_event_error
def add_guest(request, slug: str):
    event = event_or_404(slug)
    form = GuestForm(request.POST)
    if not form.is_valid():
        raise EventError(_("Give the player's name (at most 100 characters)."))
    registration = participant_services.add_guest(
        request.user, event, form.cleaned_data["name"], club=form.cleaned_data["club"]
    )
    messages.success(
        request,
        _("%(name)s added as a guest; claim code %(code)s.")
        % {"name": registration.display_name, "code": codes.show_claim_code(registration.claim_code)},
    )
    return redirect("tournaments:intake", slug=slug)


@require_POST
@login_required
@back_on_event_error
def import_preview(request, slug: str, kind: str):
    """Read a CSV (kind "csv") or pasted names (kind "names") and show what importing would do."""
    event = event_or_404(slug)
    require_manager(request.user, event)
    if kind == "names":
        form = BulkAddForm(request.POST)
        if not form.is_valid():
            raise EventError(_("Paste at least one name."))
        source = form.cleaned_data["names"]
        rows, notes = player_import.rows_from_names(source), []
    elif kind == "csv":
        form = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            raise EventError(" ".join(form.non_field_errors()) or _("Choose a CSV file or paste its lines."))
        source = player_import.decode(form.source())
        rows, notes = player_import.parse_csv(source)
    else:
        raise EventError(_("Unknown import %(kind)s.") % {"kind": repr(kind)})
    plan = player_import.plan_import(event, rows)
    plan.notes.extend(notes)
    return render(
        request,
        "participants/intake_preview.html",
        {
            "event": event,
            "tab": "manage",
            "is_manager": True,
            "plan": plan,
            "commit_form": CommitImportForm(initial={"kind": kind, "source": source}),
        },
    )


@require_POST
@login_required
@back_on_event_error
def import_commit(request, slug: str):
    event = event_or_404(slug)
    form = CommitImportForm(request.POST)
    if not form.is_valid():
        raise EventError(_("The preview was lost: read the file again."))
    source = form.cleaned_data["source"]
    if form.cleaned_data["kind"] == "names":
        rows = player_import.rows_from_names(source)
    else:
        rows, _problems = player_import.parse_csv(source)
    plan = participant_services.import_players(request.user, event, rows)
    messages.success(request, _("Imported: %(summary)s.") % {"summary": plan.summary()})
    return redirect("tournaments:intake", slug=slug)


@require_POST
@login_required
@back_on_event_error
def add_ringer(request, slug: str):
    event = event_or_404(slug)
    form = RingerForm(request.POST)
    if not form.is_valid():
        raise EventError("; ".join(e for errors in form.errors.values() for e in errors))
    ringer = participant_services.add_ringer(
        request.user, event, form.cleaned_data["name"], user=form.cleaned_data["username"]
    )
    note = (
        ""
        if event.odd_field == "ringer"
        else " " + _("Set “Odd number of players” to the ringer in the settings to use them.")
    )
    messages.success(request, _("%(name)s is the ringer.") % {"name": ringer.display_name} + note)
    return redirect("tournaments:intake", slug=slug)


@require_POST
@login_required
@back_on_event_error
def join_code(request, slug: str):
    event = event_or_404(slug)
    enabled = request.POST.get("action") != "off"
    code = participant_services.set_join_code(request.user, event, enabled=enabled)
    messages.success(
        request, _("New join code: %(code)s.") % {"code": code} if code else _("Joining by code is off.")
    )
    return redirect("tournaments:intake", slug=slug)


@login_required
def claim_slips(request, slug: str):
    """One slip per guest with their claim code, link and QR code, to print and hand out."""
    event = event_or_404(slug)
    require_manager(request.user, event)
    slips = []
    for registration in _guests(event):
        link = claim_link(request, registration.claim_code)
        slips.append(
            {
                "registration": registration,
                "code": codes.show_claim_code(registration.claim_code),
                "link": link,
                "qr": qr_svg(link, scale=3),
            }
        )
    return render(
        request,
        "participants/claim_slips.html",
        {"event": event, "tab": "manage", "is_manager": True, "slips": slips},
    )


@login_required
def pair_absent(request, slug: str):
    """Before round 1: the registered players who did not check in, to check in or drop."""
    event = event_or_404(slug)
    require_manager(request.user, event)
    absent = event.registrations.filter(status=RegistrationStatus.REGISTERED).order_by("display_name")
    if not event.require_check_in or event.rounds.exists():
        return redirect("tournaments:manage", slug=slug)
    return render(
        request,
        "participants/pair_absent.html",
        {"event": event, "tab": "manage", "is_manager": True, "absent": absent},
    )


@require_POST
@login_required
@back_on_event_error
def check_in_absent(request, slug: str, pk: int):
    event = event_or_404(slug)
    registration = get_object_or_404(Registration, pk=pk, event=event)
    participant_services.check_in(request.user, registration)
    messages.success(request, _("%(name)s checked in.") % {"name": registration.display_name})
    return redirect("tournaments:pair-absent", slug=slug)
