"""Everything a person can do about who plays in an event, one function per intention:
registering, checking in, guests and their claim codes, join codes, imported players, teams,
force lists and soft scores. Like tournaments.services, each checks who asks, writes the rows
and the audit trail in one transaction, and leaves notifications that appear once it commits.
"""

from participants.services.force_lists import lock_lists, submit_list, submit_list_for
from participants.services.guests import add_guest, add_ringer, claim
from participants.services.join_codes import join_with_code, set_join_code
from participants.services.player_import import import_players
from participants.services.registration import (
    admit,
    check_in,
    check_in_many,
    drop,
    late_join,
    register,
    registration_of,
    set_seed,
    withdraw,
)
from participants.services.soft_scores import enter_soft_scores
from participants.services.teams import create_team, disband_team, draw_teams, set_members

__all__ = [
    "add_guest",
    "add_ringer",
    "admit",
    "check_in",
    "check_in_many",
    "claim",
    "create_team",
    "disband_team",
    "draw_teams",
    "drop",
    "enter_soft_scores",
    "import_players",
    "join_with_code",
    "late_join",
    "lock_lists",
    "register",
    "registration_of",
    "set_join_code",
    "set_members",
    "set_seed",
    "submit_list",
    "submit_list_for",
    "withdraw",
]
