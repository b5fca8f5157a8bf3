"""Forms of the tournament pages. They only read input; services decide what is allowed."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

import games
from draw import result_rules
from draw.models import Outcome
from draw.seats import OPPOSITE, SeatScore, is_pod, place_label, side_names, sides
from tournaments.algorithms.battle_points import PRESETS, format_bands, parse_bands
from tournaments.algorithms.errors import InvalidInput, as_sentence
from tournaments.algorithms.soft_scores import format_categories, parse_categories
from tournaments.algorithms.standings import DEFAULT_ORDER
from tournaments.algorithms.tiebreaks import METRICS, metrics_for
from tournaments.game_modes import game_modes
from tournaments.models import Event
from tournaments.tiebreak_labels import tiebreak_explanation, tiebreak_name

EVENT_FIELDS = [
    "name",
    "game",
    "starts_on",
    "ends_on",
    "venue",
    "description",
    "format",
    "team_size",
    "game_mode",
    "placement_points",
    "swiss_rounds",
    "top_cut",
    "first_round",
    "avoid_same_club",
    "draw_rule",
    "points_win",
    "points_draw",
    "points_loss",
    "bye_score",
    "max_byes",
    "tiebreaks",
    "battle_points",
    "soft_score_categories",
    "soft_scores_use",
    "content_pack",
    "points_limit",
    "list_deadline",
    "lists_public",
    "round_minutes",
    "registration_cap",
    "require_check_in",
    "odd_field",
    "late_join_points",
]


#: The event form's steps, each a fieldset: its legend and its fields in order. A field of the
#: form left out of every step lands in the last one.
EVENT_STEPS = [
    ("game", _("Game and mode"), ["name", "game", "game_mode", "team_size", "content_pack"]),
    ("schedule", _("Schedule and place"), ["starts_on", "ends_on", "venue", "description", "round_minutes"]),
    (
        "pairing",
        _("Pairing and draw"),
        [
            "format",
            "swiss_rounds",
            "top_cut",
            "first_round",
            "avoid_same_club",
            "odd_field",
            "max_byes",
            "draw_rule",
        ],
    ),
    (
        "scoring",
        _("Scoring and tiebreaks"),
        [
            "points_win",
            "points_draw",
            "points_loss",
            "bye_score",
            "scoring_preset",
            "battle_points",
            "placement_points",
            "tiebreaks",
            "soft_score_categories",
            "soft_scores_use",
        ],
    ),
    (
        "registration",
        _("Registration and lists"),
        [
            "registration_cap",
            "require_check_in",
            "late_join_points",
            "points_limit",
            "list_deadline",
            "lists_public",
        ],
    ),
]


class TiebreakWidget(forms.MultiWidget):
    """The tiebreaks as a row of menus, most important first, each offering the game's tiebreaks
    (``set_choices``); an empty menu is skipped. A post with the plain ``tiebreaks`` line (a script's)
    is read as before."""

    def __init__(self, slots: int = 4):
        super().__init__([forms.Select() for _ in range(slots)])

    def set_choices(self, choices: list[tuple[str, str]], slots: int) -> None:
        self.widgets = []
        for number in range(1, slots + 1):
            label = _("Tiebreak %(number)s") % {"number": number}
            self.widgets.append(forms.Select(choices=[("", "—"), *choices], attrs={"aria-label": label}))
        self.widgets_names = [f"_{number}" for number in range(slots)]

    def use_required_attribute(self, initial):
        return False  # the later menus may stay empty; the field asks for one tiebreak itself

    def decompress(self, value):
        keys = TiebreakField.keys_of(value)
        return keys + [""] * (len(self.widgets) - len(keys))

    def value_from_datadict(self, data, files, name):
        if name in data:
            return data.get(name)
        # Every menu posted, however many this form shows (a form re-rendered for another game).
        chosen, number = [], 0
        while f"{name}_{number}" in data:
            chosen.append(data.get(f"{name}_{number}"))
            number += 1
        return ", ".join(key for key in chosen if key)

    def value_omitted_from_data(self, data, files, name):
        return name not in data and f"{name}_0" not in data


class TiebreakField(forms.CharField):
    """The ordered tiebreak keys, typed as one line "points, sos, score_diff" or chosen in the
    menus of ``TiebreakWidget`` (the event's game and format may narrow which keys apply;
    services.events checks that)."""

    widget = TiebreakWidget

    @staticmethod
    def keys_of(value) -> list[str]:
        if isinstance(value, list | tuple):
            return [str(key) for key in value]
        return [key.strip() for key in (value or "").replace(";", ",").split(",") if key.strip()]

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return ", ".join(value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        return [key.strip() for key in text.replace(";", ",").split(",") if key.strip()]

    def validate(self, value):
        if not value:
            raise forms.ValidationError(_("Choose at least one tiebreak."))
        unknown = [k for k in value if k not in METRICS]
        if unknown:
            raise forms.ValidationError(
                _("Unknown tiebreak %(key)s; known: %(known)s.")
                % {"key": repr(unknown[0]), "known": ", ".join(METRICS)}
            )
        if len(set(value)) != len(value):
            raise forms.ValidationError(_("A tiebreak is listed twice."))


class _LinesField(forms.CharField):
    """A list stored as JSON, typed one item a line; ``parse`` and ``show`` convert."""

    parse = staticmethod(lambda text: [])
    show = staticmethod(lambda value: "")

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}))
        super().__init__(**kwargs)

    def prepare_value(self, value):
        return self.show(value) if isinstance(value, list | tuple) else value

    def to_python(self, value):
        try:
            return self.parse(super().to_python(value) or "")
        except InvalidInput as exc:
            raise forms.ValidationError(as_sentence(exc)) from None


class BattlePointsField(_LinesField):
    parse = staticmethod(parse_bands)
    show = staticmethod(format_bands)


class SoftScoreCategoriesField(_LinesField):
    parse = staticmethod(parse_categories)
    show = staticmethod(format_categories)


class PlacementPointsField(forms.CharField):
    """Points per finishing place in a pod, first place first, typed on one line: "3, 2, 1, 0"."""

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return ", ".join(f"{float(v):g}" for v in value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        try:
            return [float(v) for v in text.replace(";", ",").replace("/", ",").split(",") if v.strip()]
        except ValueError:
            raise forms.ValidationError(
                _("Type the points as numbers separated by commas, e.g. 3, 2, 1, 0.")
            ) from None


#: The scoring tables' names (``algorithms.battle_points.PRESETS``, pure Python) as the form shows them.
PRESET_NAMES = {
    "win-draw-loss": _("Win, draw, loss (the event's points per outcome; no battle points)"),
    "twenty-zero": _("20–0 by VP margin, one step every 3 VP"),
    "victory-bands": _("Draw, minor and major victory by VP margin"),
}


class EventForm(forms.ModelForm):
    tiebreaks = TiebreakField()
    placement_points = PlacementPointsField(
        required=False,
        label=_("Points per place in a pod"),
        help_text=_(
            "Free-for-all modes only: 1st place first, e.g. “3, 2, 1, 0”; a pod of three reads them "
            "scaled (3, 1.5, 0). Empty: 3, 2, 1, 0."
        ),
    )
    scoring_preset = forms.ChoiceField(
        required=False,
        label=_("Start from a scoring table"),
        choices=[
            ("", _("Keep the bands below")),
            *((key, PRESET_NAMES.get(key, name)) for key, (name, _bands) in PRESETS.items()),
        ],
        help_text=_("Replaces the bands below with the table chosen."),
    )
    battle_points = BattlePointsField(
        label=_("Battle points by score margin"),
        help_text=_(
            "One band a line: margin, name, points of the side ahead and behind, e.g. "
            "“0-4 Draw 10-10”, “5-14 Minor victory 13-7”, “15+ Major victory 17-3”. Bands start at 0, "
            "follow on without gaps and the last ends with “+”. Empty: points per win, draw and loss."
        ),
    )
    soft_score_categories = SoftScoreCategoriesField(
        label=_("Soft score categories"),
        widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false"}),
        help_text=_(
            "One a line with its maximum, e.g. “Sportsmanship: 10”, “Painting: 20”. "
            "Organizers enter them per player; they never change game points."
        ),
    )

    class Meta:
        model = Event
        fields = EVENT_FIELDS
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
            "list_deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "description": forms.Textarea(attrs={"rows": 3}),
        }
        labels = {
            "name": _("Name"),
            "starts_on": _("Starts on"),
            "ends_on": _("Ends on"),
            "venue": _("Venue"),
            "description": _("Description"),
            "format": _("Format"),
            "first_round": _("First round"),
            "random_seed": _("Random seed"),
            "avoid_same_club": _("Avoid same club"),
            "max_byes": _("Max byes"),
            "list_deadline": _("List deadline"),
            "registration_cap": _("Registration cap"),
            "require_check_in": _("Require check in"),
            "late_join_points": _("Late join points"),
            "swiss_rounds": _("Swiss rounds"),
            "top_cut": _("Top cut (players)"),
            "points_win": _("Points for a win"),
            "points_draw": _("Points for a draw"),
            "points_loss": _("Points for a loss"),
            "round_minutes": _("Round time limit (minutes)"),
            "points_limit": _("Force points limit"),
            "lists_public": _("Lists are public"),
            "odd_field": _("Odd number of players"),
            "soft_scores_use": _("Soft scores in the ranking"),
        }
        # The model's help texts, marked for translation here (the model keeps its own in English).
        help_texts = {
            "swiss_rounds": _("Swiss rounds (Swiss and Swiss + top cut)"),
            "top_cut": _("players in the top cut (a power of two)"),
            "random_seed": _("replays the random first-round draw"),
            "bye_score": _("the game's score a bye is worth"),
            "tiebreaks": _("metric keys, most important first"),
            "lists_public": _("publish every list once lists are locked"),
            "require_check_in": _("round 1 pairs checked-in players only"),
            "odd_field": _("an odd field gives a bye, or the ringer plays (Swiss rounds)"),
            "team_size": _("players per team, up to the game's limit (0: every player for themselves)"),
            "game_mode": _("the game's mode of play (empty: the standard game)"),
            "placement_points": _("points per place in a pod, 1st first"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        game = self.data.get("game") or self.initial.get("game") or getattr(self.instance, "game", None)
        offered = games.event_games()
        if game not in {game_id for game_id, _ in offered}:
            game = games.default_game()
        self.game = self.initial["game"] = game
        # The game the event plays, or the site's default for a new one, comes selected.
        self.fields["game"] = forms.ChoiceField(
            choices=offered,
            initial=game,
            label=_("Game"),
            help_text=_("Choosing a game shows its modes, content packs, draw rules and tiebreaks."),
        )
        packs = [(pack, pack) for pack in games.plugin(game).pack_ids()]
        self.fields["content_pack"] = forms.ChoiceField(
            choices=packs,
            initial=games.plugin(game).default_pack(),
            label=_("Content pack"),
            help_text=_("lists are checked against it"),
        )
        plugin = games.plugin(game)
        self.fields["draw_rule"] = forms.ChoiceField(
            choices=[(rule.key, rule.label) for rule in plugin.all_draw_breaks()],
            label=_("A drawn elimination game"),
        )
        known = metrics_for(game)
        tiebreaks = self.fields["tiebreaks"]
        tiebreaks.label = _("Tiebreaks, most important first")
        tiebreaks.help_text = _(
            "Ties in the standings are broken by the first menu, then the next; “—” skips a menu."
        )
        start = tiebreaks.widget.value_from_datadict(self.data, None, "tiebreaks") if self.is_bound else None
        start = TiebreakField.keys_of(start or self.initial.get("tiebreaks") or DEFAULT_ORDER)
        battle_points = bool(
            self.data.get("battle_points") if self.is_bound else self.initial.get("battle_points")
        )
        tiebreaks.widget.set_choices(
            [(key, tiebreak_name(key)) for key in known], slots=min(len(known), max(4, len(start) + 1))
        )
        # One line per tiebreak the game offers: what it measures (shown under the menus).
        self.tiebreak_help = [
            (tiebreak_name(key, battle_points=battle_points), tiebreak_explanation(key)) for key in known
        ]
        self.fields["game_mode"] = forms.ChoiceField(
            required=False,
            label=_("Mode of play"),
            choices=[("", _("The standard game"))]
            + [(m.id, m.name) for m in game_modes(game) if not m.against_game],
            help_text=_("A free-for-all mode pairs pods of 3–4 players; a team mode needs its team size."),
        )
        self.fields["team_size"].required = False  # left out: every player for themselves
        self.fields["team_size"].label = _("Players per team")
        self.fields["list_deadline"].input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
        self.fields["ends_on"].required = False
        # The bye's score in the game's own words (VP, favour…): its ResultSchema's score label.
        self.fields["bye_score"].label = _("%(score)s for a bye") % {"score": plugin.score_label}
        self.order_fields(_after(list(self.fields), "scoring_preset", "bye_score"))
        if not self.is_bound:
            self._start_from_game_defaults(game)

    def steps(self) -> list[dict]:
        """The form's fields grouped in fieldsets (``EVENT_STEPS``): key, legend and bound fields."""
        placed = {name for _key, _legend, names in EVENT_STEPS for name in names}
        steps = [
            {"key": key, "legend": legend, "fields": [self[name] for name in names if name in self.fields]}
            for key, legend, names in EVENT_STEPS
        ]
        steps[-1]["fields"] += [self[name] for name in self.fields if name not in placed]
        return [step for step in steps if step["fields"]]

    def _start_from_game_defaults(self, game: str) -> None:
        """Values typed for another game (a re-rendered form) or kept by an event of another game give
        way to the game's own: its default pack, the tiebreaks it knows, a mode and draw rule it has."""
        known = metrics_for(game)
        start = self.initial.get("tiebreaks") or getattr(self.instance, "tiebreaks", None) or []
        if isinstance(start, str):
            start = self.fields["tiebreaks"].to_python(start)
        self.initial["tiebreaks"] = [key for key in start if key in known] or [
            key for key in DEFAULT_ORDER if key in known
        ]
        for name in ("content_pack", "draw_rule", "game_mode"):
            offered = {str(value) for value, _label in self.fields[name].choices}
            current = self.initial.get(name, getattr(self.instance, name, None))
            if current not in offered:
                fallback = self.fields[name].initial or next(iter(offered), "")
                self.initial[name] = "" if name == "game_mode" else fallback

    def clean_team_size(self) -> int:
        return self.cleaned_data.get("team_size") or 0

    def clean(self):
        data = super().clean()
        preset = data.get("scoring_preset")
        if preset:
            data["battle_points"] = list(PRESETS[preset][1])
        return data


def typed_values(form_class, data) -> dict:
    """What was typed in a posted event form, as initial values for the form shown again (a game
    chosen without JavaScript): every field but the hidden token; an unticked box as False."""
    initial = {}
    for name, field in form_class.base_fields.items():
        if isinstance(field, forms.BooleanField):
            initial[name] = name in data
        elif not field.widget.value_omitted_from_data(data, {}, name):
            initial[name] = field.widget.value_from_datadict(data, {}, name)
    if "game" in data:
        initial["game"] = data.get("game")
    return initial


def _after(keys: list[str], key: str, anchor: str) -> list[str]:
    keys = [k for k in keys if k != key]
    return keys[: keys.index(anchor) + 1] + [key] + keys[keys.index(anchor) + 1 :]


class ListForm(forms.Form):
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 10, "class": "list-text", "spellcheck": "false"}),
        label=_("Your list"),
        help_text=_(
            "One character per line, equipment after a colon: “He-Man: Sword of Power, Ring of Grayskull”. "
            "An optional first line “Faction: …”."
        ),
    )


