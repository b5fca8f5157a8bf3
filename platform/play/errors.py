"""What the table refuses, as the pages and the API answer it (a status, a code and a sentence)."""

from __future__ import annotations

from django.urls import reverse

from rulebook import rules


class TableError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class NotYourTurn(TableError):
    status = 403
    code = "not_your_turn"


class Stale(TableError):
    status = 409
    code = "stale"


class Refused(TableError):
    """The engine refused the event: which rule, why, and where to read the rule."""

    status = 422
    code = "refused"

    def __init__(self, game: str, rule: str, reason: str):
        super().__init__(reason)
        self.rule = rule
        info = rules.lookup(rules.game_of(rule, game) or game, rule)
        self.title = info.title if info else rule
        self.explanation = info.explanation if info else ""
        self.url = reverse("rulebook:rule", args=[rules.game_of(rule, game) or game, rule])

    def to_dict(self) -> dict:
        return {
            **super().to_dict(),
            "rule": self.rule,
            "title": self.title,
            "explanation": self.explanation,
            "url": self.url,
        }
