"""Version constants.

Each ruleset has its own version: bump a game's entry in RULESET_VERSIONS whenever a verdict could change
for the same log of that game, and only that game's logs are verified again. ENGINE_VERSION is the
engine package's own version (the kernel, the log envelope); bump it when every game's verdicts could
change.
"""

ENGINE_VERSION = "0.2.0"
LOG_FORMAT_VERSION = 1

# Every game the platform knows; a game without a ruleset yet is reported as such, not guessed at.
GAME_IDS = ("motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia")

RULESET_VERSIONS = {
    "motu-battleground": "bg-1.2.0",
    "hoplomachus-remastered": "hr-0.4.0",
    "motu-fields-of-eternia": "fe-0.3.1",
}


def ruleset_version(game: str) -> str:
    """The version of ``game``'s ruleset, or "" for a game with no ruleset yet.

    Built-in games read their entry of RULESET_VERSIONS; a game registered by a plugin brings its own
    (``GameInfo.ruleset_version``).
    """
    if game in RULESET_VERSIONS:
        return RULESET_VERSIONS[game]
    from engine.core.registry import find

    info = find(game)
    return info.ruleset_version if info is not None else ""
