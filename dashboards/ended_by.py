"""How a game ended (the result's ``ended_by``, stable keys in the data and exports), in the reader's words."""

from django.utils.translation import pgettext_lazy

ENDED_BY_LABELS = {
    "rounds": pgettext_lazy("how a game ended", "rounds"),
    "round_limit": pgettext_lazy("how a game ended", "round limit"),
    "knockout": pgettext_lazy("how a game ended", "knockout"),
    "concession": pgettext_lazy("how a game ended", "concession"),
    "elimination": pgettext_lazy("how a game ended", "elimination"),
    "objective": pgettext_lazy("how a game ended", "objective"),
    "agreed-draw": pgettext_lazy("how a game ended", "agreed draw"),
    "report": pgettext_lazy("how a game ended", "reported result"),
}


def ended_by_label(key: str) -> str:
    """``key`` in the active language; a key the site does not name reads as itself."""
    label = ENDED_BY_LABELS.get(key)
    return str(label) if label is not None else key
