"""Relic hunt: a game packaged on its own, as a third party would ship one (tests only)."""
