"""Game-independent machinery: log envelope, verdicts, randomness, content packs."""
