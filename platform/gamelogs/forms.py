from django import forms
from django.utils.translation import gettext_lazy as _

from gamelogs.models import LogState


class LogFilterForm(forms.Form):
    state = forms.ChoiceField(
        label=_("State"), choices=[("", _("any state")), *LogState.choices], required=False
    )
