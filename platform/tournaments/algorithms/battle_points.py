"""Battle points: a game's tournament points read from its score margin through a table of bands.

This is the wargame community's convention (Old World Rankings and Best Coast Pairings offer
it as "battle points" or "20–0" scoring): instead of 3/1/0 for a win, a draw and a loss, the
organizer publishes bands of the VP difference and what each side earns in each band, e.g.

    0–300      draw            10–10
    301–600    minor victory   13–7
    601 and up major victory   17–3

The side ahead on score takes the band's first number, the side behind the second. With an
equal score (a margin of 0) the game's recorded outcome decides who is "ahead": a win takes
the first number, a loss the second, a draw splits the band evenly. A double loss (both seats
penalised) earns each side the band's second number for a margin of 0, so a penalty never pays
more than losing the closest game. Games of more than two seats read the margin against the
best opposing score.

A table is a list of bands; an empty table means "no battle points", the event's points per
win, draw and loss apply exactly as before. Bands must start at a margin of 0, follow on
without gap or overlap, and the last one must be open-ended, so every margin has one band.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.algorithms.errors import InvalidInput, matched_lines
from tournaments.algorithms.players import Outcome


@dataclass(frozen=True)
class Band:
    """Margins ``low``–``high`` (``high`` None: and above) earn ``ahead`` and ``behind`` points."""

    low: int
    high: int | None
    label: str
    ahead: float
    behind: float

    def covers(self, margin: float) -> bool:
        return margin >= self.low and (self.high is None or margin <= self.high)

    @property
    def margins(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}–{self.high}"

    def as_json(self) -> dict:
        return {
            "min": self.low,
            "max": self.high,
            "label": self.label,
            "winner": self.ahead,
            "loser": self.behind,
        }


@dataclass(frozen=True)
class BattlePointsTable:
    """A validated list of bands. Raises InvalidInput (naming the band at fault) when the bands
    do not start at 0, leave a gap, overlap, are not open-ended, or give the side behind more."""

    bands: tuple[Band, ...]

    def __post_init__(self) -> None:
        if not self.bands:
            raise InvalidInput("a battle points table needs at least one band")
        expected = 0
        for number, band in enumerate(self.bands, start=1):
            where = f"band {number} ({band.margins})"
            if band.low != expected:
                if number == 1:
                    raise InvalidInput(f"{where} must start at a margin of 0")
                if band.low > expected:
                    raise InvalidInput(f"{where} leaves margins {expected}–{band.low - 1} without a band")
                raise InvalidInput(f"{where} overlaps the band before it, which ends at {expected - 1}")
            if band.high is not None and band.high < band.low:
                raise InvalidInput(f"{where} ends before it starts")
            if band.high is None and number != len(self.bands):
                raise InvalidInput(f"{where} is open-ended, so the bands after it can never apply")
            if band.ahead < 0 or band.behind < 0:
                raise InvalidInput(f"{where} gives negative points")
            if band.behind > band.ahead:
                raise InvalidInput(f"{where} gives the side behind more than the side ahead")
            expected = band.high + 1 if band.high is not None else expected
        if self.bands[-1].high is not None:
            raise InvalidInput(
                f"the last band ends at {self.bands[-1].high}: make it open-ended "
                f"(“{self.bands[-1].low}+”) so that every margin has a band"
            )

    def band_for(self, margin: float) -> Band:
        margin = abs(margin)
        # Scores are whole numbers; a fractional margin between two bands belongs to the lower.
        return next((b for b in self.bands if b.covers(margin)), None) or next(
            b for b in reversed(self.bands) if b.low <= margin
        )

    def points(
        self, outcome: Outcome, score_for: float, score_against: float, *, double_loss: bool = False
    ) -> float:
        """Battle points of one side: its outcome, its score and the best opposing score."""
        margin = score_for - score_against
        band = self.band_for(margin)
        if double_loss:
            return self.bands[0].behind
        if margin > 0:
            return band.ahead
        if margin < 0:
            return band.behind
        return {"win": band.ahead, "loss": band.behind, "draw": (band.ahead + band.behind) / 2}[outcome]

    def as_json(self) -> list[dict]:
        return [b.as_json() for b in self.bands]


def table_from_json(data: Sequence[Mapping] | None) -> BattlePointsTable | None:
    """The table stored on an event (a list of {min, max, label, winner, loser}); None when empty.
    Raises InvalidInput for a band that is not of that shape or a table that does not validate."""
    if not data:
        return None
    if not isinstance(data, list | tuple):
        raise InvalidInput("battle points must be a list of bands")
    bands = []
    for number, raw in enumerate(data, start=1):
        if not isinstance(raw, Mapping):
            raise InvalidInput(f"band {number} must be an object with min, max, label, winner and loser")
        try:
            low = _whole(raw.get("min", 0))
            high = None if raw.get("max") in (None, "") else _whole(raw["max"])
            ahead, behind = float(raw["winner"]), float(raw["loser"])
        except (KeyError, TypeError, ValueError):
            raise InvalidInput(
                f"band {number} needs whole-number margins (min, max) and the points of each side "
                "(winner, loser)"
            ) from None
        bands.append(Band(low, high, str(raw.get("label") or "").strip()[:40], _tidy(ahead), _tidy(behind)))
    return BattlePointsTable(tuple(bands))


# One band a line: "0-300 Draw 10-10", "301–600: minor victory 13–7", "601+ major victory 17-3".
_LINE = re.compile(
    r"^\s*(?P<low>\d+)\s*(?:(?:-|–|—|to)\s*(?P<high>\d+)|(?P<open>\+|and up|or more))\s*:?\s*"
    r"(?P<label>.*?)\s*(?P<ahead>\d+(?:\.\d+)?)\s*(?:-|–|—|/)\s*(?P<behind>\d+(?:\.\d+)?)\s*$",
    re.IGNORECASE,
)


def parse_bands(text: str) -> list[dict]:
    """The bands typed one per line (as a form takes them), as stored JSON. Raises InvalidInput
    naming the line it cannot read or the band that does not fit."""
    rows = []
    explain = (
        "is not a band: write the margins, a name and the points of each side, "
        "e.g. “301-600 minor victory 13-7” or “601+ major victory 17-3”"
    )
    for found in matched_lines(text, _LINE, explain):
        rows.append(
            {
                "min": int(found["low"]),
                "max": None if found["open"] else int(found["high"]),
                "label": found["label"].strip(" :"),
                "winner": _tidy(float(found["ahead"])),
                "loser": _tidy(float(found["behind"])),
            }
        )
    table = table_from_json(rows)
    return [] if table is None else table.as_json()


def format_bands(data: Iterable[Mapping] | None) -> str:
    """The stored bands as the lines :func:`parse_bands` reads."""
    lines = []
    for band in data or ():
        margins = f"{band['min']}+" if band.get("max") is None else f"{band['min']}-{band['max']}"
        label = f" {band['label']}" if band.get("label") else ""
        lines.append(f"{margins}{label} {_tidy(band['winner'])}-{_tidy(band['loser'])}")
    return "\n".join(lines)


def _whole(value) -> int:
    number = float(value)
    if not number.is_integer() or number < 0:
        raise ValueError(value)
    return int(number)


def _tidy(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def _bands(*rows: tuple[int, int | None, str, int, int]) -> list[dict]:
    return [{"min": lo, "max": hi, "label": label, "winner": w, "loser": b} for lo, hi, label, w, b in rows]


#: Tables an organizer can start from, by key: (name, bands). Margins are in the game's score
#: (VP in Battleground, where a game ends around 0–40 VP a side); edit them for other scales.
PRESETS: dict[str, tuple[str, list[dict]]] = {
    "win-draw-loss": ("Win, draw, loss (the event's points per outcome; no battle points)", []),
    "twenty-zero": (
        "20–0 by VP margin, one step every 3 VP",
        _bands(
            (0, 2, "Draw", 10, 10),
            (3, 5, "", 11, 9),
            (6, 8, "", 12, 8),
            (9, 11, "", 13, 7),
            (12, 14, "", 14, 6),
            (15, 17, "", 15, 5),
            (18, 20, "", 16, 4),
            (21, 23, "", 17, 3),
            (24, 26, "", 18, 2),
            (27, 29, "", 19, 1),
            (30, None, "Massacre", 20, 0),
        ),
    ),
    "victory-bands": (
        "Draw, minor and major victory by VP margin",
        _bands(
            (0, 4, "Draw", 10, 10),
            (5, 14, "Minor victory", 13, 7),
            (15, 29, "Major victory", 17, 3),
            (30, None, "Massacre", 20, 0),
        ),
    ),
}
