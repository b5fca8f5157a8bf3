"""Battleground's form for a free game at the table (play): both forces, the names, who goes first, the dice."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.forms import one_phone_field
from play.models import DiceMode
from play.tables import Seating


class BattlegroundGameForm(forms.Form):
    """A free game: both forces, the names at the table, who goes first (after the roll-off, BG-4.7)."""

    action = forms.CharField(widget=forms.HiddenInput, initial="new")
    my_name = forms.CharField(max_length=60, label=_("Your name"))
    my_force = forms.ChoiceField(label=_("Your force"))
    their_name = forms.CharField(max_length=60, label=_("Opponent's name"), initial="Opponent")
    their_force = forms.ChoiceField(label=_("Opponent's force"))
    first = forms.ChoiceField(
        choices=[("1", _("I go first")), ("2", _("My opponent goes first"))], label=_("Who won the roll-off")
    )
    one_phone = one_phone_field()
    dice = forms.ChoiceField(
        choices=DiceMode.choices,
        initial=DiceMode.SEEDED,
        label=_("Dice"),
        widget=forms.RadioSelect,
    )

    def __init__(self, options: dict, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(f["id"], f["name"]) for f in options["forces"]]
        self.fields["my_force"].choices = choices
        self.fields["their_force"].choices = choices
        if len(choices) > 1:
            self.fields["their_force"].initial = choices[1][0]

    def table_choices(self, user) -> dict:
        data = self.cleaned_data
        return {
            "seats": [
                Seating(data["my_name"], data["my_force"]),
                Seating(data["their_name"], data["their_force"]),
            ],
            "first_player_seat": int(data["first"]),
            "mode": data["dice"],
            "one_phone": bool(data.get("one_phone")),
        }
