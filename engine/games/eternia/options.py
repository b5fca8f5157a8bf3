"""Ruleset options (docs/log-format.md, Fields of Eternia: options): the optional combat modules of FE-12
and FE-13, and readings the specification leaves open as flags."""

from __future__ import annotations

from engine.core.errors import UnreadableLog

DEFAULTS = {
    "faster_combat": False,  # FE-12.1
    "initiative_matters": False,  # FE-12.2
    "initiative_matters_heroes_only": False,  # AMB-30
    "stronger_together": False,  # FE-12.3
    "power_dice": False,  # FE-13
}
NOT_YET: dict[str, str] = {}  # every optional module of the rulebook is replayed


def resolve_options(given: dict | None) -> dict:
    out = dict(DEFAULTS)
    for key, value in (given or {}).items():
        if key not in DEFAULTS:
            raise UnreadableLog("/options/{key}: unknown option (known: {defaults})", key=key, defaults=', '.join(DEFAULTS), rule="LOG-2.3",
                                path=f"/options/{key}")  # fmt: skip
        if not isinstance(value, bool):
            raise UnreadableLog(
                "/options/{key}: must be true or false", key=key, rule="LOG-2.3", path=f"/options/{key}"
            )
        if value and key in NOT_YET:
            raise UnreadableLog(("{not_yet} is not supported by this engine version yet; the log is stored and will be verified " "once it is"), not_yet=NOT_YET[key], rule="LOG-3.7", path=f"/options/{key}")  # fmt: skip
        out[key] = value
    return out
