"""Hoplomachus: Remastered — the ruleset (spec: shared/rules/hoplomachus.md, HR-…)."""
