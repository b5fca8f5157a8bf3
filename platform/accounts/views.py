"""Sign-up and profile pages. Log-in and log-out are django.contrib.auth's views."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from accounts import services
from accounts.forms import ProfileForm, SignupForm
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
        messages.success(request, "Welcome to Arbiter. Upload a game log to have it verified.")
        return redirect("accounts:profile")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def profile(request):
    player = services.profile_for(request.user)
    form = ProfileForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Profile saved.")
        return redirect("accounts:profile")
    context = {
        "form": form,
        "player": player,
        "is_organizer": services.is_organizer(request.user),
        "upload_count": submissions_of(request.user).count(),
    }
    return render(request, "accounts/profile.html", context)
