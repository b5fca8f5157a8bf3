"""Ruleset options: where the spec leaves a reading open, the log header may choose (spec §26)."""

from __future__ import annotations

from engine.core.errors import UnreadableLog

# name -> (default, allowed values, spec reference)
OPTIONS: dict[str, tuple[object, tuple, str]] = {
    "jump_triggers_interrupts": (True, (True, False), "BG-AMB-22"),
    "push_stops_at_difficult": (True, (True, False), "BG-AMB-18"),
    "los_same_origin_corner": (False, (True, False), "BG-AMB-08"),
    "fists_ignore_all_modifiers": (False, (True, False), "BG-AMB-14"),
    "push_aside_same_height": (False, (True, False), "BG-9.2.10, BG-AMB-18"),
    "explosions_automatic": (False, (True, False), "BG-8.2, BG-AMB-33"),
    "first_player_procedure": (
        "winner-chooses",
        ("winner-chooses", "winner-is-first"),
        "BG-DIS-01, BG-AMB-41",
    ),
}


def resolve_options(given: dict | None) -> dict:
    out = {name: spec[0] for name, spec in OPTIONS.items()}
    for name, value in (given or {}).items():
        if name not in OPTIONS:
            raise UnreadableLog(
                "unknown ruleset option '{name}'; known options: {options}",
                name=name,
                options=", ".join(sorted(OPTIONS)),
                rule="LOG-2.3",
                path=f"/options/{name}",
            )
        # 1 == True in Python: compare types too, or the verdict would record 1 for a true/false option.
        if value not in OPTIONS[name][1] or type(value) is not type(OPTIONS[name][0]):
            raise UnreadableLog(
                "ruleset option '{name}' cannot be {value!r} (allowed: {map})",
                name=name,
                value=value,
                map=", ".join(map(repr, OPTIONS[name][1])),
                rule="LOG-2.3",
                path=f"/options/{name}",
            )
        out[name] = value
    return out
