from django import forms

from gamelogs.models import LogState


class UploadForm(forms.Form):
    file = forms.FileField(help_text="An Arbiter game log (.json), up to 4 MiB.")


class LogFilterForm(forms.Form):
    state = forms.ChoiceField(choices=[("", "any state"), *LogState.choices], required=False)
