"""The table recorder's own forms; each game's form for a free game is its plugin's (``GamePlugin.table_form``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.models import DiceMode
from play.tables import CODE_LENGTH


class JoinForm(forms.Form):
    action = forms.CharField(widget=forms.HiddenInput, initial="join")
    code = forms.CharField(max_length=CODE_LENGTH + 2, label=_("Game code"))


FIRST_CHOICES = [("1", _("I go first")), ("2", _("My opponent goes first"))]


def dice_field() -> forms.ChoiceField:
    """Who rolls; left out, the site does (as before real dice could be chosen for every game)."""
    return forms.ChoiceField(
        choices=DiceMode.choices,
        initial=DiceMode.SEEDED,
        label=_("Dice"),
        widget=forms.RadioSelect,
        required=False,
    )


def one_phone_field() -> forms.BooleanField:
    """A table whose creator's phone records for every seat (one account holds them all); left out, each
    other player joins their seat with their own phone."""
    return forms.BooleanField(
        label=_("One phone for everyone"),
        help_text=_("This phone records for every player; nobody else joins."),
        required=False,
    )
