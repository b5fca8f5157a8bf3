"""What cards do beyond their AP and mana (spec BG-6.5.2, BG-6.6.4, BG-17.2): a card's bonus, and the
secondary missions of glory cards completed during the activation that took them."""

from __future__ import annotations

from engine.core.errors import IllegalEvent
from engine.games.battleground import effects
from engine.games.battleground.state import Frame, Unit


def bonuses(card) -> tuple[str, str]:
    """BG-6.5.2 / BG-6.6.4: the bonuses a card offers: fate → its unique ability or +1 mana; glory → its
    secondary mission or +1 AP."""
    return ("ability", "mana") if card.kind == "fate" else ("mission", "ap")


def apply_bonus(g, frame: Frame, card, bonus) -> None:
    """BG-6.5.2 / BG-6.6.4: apply the ``bonus`` the event chose among the card's :func:`bonuses`."""
    allowed = bonuses(card)
    if bonus not in allowed:
        raise IllegalEvent(
            "BG-6.5.2",
            "a {kind} card's bonus is {allowed}; the log says {bonus!r}",
            kind=card.kind,
            allowed=" or ".join(allowed),
            bonus=bonus,
        )
    if bonus == "mana":
        frame.unit.gain_mana(1)
    elif bonus == "ap":
        frame.ap += 1
    elif bonus == "mission":
        frame.missions.append(card)  # BG-17.2.1
    else:
        effects.apply_effect(g, frame, frame.unit, card.ability, source=card.name)


# -- missions (BG-17.2) -------------------------------------------------------------------------------
def check_missions(
    g, frame: Frame, what: str, *, weapon_type: str | None = None, victim: Unit | None = None
) -> None:
    side = g.sides[frame.player]
    for card in list(frame.missions):
        cond = card.mission.get("condition")
        hit = (
            (cond == "knockout_with_melee" and what == "knockout" and weapon_type == "melee")
            or (cond == "knockout_any" and what == "knockout")
            or (cond == "wound_with_ranged" and what == "wound" and weapon_type == "ranged")
        )
        if hit and victim is not None and victim.player != side.id:
            frame.missions.remove(card)
            side.vp["missions"] += card.mission["vp"]  # BG-7.5.2
            side.play_area.append(card.id)  # BG-17.2.4
            g.stats.mission(side.id)
