"""A table's reason in the reader's language. The pairing algorithms (tournaments.algorithms, pure Python)
word their reasons in English; when a round is stored, each reason is read back against the sentences
below (marked for the catalogs): the whole reason, or each of its clauses joined by "; ". A reason that reads
back word for word keeps that sentence (Match.reason_template/params) and is said in each reader's language;
any other keeps its English, which the pages mark lang="en". Params are data (numbers, names, clubs)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tournaments.said import listed, read_back, render, said

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


# Reasons that name players (a pod's rematches, same-faction pairs, the Swiss bye's other player) or that warn
# before another reason: a param read back as a list of sentences of its own (the players' names are data), as
# one sentence of its own, or as a reason again.
MET = gettext_noop("%(first)s and %(second)s met in round %(rounds)s")
PAIR = gettext_noop("%(first)s and %(second)s")
REASON = "reason"  # the param is a whole reason, read back as one
NAMING = (
    # Pods (tournaments.algorithms.pods): a pod with rematches lists them
    (
        gettext_noop("pod of %(size)s, %(points)s pts; no split of the round has fewer rematches: %(met)s"),
        "met",
    ),
    (
        gettext_noop(
            "pod of %(size)s, %(points)s pts; no re-split of neighbouring pods has fewer rematches: %(met)s"
        ),
        "met",
    ),
    (
        gettext_noop(
            "pod of %(size)s, %(points)s pts; no split of the round with as few same-faction pairs has fewer "
            "rematches: %(met)s"
        ),
        "met",
    ),
    (
        gettext_noop(
            "pod of %(size)s, %(points)s pts; no re-split of neighbouring pods with as few same-faction pairs "
            "has fewer rematches: %(met)s"
        ),
        "met",
    ),
    # Swiss (tournaments.algorithms.swiss): a bye given with the pairing names the player the plain rule
    # would have given it to, that rule and what giving it to them would have cost
    (
        gettext_noop("bye: chosen with the pairing; a bye to %(player)s (%(rule)s) would leave %(why)s"),
        "rule",
    ),
    # The warnings before a reason: a same-faction game the pairing could not avoid (Swiss, pods)
    (
        gettext_noop(
            "warning: same faction (%(factions)s) on both sides, which the game does not allow; no pairing of "
            "this round has fewer such games; %(reason)s"
        ),
        REASON,
    ),
    (
        gettext_noop(
            "warning: same faction (%(factions)s) twice in the pod (%(pairs)s), which the game does not allow; "
            "no split of the round has fewer such pairs; %(reason)s"
        ),
        REASON,
    ),
    (
        gettext_noop(
            "warning: same faction (%(factions)s) twice in the pod (%(pairs)s), which the game does not allow; "
            "no re-split of neighbouring pods has fewer such pairs; %(reason)s"
        ),
        REASON,
    ),
)
#: a list param: its separator and the sentences each of its items reads back as
LISTS = {"met": ("; ", (MET,)), "pairs": ("; ", (PAIR,))}
#: a param read back as one sentence of its own: the Swiss bye's plain rule, and what another bye would cost
SENTENCES = {
    "rule": (
        gettext_noop("lowest-ranked player without an earlier bye"),
        gettext_noop("lowest-ranked with the fewest (%(count)s)"),
    ),
    "why": (
        gettext_noop("more players of one faction meeting (%(theirs)s instead of %(ours)s)"),
        gettext_noop("more rematches (%(theirs)s instead of %(ours)s)"),
        gettext_noop(
            "larger score gaps between opponents (squared differences %(theirs)s instead of %(ours)s)"
        ),
        gettext_noop("more players of one club meeting (%(theirs)s instead of %(ours)s)"),
        gettext_noop("a pairing no better by the event's order of priorities"),
    ),
}


def _naming(reason: str) -> dict | None:
    """``reason`` read back as a sentence of NAMING, its list params and its nested reason read back too."""
    for template, _kind in NAMING:
        found = read_back((template,), reason)
        if found is None:
            continue
        params = dict(found["params"])
        for key, value in found["params"].items():
            if key in LISTS:
                separator, sentences = LISTS[key]
                items = [read_back(sentences, item) for item in str(value).split(separator)]
                if not all(items):
                    break
                params[key] = listed(items, separator)
            elif key in SENTENCES:
                nested = read_back(SENTENCES[key], str(value))
                if nested is None:
                    break
                params[key] = nested
            elif key == REASON:
                nested = reason_said(str(value))
                if isinstance(nested, str):
                    break
                params[key] = nested
        else:
            sentence = said(template, **params)
            if render(sentence, translate=False) == reason:
                return sentence
    return None


def reason_said(reason: str) -> dict | str:
    """``reason`` as a sentence to be said in each reader's language, or the English itself."""
    if not reason:
        return reason
    naming = _naming(reason)
    if naming is not None:
        return naming
    whole = read_back(WHOLE + CLAUSES, reason)
    if whole is not None:
        return whole
    clauses = [read_back(WHOLE + CLAUSES, clause) for clause in reason.split("; ")]
    if len(clauses) > 1 and all(clauses):
        sentence = listed(clauses, "; ")
        if render(sentence, translate=False) == reason:
            return sentence
    return reason
