"""Sign-up and profile pages, and asking for and deciding on the organizer role. Log-in and
log-out are django.contrib.auth's views."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import languages, roles, services
from accounts.forms import DecisionForm, OrganizerRequestForm, ProfileForm, SignupForm
from accounts.models import OrganizerRequest, RequestStatus
from gamelogs.services import submissions_of


def signup(request):
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = services.create_player(
            form.cleaned_data["username"],
            form.cleaned_data["password1"],
            email=form.cleaned_data.get("email", ""),
            display_name=form.cleaned_data.get("display_name", ""),
            club=form.cleaned_data.get("club", ""),
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Arbiter. Upload a game log to have it verified."))
        return redirect("accounts:profile")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile(request):
    player = services.profile_for(request.user)
    form = ProfileForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        # The new preference applies from the next page on; no preference hands the page back
        # to the switcher's cookie and the browser.
        if languages.supported(saved.language):
            request.session[languages.SESSION_KEY] = saved.language
        else:
            request.session.pop(languages.SESSION_KEY, None)
        translation.activate(saved.language or translation.get_language())
        messages.success(request, _("Profile saved."))
        return redirect("accounts:profile")
    context = {
        "form": form,
        "player": player,
        "is_organizer": services.holds_organizer_role(request.user),
        "upload_count": submissions_of(request.user).count(),
        "request_form": OrganizerRequestForm(),
        "waiting_count": roles.waiting_requests().count() if request.user.is_staff else 0,
        **roles.role_context(request.user),
    }
    response = render(request, "accounts/profile.html", context)
    roles.mark_read(request.user)  # the outcome is on this page: no need to repeat it elsewhere
    return response


@login_required
def organizer_request(request):
    """GET: how to get the organizer role, with the form. POST: send the request."""
    form = OrganizerRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            roles.request_role(request.user, form.cleaned_data["reason"])
        except roles.RoleRequestError as exc:
            form.add_error("reason" if exc.code.startswith("reason") else None, exc.message)
        else:
            messages.success(
                request, _("Your request is with staff. Their answer will appear here and on your profile.")
            )
            return redirect(_next_or_profile(request))
    context = {"request_form": form, "next": request.POST.get("next", ""), **roles.role_context(request.user)}
    return render(request, "accounts/organizer_request.html", context, status=400 if form.errors else 200)


def _staff(request) -> None:
    if not (request.user.is_authenticated and request.user.is_staff):
        raise PermissionDenied(_("Only staff decide who may run events."))


@login_required
def organizer_requests(request):
    """Staff: the requests waiting for a decision, and the latest decided ones."""
    _staff(request)
    context = {
        "waiting": roles.waiting_requests(),
        "decided": OrganizerRequest.objects.exclude(status=RequestStatus.PENDING).select_related(
            "user", "decided_by"
        )[:20],
        "form": DecisionForm(),
    }
    return render(request, "accounts/organizer_requests.html", context)


@login_required
@require_POST
def decide_organizer_request(request, pk: int):
    _staff(request)
    organizer_request = get_object_or_404(OrganizerRequest, pk=pk)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose Grant or Decline."))
        return redirect("accounts:organizer-requests")
    grant = form.cleaned_data["decision"] == "grant"
    try:
        decided = roles.decide(request.user, organizer_request, grant=grant, note=form.cleaned_data["note"])
    except roles.RoleRequestError as exc:
        messages.error(request, exc.message)
    else:
        name = decided.user.get_username()
        messages.success(
            request,
            _("%(name)s can now run events.") % {"name": name}
            if grant
            else _("%(name)s's request was declined.") % {"name": name},
        )
    return redirect("accounts:organizer-requests")


def _next_or_profile(request) -> str:
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return "accounts:profile"
