"""The two ways a log can fail: it cannot be read, or an event breaks a rule."""

from __future__ import annotations


class UnreadableLog(Exception):
    """The input is not a log this engine can replay (bad JSON, wrong schema, unknown ids, caps).

    ``rule`` is a LOG-… id from docs/log-format.md; ``path`` points into the document where known.
    """

    def __init__(
        self, message: str, *, rule: str = "LOG-1", path: str | None = None, event_index: int | None = None
    ):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.path = path
        self.event_index = event_index


class IllegalEvent(Exception):
    """An event the rules do not allow. ``rule`` is a rule id from the rules documents (BG-…)."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message
