"""Hoplomachus' form for a free game at the table (play): mode, arena and each player's faction, two to
four players (one phone each, or one phone for all)."""

from __future__ import annotations

from functools import lru_cache

from django import forms

import engine
from play.forms import FIRST_CHOICES, dice_field, one_phone_field
from play.models import DiceMode
from play.tables import Seating

GAME = "hoplomachus-remastered"
MORE_PLAYERS = (3, 4)  # the optional third and fourth players (Pandemonium, HR-16)


@lru_cache(maxsize=8)
def _more_modes(offered: tuple[str, ...]) -> tuple[dict, ...]:
    """The engine's modes for more than two players that its table options leave out but its header
    builder sets up whole (the replay starts from the header it makes): ``{"id", "name", "arenas",
    "players"}``. Pandemonium (HR-16) is one; Alliance (HR-17) is not, as its teams, track heroes and units
    chosen at setup are not among the header builder's choices."""
    factions = [f["id"] for f in engine.session.table_options(GAME)["factions"]]
    found = []
    for mode in engine.game(GAME).seats.modes:
        if mode.id in offered or mode.seats <= 2 or mode.against_game:
            continue
        players = [{"name": f"P{i}", "faction": f} for i, f in enumerate(factions[: mode.seats], start=1)]
        seed = "00" * 32
        try:
            header = engine.session.new_header(GAME, players=players, mode=mode.id, seed_hex=seed)
            engine.session.start(engine.session.with_seed(header, seed))
        except (KeyError, ValueError, engine.UnreadableLog, engine.IllegalEvent):
            continue
        found.append(
            {"id": mode.id, "name": mode.name, "arenas": [header["setup"]["arena"]], "players": mode.seats}
        )
    return tuple(found)


class HoplomachusGameForm(forms.Form):
    """A free game of Hoplomachus: a mode the engine plays (HR-12) with two players, or Pandemonium with
    three or four (HR-16), its arena, each player's faction, who rolls. With the site's dice the seed also
    draws who starts (HR-15.2.2); with real dice the players say who won the roll. In the co-op modes the
    players choose each round (HR-13.8.5). Each player joins with their own phone, unless this phone
    records for everyone."""

    action = forms.CharField(widget=forms.HiddenInput, initial="new")
    mode = forms.ChoiceField(label="Mode")
    arena = forms.ChoiceField(label="Arena")
    my_name = forms.CharField(max_length=60, label="Your name")
    my_faction = forms.ChoiceField(label="Your faction")
    their_name = forms.CharField(max_length=60, label="Other player's name", initial="Opponent")
    their_faction = forms.ChoiceField(label="Their faction")
    third_name = forms.CharField(max_length=60, label="Third player's name (Pandemonium)", required=False)
    third_faction = forms.ChoiceField(label="Third player's faction", required=False)
    fourth_name = forms.CharField(max_length=60, label="Fourth player's name (Pandemonium)", required=False)
    fourth_faction = forms.ChoiceField(label="Fourth player's faction", required=False)
    titan = forms.ChoiceField(label="Titan (Ascension)", required=False)
    first = forms.ChoiceField(
        choices=FIRST_CHOICES, label="Who starts a Skirmish with real dice (HR-15.2.2)", required=False
    )
    one_phone = one_phone_field()
    dice = dice_field()

    def __init__(self, options: dict, *args, **kwargs):
        super().__init__(*args, **kwargs)
        modes = list(options["modes"]) + list(_more_modes(tuple(m["id"] for m in options["modes"])))
        self.modes = {m["id"]: m for m in modes}
        self.fields["mode"].choices = [
            (m["id"], f"{m['name']} — {', '.join(a.capitalize() for a in m['arenas'])}") for m in modes
        ]
        self.fields["arena"].choices = [(a["id"], a["name"]) for a in options["arenas"]]
        factions = [(f["id"], f["name"]) for f in options["factions"]]
        self.fields["my_faction"].choices = factions
        self.fields["their_faction"].choices = factions
        for key in ("third_faction", "fourth_faction"):
            self.fields[key].choices = [("", "—")] + factions
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
        more = []
        for n, word in zip(MORE_PLAYERS, ("third", "fourth"), strict=True):
            name, faction = (data.get(f"{word}_name") or "").strip(), data.get(f"{word}_faction") or ""
            if not name and not faction:
                continue
            if not mode or mode.get("players", 2) < n:
                self.add_error(
                    f"{word}_name", f"{mode['name'] if mode else 'This mode'} has no {word} player."
                )
            elif not name or not faction:
                self.add_error(f"{word}_name", f"Give the {word} player's name and faction.")
            else:
                more.append((name, faction))
        if mode and mode.get("players", 2) > 2 and not more:
            self.add_error("third_name", f"{mode['name']} is played by three or four players (HR-12).")
        picked = [data.get("my_faction"), data.get("their_faction"), *(f for _, f in more)]
        if data.get("mode") == "skirmish" and data.get("my_faction") == data.get("their_faction"):
            self.add_error("their_faction", "In a Skirmish each player brings a different faction.")
        elif len(set(picked)) != len(picked):
            self.add_error("their_faction", "Each player brings a different faction (AMB-17).")
        data["more"] = more
        return data

    def table_choices(self, user) -> dict:
        data = self.cleaned_data
        seats = [
            Seating(data["my_name"], data["my_faction"], {"faction": data["my_faction"]}),
            Seating(data["their_name"], data["their_faction"], {"faction": data["their_faction"]}),
        ] + [Seating(name, faction, {"faction": faction}) for name, faction in data["more"]]
        return {
            "seats": seats,
            "first_player_seat": int(data.get("first") or 1),
            "mode": data.get("dice") or DiceMode.SEEDED,
            "setup": {"mode": data["mode"], "arena": data["arena"], "titan": data.get("titan") or None},
            "one_phone": bool(data.get("one_phone")),
        }
