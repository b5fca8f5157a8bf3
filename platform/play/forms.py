from __future__ import annotations

from django import forms

from play.models import DiceMode
from play.services import CODE_LENGTH, Seating


class NewGameForm(forms.Form):
    """A free game: both forces, the names at the table, who goes first (after the roll-off, BG-4.7)."""

    action = forms.CharField(widget=forms.HiddenInput, initial="new")
    my_name = forms.CharField(max_length=60, label="Your name")
    my_force = forms.ChoiceField(label="Your force")
    their_name = forms.CharField(max_length=60, label="Opponent's name", initial="Opponent")
    their_force = forms.ChoiceField(label="Opponent's force")
    first = forms.ChoiceField(
        choices=[("1", "I go first"), ("2", "My opponent goes first")], label="Who won the roll-off"
    )
    dice = forms.ChoiceField(
        choices=DiceMode.choices,
        initial=DiceMode.SEEDED,
        label="Dice",
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
        }


class JoinForm(forms.Form):
    action = forms.CharField(widget=forms.HiddenInput, initial="join")
    code = forms.CharField(max_length=CODE_LENGTH + 2, label="Game code")


FIRST_CHOICES = [("1", "I go first"), ("2", "My opponent goes first")]


def dice_field() -> forms.ChoiceField:
    """Who rolls; left out, the site does (as before real dice could be chosen for every game)."""
    return forms.ChoiceField(
        choices=DiceMode.choices,
        initial=DiceMode.SEEDED,
        label="Dice",
        widget=forms.RadioSelect,
        required=False,
    )


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


GAME_FORMS = {"hoplomachus-remastered": HoplomachusGameForm, "motu-fields-of-eternia": EterniaGameForm}
