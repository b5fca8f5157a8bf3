"""The built-in games. Each lives in engine/games/<name>/ and exposes ``GAME`` (an engine.core.registry
GameInfo) whose ruleset honours engine.core.ruleset; the registry finds them (and games installed as packages
of their own, by entry point) when first read. This package names none of them."""