class UploadLogForm(forms.Form):
    file = forms.FileField(help_text=_("The game's Arbiter log (.json)."))


class ResultForm(forms.Form):
    """A result, one score per seat in table order; the labels name the players.

    Two seats choose one outcome ("Ann won", "Draw", "Bob won"); more seats give each its
    own. The score is the game's (VP in Battleground) and the counters the game declares
    (games.GamePlugin.counters, e.g. knock-outs dealt) are asked per seat too. When the game
    names the ways it can end (the engine's ResultSchema.endings), the form asks which one,
    starting on the score-decided one, and the service holds the result to it.
    """

    def __init__(self, *args, match=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        seats = match.seat_list() if match else []
        names = [seat.registration.display_name for seat in seats] or ["first player", "second player"]
        if match is not None and match.round.event.is_team_event:
            # One result per team: its players share it (FE-17); the service seats it on each.
            names = side_names(match)
        plugin = match.round.event.game_plugin if match else None
        self.letters = "abcdefghijklmnopqrstuvwxyz"[: len(names)]
        self.counters = dict(plugin.counters) if plugin else {}
        # A free-for-all pod (Hoplomachus Pandemonium, HR-16): each seat takes a finishing place.
        self.places = match is not None and is_pod(match)
        if self.places:
            choices = [(str(n), place_label(n)) for n in range(1, len(names) + 1)]
            for letter, name in zip(self.letters, names, strict=True):
                self.fields[f"place_{letter}"] = forms.TypedChoiceField(
                    choices=choices, coerce=int, label=_("%(name)s: place") % {"name": name}
                )
        elif len(names) == 2:
            # One choice, stored as the first seat's outcome: "Ann won", "Draw", "Bob won".
            first, second = names
            self.fields[f"outcome_{self.letters[0]}"] = forms.ChoiceField(
                choices=[
                    (Outcome.WIN, _("%(name)s won") % {"name": first}),
                    (Outcome.DRAW, _("Draw")),
                    (Outcome.LOSS, _("%(name)s won") % {"name": second}),
                ],
                label=_("Result"),
            )
        else:
            for letter, name in zip(self.letters, names, strict=True):
                self.fields[f"outcome_{letter}"] = forms.ChoiceField(choices=Outcome.choices, label=f"{name}")
        score_label = plugin.score_label if plugin else _("Score")
        self.score_label = score_label
        # A pod is decided by places alone (Pandemonium has no crowd favour, HR-16.5.1): no score asked.
        for letter, name in zip(self.letters, names, strict=True):
            if self.places:
                break
            self.fields[f"score_{letter}"] = forms.IntegerField(
                min_value=0, initial=0, label=f"{score_label} {name}"
            )
        for key, label in self.counters.items():
            for letter, name in zip(self.letters, names, strict=True):
                self.fields[f"{key}_{letter}"] = forms.IntegerField(
                    min_value=0, initial=0, label=f"{label} ({name})"
                )
        choices = result_rules.endings(match.round.event) if match else []
        if choices:
            # Not required: a post without it (a script) is held to the score-decided ending.
            self.fields["ending"] = forms.ChoiceField(
                choices=choices, initial=choices[0][0], label=_("How the game ended"), required=False
            )
        self.order_fields([*(k for k in self.fields if k != "note"), "note"])

    def ending(self) -> str | None:
        """The ending chosen (call after is_valid); None when the game names none."""
        if "ending" not in self.fields:
            return None
        return self.cleaned_data.get("ending") or self.fields["ending"].initial

    def scores(self) -> list[SeatScore]:
        """The cleaned result as one SeatScore per seat (call after is_valid)."""
        data = self.cleaned_data
        if self.places:  # the outcome follows the place (draw.seats.pod_places: 1st is the win)
            return [
                SeatScore(
                    outcome="",
                    components={key: data[f"{key}_{letter}"] for key in self.counters},
                    rank=data[f"place_{letter}"],
                )
                for letter in self.letters
            ]
        if len(self.letters) == 2:
            first = data[f"outcome_{self.letters[0]}"]
            outcomes = [first, OPPOSITE[first]]
        else:
            outcomes = [data[f"outcome_{letter}"] for letter in self.letters]
        return [
            SeatScore(
                outcome=outcome,
                score=data[f"score_{letter}"],
                components={key: data[f"{key}_{letter}"] for key in self.counters},
            )
            for letter, outcome in zip(self.letters, outcomes, strict=True)
        ]

    @staticmethod
    def initial_for(match) -> dict:
        """The form's initial values from the match's stored result (empty without one)."""
        if not match.has_result:
            return {}
        seats = match.seat_list()
        if match.round.event.is_team_event:  # a letter per team, read from its first seat
            seats = [side[0] for side in sides(match)]
        initial = {"ending": match.ending} if match.ending else {}
        for letter, seat in zip("abcdefghijklmnopqrstuvwxyz", seats, strict=False):
            if is_pod(match):
                initial[f"place_{letter}"] = seat.rank
            else:
                initial[f"outcome_{letter}"] = seat.outcome
                initial[f"score_{letter}"] = seat.score
            for key, value in (seat.components or {}).items():
                initial[f"{key}_{letter}"] = value
        return initial


class DecisionForm(ResultForm):
    note = forms.CharField(required=False, max_length=300, label=_("Note"))


class ResolveForm(DecisionForm):
    """A ruling on a dispute. Nothing is chosen in advance: the organizer or judge picks uphold
    or replace, and a result changed below while "uphold" is chosen is an error, not ignored."""

    decision = forms.ChoiceField(
        choices=[
            ("uphold", _("Uphold the result as it stands")),
            ("overturn", _("Replace it with the result below")),
        ],
        widget=forms.RadioSelect,
        label=_("Decision"),
        error_messages={"required": _("Choose a decision: uphold the result or replace it.")},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.order_fields(["decision", *(k for k in self.fields if k not in ("decision", "note")), "note"])


class GridRowForm(ResultForm):
    """One table of the results grid (prefixed by its table). Nothing is pre-chosen for a table
    without a counted result: a row left untouched is skipped, a row half filled is an error."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if name.startswith(("outcome_", "place_")):
                field.choices = [("", "—"), *field.choices]
            field.required = False
            field.widget.attrs["aria-label"] = field.label
        for name in self.fields:
            if name.startswith("score_") or any(name.startswith(f"{key}_") for key in self.counters):
                self.fields[name].initial = None
                self.fields[name].widget.attrs.update(inputmode="numeric", size=3)

    def is_empty(self) -> bool:
        """Nothing typed: no outcome chosen and no number entered."""
        data = self.cleaned_data
        typed = [v for k, v in data.items() if k.startswith(("outcome_", "score_", "place_"))]
        typed += [v for k, v in data.items() if any(k.startswith(f"{key}_") for key in self.counters)]
        return all(v in (None, "") for v in typed)

    def clean(self):
        data = super().clean()
        if self.errors or self.is_empty():
            return data
        if self.places:
            if any(data.get(f"place_{letter}") in (None, "") for letter in self.letters):
                self.add_error(None, _("Give every player their place (1st to last)."))
        else:
            outcome_fields = [k for k in self.fields if k.startswith("outcome_")]
            if any(not data.get(k) for k in outcome_fields):
                self.add_error(None, _("Choose who won, or a draw."))
            if any(data.get(f"score_{letter}") is None for letter in self.letters):
                self.add_error(None, _("Enter each player's %(score)s.") % {"score": self.score_label})
        for key in self.counters:
            for letter in self.letters:
                data[f"{key}_{letter}"] = data.get(f"{key}_{letter}") or 0
        return data


class DisputeForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(coerce=int, label=_("Swap"))
    second = forms.TypedChoiceField(coerce=int, label=_("with"))
    note = forms.CharField(
        required=False,
        max_length=200,
        label=_("Why"),
        widget=forms.TextInput(attrs={"placeholder": "for the audit trail"}),
    )

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(r.pk, r.display_name) for r in players]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices
        if len(choices) > 1:
            self.fields["second"].initial = choices[1][0]


class NoteForm(forms.Form):
    note = forms.CharField(
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs={"placeholder": "why (optional, for the audit trail)"}),
    )


class TimerForm(forms.Form):
    minutes = forms.IntegerField(min_value=1, max_value=24 * 60, required=False)


class LateJoinForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Username"))
    points = forms.DecimalField(
        max_digits=5,
        decimal_places=2,
        required=False,
        label=_("Points"),
        help_text=_("default: the event's late-join score"),
    )

    def clean_username(self):
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError(_("No player with that username."))
        return user


class OrganizerForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Add an organizer"))

    def clean_username(self):
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError(_("No user with that username."))
        return user


class JudgeForm(OrganizerForm):
    username = forms.CharField(max_length=150, label=_("Add a judge (username)"))


class TeamForm(forms.Form):
    """A team of a team event: its name, seed and players (registrations in no other team)."""

    name = forms.CharField(max_length=100, label=_("Team name"))
    seed = forms.IntegerField(min_value=1, required=False, label=_("Seed (1 = top, optional)"))
    members = forms.ModelMultipleChoiceField(
        queryset=None, widget=forms.CheckboxSelectMultiple, label=_("Players")
    )

    def __init__(self, *args, event=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        free = event.registrations.filter(
            team__isnull=True, status__in=("registered", "checked-in"), is_ringer=False
        ).order_by("display_name")
        self.fields["members"].queryset = free
        self.fields["members"].label_from_instance = lambda r: r.display_name
        self.fields["members"].help_text = _("1 to %(size)s players, each in one team.") % {
            "size": event.team_size
        }

    def clean_members(self):
        members = self.cleaned_data["members"]
        if len(members) > self.event.team_size:
            raise forms.ValidationError(
                _("A team of this event has at most %(size)s players; you chose %(count)s.")
                % {"size": self.event.team_size, "count": len(members)}
            )
        return members
