"""Hoplomachus' form for a free game at the table (play): mode, arena and each player's faction."""

from __future__ import annotations

from django import forms

from play.forms import FIRST_CHOICES, dice_field
from play.models import DiceMode
from play.tables import Seating


class HoplomachusGameForm(forms.Form):
    """A free game of Hoplomachus for two phones: a mode the engine plays with two players (HR-12), its
    arena, each player's faction, who rolls. With the site's dice the seed also draws who starts a
    Skirmish (HR-15.2.2); with real dice the players say who won the roll. In the co-op modes the players
    choose each round (HR-13.8.5)."""

    action = forms.CharField(widget=forms.HiddenInput, initial="new")
    mode = forms.ChoiceField(label="Mode")
    arena = forms.ChoiceField(label="Arena")
    my_name = forms.CharField(max_length=60, label="Your name")
    my_faction = forms.ChoiceField(label="Your faction")
    their_name = forms.CharField(max_length=60, label="Other player's name", initial="Opponent")
    their_faction = forms.ChoiceField(label="Their faction")
    titan = forms.ChoiceField(label="Titan (Ascension)", required=False)
    first = forms.ChoiceField(
        choices=FIRST_CHOICES, label="Who starts a Skirmish with real dice (HR-15.2.2)", required=False
    )
    dice = dice_field()

    def __init__(self, options: dict, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.modes = {m["id"]: m for m in options["modes"]}
        self.fields["mode"].choices = [
            (m["id"], f"{m['name']} — {', '.join(a.capitalize() for a in m['arenas'])}")
            for m in options["modes"]
        ]
        self.fields["arena"].choices = [(a["id"], a["name"]) for a in options["arenas"]]
        factions = [(f["id"], f["name"]) for f in options["factions"]]
        self.fields["my_faction"].choices = factions
        self.fields["their_faction"].choices = factions
        if len(factions) > 1:
            self.fields["their_faction"].initial = factions[1][0]
        self.fields["titan"].choices = [("", "Drawn at random")] + [
            (t["id"], t["name"]) for t in options["titans"]
        ]

    def clean(self):
        data = super().clean()
        mode = self.modes.get(data.get("mode"))
        if mode and data.get("arena") not in mode["arenas"]:
            names = " or ".join(a.capitalize() for a in mode["arenas"])
            self.add_error("arena", f"{mode['name']} is played in {names} (HR-12).")
        if data.get("mode") == "skirmish" and data.get("my_faction") == data.get("their_faction"):
            self.add_error("their_faction", "In a Skirmish each player brings a different faction.")
        return data

    def table_choices(self, user) -> dict:
        data = self.cleaned_data
        return {
            "seats": [
                Seating(data["my_name"], data["my_faction"], {"faction": data["my_faction"]}),
                Seating(data["their_name"], data["their_faction"], {"faction": data["their_faction"]}),
            ],
            "first_player_seat": int(data.get("first") or 1),
            "mode": data.get("dice") or DiceMode.SEEDED,
            "setup": {"mode": data["mode"], "arena": data["arena"], "titan": data.get("titan") or None},
        }
