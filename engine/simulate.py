"""simulate(): a complete, legal, random game log made by playing legal events from each state."""

from __future__ import annotations

from engine.core.registry import ruleset_for


def simulate(game: str, seed: int, *, randomness: str = "seeded", **options) -> dict:
    """Return a simulated log (a dict, JSON-ready) for ``game``, the same for the same seed.

    ``randomness`` is "seeded" (outcomes derived from a committed seed; the log carries none) or
    "recorded" (dice and draws written into the events). The header has ``"simulated": true``.
    """
    if randomness not in ("seeded", "recorded"):
        raise ValueError("randomness must be 'seeded' or 'recorded'")
    return ruleset_for(game).simulate(seed, randomness=randomness, **options)
