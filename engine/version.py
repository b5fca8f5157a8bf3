"""The engine's own version constants.

ENGINE_VERSION is the engine package's version (the kernel, the log envelope): bump it when every game's
verdicts could change. Each game's ruleset carries its own version in its folder (``GameInfo.ruleset_version``,
read with ``engine.ruleset_version(game)``): bump it whenever a verdict could change for the same log of that
game, and only that game's logs are verified again.
"""

ENGINE_VERSION = "0.2.0"
LOG_FORMAT_VERSION = 1
