"""What pages call each tiebreak, in the reader's language, and one line on what it measures.

The algorithms name their metrics in English (``Metric.name``) and know nothing of Django;
pages, the event form and the standings read the translated name and explanation from here.
A tiebreak a game registers (Battleground's knock-outs) without an entry here keeps its own
name and has no explanation.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.algorithms.tiebreaks import METRICS

NAMES = {
    "points": _("Tournament points"),
    "score_diff": _("Score difference"),
    "score": _("Score"),
    "sos": _("Strength of schedule"),
    "median_buchholz": _("Median Buchholz"),
    "sonneborn_berger": _("Sonneborn-Berger"),
    "head_to_head": _("Head-to-head"),
    "buchholz": _("Buchholz"),
    "buchholz_cut1": _("Buchholz Cut-1"),
    "progressive": _("Progressive score"),
    "progressive_cut1": _("Progressive score Cut-1"),
    "soft_score": _("Soft scores"),
    "total": _("Total with soft scores"),
    "knockouts": _("Knock-outs dealt"),
}

#: Column heads for a phone's narrow standings table (the full name stays for screen readers).
SHORT_NAMES = {
    "points": _("Pts"),
    "score_diff": _("Diff."),
    "score": _("Score"),
    "sos": _("SoS"),
    "median_buchholz": _("Med. Bh."),
    "sonneborn_berger": _("SB"),
    "head_to_head": _("H2H"),
    "buchholz": _("Bh."),
    "buchholz_cut1": _("Bh. C1"),
    "progressive": _("Prog."),
    "progressive_cut1": _("Prog. C1"),
    "soft_score": _("Soft"),
    "total": _("Total"),
    "knockouts": _("KOs"),
}

EXPLANATIONS = {
    "points": _("Points for wins, draws and losses (or battle points); a bye counts as a win."),
    "score_diff": _("Score scored minus score conceded over all games."),
    "score": _("Score scored over all games."),
    "sos": _("How often the opponents played won: their average win rate."),
    "median_buchholz": _("The opponents' points, without the highest and the lowest."),
    "sonneborn_berger": _("The points of the opponents beaten, plus half those of the opponents drawn."),
    "head_to_head": _("Points scored against the other tied players, if all of them met."),
    "buchholz": _("The sum of the opponents' points: how strong the opponents were."),
    "buchholz_cut1": _("The opponents' points, without the lowest."),
    "progressive": _("The running score after each round, summed: points scored early count more."),
    "progressive_cut1": _("The progressive score without the running score after round 1."),
    "soft_score": _("Soft scores (sportsmanship, painting…) summed."),
    "total": _("Points plus soft scores."),
    "knockouts": _("Characters knocked out over all games."),
}


def tiebreak_name(key: str, *, battle_points: bool = False) -> str:
    """The tiebreak's name in the active language ("Battle points" for points that are)."""
    if key == "points" and battle_points:
        return str(_("Battle points"))
    if key in NAMES:
        return str(NAMES[key])
    return METRICS[key].name if key in METRICS else key


def tiebreak_short_name(key: str, *, battle_points: bool = False) -> str:
    """A short column head for a narrow screen ("BP" for points that are battle points)."""
    if key == "points" and battle_points:
        return str(_("BP"))
    if key in SHORT_NAMES:
        return str(SHORT_NAMES[key])
    return tiebreak_name(key)


def tiebreak_explanation(key: str) -> str:
    return str(EXPLANATIONS.get(key, ""))
