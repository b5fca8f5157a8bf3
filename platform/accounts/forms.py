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
