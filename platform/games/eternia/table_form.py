"""Fields of Eternia's form for a free game at the table (play): mode, scenario, teams and heroes, a
mounted hero among them (FE-4.1.8, FE-19.4.1: the pack's limited-edition miniatures, fielded instead of
their hero, at most one a team), the team game's other players (FE-2.1: up to three a team, sharing the
team's three heroes, each controlling one or more, each at their own phone), and for the game against the
game its co-op players: up to two more players sharing the team's three heroes (FE-18.1.2)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.forms import FIRST_CHOICES, dice_field
from play.models import DiceMode
from play.tables import Seating

#: Each mode on the form, translated and short enough for the select of a 390 px phone (FE-2, FE-19, FE-18).
MODE_LABELS = {
    "standard": _("Team game (FE-2)"),
    "skirmish": _("Competitive skirmish (FE-19)"),
    "solo": _("Solo against the game (FE-18)"),
}


class EterniaGameForm(forms.Form):
    """A free game of Fields of Eternia: the team game (FE-2), two teams of three heroes (FE-4.1) of one
    to three players each, a phone a player (FE-2.1), or the competitive skirmish (FE-19), one player a
    team; or the game against the game (FE-18); the optional modules (FE-12, FE-13),
    who rolls and shuffles: the site (seeded) or the players at the table (recorded)."""

    action = forms.CharField(widget=forms.HiddenInput, initial="new")
    mode = forms.ChoiceField(label=_("Game"))
    scenario = forms.ChoiceField(label=_("Scenario"))
    my_name = forms.CharField(max_length=60, label=_("Your name"))
    my_team = forms.ChoiceField(label=_("Your team"))
    my_heroes = forms.MultipleChoiceField(label=_("Your three heroes"), widget=forms.CheckboxSelectMultiple)
    difficulty = forms.ChoiceField(label=_("Difficulty (solo, FE-18)"), required=False)
    # FE-18.1.2: in co-op up to 3 players share the team's heroes; the phone records for all of them.
    coop2_name = forms.CharField(
        max_length=60,
        label=_("Co-op: a second player's name (solo only; empty when you play alone)"),
        required=False,
    )
    coop2_heroes = forms.MultipleChoiceField(
        label=_("The heroes they control (of your three)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    coop3_name = forms.CharField(max_length=60, label=_("Co-op: a third player's name"), required=False)
    coop3_heroes = forms.MultipleChoiceField(
        label=_("The heroes they control (of your three)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    their_name = forms.CharField(
        max_length=60, label=_("Other player's name (not in solo)"), initial="Opponent", required=False
    )
    their_heroes = forms.MultipleChoiceField(
        label=_("Their three heroes (of the other team; not in solo)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    # FE-2.1: a team of fewer than 3 players shares its heroes out; each named player joins with a phone.
    mate2_name = forms.CharField(
        max_length=60,
        label=_("Team game: a second player of your team (empty when you lead it alone)"),
        required=False,
    )
    mate2_heroes = forms.MultipleChoiceField(
        label=_("The heroes they control (of your three)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    mate3_name = forms.CharField(
        max_length=60, label=_("Team game: a third player of your team"), required=False
    )
    mate3_heroes = forms.MultipleChoiceField(
        label=_("The heroes they control (of your three)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    their2_name = forms.CharField(
        max_length=60, label=_("Team game: a second player of the other team"), required=False
    )
    their2_heroes = forms.MultipleChoiceField(
        label=_("The heroes they control (of their three)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    their3_name = forms.CharField(
        max_length=60, label=_("Team game: a third player of the other team"), required=False
    )
    their3_heroes = forms.MultipleChoiceField(
        label=_("The heroes they control (of their three)"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    free_heroes = forms.BooleanField(
        label=_("Any heroes, whatever their team (skirmish, FE-19.3.1)"), required=False
    )
    options = forms.MultipleChoiceField(
        label=_("Optional rules"), widget=forms.CheckboxSelectMultiple, required=False
    )
    coop_phones = forms.BooleanField(
        label=_(
            "Co-op: each co-op player joins their seat with their own phone (else this phone records for all)"
        ),
        required=False,
    )
    first = forms.ChoiceField(choices=FIRST_CHOICES, label=_("Whose team starts (FE-4.2.5)"))
    dice = dice_field()

    def __init__(self, options: dict, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.teams = {f["id"]: f["name"] for f in options["factions"]}
        self.hero_team = {h["id"]: h["faction"] for h in options["heroes"]}
        # A mounted hero is its hero on a mount: it counts as that hero of that hero's team.
        self.rides = {m["id"]: m["hero"] for m in options.get("mounted", [])}
        self.hero_team.update({m["id"]: m["faction"] for m in options.get("mounted", [])})
        self.scenario_mode = {s["id"]: s["mode"] for s in options["scenarios"]}
        self.scenario_team = {s["id"]: s.get("player_faction") or "" for s in options["scenarios"]}
        self.fields["difficulty"].choices = [(d, d.capitalize()) for d in options.get("difficulties", [])]
        self.fields["mode"].choices = [
            (m["id"], MODE_LABELS.get(m["id"], m["name"])) for m in options["modes"]
        ]
        self.fields["scenario"].choices = [(s["id"], s["name"]) for s in options["scenarios"]]
        self.fields["my_team"].choices = list(self.teams.items())
        heroes = [
            (h["id"], f"{h['name']} ({self.teams.get(h['faction'], h['faction'])})")
            for h in options["heroes"]
        ] + [
            (
                m["id"],
                _("%(name)s (%(team)s; mounted, FE-4.1.8)")
                % {"name": m["name"], "team": self.teams.get(m["faction"], m["faction"])},
            )
            for m in options.get("mounted", [])
        ]
        self.fields["my_heroes"].choices = heroes
        self.fields["their_heroes"].choices = heroes
        for key in ("mate2_heroes", "mate3_heroes", "their2_heroes", "their3_heroes"):
            self.fields[key].choices = heroes
        self.fields["options"].choices = [(o["id"], o["name"]) for o in options["options"]]
        # Co-op players pick among the heroes of the teams that play the solo scenarios.
        solo_teams = {s.get("player_faction") for s in options["scenarios"] if s["mode"] == "solo"}
        coop = [
            (h, label) for h, label in heroes if not solo_teams - {""} or self.hero_team.get(h) in solo_teams
        ]
        self.fields["coop2_heroes"].choices = coop
        self.fields["coop3_heroes"].choices = coop

    def clean(self):
        data = super().clean()
        mode, team = data.get("mode"), data.get("my_team")
        if data.get("scenario") and mode and self.scenario_mode.get(data["scenario"]) != mode:
            self.add_error("scenario", _("Choose a scenario of this game."))
        other = next((t for t in self.teams if t != team), None)
        free = bool(data.get("free_heroes")) and mode == "skirmish"
        mine, theirs = data.get("my_heroes") or [], data.get("their_heroes") or []
        solo = mode == "solo"
        if solo:  # FE-18.1: one phone, the scenario's team against the game; no second player
            theirs = data["their_heroes"] = []
            own = self.scenario_team.get(data.get("scenario") or "")
            if own and team != own:
                self.add_error(
                    "my_team",
                    _("This solo scenario is played by %(team)s (FE-18.1.2).")
                    % {"team": self.teams.get(own, own)},
                )
            if not data.get("difficulty"):
                self.add_error("difficulty", _("Choose the difficulty (FE-18)."))
        elif not (data.get("their_name") or "").strip():
            self.add_error("their_name", _("Name the other player."))
        teams = (
            (("my_heroes", mine, team),)
            if solo
            else (("my_heroes", mine, team), ("their_heroes", theirs, other))
        )
        for key, picked, side in teams:
            if len(picked) != 3:
                self.add_error(key, _("Pick three heroes (%(count)s picked).") % {"count": len(picked)})
            elif not free and any(self.hero_team.get(h) != side for h in picked):
                self.add_error(
                    key, _("Pick heroes of %(team)s (FE-4.1.2).") % {"team": self.teams.get(side, side)}
                )
            elif sum(h in self.rides for h in picked) > 1:
                rule = "FE-19.4.1" if mode == "skirmish" else "FE-4.1.8"
                self.add_error(key, _("A team fields at most one mounted hero (%(rule)s).") % {"rule": rule})
        heroes = [self.rides.get(h, h) for h in mine + theirs]  # a mounted hero is its hero
        if len(set(heroes)) != len(heroes):
            self.add_error("their_heroes", _("A hero is fielded once, mounted or not (FE-4.1.2)."))
        data["their_team"] = other
        data["coop"] = self._coop(data, solo, mine)
        team_game = mode == "standard"
        data["mates"] = self._teammates(data, "mate", team_game, mine, "my_heroes", "your")
        data["their_mates"] = self._teammates(data, "their", team_game, theirs, "their_heroes", "their")
        return data

    def _teammates(
        self, data: dict, prefix: str, team_game: bool, team: list[str], team_key: str, whose: str
    ) -> list[tuple[str, list[str]]]:
        """A team's players besides its first (FE-2.1): each names one or more of the team's three heroes,
        none named twice, and the team's first player keeps one or more."""
        partners, taken = [], []
        for n in (2, 3):
            name = (data.get(f"{prefix}{n}_name") or "").strip()
            heroes = list(data.get(f"{prefix}{n}_heroes") or [])
            if not name and not heroes:
                continue
            if not team_game:
                self.add_error(f"{prefix}{n}_name", _("More players a team are for the team game (FE-2.1)."))
                continue
            if not name:
                self.add_error(f"{prefix}{n}_name", _("Name this player of the team."))
            elif not heroes:
                self.add_error(f"{prefix}{n}_heroes", _("Pick the heroes this player controls (FE-2.1)."))
            elif any(h not in team for h in heroes):
                among = (
                    _("Pick among your team's three heroes.")
                    if whose == "your"
                    else _("Pick among their team's three heroes.")
                )
                self.add_error(f"{prefix}{n}_heroes", among)
            elif any(h in taken for h in heroes):
                self.add_error(f"{prefix}{n}_heroes", _("Each hero is controlled by one player (FE-2.1)."))
            else:
                partners.append((name, heroes))
                taken += heroes
        if partners and len(team) == 3 and len(taken) >= len(team):
            self.add_error(
                team_key,
                _("Keep one or more of the heroes for yourself (FE-2.1).")
                if whose == "your"
                else _("Keep one or more of the heroes for the other team's first player (FE-2.1)."),
            )
        return partners

    def _coop(self, data: dict, solo: bool, mine: list[str]) -> list[tuple[str, list[str]]]:
        """The co-op players (name, the heroes they control) besides the one at this phone (FE-18.1.2):
        each names one or more of the team's heroes, none named twice, and this phone's player keeps one
        or more."""
        partners, taken = [], []
        for n in (2, 3):
            name = (data.get(f"coop{n}_name") or "").strip()
            heroes = list(data.get(f"coop{n}_heroes") or [])
            if not name and not heroes:
                continue
            if not solo:
                self.add_error(
                    f"coop{n}_name", "Co-op players are for the game against the game (FE-18.1.2)."
                )
                continue
            if not name:
                self.add_error(f"coop{n}_name", _("Name this co-op player."))
            elif not heroes:
                self.add_error(f"coop{n}_heroes", _("Pick the heroes this player controls (FE-18.1.2)."))
            elif any(h not in mine for h in heroes):
                self.add_error(f"coop{n}_heroes", _("Pick among your team's three heroes."))
            elif any(h in taken for h in heroes):
                self.add_error(f"coop{n}_heroes", _("Each hero is controlled by one player."))
            else:
                partners.append((name, heroes))
                taken += heroes
        if partners and len(mine) == 3 and len(taken) >= len(mine):
            self.add_error("my_heroes", _("Keep one or more of the heroes for yourself (FE-18.1.2)."))
        return partners

    def table_choices(self, user) -> dict:
        data = self.cleaned_data
        taken = {h for _, heroes in data["coop"] for h in heroes}
        own = [h for h in data["my_heroes"] if h not in taken]
        seats = [Seating(data["my_name"], own, {"faction": data["my_team"]})]
        setup = {
            "mode": data["mode"],
            "scenario": data["scenario"],
            "free_heroes": bool(data.get("free_heroes")),
            "options": {o: True for o in data.get("options") or []},
        }
        if data["mode"] == "solo":  # one phone: the table starts at once (play.tables.create_game)
            setup["difficulty"] = data["difficulty"]
            # FE-18.1.2: the co-op players, each with the heroes they control, recorded in the header.
            seats += [Seating(name, heroes, {"faction": data["my_team"]}) for name, heroes in data["coop"]]
        else:  # FE-2.1: each team's first player controls the heroes its other players do not
            own = {h for _, heroes in data["mates"] for h in heroes}
            seats[0] = Seating(
                data["my_name"], [h for h in data["my_heroes"] if h not in own], seats[0].extra
            )
            seats += [Seating(name, heroes, {"faction": data["my_team"]}) for name, heroes in data["mates"]]
            theirs = {h for _, heroes in data["their_mates"] for h in heroes}
            their_first = [h for h in data["their_heroes"] if h not in theirs]
            seats.append(Seating(data["their_name"], their_first, {"faction": data["their_team"]}))
            seats += [
                Seating(name, heroes, {"faction": data["their_team"]}) for name, heroes in data["their_mates"]
            ]
        # "2": the other team starts, its first player's seat after this team's players.
        first = 1 if data["mode"] == "solo" or data["first"] == "1" else 2 + len(data.get("mates") or [])
        return {
            "seats": seats,
            "first_player_seat": first,
            # Solo, this phone holds every seat unless the co-op players bring their own (FE-18.1.2).
            "one_phone": data["mode"] == "solo" and not (data["coop"] and data.get("coop_phones")),
            "mode": data.get("dice") or DiceMode.SEEDED,
            "setup": setup,
        }
