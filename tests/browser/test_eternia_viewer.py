"""Fields of Eternia's board in the replay viewer, in Chromium: at sampled events of simulated games the
map shows what the engine's view says (heroes in their areas, soldiers, who controls each outpost, each
team's Eternium and VP, the round and day or night), the controls step, an illegal log opens at its
offending event with its rule, and the page fits a 390 px phone. Screenshots go to var/screenshots/."""

from __future__ import annotations

import json

import pytest

import engine
from gamelogs.services import submit_log
from gamelogs.verification import verify_stored_log
from tests.browser.chromium import requires_chromium
from tests.browser.test_replay_viewer import PHONE, assert_fits_a_phone, browser, log_in, screenshot, wait  # noqa: F401
from tests.platform.test_eternia_viewer_data import view_after, with_a_flight_by_a_walker

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), requires_chromium]

GAME = "motu-fields-of-eternia"
PASSWORD = "a-long-passphrase-42"


def drawn(driver) -> dict:
    """What the SVG map shows, in the engine view's own terms."""
    return driver.execute_script(
        "const svg = document.getElementById('viewer-board'); const out = {heroes: {}, outposts: {}, soldiers: {},"
        " teams: {}, round: Number(svg.dataset.round), time: svg.dataset.time};"
        " svg.querySelectorAll('[data-hero]').forEach((g) => { out.heroes[g.dataset.hero] ="
        "   [g.dataset.area, Number(g.dataset.hp), g.dataset.team]; });"
        " svg.querySelectorAll('.fe-area[data-kind=outpost]').forEach((g) => {"
        "   out.outposts[g.dataset.area] = g.dataset.controller || null; });"
        " svg.querySelectorAll('.fe-area').forEach((g) => { g.querySelectorAll('[data-soldiers]').forEach((s) => {"
        "   (out.soldiers[g.dataset.area] = out.soldiers[g.dataset.area] || {})[s.dataset.soldiers] = Number(s.dataset.count); }); });"
        " svg.querySelectorAll('[data-team]').forEach((g) => { if (g.dataset.eternium !== undefined)"
        "   out.teams[g.dataset.team] = [Number(g.dataset.eternium), Number(g.dataset.vp)]; });"
        " out.bosses = {}; svg.querySelectorAll('.fe-area[data-boss]').forEach((g) => {"
        "   out.bosses[g.dataset.area] = g.dataset.boss; });"
        " return out;"
    )


def expected(view: dict) -> dict:
    return {
        "heroes": {h: [x["area"], x["hp"], x["team"]] for h, x in view["heroes"].items() if x["area"]},
        "outposts": view["outposts"],
        "soldiers": {
            a: {t: n for t, n in v.items() if n} for a, v in view["soldiers"].items() if any(v.values())
        },
        "teams": {t: [x["eternium"], x["vp"]] for t, x in view["teams"].items()},
        "round": view["round"],
        "time": view["time"],
        "bosses": {area: x["boss"] for area, x in view["boss_at"].items()},  # FE-11.5.9.5
    }


