from django import forms

from gamelogs.models import LogState


class LogFilterForm(forms.Form):
    state = forms.ChoiceField(choices=[("", "any state"), *LogState.choices], required=False)
