from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=_("Email"), required=False)
    display_name = forms.CharField(
        label=_("Display name"), max_length=100, required=False, help_text=_("Shown in standings and logs.")
    )
    club = forms.CharField(label=_("Club"), max_length=100, required=False)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class ProfileForm(forms.ModelForm):
    language = forms.ChoiceField(
        label=_("Language"),
        required=False,
        # Each language named in its own words, as on the switcher.
        choices=[("", _("The browser's language")), *settings.LANGUAGES],
        help_text=_("Every page speaks it once you sign in, on any device."),
    )

    class Meta:
        model = Profile
        fields = ("display_name", "club", "language")
        labels = {"display_name": _("Display name"), "club": _("Club"), "language": _("Language")}
        help_texts = {
            "display_name": _("The name shown in standings and logs."),
            "language": _("Every page speaks it once you sign in, on any device."),
        }


class OrganizerRequestForm(forms.Form):
    reason = forms.CharField(
        label=_("Which events do you want to run?"),
        max_length=1000,
        widget=forms.Textarea(
            attrs={"rows": 3, "placeholder": _("e.g. monthly Battleground nights at my club")}
        ),
        help_text=_("A sentence or two is enough; staff read it before granting the organizer role."),
    )


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(choices=[("grant", _("Grant")), ("decline", _("Decline"))])
    note = forms.CharField(
        max_length=500, required=False, label=_("Note to the player"), widget=forms.TextInput()
    )
