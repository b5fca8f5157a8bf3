"""A table's reason in the reader's language. The pairing algorithms (tournaments.algorithms, pure Python)
word their reasons in English; when a round is stored, each reason is read back against the sentences
below (marked for the catalogs): the whole reason, or each of its clauses joined by "; ". A reason that reads
back word for word keeps that sentence (Match.reason_template/params) and is said in each reader's language;
any other keeps its English, which the pages mark lang="en". Params are data (numbers, names, clubs)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tournaments.said import listed, read_back, render

# Whole reasons (some have a "; " of their own, so they are tried before the clauses).
WHOLE = (gettext_noop("bye: every active player has had a bye; lowest-ranked with the fewest (%(count)s)"),)

CLAUSES = (
    # Swiss (tournaments.algorithms.swiss)
    gettext_noop("round 1 by seeding: top half meets bottom half"),
    gettext_noop("round 1 random draw (seed %(seed)s): top half meets bottom half"),
    gettext_noop(
        "round 1 by seeding: top half meets bottom half, partners moved off the strict slide to keep "
        "players of one club or faction apart"
    ),
    gettext_noop(
        "round 1 random draw (seed %(seed)s): top half meets bottom half, partners moved off the strict "
        "slide to keep players of one club or faction apart"
    ),
    gettext_noop("same score group (%(points)s pts), no earlier game"),
    gettext_noop("same score group (%(points)s pts)"),
    gettext_noop(
        "pulled down from %(high)s to %(low)s pts (%(groups)s score group(s) apart): no pairing of the round "
        "with as few rematches has smaller squared score differences"
    ),
    gettext_noop(
        "pulled down from %(high)s to %(low)s pts (%(groups)s score group(s) apart): no pairing of the round "
        "with as few same-faction games with as few rematches has smaller squared score differences"
    ),
    gettext_noop(
        "pulled down from %(high)s to %(low)s pts (%(groups)s score group(s) apart): no pairing of the round "
        "with as few rematches and the bye as low has smaller squared score differences"
    ),
    gettext_noop("rematch (met in round %(rounds)s): no pairing of the round has fewer rematches"),
    gettext_noop(
        "rematch (met in round %(rounds)s): no pairing of the round that gives the bye to a player on the "
        "fewest byes has fewer rematches"
    ),
    gettext_noop("same club (%(club)s): no better pairing found"),
    gettext_noop("bye: lowest-ranked player without an earlier bye"),
    gettext_noop("the ringer plays: an odd field, no bye"),
    # Round robin (tournaments.algorithms.roundrobin)
    gettext_noop("round robin round %(round)s of %(total)s: Berger table, no. %(first)s vs no. %(second)s"),
    gettext_noop("bye: odd number of players (round robin round %(round)s of %(total)s)"),
    # Elimination (tournaments.algorithms.elimination)
    gettext_noop("bracket: seed %(first)s vs seed %(second)s"),
    gettext_noop("bracket: seed %(first)s vs seed %(second)s (winners of tables %(table)s and %(other)s)"),
    gettext_noop("bye: seed %(seed)s of %(field)s in a bracket of %(size)s"),
    # Pods (tournaments.algorithms.pods)
    gettext_noop("pod of %(size)s, round 1 by seeding"),
    gettext_noop("pod of %(size)s, round 1 random draw (replayable from the event's seed)"),
    gettext_noop("pod of %(size)s, %(points)s pts, no one met before"),
)


def reason_said(reason: str) -> dict | str:
    """``reason`` as a sentence to be said in each reader's language, or the English itself."""
    if not reason:
        return reason
    whole = read_back(WHOLE + CLAUSES, reason)
    if whole is not None:
        return whole
    clauses = [read_back(WHOLE + CLAUSES, clause) for clause in reason.split("; ")]
    if len(clauses) > 1 and all(clauses):
        sentence = listed(clauses, "; ")
        if render(sentence, translate=False) == reason:
            return sentence
    return reason
