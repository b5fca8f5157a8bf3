"""Game logs: uploads, their verification state and verdicts.

Public surface for other apps: ``gamelogs.services`` (submit_log, UploadRejected, logs_visible_to)
and ``gamelogs.signals.log_verified``. Workers run ``gamelogs.verification`` (one log, or batches for
re-verification), ``gamelogs.queue`` (the sweeper), ``gamelogs.outbox`` (verdict effects) and
``gamelogs.canary`` (a candidate release's shadow run).
"""
