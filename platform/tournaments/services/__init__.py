"""Everything a person can do to an event, one function per intention.

Pages, the API, management commands and the log_verified receiver call these and nothing
else to change tournament rows. Each checks who is asking (PermissionDenied), whether the
event allows it now (tournaments.errors.EventError), writes the rows and the audit trail in
one transaction, and leaves notifications that appear once it commits.
"""

from tournaments.services.brackets import bracket_table, placements_for
from tournaments.services.events import add_organizer, create_event, update_event
from tournaments.services.force_lists import lock_lists, submit_list, submit_list_for
from tournaments.services.guests import add_guest, add_ringer, claim
from tournaments.services.join_codes import join_with_code, set_join_code
from tournaments.services.judges import add_judge, remove_judge
from tournaments.services.player_import import import_players
from tournaments.services.readiness import readiness
from tournaments.services.registration import (
    admit,
    check_in,
    drop,
    late_join,
    register,
    registration_of,
    set_seed,
    withdraw,
)
from tournaments.services.rounds import (
    close_round,
    pair_next_round,
    publish_round,
    repair_round,
    start_timer,
    swap_pairing,
)
from tournaments.services.soft_scores import enter_soft_scores
from tournaments.services.teams import create_team, disband_team, draw_teams, set_members

__all__ = [
    "add_guest",
    "add_judge",
    "add_ringer",
    "claim",
    "import_players",
    "join_with_code",
    "readiness",
    "set_join_code",
    "submit_list_for",
    "add_organizer",
    "admit",
    "bracket_table",
    "check_in",
    "close_round",
    "create_event",
    "create_team",
    "disband_team",
    "draw_teams",
    "drop",
    "enter_soft_scores",
    "late_join",
    "lock_lists",
    "pair_next_round",
    "placements_for",
    "publish_round",
    "register",
    "remove_judge",
    "registration_of",
    "repair_round",
    "set_members",
    "set_seed",
    "start_timer",
    "submit_list",
    "swap_pairing",
    "update_event",
    "withdraw",
]
