from __future__ import annotations

import json

from django import forms

from challenges.services import mode_choices


class ChallengeForm(forms.Form):
    game_mode = forms.ChoiceField(label="Game and mode")
    title = forms.CharField(max_length=120)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    header = forms.CharField(
        label="Setup (a log header as JSON: players and forces, setup, content pack)",
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
    )
    difficulty = forms.CharField(max_length=40, required=False, help_text="Empty: the setup's difficulty.")
    opens_at = forms.DateTimeField(
        label="Opens (UTC)", widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    closes_at = forms.DateTimeField(
        label="Closes (UTC)", widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game_mode"].choices = [(c.key, c.label) for c in mode_choices()]

    def clean_header(self) -> dict:
        try:
            header = json.loads(self.cleaned_data["header"])
        except ValueError as exc:
            raise forms.ValidationError(f"The setup is not valid JSON: {exc}") from None
        if not isinstance(header, dict):
            raise forms.ValidationError("The setup must be a JSON object (a log header).")
        return header


class EntryForm(forms.Form):
    file = forms.FileField(label="Your game log (JSON)")
