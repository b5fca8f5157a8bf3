"""Ruleset options where the spec marks an ambiguity *config* (LOG-2.3)."""

from __future__ import annotations

from engine.core.errors import UnreadableLog

DEFAULTS = {
    # AMB-16: "after" the opponent's first turn (default) or only from the end of round 1.
    "skirmish_no_units_from": ("first_turn", ("first_turn", "round_end")),
    # AMB-21: the troop whose hero was defeated returns units (literal), or the defeating troop.
    "pandemonium_hero_return": ("defeated", ("defeated", "defeating")),
    # AMB-11: a freshly deployed (dazed) immortal still rolls and resolves its triggers (literal), or not.
    "dazed_immortal_rolls": (True, (True, False)),
    # AMB-7: the "closest" candidate by hex distance, or by the fewest steps to bring it within Range.
    "rival_closest": ("hex_distance", ("hex_distance", "steps")),
    # AMB-41: at the end of a rival Movement phase re-check every unit that has not moved, or (lenient) only
    # those that were owed a move or were blocked when the phase began.
    "rival_recheck": ("all", ("all", "blocked")),
    # AMB-15: which co-op Ascension player holds the "move or flip a foothold" reward.
    "coop_foothold_holder": ("A", ("A", "B")),
}


def resolve_options(given: dict | None) -> dict:
    out = {k: v[0] for k, v in DEFAULTS.items()}
    for key, value in (given or {}).items():
        if key not in DEFAULTS:
            raise UnreadableLog(
                "/options/{key}: unknown option for Hoplomachus",
                key=key,
                rule="LOG-2.3",
                path=f"/options/{key}",
            )
        if value not in DEFAULTS[key][1] or type(value) is not type(DEFAULTS[key][0]):
            allowed = ", ".join(map(str, DEFAULTS[key][1]))
            raise UnreadableLog(
                "/options/{key}: {value!r} is not one of {allowed}",
                key=key,
                value=value,
                allowed=allowed,
                rule="LOG-2.3",
                path=f"/options/{key}",
            )
        out[key] = value
    return out
