"""Version constants. Bump ENGINE_VERSION whenever a verdict could change for the same log."""

ENGINE_VERSION = "0.1.0"
LOG_FORMAT_VERSION = 1

# Every game the platform knows; a game without a ruleset yet is reported as such, not guessed at.
GAME_IDS = ("motu-battleground", "hoplomachus-remastered", "motu-fields-of-eternia")
