"""The translations compiled before the suite runs, so that a bare ``pytest`` on a fresh clone tests
the catalogs as ``make install`` would build them (the .mo files are not committed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
REFUSALS_LOCALE_DIR = Path(__file__).resolve().parents[2] / "platform" / "refusals" / "locale"
NARRATION_LOCALE_DIR = Path(__file__).resolve().parents[2] / "platform" / "narration" / "locale"


def stale_catalogs() -> list[Path]:
    """Every ``django.po``, ``djangojs.po`` (and refusal and narration catalog) whose ``.mo`` is missing or older than it."""
    stale = []
    catalogs = [
        *LOCALE_DIR.glob("*/LC_MESSAGES/django.po"),
        *LOCALE_DIR.glob("*/LC_MESSAGES/djangojs.po"),
        *REFUSALS_LOCALE_DIR.glob("*/LC_MESSAGES/refusals.po"),
        *NARRATION_LOCALE_DIR.glob("*/LC_MESSAGES/narration.po"),
    ]
    for po in sorted(catalogs):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            stale.append(po)
    return stale


def compile_stale() -> None:
    stale = stale_catalogs()
    if not stale:
        return
    if shutil.which("msgfmt") is None:
        raise RuntimeError(
            "msgfmt is missing: install GNU gettext (apt-get install gettext) or run make install"
        )
    for po in stale:
        subprocess.run(["msgfmt", "--check", "-o", str(po.with_suffix(".mo")), str(po)], check=True)
