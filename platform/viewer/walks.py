"""What the replay viewer shows for a log: the board, and every event in words with the view after it.

Built by the engine (engine.session.walk) from the stored bytes and cached per (log hash, engine version,
the game's ruleset version), so a log is walked once however often its page is opened, and again once either
version changes. The offending event of an illegal log is a
step of its own, shown on the board as it was, with its rule's title and explanation.
"""

from __future__ import annotations

from django.core.cache import cache
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

import engine
from narration.catalog import localised_step, localised_view
from refusals.catalog import localised
from rulebook import rules

CACHE_SECONDS = 24 * 3600


def cache_key(sha256: str, game: str) -> str:
    # Per language: the events' sentences, the refusal's words and the log format's rule titles come from
    # the catalogs.
    language = translation.get_language() or "en"
    return f"viewer:walk:{engine.ENGINE_VERSION}:{game}:{engine.ruleset_version(game)}:{language}:{sha256}"


def replay_payload(log) -> dict | None:
    """The viewer's data for a stored GameLog, or None if its header cannot be read at all."""
    key = cache_key(log.sha256, log.game)
    payload = cache.get(key)
    if payload is None:
        payload = build_payload(log.raw_bytes())
        if payload is not None:
            cache.set(key, payload, CACHE_SECONDS)
    return payload


def build_payload(data) -> dict | None:
    try:
        walked = engine.session.walk(data)
    except engine.UnreadableLog:
        return None
    if walked["initial"] is None:
        return None  # an illegal header: nothing to draw
    game = walked["game"]
    # Every sentence and its dice in the reader's language (narration: the engine's templates and params).
    steps = [localised_step(step) for step in walked["steps"]]
    for step in steps:  # how the game ended, said (HR-11.1): the board's "Game over" line
        step["view"] = localised_view(step.get("view"), game)
    error = walked["error"]
    if error is not None:
        info = rules.lookup(game, error["rule"])
        owner = rules.game_of(error["rule"], game) or game
        said, lang = localised(error)
        error.update(
            message=said,
            lang=lang,
            title=info.title if info else error["rule"],
            explanation=info.explanation if info else "",
            title_lang=info.title_lang if info else "en",
            explanation_lang=info.explanation_lang if info else "en",
            url=reverse("rulebook:rule", args=[owner, error["rule"]]),
        )
        bad_event = engine.parse_log(data)["events"][error["event_index"]]
        steps.append(
            {
                "index": error["event_index"],
                "event": bad_event,
                "text": _("refused: %(event)s breaks %(rule)s")
                % {"event": bad_event.get("type", "event"), "rule": error["rule"]},
                "rolls": [],
                "view": steps[-1]["view"] if steps else walked["initial"],
                "illegal": True,
            }
        )
    return {
        "game": game,
        "board": walked["board"],
        "initial": walked["initial"],
        "steps": steps,
        "error": error,
        "rules_url": reverse("rulebook:index", args=[game]),
    }
