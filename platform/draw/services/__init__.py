"""Everything a person can do to an event's draw, one function per intention: pairing, swapping
and re-pairing a round, publishing it, its timer and closing it, and the bracket. Like
tournaments.services, each checks who asks, writes the rows and the audit trail in one
transaction, and leaves notifications that appear once it commits.
"""

from draw.services.brackets import bracket_table, placements_for
from draw.services.readiness import readiness
from draw.services.rounds import (
    close_round,
    pair_next_round,
    publish_round,
    repair_round,
    start_timer,
    swap_pairing,
)

__all__ = [
    "bracket_table",
    "close_round",
    "pair_next_round",
    "placements_for",
    "publish_round",
    "readiness",
    "repair_round",
    "start_timer",
    "swap_pairing",
]
