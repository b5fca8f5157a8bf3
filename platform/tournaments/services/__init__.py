"""Everything a person can do to an event itself, one function per intention: creating and
editing it, its organizers and judges.

Pages, the API and management commands call these and nothing else to change tournament rows.
Each checks who is asking (PermissionDenied), whether the event allows it now
(tournaments.errors.EventError), writes the rows and the audit trail in one transaction, and
leaves notifications that appear once it commits. Who plays is the participants app's
(participants.services), the rounds and pairings the draw's (draw.services).
"""

from tournaments.services.events import add_organizer, create_event, update_event
from tournaments.services.judges import add_judge, remove_judge

__all__ = [
    "add_judge",
    "add_organizer",
    "create_event",
    "remove_judge",
    "update_event",
]
