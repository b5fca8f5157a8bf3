"""Pages for logs: my uploads, the upload page, a log's page and the JSON it polls.

Logs are private: a log's page answers 404 (not 403, so it does not even confirm the log exists)
to anyone who did not submit it, except staff.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from gamelogs import presenters
from gamelogs.forms import LogFilterForm
from gamelogs.models import LogSource
from gamelogs.services import UploadRejected, logs_visible_to, max_upload_bytes, submissions_of, submit_log
from gamelogs.uploads import read_uploaded_file

PAGE_SIZE = 25


@login_required
def log_list(request):
    submissions = submissions_of(request.user)
    filters = LogFilterForm(request.GET or None)
    if filters.is_valid() and filters.cleaned_data["state"]:
        submissions = submissions.filter(log__state=filters.cleaned_data["state"])
    page = Paginator(submissions, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "gamelogs/list.html", {"page": page, "filters": filters})


@login_required
def upload(request):
    error = None
    if request.method == "POST":
        try:
            uploaded = request.FILES.get("file")
            if uploaded is None:
                raise UploadRejected(_("Choose a log file to upload."), "empty")
            data, filename = read_uploaded_file(uploaded)
            submitted = submit_log(request.user, data, source=LogSource.WEB, filename=filename)
        except UploadRejected as exc:
            error = exc
        else:
            if submitted.duplicate:
                messages.info(request, _("This exact log was uploaded before; here it is."))
            return redirect(submitted.log)
    context = {"error": error, "max_mib": max_upload_bytes() // (1024 * 1024)}
    return render(request, "gamelogs/upload.html", context, status=error.status_code if error else 200)


@login_required
def log_detail(request, pk: int):
    log = get_object_or_404(logs_visible_to(request.user), pk=pk)
    error = log.error or {}
    context = {
        "log": log,
        "status": presenters.status_payload(log),
        "result": presenters.result_table(log),
        "error": error,
        "context_events": presenters.events_around(log, error.get("event_index"))
        if log.state == "illegal"
        else [],
        "statistics_tables": presenters.statistics_tables(log.statistics, game=log.game),
        "verifications": log.verifications.all()[:10],
    }
    return render(request, "gamelogs/detail.html", context)


@never_cache
@require_GET
@login_required
def log_status(request, pk: int):
    log = get_object_or_404(logs_visible_to(request.user).defer("content", "verdict"), pk=pk)
    return JsonResponse(presenters.status_payload(log))


@require_GET
@login_required
def log_raw(request, pk: int):
    log = get_object_or_404(logs_visible_to(request.user), pk=pk)
    response = HttpResponse(log.raw_bytes(), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="arbiter-log-{log.pk}.json"'
    return response
