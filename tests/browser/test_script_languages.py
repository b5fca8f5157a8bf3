"""The pages' scripts speak the page's language (issue #24), in Debian's Chromium: the site in the pseudo
language ``xx`` (tests/platform/test_pseudo_locale.py: every msgid of the catalogs between ⟦…⟧, the
scripts' own catalog, djangojs, served by /i18n/js/, included). What the scripts write into the page
(text, titles, aria-labels and the SVG boards' titles) in the replay viewer of a Battleground, a
Hoplomachus and a Fields of Eternia log (stepping through events), the projector with its round clock
and the meta's sortable table is read back; once the marked text and the data the site holds (names,
hexes, the engine's own words from the JSON the scripts draw) are taken out, no word of the scripts'
English catalog is left."""

from __future__ import annotations

import json
import re

import polib
import pytest

import engine
from tests.browser.chromium import requires_chromium, sign_in, start_chromium
from tests.browser.test_pages_fit_phone import site  # noqa: F401 — the populated site
from tests.platform.test_pseudo_locale import PSEUDO, javascript_catalog_sources, pseudo_language  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

# Every text node, title and aria-label under the elements the scripts fill (initials and hex labels
# drawn on the boards are data, not words).
COLLECT = """
const out = [];
for (const sel of arguments[0]) for (const root of document.querySelectorAll(sel)) {
  for (const n of [root, ...root.querySelectorAll('*')]) {
    if (n.closest('.unit-initials, .fe-hero-initials, .hex-label, style')) continue;
    for (const a of ['title', 'aria-label']) if (n.getAttribute(a)) out.push(n.getAttribute(a));
    for (const c of n.childNodes) if (c.nodeType === Node.TEXT_NODE && c.data.trim()) out.push(c.data);
  }
}
return out;"""

GET = "const x = new XMLHttpRequest(); x.open('GET', arguments[0], false); x.send(); return x.responseText;"

# Values the scripts translate themselves (a map of words): not data, even though the JSON holds them.
TRANSLATED_KEYS = {"time", "phase", "terrain", "tags", "zone", "state", "orientation"}

VIEWER = [
    "#viewer-position",
    "#viewer-event",
    "#viewer-dice",
    "#viewer-units",
    "#viewer-panel",
    "#viewer-board",
]
PROJECTOR = ["#projector-round", "#projector-clock", "#projector-tables", "#projector-updated"]


def script_words() -> set[str]:
    """The English words of the scripts' catalog (placeholders left out)."""
    words = set()
    for source in javascript_catalog_sources():
        for entry in polib.pofile(str(source)):
            for msgid in (entry.msgid, entry.msgid_plural):
                words |= {
                    w.lower() for w in re.findall(r"[A-Za-z][A-Za-z']+", re.sub(r"%\(\w+\)s", " ", msgid))
                }
    return words


def data_strings(payload, key: str = "") -> set[str]:
    """Every string of a JSON answer the scripts draw from, but the words they translate by a map."""
    if isinstance(payload, dict):
        return set().union(*(data_strings(v, k) for k, v in payload.items())) if payload else set()
    if isinstance(payload, list):
        return set().union(*(data_strings(v, key) for v in payload)) if payload else set()
    if not isinstance(payload, str) or not payload or key in TRANSLATED_KEYS:
        return set()
    # A name may be drawn on two lines (the Eternia map's labels): its halves too.
    parts = payload.split(" ")
    return (
        {payload}
        | {" ".join(parts[:i]) for i in range(1, len(parts))}
        | {" ".join(parts[i:]) for i in range(1, len(parts))}
    )


