"""Power Dice (FE-13): epic combat's totals rolled as wild dice instead of added (an optional module).

Each zone's total (its cards plus flat bonuses; not the base initiative, AMB-39.1) is a number of wild
dice. Above 10 dice in all, the excess become automatic successes the player assigns to zones at the start
of step 4 (FE-13.2, AMB-39.3). In step 5 both roll initiative (the base initiative is added to the result,
WE-08), then the attacker's attack against the defender's defence, then the other way round (FE-13.4–5),
each pool with the reroll procedure (FE-6.9.4). A beast or boss does not roll: its values are fixed and the
hero's dice are compared with them (FE-13.6, AMB-42). The state is ``Combat.pd`` (plain data).
"""

from __future__ import annotations

from engine.core.errors import IllegalEvent, UnreadableLog
from engine.games.eternia.content import ZONES

VALUE = {"blank": 0, "success": 1, "double": 2, "reroll": 0}  # FE-6.9.3
MAX_DICE = 10  # FE-13.2


def dice_in(zone_totals: dict[str, int]) -> dict[str, int]:
    return {z: max(0, int(zone_totals[z])) for z in ZONES}


def excess(zone_dice: dict[str, int]) -> int:
    return max(0, sum(zone_dice.values()) - MAX_DICE)


def pool(side: str, zone: str, n: int, auto: int) -> dict:
    return {"side": side, "zone": zone, "n": max(0, n - auto), "auto": auto, "dice": None, "done": False}


def result(p: dict) -> int:
    return p["auto"] + sum(VALUE[f] for f in p["dice"] or [])


def check_excess(event: dict, need: int, zone_dice: dict[str, int]) -> dict[str, int]:
    parts = {z: event.get(z, 0) for z in ZONES}
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in parts.values()):
        raise UnreadableLog("'attack', 'defence' and 'initiative' are whole numbers of dice", rule="LOG-5.1")
    if sum(parts.values()) != need or any(parts[z] > zone_dice[z] for z in ZONES):
        raise IllegalEvent("FE-13.2", ("exactly {need} dice beyond 10 become automatic successes, each taken from its own zone (dice: " "{zone_dice})"), need=need, zone_dice=zone_dice)  # fmt: skip
    return parts


def check_reroll(dice: list[str], extra) -> list[int]:
    """FE-6.9.4, AMB-44: every reroll face, plus up to one other die per reroll face."""
    if not isinstance(extra, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in extra):
        raise UnreadableLog("'extra' must be a list of dice positions (0-based)", rule="LOG-5.1")
    rerolls = [i for i, f in enumerate(dice) if f == "reroll"]
    if not rerolls:
        raise IllegalEvent("FE-6.9.4", "no die shows a reroll face: there is nothing to reroll")
    if (
        len(set(extra)) != len(extra)
        or any(i in rerolls or not 0 <= i < len(dice) for i in extra)
        or len(extra) > len(rerolls)
    ):
        raise IllegalEvent(
            "FE-6.9.4",
            "{rerolls_count} reroll face(s) let at most as many other dice join the reroll",
            rerolls_count=len(rerolls),
        )
    return sorted(rerolls + extra)
