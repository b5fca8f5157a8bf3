"""Reading configuration from the environment, with the defaults each profile passes in."""

from __future__ import annotations

import os


def env_str(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return default if value is None or value == "" else value


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return default if value is None or value == "" else int(value)


def env_list(name: str, default: str = "") -> list[str]:
    value = env_str(name, default) or ""
    return [item.strip() for item in value.split(",") if item.strip()]