def open_at(driver, url: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(url)
    wait(driver, lambda d: d.find_element(By.ID, "replay-viewer").get_attribute("data-ready") == "true")


def upload(user, log: dict):
    stored = submit_log(user, json.dumps(log).encode(), source="api", filename="game.json").log
    verify_stored_log(stored.pk)
    return stored


def test_the_map_shows_the_engine_view_at_sampled_events(browser, live_server, make_user):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    user = make_user("viewer", password=PASSWORD)
    logs = {mode: engine.simulate(GAME, seed, mode=mode) for seed, mode in ((3, "standard"), (5, "skirmish"))}
    logs["solo"] = engine.simulate(GAME, 1, mode="solo", scenario="solo-evil-seed")  # a boss on the map
    stored = {mode: upload(user, log) for mode, log in logs.items()}
    log_in(browser, live_server.url, "viewer", PASSWORD)

    for mode, log in logs.items():
        last = len(log["events"]) - 1
        for n in (0, 40, last // 2, last):
            open_at(browser, f"{live_server.url}/logs/{stored[mode].pk}/?event={n}")
            assert browser.find_element(By.ID, "replay-viewer").get_attribute("data-event") == str(n)
            assert drawn(browser) == expected(view_after(log, n)), (mode, n)
    assert expected(view_after(logs["solo"], 0))["bosses"] == {"central-tower": "evil-seed"}

    # Stepping with the keys and buttons redraws the map; the panel lists teams and heroes.
    log = logs["standard"]
    url = f"{live_server.url}/logs/{stored['standard'].pk}/"
    open_at(browser, url + "?event=100")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert browser.current_url.endswith("?event=101")
    assert drawn(browser) == expected(view_after(log, 101))
    browser.find_element(By.ID, "viewer-prev").click()
    browser.find_element(By.ID, "viewer-prev").click()
    assert drawn(browser) == expected(view_after(log, 99))
    heroes = browser.find_elements(By.CSS_SELECTOR, "#viewer-heroes tr")
    assert len(heroes) == 6 and browser.find_elements(By.CSS_SELECTOR, "#viewer-teams tr[data-team=motu]")
    # The panel names heroes and teams as the cards do, not by their ids.
    assert all(row.text.split(" ")[0] != row.get_attribute("data-hero") for row in heroes), [
        r.text for r in heroes
    ]
    assert "Masters of the Universe" in browser.find_element(By.ID, "viewer-teams").text
    browser.find_element(By.ID, "viewer-board").screenshot(str(_shot("eternia-viewer-board-desktop")))
    screenshot(browser, "eternia-viewer-desktop")

    browser.set_window_size(*PHONE)
    open_at(browser, url + f"?event={len(log['events']) // 2}")
    assert_fits_a_phone(browser)
    browser.execute_script("document.getElementById('replay-viewer').scrollIntoView()")
    screenshot(browser, "eternia-viewer-phone")
    open_at(browser, f"{live_server.url}/logs/{stored['solo'].pk}/?event={len(logs['solo']['events']) // 2}")
    assert_fits_a_phone(browser)
    browser.execute_script("document.getElementById('viewer-board').scrollIntoView()")
    screenshot(browser, "eternia-viewer-boss-phone")  # ☠ on the Central Tower
    # Area names are readable on a phone: at least 10 px high on screen.
    smallest = browser.execute_script(
        "return Math.min(...[...document.querySelectorAll('#viewer-board .fe-label')].map((t) => t.getBoundingClientRect().height));"
    )
    assert smallest >= 10


def test_an_illegal_log_opens_at_its_offending_event(browser, live_server, make_user):  # noqa: F811
    from selenium.webdriver.common.by import By

    user = make_user("viewer", password=PASSWORD)
    bad, index = with_a_flight_by_a_walker(engine.simulate(GAME, 5))
    stored = upload(user, bad)
    log_in(browser, live_server.url, "viewer", PASSWORD)
    browser.set_window_size(*PHONE)
    open_at(browser, f"{live_server.url}/logs/{stored.pk}/")
    assert browser.find_element(By.ID, "replay-viewer").get_attribute("data-event") == str(index)
    refusal = browser.find_element(By.ID, "viewer-refusal")
    assert refusal.is_displayed() and "FE-6.6.1" in refusal.text and "flight route" in refusal.text
    assert drawn(browser) == expected(view_after(bad, index - 1))  # the map as it was
    # The refused move's destination is marked on the map.
    ring = browser.execute_script(
        "return document.querySelector('#viewer-board [data-area=\"temple-of-serpos\"] rect').getAttribute('stroke');"
    )
    assert ring == "#f59e0b"
    assert_fits_a_phone(browser)
    browser.execute_script("document.getElementById('replay-viewer').scrollIntoView()")
    screenshot(browser, "eternia-viewer-illegal-phone")


def _shot(name: str):
    from tests.browser.chromium import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


def test_a_roll_shows_its_dice_by_their_faces(browser, live_server, make_user):  # noqa: F811
    """FE-3.4, FE-6.9.3: at a roll the viewer lists each die by the face it showed, the successes marked and
    counted, as the engine's step says (seeded: the faces derived from the seed, not written in the log)."""
    from selenium.webdriver.common.by import By

    user = make_user("viewer", password=PASSWORD)
    log = engine.simulate(GAME, 3, mode="standard")
    stored = upload(user, log)
    steps = engine.session.walk(log)["steps"]
    step = next(s for s in steps if s["event"]["type"] == "roll" and s["event"]["die"] == "wild")
    log_in(browser, live_server.url, "viewer", PASSWORD)
    browser.set_window_size(*PHONE)
    open_at(browser, f"{live_server.url}/logs/{stored.pk}/?event={step['index']}")
    (roll,) = step["rolls"]
    dice = browser.find_elements(By.CSS_SELECTOR, "#viewer-dice .die")
    assert [d.text for d in dice] == [f["label"] for f in roll["faces"]]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#viewer-dice .die.hit")) == sum(
        1 for f in roll["faces"] if f["hit"]
    )
    assert roll["summary"] in browser.find_element(By.ID, "viewer-dice").text
    assert_fits_a_phone(browser)
    browser.execute_script("document.getElementById('viewer-event').scrollIntoView()")
    screenshot(browser, "eternia-viewer-dice-phone")


STRIP_OVERLAPS = (
    "const strip = document.querySelector('#viewer-board .fe-strip');"
    " const words = [...strip.querySelectorAll('text')].filter((t) => !t.closest('[data-team]'));"
    " const marks = [...strip.querySelectorAll('[data-team] circle, [data-team] text')];"
    " const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;"
    " const out = [];"
    " for (const w of words) for (const m of marks) { if (hit(w.getBoundingClientRect(), m.getBoundingClientRect()))"
    "   out.push([w.textContent, m.closest('[data-team]').dataset.team]); }"
    " const box = strip.querySelector('rect').getBoundingClientRect();"
    " for (const t of strip.querySelectorAll('text')) { const r = t.getBoundingClientRect();"
    "   if (r.left < box.left - 1 || r.right > box.right + 1) out.push([t.textContent, 'outside the strip']); }"
    " return out;"
)


def test_the_status_strip_never_overlaps_a_team_on_a_phone(browser, live_server, make_user):  # noqa: F811
    """At 390 px the strip's round, day or night and the boss's skull track (FE-18) stay clear of each team's
    dot and Eternium and VP, in a solo game against a boss and in the team game, by day and by night."""
    user = make_user("viewer", password=PASSWORD)
    logs = {
        "solo": engine.simulate(GAME, 1, mode="solo", scenario="solo-evil-seed"),
        "standard": engine.simulate(GAME, 3, mode="standard"),
    }
    log_in(browser, live_server.url, "viewer", PASSWORD)
    browser.set_window_size(*PHONE)
    overlaps = []
    for mode, log in logs.items():
        stored = upload(user, log)
        last = len(log["events"]) - 1
        for n in sorted({0, last // 3, last // 2, (2 * last) // 3, last}):
            open_at(browser, f"{live_server.url}/logs/{stored.pk}/?event={n}")
            overlaps += [(mode, n, *found) for found in browser.execute_script(STRIP_OVERLAPS)]
        # The last event: the longest status (night, the skull track, "over").
        browser.execute_script("document.getElementById('viewer-board').scrollIntoView()")
        browser.find_element("id", "viewer-board").screenshot(
            str(_shot(f"eternia-viewer-strip-{mode}-phone"))
        )
    assert overlaps == []
