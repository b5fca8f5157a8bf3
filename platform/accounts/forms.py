from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import Profile


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False)
    display_name = forms.CharField(max_length=100, required=False, help_text="Shown in standings and logs.")
    club = forms.CharField(max_length=100, required=False)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ("display_name", "club")


class OrganizerRequestForm(forms.Form):
    reason = forms.CharField(
        label="Which events do you want to run?",
        max_length=1000,
        widget=forms.Textarea(
            attrs={"rows": 3, "placeholder": "e.g. monthly Battleground nights at my club"}
        ),
        help_text="A sentence or two is enough; staff read it before granting the organizer role.",
    )


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(choices=[("grant", "Grant"), ("decline", "Decline")])
    note = forms.CharField(
        max_length=500, required=False, label="Note to the player", widget=forms.TextInput()
    )
