"""The results grid: every table of a round on one page, entered and saved with one submit.

Organizers and judges only. Each table is a GridRowForm (prefixed by its match id) showing the
counted result if there is one; a table without one starts empty. On submit, valid rows are
saved (results.services.round_results), and the page comes back with the rows that failed
still holding what was typed and saying what is wrong. ``?missing=1`` shows only the tables
still without a counted result.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draw import presenters
from draw.models import COUNTED_STATES, RoundState
from draw.views.common import round_or_404
from results import services as result_services
from tournaments.forms import GridRowForm, ResultForm
from tournaments.game_modes import plays_in_pods
from tournaments.permissions import manages, require_official
from tournaments.views.common import back_on_event_error, event_or_404


@login_required
@back_on_event_error
def results_grid(request, slug: str, number: int):
    event = event_or_404(slug)
    round_ = round_or_404(event, number, request.user)
    require_official(request.user, event)
    only_missing = request.GET.get("missing") == "1"
    matches = list(round_.matches.prefetch_related("seats__registration__player").order_by("table"))
    rows = [_row(match, request.POST if request.method == "POST" else None) for match in matches]
    outcomes = {}
    if request.method == "POST":
        if round_.state == RoundState.DRAFT:
            messages.error(
                request,
                _("Round %(number)d is a draft: publish it before entering results.")
                % {"number": round_.number},
            )
            return redirect(round_)
        entries = []
        for row in rows:
            form = row["form"]
            if form is None:
                continue
            if not form.is_valid():
                row["errors"] = _errors(form)
            elif not form.is_empty():
                entries.append(
                    result_services.RowEntry(
                        row["match"].pk, form.scores(), form.ending(), form.cleaned_data.get("note", "")
                    )
                )
        outcomes = {o.match_id: o for o in result_services.enter_results(request.user, round_, entries)}
        fresh = {m.pk: m for m in round_.matches.prefetch_related("seats__registration__player")}
        for row in rows:
            row.update(
                _facts(fresh[row["match"].pk])
            )  # the state after saving; the form keeps what was typed
            outcome = outcomes.get(row["match"].pk)
            if outcome is not None and outcome.failed:
                row["errors"] = [outcome.message]
            row["saved"] = outcome is not None and outcome.status == "saved"
        saved = sum(1 for o in outcomes.values() if o.status == "saved")
        failed = [row for row in rows if row.get("errors")]
        if round_.state == RoundState.CLOSED:
            done = ngettext("%(count)d result corrected.", "%(count)d results corrected.", saved)
        else:
            done = ngettext("%(count)d result saved.", "%(count)d results saved.", saved)
        done = done % {"count": saved}
        if not failed:
            messages.success(request, done if saved else _("Nothing changed."))
            return redirect(request.get_full_path())
        tables = ", ".join(str(row["match"].table) for row in failed)
        messages.error(
            request,
            done
            + " "
            + ngettext(
                "Table %(tables)s was not saved: fix what is marked and save again.",
                "Tables %(tables)s were not saved: fix what is marked and save again.",
                len(failed),
            )
            % {"tables": tables},
        )
    missing = [row for row in rows if row["missing"]]
    shown = [row for row in rows if row["missing"] or row.get("errors")] if only_missing else rows
    context = {
        "event": event,
        "tab": "rounds",
        "round": round_,
        "rows": shown,
        "missing_count": len(missing),
        "only_missing": only_missing,
        "is_manager": manages(request.user, event),
        "grid_url": reverse("tournaments:results-grid", args=[event.slug, round_.number]),
        "score_label": event.game_plugin.score_label,
        # A pod event's rows take places; the help says what each place is worth.
        "pods": plays_in_pods(event),
        "points_per_place": presenters.points_per_place(
            event, [len(m.seat_list()) for m in matches if not m.is_bye]
        ),
    }
    status = 400 if any(row.get("errors") for row in rows) else 200
    return render(request, "results/results_grid.html", context, status=status)


def _facts(match) -> dict:
    return {
        "match": match,
        "names": [seat.registration.display_name for seat in match.seat_list()],
        "line": (line := presenters.seating(match)),
        "seating_text": presenters.line_text(line),
        "missing": match.state not in COUNTED_STATES and not match.is_bye,
        "state_class": presenters.STATE_CLASSES.get(match.state, "pending"),
        "status": presenters.match_status(match),
    }


def _row(match, data) -> dict:
    counted = match.state in COUNTED_STATES
    row = {**_facts(match), "errors": [], "form": None}
    if match.is_bye:
        return row
    # Only a counted result is shown filled in: saving the grid never confirms a pending report by accident.
    initial = ResultForm.initial_for(match) if counted else {}
    row["form"] = GridRowForm(data, match=match, prefix=f"m{match.pk}", initial=initial)
    return row


def _errors(form) -> list[str]:
    found = list(form.non_field_errors())
    for name, errors in form.errors.items():
        if name != "__all__":
            found += [f"{form.fields[name].label}: {e}" for e in errors]
    return found
