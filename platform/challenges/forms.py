from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from challenges.services import mode_choices


class ChallengeForm(forms.Form):
    game_mode = forms.ChoiceField(label=_("Game and mode"))
    title = forms.CharField(label=_("Title"), max_length=120)
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    header = forms.CharField(
        label=_("Setup (a log header as JSON: players and forces, setup, content pack)"),
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
    )
    difficulty = forms.CharField(
        label=_("Difficulty"), max_length=40, required=False, help_text=_("Empty: the setup's difficulty.")
    )
    opens_at = forms.DateTimeField(
        label=_("Opens (UTC)"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    closes_at = forms.DateTimeField(
        label=_("Closes (UTC)"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game_mode"].choices = [(c.key, c.label) for c in mode_choices()]

    def clean_header(self) -> dict:
        try:
            header = json.loads(self.cleaned_data["header"])
        except ValueError as exc:
            raise forms.ValidationError(
                _("The setup is not valid JSON: %(error)s") % {"error": exc}
            ) from None
        if not isinstance(header, dict):
            raise forms.ValidationError(_("The setup must be a JSON object (a log header)."))
        return header


class EntryForm(forms.Form):
    file = forms.FileField(label=_("Your game log (JSON)"))
