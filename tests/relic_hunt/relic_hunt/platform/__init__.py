"""Relic hunt as the platform sees it: found through the ``arbiter.platform_games`` entry point of this
package's distribution (``PLUGIN``), as a game shipped on its own would be.

Hunters bring no lists: the sides are the same for everyone (``sides_at_table``), an event pairs them in
duels, and the recorder sets up a duel, a melee or pairs with the players' names (``table_form``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms

from games import GamePlugin, ListProblem, SimulatedSide, UnknownPack

from ..engine import GAME, load_pack

HUNTER = "hunter"


@dataclass(frozen=True)
class NoList:
    """A hunter's list: nothing to bring, so nothing can be wrong but entries given anyway."""

    problems: tuple[ListProblem, ...] = ()
    faction: str = HUNTER
    points: int = 0
    entries: tuple = ()

    @property
    def valid(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"valid": self.valid, "faction": self.faction, "points": 0, "points_limit": None, "entries": [],
                "problems": [p.to_dict() for p in self.problems]}  # fmt: skip


class RelicHuntForm(forms.Form):
    """A hunt at the table: the way to play (RH-1), each player's name, who starts, who rolls."""

    action = forms.CharField(widget=forms.HiddenInput, initial="new")
    mode = forms.ChoiceField(label="Way to play (RH-1)")
    name1 = forms.CharField(max_length=60, label="Player 1 (you)")
    name2 = forms.CharField(max_length=60, label="Player 2", initial="Hunter 2")
    name3 = forms.CharField(max_length=60, label="Player 3 (melee, pairs)", required=False)
    name4 = forms.CharField(max_length=60, label="Player 4 (melee, pairs)", required=False)
    first = forms.TypedChoiceField(
        choices=[(n, f"Player {n}") for n in range(1, 5)], coerce=int, label="Who starts (RH-1)"
    )
    one_phone = forms.BooleanField(required=False, label="This phone records for every player")
    dice = forms.ChoiceField(choices=(), label="Dice", widget=forms.RadioSelect)

    def __init__(self, options: dict, *args, **kwargs):
        from play.models import DiceMode

        super().__init__(*args, **kwargs)
        self.modes = {m["id"]: m for m in options["modes"]}
        self.fields["mode"].choices = [(m["id"], m["name"]) for m in options["modes"]]
        self.fields["dice"].choices = DiceMode.choices
        self.fields["dice"].initial = DiceMode.SEEDED

    def clean(self):
        data = super().clean()
        names = [data.get(f"name{n}") for n in range(1, 5)]
        count = 2 + sum(1 for name in names[2:] if name)
        mode = self.modes.get(data.get("mode"))
        if mode is not None and count not in mode["players"]:
            wanted = " or ".join(str(n) for n in mode["players"])
            self.add_error(
                "mode", f"A {mode['name'].lower()} is played by {wanted} players, not {count} (RH-1)."
            )
        if data.get("first") and data["first"] > count:
            self.add_error("first", f"There are {count} players.")
        data["names"] = [name for name in names if name]
        return data

    def table_choices(self, user) -> dict:
        from play.tables import Seating

        data = self.cleaned_data
        return {
            "seats": [Seating(name, HUNTER) for name in data["names"]],
            "first_player_seat": data["first"],
            "mode": data["dice"],
            "one_phone": bool(data.get("one_phone")),
            "setup": {"mode": data["mode"]},
        }


class RelicHunt(GamePlugin):
    game_id = GAME.id
    name = GAME.name
    short_name = GAME.short_name
    score_label = GAME.result_schema.score_label
    score_components = dict(GAME.result_schema.components)
    runs_events = True
    sides_at_table = True

    def pack_ids(self) -> list[str]:
        return ["relic-hunt-basic"]

    def load_pack(self, pack_id: str):
        if pack_id not in self.pack_ids():
            raise UnknownPack(f"unknown content pack {pack_id!r} for {self.label}")
        return load_pack(pack_id)

    def faction_name(self, pack, faction_id: str) -> str:
        return "Hunter" if faction_id == HUNTER else faction_id

    def parse_list_text(self, text: str):
        problems = [ListProblem("a hunter brings no list")] if str(text or "").strip() else []
        return HUNTER, [], problems

    def check_list(self, entries: list, pack, *, points_limit: int, faction: str | None = None):
        return NoList((ListProblem("a hunter brings no list"),) if entries else ())

    def simulated_sides(self, pack) -> list[SimulatedSide]:
        return [SimulatedSide(HUNTER, (), HUNTER)]

    def table_factions(self, pack) -> list[str]:
        return [HUNTER, HUNTER]

    def simulate_options(self, sides: list[SimulatedSide], mode: str = "") -> dict:
        return {"mode": mode or ("duel" if len(sides) == 2 else "melee")}

    def log_mode(self, header: dict) -> str:
        return str((header.get("setup") or {}).get("mode") or "duel")

    def table_form(self):
        return RelicHuntForm


PLUGIN = RelicHunt()
