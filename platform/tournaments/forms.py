"""Forms of the tournament pages. They only read input; services decide what is allowed."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model

from tournaments import content
from tournaments.algorithms.tiebreaks import METRICS
from tournaments.models import Event, Outcome

EVENT_FIELDS = [
    "name",
    "game",
    "starts_on",
    "ends_on",
    "venue",
    "description",
    "format",
    "swiss_rounds",
    "top_cut",
    "first_round",
    "avoid_same_club",
    "draw_rule",
    "points_win",
    "points_draw",
    "points_loss",
    "bye_vp",
    "max_byes",
    "tiebreaks",
    "content_pack",
    "points_limit",
    "list_deadline",
    "lists_public",
    "round_minutes",
    "registration_cap",
    "require_check_in",
    "late_join_points",
]


class TiebreakField(forms.CharField):
    """The ordered tiebreak keys as one line: "points, sos, vp_diff"."""

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return ", ".join(value)
        return value

    def to_python(self, value):
        text = super().to_python(value) or ""
        return [key.strip() for key in text.replace(";", ",").split(",") if key.strip()]

    def validate(self, value):
        if not value:
            raise forms.ValidationError("Choose at least one tiebreak.")
        unknown = [k for k in value if k not in METRICS]
        if unknown:
            raise forms.ValidationError(f"Unknown tiebreak {unknown[0]!r}; known: {', '.join(METRICS)}.")
        if len(set(value)) != len(value):
            raise forms.ValidationError("A tiebreak is listed twice.")


class EventForm(forms.ModelForm):
    tiebreaks = TiebreakField(
        help_text="Most important first, separated by commas. Available: "
        + ", ".join(f"{key} ({cls.name})" for key, cls in METRICS.items())
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
            "swiss_rounds": "Swiss rounds",
            "top_cut": "Top cut (players)",
            "points_win": "Points for a win",
            "points_draw": "Points for a draw",
            "points_loss": "Points for a loss",
            "bye_vp": "VP for a bye",
            "round_minutes": "Round time limit (minutes)",
            "points_limit": "Force points limit",
            "lists_public": "Lists are public",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"] = forms.ChoiceField(choices=content.game_choices())
        game = self.data.get("game") or self.initial.get("game") or getattr(self.instance, "game", None)
        packs = content.pack_choices(game or "motu-battleground")
        self.fields["content_pack"] = forms.ChoiceField(
            choices=packs, help_text="lists are checked against it"
        )
        self.fields["list_deadline"].input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]
        self.fields["ends_on"].required = False


class ListForm(forms.Form):
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 10, "class": "list-text", "spellcheck": "false"}),
        label="Your list",
        help_text="One character per line, equipment after a colon: “He-Man: Sword of Power, Ring of Grayskull”. "
        "An optional first line “Faction: …”.",
    )


class UploadLogForm(forms.Form):
    file = forms.FileField(help_text="The game's Arbiter log (.json).")


class ResultForm(forms.Form):
    """A result in table orientation; the labels name the players."""

    outcome_a = forms.ChoiceField(choices=[], label="Result")
    vp_a = forms.IntegerField(min_value=0, initial=0)
    vp_b = forms.IntegerField(min_value=0, initial=0)
    knockouts_a = forms.IntegerField(min_value=0, initial=0)
    knockouts_b = forms.IntegerField(min_value=0, initial=0)

    def __init__(self, *args, match=None, **kwargs):
        super().__init__(*args, **kwargs)
        a = match.entrant_a.display_name if match else "first player"
        b = match.entrant_b.display_name if match and match.entrant_b_id else "second player"
        self.fields["outcome_a"].choices = [
            (Outcome.WIN, f"{a} won"),
            (Outcome.DRAW, "Draw"),
            (Outcome.LOSS, f"{b} won"),
        ]
        self.fields["vp_a"].label = f"VP {a}"
        self.fields["vp_b"].label = f"VP {b}"
        self.fields["knockouts_a"].label = f"Knock-outs by {a}"
        self.fields["knockouts_b"].label = f"Knock-outs by {b}"


class DecisionForm(ResultForm):
    note = forms.CharField(required=False, max_length=300)


class ResolveForm(DecisionForm):
    decision = forms.ChoiceField(
        choices=[
            ("uphold", "Uphold the result as it stands"),
            ("overturn", "Replace it with the result below"),
        ],
        widget=forms.RadioSelect,
        initial="uphold",
    )
    field_order = ["decision", "outcome_a", "vp_a", "vp_b", "knockouts_a", "knockouts_b", "note"]


class DisputeForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(coerce=int, label="Swap")
    second = forms.TypedChoiceField(coerce=int, label="with")
    note = forms.CharField(
        required=False,
        max_length=200,
        label="Why",
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
    username = forms.CharField(max_length=150)
    points = forms.DecimalField(
        max_digits=5, decimal_places=2, required=False, help_text="default: the event's late-join score"
    )

    def clean_username(self):
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError("No player with that username.")
        return user


class OrganizerForm(forms.Form):
    username = forms.CharField(max_length=150, label="Add an organizer")

    def clean_username(self):
        user = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError("No user with that username.")
        return user
