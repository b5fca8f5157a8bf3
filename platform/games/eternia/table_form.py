"""Fields of Eternia's form for a free game at the table (play): mode, scenario, teams and heroes."""

from __future__ import annotations

from django import forms

from play.forms import FIRST_CHOICES, dice_field
from play.models import DiceMode
from play.services import Seating


class EterniaGameForm(forms.Form):
    """A free game of Fields of Eternia for two phones: the team game (FE-2) or the competitive skirmish
    (FE-19), each player leading one team of three heroes (FE-4.1), the optional modules (FE-12, FE-13),
    who rolls and shuffles: the site (seeded) or the players at the table (recorded)."""

    action = forms.CharField(widget=forms.HiddenInput, initial="new")
    mode = forms.ChoiceField(label="Game")
    scenario = forms.ChoiceField(label="Scenario")
    my_name = forms.CharField(max_length=60, label="Your name")
    my_team = forms.ChoiceField(label="Your team")
    my_heroes = forms.MultipleChoiceField(label="Your three heroes", widget=forms.CheckboxSelectMultiple)
    their_name = forms.CharField(max_length=60, label="Other player's name", initial="Opponent")
    their_heroes = forms.MultipleChoiceField(
        label="Their three heroes (of the other team)", widget=forms.CheckboxSelectMultiple
    )
    free_heroes = forms.BooleanField(
        label="Any heroes, whatever their team (skirmish, FE-19.3.1)", required=False
    )
    options = forms.MultipleChoiceField(
        label="Optional rules", widget=forms.CheckboxSelectMultiple, required=False
    )
    first = forms.ChoiceField(choices=FIRST_CHOICES, label="Whose team starts (FE-4.2.5)")
    dice = dice_field()

    def __init__(self, options: dict, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.teams = {f["id"]: f["name"] for f in options["factions"]}
        self.hero_team = {h["id"]: h["faction"] for h in options["heroes"]}
        self.scenario_mode = {s["id"]: s["mode"] for s in options["scenarios"]}
        self.fields["mode"].choices = [(m["id"], m["name"]) for m in options["modes"]]
        self.fields["scenario"].choices = [(s["id"], s["name"]) for s in options["scenarios"]]
        self.fields["my_team"].choices = list(self.teams.items())
        heroes = [
            (h["id"], f"{h['name']} ({self.teams.get(h['faction'], h['faction'])})")
            for h in options["heroes"]
        ]
        self.fields["my_heroes"].choices = heroes
        self.fields["their_heroes"].choices = heroes
        self.fields["options"].choices = [(o["id"], o["name"]) for o in options["options"]]

    def clean(self):
        data = super().clean()
        mode, team = data.get("mode"), data.get("my_team")
        if data.get("scenario") and mode and self.scenario_mode.get(data["scenario"]) != mode:
            self.add_error("scenario", "Choose a scenario of this game.")
        other = next((t for t in self.teams if t != team), None)
        free = bool(data.get("free_heroes")) and mode == "skirmish"
        mine, theirs = data.get("my_heroes") or [], data.get("their_heroes") or []
        for key, picked, side in (("my_heroes", mine, team), ("their_heroes", theirs, other)):
            if len(picked) != 3:
                self.add_error(key, f"Pick three heroes ({len(picked)} picked).")
            elif not free and any(self.hero_team.get(h) != side for h in picked):
                self.add_error(key, f"Pick heroes of {self.teams.get(side, side)} (FE-4.1.2).")
        if set(mine) & set(theirs):
            self.add_error("their_heroes", "A hero is fielded once (FE-4.1.2).")
        data["their_team"] = other
        return data

    def table_choices(self, user) -> dict:
        data = self.cleaned_data
        return {
            "seats": [
                Seating(data["my_name"], data["my_heroes"], {"faction": data["my_team"]}),
                Seating(data["their_name"], data["their_heroes"], {"faction": data["their_team"]}),
            ],
            "first_player_seat": int(data["first"]),
            "mode": data.get("dice") or DiceMode.SEEDED,
            "setup": {
                "mode": data["mode"],
                "scenario": data["scenario"],
                "free_heroes": bool(data.get("free_heroes")),
                "options": {o: True for o in data.get("options") or []},
            },
        }
