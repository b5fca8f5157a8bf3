"""axe-core, the accessibility engine, run inside Debian's Chromium on a page of the site.

The engine is the npm package axe-core, vendored under tests/browser/vendor/axe-core/ (its version,
checksum and licence in the README there), so the tests need no network and no downloaded browser.
"""

from __future__ import annotations

from pathlib import Path

AXE_DIR = Path(__file__).resolve().parent / "vendor" / "axe-core"
AXE_JS = AXE_DIR / "axe.min.js"
AXE_VERSION = "4.14.1"

# The impacts that fail a page; "moderate" and "minor" findings are reported, not failed.
FAILING = ("critical", "serious")

RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']})
  .then(result => done(result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(' ')).slice(0, 5), count: v.nodes.length}))))
  .catch(error => done([{id: 'axe-error', impact: 'critical', help: String(error), targets: [], count: 1}]));
"""


def axe_source() -> str:
    return AXE_JS.read_text(encoding="utf-8")


def run_axe(driver, source: str | None = None) -> list[dict]:
    """The axe violations of the page open in ``driver``: rule id, impact, help, up to five targets
    and how many elements break the rule. The engine is injected once a page."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(source or axe_source())
    driver.set_script_timeout(60)
    return driver.execute_async_script(RUN)
