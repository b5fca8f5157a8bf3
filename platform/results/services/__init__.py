"""Everything a person does to a match's result, one function per intention (the results app's
part of what tournaments.services is to the event): report, confirm, dispute, decide, resolve,
correct, attach a log; a whole round at once. Each checks who asks and whether the event allows
it now, writes the rows and the audit trail in one transaction and leaves notifications."""

from results.services.corrections import correct_result
from results.services.match_results import (
    attach_log_to_match,
    confirm_result,
    decide_result,
    dispute_result,
    on_log_verified,
    report_result,
    resolve_dispute,
)
from results.services.round_results import RowEntry, enter_results

__all__ = [
    "RowEntry",
    "attach_log_to_match",
    "confirm_result",
    "correct_result",
    "decide_result",
    "dispute_result",
    "enter_results",
    "on_log_verified",
    "report_result",
    "resolve_dispute",
]
