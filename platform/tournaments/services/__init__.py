"""Everything a person can do to an event, one function per intention.

Pages, the API, management commands and the log_verified receiver call these and nothing
else to change tournament rows. Each checks who is asking (PermissionDenied), whether the
event allows it now (tournaments.errors.EventError), writes the rows and the audit trail in
one transaction, and leaves notifications that appear once it commits.
"""

from tournaments.services.brackets import bracket_table, placements_for
from tournaments.services.events import add_organizer, create_event, update_event
from tournaments.services.judges import add_judge, remove_judge
from tournaments.services.readiness import readiness
from tournaments.services.rounds import (
    close_round,
    pair_next_round,
    publish_round,
    repair_round,
    start_timer,
    swap_pairing,
)

__all__ = [
    "add_judge",
    "readiness",
    "add_organizer",
    "bracket_table",
    "close_round",
    "create_event",
    "pair_next_round",
    "placements_for",
    "publish_round",
    "remove_judge",
    "repair_round",
    "start_timer",
    "swap_pairing",
    "update_event",
]