def english_left(texts: list[str], data: set[str], words: set[str]) -> set[str]:
    left = set()
    for text in texts:
        rest, marked = text, 1
        while marked:  # innermost first: a translated word may sit inside a translated sentence
            rest, marked = re.subn(r"⟦[^⟦⟧]*⟧", " ", rest)
        for value in sorted(data, key=len, reverse=True):
            rest = rest.replace(value, " ")
        left |= {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z']+", rest)} & words
    return left


def test_the_scripts_write_the_pages_language(live_server, site, pseudo_language, tmp_path):  # noqa: F811
    from django.conf import settings
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from gamelogs.services import submit_log
    from gamelogs.verification import verify_stored_log

    words = script_words()
    assert {"event", "set", "up", "focus", "guard", "out", "sort", "column", "left", "until"} <= words
    olga = site["user"]
    logs = list(site["logs"])
    for game, seed, options in (
        ("hoplomachus-remastered", 3, {"mode": "skirmish"}),
        ("motu-fields-of-eternia", 1, {"mode": "solo", "scenario": "solo-evil-seed"}),  # a boss on the map
    ):
        log = engine.simulate(game, seed, **options)
        stored = submit_log(olga, json.dumps(log).encode(), source="api", filename=f"{game}.json").log
        verify_stored_log(stored.pk)
        logs.append(stored.pk)

    driver = start_chromium(height=1000, profile_dir=tmp_path / "profile", console_logs=True)
    try:
        wait = WebDriverWait(driver, 30, poll_frequency=0.2)
        sign_in(driver, live_server.url, olga)
        driver.add_cookie({"name": settings.LANGUAGE_COOKIE_NAME, "value": PSEUDO, "path": "/"})
        seen: dict[str, set[str]] = {}

        # The replay viewer: the set-up, then three steps, then an event halfway.
        drawn = 0
        for pk in logs:
            driver.get(f"{live_server.url}/logs/{pk}/")
            viewer = wait.until(lambda d: d.find_element(By.ID, "replay-viewer"))
            assert driver.execute_script("return document.documentElement.lang") == PSEUDO
            wait.until(lambda d: d.find_element(By.ID, "replay-viewer").get_attribute("data-ready") == "true")
            data = json.loads(driver.execute_script(GET, viewer.get_attribute("data-url")))
            strings = data_strings(data)
            driver.find_element(By.ID, "viewer-first").click()
            assert driver.find_element(By.ID, "viewer-position").text == "⟦set-up⟧"
            texts = driver.execute_script(COLLECT, VIEWER)
            for _ in range(3):
                driver.find_element(By.ID, "viewer-next").click()
                texts += driver.execute_script(COLLECT, VIEWER)
            position = driver.find_element(By.ID, "viewer-position").text
            assert re.fullmatch(r"⟦event \d+ of \d+⟧", position), position
            driver.get(f"{live_server.url}/logs/{pk}/?event={len(data['steps']) // 2}")
            wait.until(lambda d: d.find_element(By.ID, "replay-viewer").get_attribute("data-ready") == "true")
            texts += driver.execute_script(COLLECT, VIEWER)
            drawn += len(texts)
            seen[f"viewer of {data['game']}"] = english_left(texts, strings, words)
            if data["game"] == "motu-fields-of-eternia":
                # The pack numbers its wild regions ("Wild region 3"): the map says them in the page's words.
                assert any(re.fullmatch(r"⟦Wilds \d+⟧", t) for t in texts), texts
                assert not any(re.match(r"Wild(s| region) \d", t) for t in texts), texts

        # The projector: its script redraws the round (the projector's JSON) and times.js the clock.
        event = site["event"]
        driver.get(f"{live_server.url}/events/{event.slug}/projector/?every=2")
        driver.execute_script(
            "document.getElementById('projector-tables').appendChild(document.createElement('li')).id = 'served'"
        )
        wait.until(lambda d: not d.find_elements(By.ID, "served"))  # redrawn by the script
        wait.until(lambda d: "⟦" in d.find_element(By.CSS_SELECTOR, "#projector-clock .countdown").text)
        data = json.loads(
            driver.execute_script(GET, driver.find_element(By.TAG_NAME, "body").get_attribute("data-source"))
        )
        texts = driver.execute_script(COLLECT, PROJECTOR)
        assert any(t.startswith("⟦Round 2") for t in texts), texts
        assert any(re.fullmatch(r"⟦[\d:]+ left⟧", t) for t in texts), texts
        drawn += len(texts)
        seen["projector"] = english_left(texts, data_strings(data), words)

        # The meta's sortable table: each heading's title says what a click does.
        driver.get(f"{live_server.url}/meta/motu-battleground/characters/?simulated=include&min_games=1")
        titles = driver.execute_script(
            "return Array.from(document.querySelectorAll('table.sortable th')).map((th) => th.title);"
        )
        assert titles and set(titles) == {"⟦Sort by this column⟧"}, titles
        texts = driver.execute_script(COLLECT, ["table.sortable thead"])
        seen["meta"] = english_left(texts, set(), words)

        assert drawn > 200
        assert {page: left for page, left in seen.items() if left} == {}
        assert [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []
    finally:
        driver.quit()
