"""Who may see a log on public pages: the visibility model.

* Every log is private to its uploaders (and staff) unless it is public.
* A log is **public** when an uploader chose to publish it (``PublishedLog``), or when it is
  attached to a match of a published (or closed) round of an event: an event's results are public.
* Private logs still count in anonymous aggregates (faction win rates, pick rates, balance).
* Anything that names a player or an event (a player's history and record, dice luck per player,
  the list of events, rows per event) reads public logs only: ``visibility.services``.
* Public does not open the log itself: its page, verdict and bytes stay with its uploaders, staff
  and (for a match's log) the event's organizers.
"""
