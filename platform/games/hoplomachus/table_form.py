"""Hoplomachus' form for a free game at the table (play): mode, arena and each player's faction, two to
four players (one phone each, or one phone for all); an Alliance's teams, track heroes and each player's
six units (HR-17.2)."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import engine
from play.forms import dice_field, one_phone_field
from play.models import DiceMode
from play.tables import Seating

GAME = "hoplomachus-remastered"
MORE_PLAYERS = (3, 4)  # the optional third and fourth players (Pandemonium, HR-16)


PLAYER_KEYS = ("my", "their", "third", "fourth")  # the form's players, in seat order
_track_heroes = lazy(
    lambda a, b: gettext("Seat %(a)s's and seat %(b)s's primary heroes") % {"a": a, "b": b}, str
)
FIRST_CHOICES = [  # who won the table's roll for first player (real dice; the site's dice draw it)
    ("1", _("I go first")),
    ("2", _("The second player")),
    ("3", _("The third player")),
    ("4", _("The fourth player")),
]
TEAMS = {  # HR-17.2.1: teams alternate around the table, so seats 1 and 3 play together; which takes red
    "13": (
        {"red": ["p1", "p3"], "blue": ["p2", "p4"]},
        _("Seats 1 and 3 (red) against seats 2 and 4 (blue)"),
    ),
    "24": (
        {"red": ["p2", "p4"], "blue": ["p1", "p3"]},
        _("Seats 2 and 4 (red) against seats 1 and 3 (blue)"),
    ),
}
TRACK_HEROES = {  # HR-17.2.5: one primary hero of each team goes on its track, by seats (1 or 3, 2 or 4)
    f"{a}{b}": _track_heroes(a, b) for a in (1, 3) for b in (2, 4)
}
UNITS_HELP = _(
    "Alliance: six units of the faction, by name, separated by commas; left blank, six are drawn (HR-17.2.8)."
)


def _units_field(label: str) -> forms.CharField:
    return forms.CharField(max_length=400, label=label, required=False, help_text=UNITS_HELP)


class HoplomachusGameForm(forms.Form):
    """A free game of Hoplomachus: a mode the engine plays (HR-12) with two players, Pandemonium with
    three or four (HR-16) or an Alliance of two teams of two (HR-17), its arena, each player's faction, who rolls. With the site's dice the seed also
    draws who starts (HR-15.2.2); with real dice the players say who won the roll. In the co-op modes the
    players choose each round (HR-13.8.5). Each player joins with their own phone, unless this phone
    records for everyone."""

    action = forms.CharField(widget=forms.HiddenInput, initial="new")
    mode = forms.ChoiceField(label=_("Mode"))
    arena = forms.ChoiceField(label=_("Arena"))
    my_name = forms.CharField(max_length=60, label=_("Your name"))
    my_faction = forms.ChoiceField(label=_("Your faction"))
    their_name = forms.CharField(max_length=60, label=_("Other player's name"), initial="Opponent")
    their_faction = forms.ChoiceField(label=_("Their faction"))
    # Labels stay short enough for one line on a phone; which modes a field is for, and its rule, is help text.
    third_name = forms.CharField(
        max_length=60, label=_("Third player"), required=False, help_text=_("Pandemonium or Alliance.")
    )
    third_faction = forms.ChoiceField(label=_("Third player's faction"), required=False)
    fourth_name = forms.CharField(
        max_length=60, label=_("Fourth player"), required=False, help_text=_("Pandemonium or Alliance.")
    )
    fourth_faction = forms.ChoiceField(label=_("Fourth player's faction"), required=False)
    teams = forms.ChoiceField(
        choices=[(k, label) for k, (_, label) in TEAMS.items()],
        label=_("Teams"),
        required=False,
        help_text=_("Alliance: teams sit alternately (HR-17.2.1)."),
    )
    track_heroes = forms.ChoiceField(
        choices=[("", _("Drawn at random")), *TRACK_HEROES.items()],
        label=_("Heroes on the tracks"),
        required=False,
        help_text=_("Alliance: one primary hero of each team goes on its track (HR-17.2.5)."),
    )
    my_units = _units_field(_("Your units"))
    their_units = _units_field(_("Other player's units"))
    third_units = _units_field(_("Third player's units"))
    fourth_units = _units_field(_("Fourth player's units"))
    titan = forms.ChoiceField(label=_("Titan"), required=False, help_text=_("Ascension."))
    first = forms.ChoiceField(
        choices=FIRST_CHOICES,
        label=_("Who starts"),
        required=False,
        help_text=_(
            "The rules draw who starts at random (HR-15.2.2). With the site's dice the site rolls it and shows "
            "it; with real dice, say who won your roll."
        ),
    )
    one_phone = one_phone_field()
    dice = dice_field()

    def __init__(self, options: dict, *args, **kwargs):
        super().__init__(*args, **kwargs)
        modes = list(options["modes"])
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
        self.fields["titan"].choices = [("", _("Drawn at random"))] + [
            (t["id"], t["name"]) for t in options["titans"]
        ]

    def clean(self):
        data = super().clean()
        mode = self.modes.get(data.get("mode"))
        if mode and data.get("arena") not in mode["arenas"]:
            names = _(" or ").join(a.capitalize() for a in mode["arenas"])
            self.add_error(
                "arena",
                _("%(mode)s is played in %(arenas)s (HR-12).") % {"mode": mode["name"], "arenas": names},
            )
        more = []
        for n, word in zip(MORE_PLAYERS, ("third", "fourth"), strict=True):
            name, faction = (data.get(f"{word}_name") or "").strip(), data.get(f"{word}_faction") or ""
            if not name and not faction:
                continue
            if not mode or mode.get("players", 2) < n:
                message = (
                    _("%(mode)s has no third player.") if n == 3 else _("%(mode)s has no fourth player.")
                )
                self.add_error(f"{word}_name", message % {"mode": mode["name"] if mode else _("This mode")})
            elif not name or not faction:
                self.add_error(
                    f"{word}_name",
                    _("Give the third player's name and faction.")
                    if n == 3
                    else _("Give the fourth player's name and faction."),
                )
            else:
                more.append((name, faction))
        if mode and mode.get("min_players", 2) > 2 + len(more):
            field = "fourth_name" if more else "third_name"
            if mode["id"] == "alliance":
                self.add_error(field, _("An Alliance is played by four players, two teams of two (HR-12)."))
            else:
                self.add_error(
                    field, _("%(mode)s is played by three or four players (HR-12).") % {"mode": mode["name"]}
                )
        picked = [data.get("my_faction"), data.get("their_faction"), *(f for _, f in more)]
        if data.get("mode") == "skirmish" and data.get("my_faction") == data.get("their_faction"):
            self.add_error("their_faction", _("In a Skirmish each player brings a different faction."))
        elif len(set(picked)) != len(picked):
            self.add_error("their_faction", _("Each player brings a different faction (AMB-17)."))
        data["more"] = more
        if data.get("dice") == DiceMode.RECORDED and int(data.get("first") or 1) > 2 + len(more):
            self.add_error("first", _("Who starts is one of the players at the table."))
        if data.get("mode") == "alliance" and not self.errors:
            self._check_alliance(data)
        return data

    def _alliance(self, data: dict) -> dict:
        """The Alliance's choices for the engine's header (HR-17.2)."""
        track = data.get("track_heroes") or ""
        red = TEAMS[data.get("teams") or "13"][0]["red"]
        return {
            "teams": TEAMS[data.get("teams") or "13"][0],
            "track_hero": {("red" if f"p{n}" in red else "blue"): f"p{n}" for n in map(int, track)} or None,
        }

    def _players(self, data: dict) -> list[dict]:
        named = [
            (data["my_name"], data["my_faction"]),
            (data["their_name"], data["their_faction"]),
            *data["more"],
        ]
        players = []
        for key, (name, faction) in zip(PLAYER_KEYS, named, strict=False):
            units = (data.get(f"{key}_units") or "").strip() if data.get("mode") == "alliance" else ""
            players.append({"name": name, "faction": faction, **({"units": units} if units else {})})
        return players

    def _check_alliance(self, data: dict) -> None:
        """The engine's own refusal, on the field it is about (a player's units, the track heroes)."""
        players = self._players(data)
        try:
            engine.session.new_header(
                GAME,
                players=players,
                mode="alliance",
                arena=data.get("arena"),
                seed_hex="00" * 32,
                **self._alliance(data),
            )
        except ValueError as exc:
            message = str(exc)
            field = None
            if "(HR-17.2.8)" in message:
                field = next(
                    (
                        f"{k}_units"
                        for k, p in zip(PLAYER_KEYS, players, strict=False)
                        if message.startswith(p["name"] + " ")
                    ),
                    None,
                )
            elif "(HR-17.2.5)" in message:
                field = "track_heroes"
            elif "(HR-17.2.1)" in message:
                field = "teams"
            self.add_error(field, message)

    def table_choices(self, user) -> dict:
        data = self.cleaned_data
        seats = [
            Seating(p["name"], p["faction"], {k: v for k, v in p.items() if k != "name"})
            for p in self._players(data)
        ]
        setup = {"mode": data["mode"], "arena": data["arena"], "titan": data.get("titan") or None}
        if data["mode"] == "alliance":
            setup.update(self._alliance(data))
        return {
            "seats": seats,
            # HR-15.2.2, HR-16.2.2, HR-17.2.3: at random; the site's dice draw it from the seed (the engine
            # ignores this then), real dice: the table's roll, as chosen here.
            "first_player_seat": int(data.get("first") or 1) if data.get("dice") == DiceMode.RECORDED else 1,
            "mode": data.get("dice") or DiceMode.SEEDED,
            "setup": setup,
            "one_phone": bool(data.get("one_phone")),
        }
