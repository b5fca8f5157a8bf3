"""The filter every meta page and API call takes, parsed once and normalised for cache keys.

Pure Python: the API, the pages and the cache all read the same ``MetaFilter``, so a page and
its CSV can never disagree about which games they counted.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace

from dashboards.modes import mode_ids
from dashboards.stats import DEFAULT_MIN_GAMES

# Ratings are grouped in bands this wide; band 1400 holds ratings 1400 ≤ r < 1600.
RATING_BAND_WIDTH = 200

SIMULATED_CHOICES = ("exclude", "include", "only")
# How a yes/no parameter may be written (HTML checkboxes send "on").
_YES, _NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off")

# Query parameter → what it filters; the API schema and the filter form list these.
PARAMETERS = {
    "event": "Event reference (the log header's reference.event) — exact match.",
    "from": "First day to count (YYYY-MM-DD), inclusive, on the day the game was played.",
    "to": "Last day to count (YYYY-MM-DD), inclusive.",
    "pack": "Content pack as id@version, e.g. bg-core-starter@0.1.0.",
    "rating_band": f"Lower edge of a {RATING_BAND_WIDTH}-point band of the game's mean rating, e.g. 1400.",
    "mode": "Mode of play (an engine mode id), for a game of several modes: Hoplomachus skirmish, pandemonium, "
    "alliance, assault, ascension; Fields of Eternia standard, skirmish, solo. Default: every mode.",
    "simulated": "exclude (default): played games only; include: add simulated games; only: simulated games only.",
    "include_reported": "1 to add results reported by hand and confirmed by both players or an organizer (no log, "
    "so unverified; they count only in score and outcome statistics); default 0: verified logs only.",
    "min_games": f"Minimum sample below which a rate is greyed as 'too few games' (default {DEFAULT_MIN_GAMES}).",
}


def rating_band(rating: float | None) -> int | None:
    """The band a rating falls in (its lower edge), or None for an unrated game."""
    if rating is None:
        return None
    return int(rating // RATING_BAND_WIDTH) * RATING_BAND_WIDTH


@dataclass(frozen=True)
class MetaFilter:
    """Which verified games a statistic counts. ``game`` always comes from the URL."""

    game: str
    event: str | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    pack: str | None = None
    rating_band: int | None = None
    mode: str | None = None
    simulated: str = "exclude"
    # Hand-reported results are unverified: counted only when asked for (issue #13).
    include_reported: bool = False
    min_games: int = DEFAULT_MIN_GAMES

    def cache_key(self) -> str:
        """A short stable digest: equal filters (however they were written) give equal keys."""
        parts = [f"{k}={'' if v is None else v}" for k, v in sorted(asdict(self).items())]
        return hashlib.sha256("&".join(parts).encode()).hexdigest()[:32]

    def query_params(self) -> dict[str, str]:
        """The filter as query parameters (defaults left out), for links and the CSV button."""
        out: dict[str, str] = {}
        if self.event:
            out["event"] = self.event
        if self.date_from:
            out["from"] = self.date_from.isoformat()
        if self.date_to:
            out["to"] = self.date_to.isoformat()
        if self.pack:
            out["pack"] = self.pack
        if self.rating_band is not None:
            out["rating_band"] = str(self.rating_band)
        if self.mode:
            out["mode"] = self.mode
        if self.simulated != "exclude":
            out["simulated"] = self.simulated
        if self.include_reported:
            out["include_reported"] = "1"
        if self.min_games != DEFAULT_MIN_GAMES:
            out["min_games"] = str(self.min_games)
        return out

    def describe(self) -> dict:
        """JSON-friendly echo of the filter, returned with every API answer."""
        data = asdict(self)
        for key in ("date_from", "date_to"):
            if data[key] is not None:
                data[key] = data[key].isoformat()
        return data

    def with_game(self, game: str) -> MetaFilter:
        return replace(self, game=game)


def _text(value: str | None, limit: int = 200) -> str | None:
    value = (value or "").strip()
    return value[:limit] or None


def parse_filter(game: str, params: Mapping[str, str]) -> tuple[MetaFilter, dict[str, str]]:
    """Read a filter from query parameters.

    Returns the filter and a dict of parameter → error message. A bad parameter is left at its
    default (pages show the message; the API answers 400), so one typo never hides all data.
    """
    errors: dict[str, str] = {}
    values: dict = {"game": game, "event": _text(params.get("event")), "pack": _text(params.get("pack"), 100)}
    for name, field in (("from", "date_from"), ("to", "date_to")):
        raw = _text(params.get(name), 20)
        if raw:
            try:
                values[field] = dt.date.fromisoformat(raw)
            except ValueError:
                errors[name] = "expected a date as YYYY-MM-DD"
    if values.get("date_from") and values.get("date_to") and values["date_from"] > values["date_to"]:
        errors["to"] = "must not be before 'from'"
        values.pop("date_to")
    raw_band = _text(params.get("rating_band"), 12)
    if raw_band:
        try:
            band = int(raw_band)
            if band % RATING_BAND_WIDTH:
                raise ValueError
            values["rating_band"] = band
        except ValueError:
            errors["rating_band"] = f"expected a multiple of {RATING_BAND_WIDTH}, e.g. 1400"
    mode = _text(params.get("mode"), 32)
    if mode:
        modes = mode_ids(game)
        if mode in modes:
            values["mode"] = mode
        elif modes:
            errors["mode"] = f"expected one of {', '.join(modes)}"
        else:
            errors["mode"] = "this game has one mode of play: leave mode out"
    simulated = _text(params.get("simulated"), 10)
    if simulated:
        if simulated in SIMULATED_CHOICES:
            values["simulated"] = simulated
        else:
            errors["simulated"] = f"expected one of {', '.join(SIMULATED_CHOICES)}"
    reported = (_text(params.get("include_reported"), 8) or "").lower()
    if reported in _YES:
        values["include_reported"] = True
    elif reported and reported not in _NO:
        errors["include_reported"] = "expected 1 (include reported results) or 0 (leave them out)"
    raw_min = _text(params.get("min_games"), 6)
    if raw_min:
        try:
            values["min_games"] = int(raw_min)
            if not 1 <= values["min_games"] <= 10000:
                raise ValueError
        except ValueError:
            values.pop("min_games", None)
            errors["min_games"] = "expected a whole number from 1 to 10000"
    return MetaFilter(**values), errors
