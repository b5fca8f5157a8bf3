"""Every page a user can reach fits a 390 px phone, in Debian's Chromium (headless).

The pages are not listed by hand: they come from the site's URL patterns. Each route's
parameters are filled from a small populated site (an event with a closed and a running round, a
verified and an illegal log, meta statistics, a challenge, a recorded table); every URL that
answers a signed-in organizer-and-player with an HTML page is then opened at 390 px, and must not
scroll sideways (``document.documentElement.scrollWidth <= 390``) nor log a console error. Pages
other people add are checked the same way once their URL patterns exist; a route with a
parameter this test cannot fill fails it, naming the parameter to add to ``_samples()``.

Screenshots go to var/screenshots/phone-*.png.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from draw.seats import two_seats
from results import services as result_services
from tests.browser.chromium import SCREENSHOTS, requires_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    requires_chromium,
]

PHONE_WIDTH = 390
PASSWORD = "a-long-passphrase-42"
GAME = "motu-battleground"
MOTU, EW = "masters-of-the-universe", "evil-warriors"

# Routes that are not pages a person reads on a phone: the admin (staff tooling with its own
# styles), the API (JSON, and the API's own documentation viewers), files and feeds.
SKIPPED_PREFIXES = ("admin/", "api/")
FILE = re.compile(r"\.(json|js|csv|svg|ico|png|txt)$")


# --- the site ----------------------------------------------------------------------------------------


def _player(username: str, display_name: str, *, organizer: bool = False):
    from django.contrib.auth import get_user_model

    from accounts.models import Profile
    from accounts.services import make_organizer

    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    Profile.objects.create(user=user, display_name=display_name, club="Eternia Gaming Club")
    if organizer:
        make_organizer(user)
    return user


def _verify(log_id: int) -> None:
    from gamelogs.verification import verify_stored_log

    verify_stored_log(log_id)


@pytest.fixture
def site(monkeypatch, settings):
    """A small site: an event whose organizer also plays (round 1 closed, one game decided by a
    verified log, round 2 running with its clock), a legal and an illegal upload of theirs, the
    meta statistics of a few dozen games, a challenge with entries and a table being recorded."""
    from django.core.management import call_command

    import engine
    from challenges import demo as challenge_demo
    from draw import services as draw_services
    from gamelogs import demo, queue
    from gamelogs.models import GameLog, LogSource
    from gamelogs.services import submit_log
    from gamelogs.signals import log_verified
    from games import plugin
    from participants import services as participant_services
    from play import matches as play_matches
    from tests.dashboards.meta_fixtures import hand_counted_games, make_log
    from tests.tournaments_django.conftest import FIRST_GAME, cross_faction_match, log_for
    from tournaments import services

    # The workers' task runs here, on demand, instead of through the broker.
    monkeypatch.setattr(queue.app, "send_task", lambda *args, **kwargs: None)
    settings.ARBITER_META_REFRESH_INLINE = True

    olga = _player("olga", "Olga the Organizer of Very Long Names", organizer=True)
    # Long names and one long unbroken token: what makes a narrow screen scroll sideways.
    names = [
        "Adora",
        "Duncan",
        "Teela-Na of the Snake Mountain Foothills",
        "Evelyn",
        "Skeletor_Overlord_of_Evil_1983",
    ]
    players = [olga] + [_player(n.split()[0].lower(), n) for n in names]
    event = services.create_event(
        olga,
        name="Spring Open at the Castle Grayskull Community Hall",
        starts_on=date(2026, 5, 2),
        swiss_rounds=3,
        points_limit=110,
        first_round="seeded",
        lists_public=True,
        venue="Castle Grayskull Community Hall, Eternia",
    )
    pack = plugin(GAME).load_pack("bg-core-starter")
    for i, user in enumerate(players):
        registration = participant_services.register(user, event)
        faction = MOTU if i % 2 == 0 else EW
        participant_services.submit_list(
            user, event, entries=pack.forces[FIRST_GAME[faction]]["characters"], faction=faction
        )
        participant_services.check_in(olga, registration)

    round_one = draw_services.publish_round(olga, draw_services.pair_next_round(olga, event))
    by_log = cross_faction_match(round_one)
    result_services.attach_log_to_match(
        by_log.entrants()[0].player, by_log, log_for(by_log), filename="game.json"
    )
    by_log.refresh_from_db()
    _verify(by_log.game_log_id)
    for match in round_one.matches.games().exclude(pk=by_log.pk):
        result_services.decide_result(olga, match, scores=two_seats("win", (30, 10)), note="no log")
    draw_services.close_round(olga, round_one)
    round_two = draw_services.publish_round(olga, draw_services.pair_next_round(olga, event))
    draw_services.start_timer(olga, round_two, minutes=90)
    olgas_game = round_two.matches.games().of(event.registrations.get(player=olga)).get()
    game = round_two.matches.games().exclude(pk=olgas_game.pk).order_by("table").first()
    result_services.report_result(game.entrants()[0].player, game, scores=two_seats("win", (25, 15)))
    result_services.dispute_result(
        game.entrants()[1].player, game, reason="The score was 15–25 the other way round."
    )

    # Olga's own uploads: a legal simulated game and the same game with an impossible die.
    recorded = engine.simulate(GAME, 3, randomness="recorded")
    filename = "grayskull-open-round-2-table-14-he-man-versus-skeletor-recorded-at-the-table.json"
    legal = submit_log(olga, demo.encode(recorded), source=LogSource.DEMO, filename=filename).log
    illegal = submit_log(
        olga, demo.encode(demo.with_impossible_die(recorded)), source=LogSource.DEMO, filename="illegal.json"
    ).log
    for log in (legal, illegal):
        _verify(log.pk)
    # Hand-counted games between named players (published), so the meta has a player page.
    for i, game_data in enumerate(hand_counted_games()):
        log, verdict = make_log(game_data["statistics"], created=game_data["created"], salt=str(i))
        log_verified.send(sender=GameLog, game_log=log, verdict=verdict)
    call_command("load_synthetic_meta", games=60, seed=5, stdout=open("/dev/null", "w"))  # noqa: SIM115

    challenge = challenge_demo.load(entries_per_player=1)
    table = play_matches.start_from_match(olga, olgas_game.pk, first_player_seat=1)

    logs = GameLog.objects.filter(pk__in=[legal.pk, illegal.pk, by_log.game_log_id])
    return {
        "user": olga,
        "event": event,
        "rounds": [1, 2],
        "matches": [by_log.pk, game.pk],
        "disputes": list(game.disputes.values_list("pk", flat=True)),
        "logs": sorted(logs.values_list("pk", flat=True)),
        "challenge": challenge,
        "table": table,
        "public_name": "Alice",  # of the hand-counted games
    }


# --- the pages ---------------------------------------------------------------------------------------


def _routes() -> list[str]:
    """Every route of the URL confs as a pattern string ("events/<slug:slug>/rounds/<int:number>/")."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(patterns, prefix: str):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                yield prefix + str(pattern.pattern)

    return sorted(set(walk(get_resolver().url_patterns, "")))


PARAM = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


def _samples(site) -> dict[str, list]:
    """Values for each parameter, keyed by the literal segment before it where the name alone is
    ambiguous ("matches/<pk>" is a match, "logs/<pk>" a log)."""
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    from dashboards.datasets import pages_for
    from games import game_ids
    from rulebook import rules

    challenge = site["challenge"]
    rule_ids = [rule.id for rule in rules.index(GAME)[:1]]
    return {
        "events/slug": [site["event"].slug],
        "challenges/slug": [challenge.slug] if challenge else [],
        "number": site["rounds"],
        "matches/pk": site["matches"],
        "disputes/pk": site["disputes"],
        "registrations/pk": list(site["event"].registrations.values_list("pk", flat=True)[:1]),
        "action": ["check-in"],
        "logs/pk": site["logs"],
        "entries/pk": list(challenge.entries.values_list("pk", flat=True)[:1]) if challenge else [],
        "players/username": [site["user"].get_username()],
        "players/name": [site["public_name"]],
        "game": list(game_ids()),
        "page": [p for p in pages_for(GAME) if p != "overview"],
        "rule_id": rule_ids,
        "code": [site["table"].code],
        "watch/token": [site["table"].watch_token],  # the table's spectator page, open without login
        "characters/key": ["he-man", "skeletor"],
        "import/kind": ["csv", "names"],
        # A password-reset link that has expired: the page that says so, with the form to ask again.
        "password-reset/uidb64": [urlsafe_base64_encode(force_bytes(site["user"].pk))],
        "token": ["expired-token"],
        # Actions that answer POST only: a GET is no page, so any value does.
        "organizer-requests/pk": [0],
        "judges/pk": [0],
        "absent/pk": [0],
        "teams/pk": [0],
    }


def _fill(route: str, samples: dict[str, list]) -> tuple[list[str], list[str]]:
    """The URLs of one route with its parameters filled (one URL per sample combination), and
    the parameters no sample fills."""
    urls, missing = ["/" + route], []
    for found in PARAM.finditer(route):
        before = route[: found.start()].rstrip("/").rsplit("/", 1)[-1]
        name = found.group("name")
        values = samples.get(f"{before}/{name}") or samples.get(name)
        if not values:
            missing.append(f"{before}/{name}")
            continue
        urls = [url.replace(found.group(0), str(value), 1) for url in urls for value in values]
    return urls, missing


def _pages(client, site) -> tuple[list[str], list[str]]:
    """The URLs a signed-in user reaches as HTML pages, and the routes that could not be filled."""
    samples = _samples(site)
    pages, unfilled = [], []
    for route in _routes():
        if route.startswith(SKIPPED_PREFIXES) or FILE.search(route):
            continue
        urls, missing = _fill(route, samples)
        if missing:
            unfilled.append(f"{route} (no sample for {', '.join(missing)})")
            continue
        for url in urls:
            response = client.get(url)
            if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
                pages.append(url)
    return pages, unfilled


# --- Chromium ----------------------------------------------------------------------------------------

OVERFLOWING = """
const width = document.documentElement.clientWidth;
const wide = [];
for (const el of document.body.querySelectorAll('*')) {
  const box = el.getBoundingClientRect();
  if (box.right > width + 1 && box.width > 0) {
    let parent = el.parentElement, clipped = false;
    while (parent && parent !== document.body) {
      const style = getComputedStyle(parent);
      if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 1) { clipped = true; break; }
      parent = parent.parentElement;
    }
    if (!clipped) wide.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
      ' ' + Math.round(box.right) + 'px');
  }
}
return [document.documentElement.scrollWidth, wide.slice(0, 5)];
"""


@pytest.fixture
def phone(tmp_path):
    """Chromium as a 390 × 844 phone: touch, overlay scrollbars (the page gets all 390 px, as on a
    phone, rather than 375 beside a desktop scrollbar) and the viewport meta tag honoured."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from tests.browser.chromium import CHROMEDRIVER, CHROMIUM

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'profile'}")
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": PHONE_WIDTH, "height": 844, "pixelRatio": 1.0}}
    )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def _log_in(driver, base_url: str, username: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(base_url + "/accounts/login/")
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
    WebDriverWait(driver, 15).until(lambda d: "/accounts/login/" not in d.current_url)


def _open(driver, url: str) -> list[str]:
    """Open ``url`` and wait for it (and any chart on it) to be drawn; the console's errors."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get_log("browser")  # drop what the previous page left
    driver.get(url)
    console = []
    try:
        WebDriverWait(driver, 10, poll_frequency=0.1).until(
            lambda d: d.execute_script(
                "return document.readyState === 'complete' && Array.from("
                "document.querySelectorAll('.figure')).every(el => el.querySelector('.main-svg'))"
            )
        )
    except TimeoutException:
        console.append("the page or one of its charts did not finish drawing in 10 s")
    return console + [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def _shot_name(path: str) -> str:
    return "phone-" + (re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") or "home")


def _check(driver, base_url: str, paths: list[str], prefix: str) -> tuple[dict, dict]:
    """Open each page; the ones wider than the phone (with what sticks out) and console errors."""
    too_wide, errors = {}, {}
    for path in paths:
        console = _open(driver, base_url + path)
        width, culprits = driver.execute_script(OVERFLOWING)
        driver.save_screenshot(str(SCREENSHOTS / f"{prefix}{_shot_name(path)}.png"))
        if width > PHONE_WIDTH:
            too_wide[path] = (width, culprits)
        if console:
            errors[path] = console
    return too_wide, errors


def test_every_page_fits_a_390px_phone(phone, live_server, site, client):
    """Issue #13: "pages overflow a 390 px screen (verdict 689 px, my logs 641, pairings 535,
    meta 689–846, manage 446)". Every page, signed in (as an organizer who also plays) and the
    pages only visitors see, at 390 px."""
    visitors, unfilled = _pages(client, site)
    client.force_login(site["user"])
    pages, _ = _pages(client, site)
    assert not unfilled, f"add sample values to _samples() for: {unfilled}"
    slug = site["event"].slug
    named = (
        f"/logs/{site['logs'][-1]}/",
        "/logs/",
        f"/events/{slug}/rounds/2/",
        "/meta/",
        f"/events/{slug}/manage/",
    )
    for expected in named:
        assert expected in pages, f"{expected} was not reached"
    only_visitors = [path for path in visitors if path not in pages]
    assert "/accounts/signup/" in only_visitors

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    too_wide, errors = _check(phone, live_server.url, only_visitors, "visitor-")
    _log_in(phone, live_server.url, site["user"].get_username())
    assert phone.execute_script("return window.innerWidth") == PHONE_WIDTH
    wide, more_errors = _check(phone, live_server.url, pages, "")
    too_wide.update(wide)
    errors.update(more_errors)
    assert not too_wide, f"pages wider than {PHONE_WIDTH} px: {too_wide}"
    assert not errors, f"console errors: {errors}"


# --- a Pandemonium round on a phone -----------------------------------------------------------------

# Each essential cell of the round's tables, which must be on screen at 390 px without scrolling
# sideways: a table's result and its pairing reason, a result slip's score box and signature line.
ON_SCREEN = """
const width = document.documentElement.clientWidth, off = [];
for (const selector of arguments[0]) {
  const found = document.querySelectorAll(selector);
  if (!found.length) off.push(selector + ' (none on the page)');
  for (const el of found) {
    const box = el.getBoundingClientRect();
    if (box.left < 0 || box.right > width + 1) off.push(selector + ' ' + Math.round(box.left) + '–' + Math.round(box.right) + 'px');
  }
}
return off;
"""


@pytest.fixture
def pandemonium_round():
    """A published first round of a Hoplomachus Pandemonium event whose pods carry a same-faction
    warning (three of six players registered Kunlun), the players' names long, one without spaces:
    the round page that was seen cut off at 390 px."""
    from draw import services as draw_services
    from participants import services as participant_services
    from tournaments import distinct_factions, services

    olga = _player("olga", "Olga the Organizer of Very Long Names", organizer=True)
    event = services.create_event(
        olga,
        name="Pandemonium Night at the Castle Grayskull Community Hall",
        starts_on=date(2026, 6, 6),
        game="hoplomachus-remastered",
        content_pack="hr-core-starter",
        game_mode="pandemonium",
        swiss_rounds=2,
        first_round="seeded",
        random_seed=5,
    )
    names = ["Adam of the Grey Towers", "Teela-Na of the Snake Mountain Foothills", "Duncan", "Adora",
             "Keldor_the_Unbroken_Token_1983", "Evelyn"]  # fmt: skip
    factions = ["Kunlun", "Amazons", "Kunlun", "Faction 4", "Kunlun", "Faction 5"]
    for seed, (name, faction) in enumerate(zip(names, factions, strict=True), start=1):
        user = _player(f"p{seed}", name)
        registration = participant_services.register(user, event)
        registration.seed = seed
        registration.save()
        assert participant_services.submit_list(user, event, text=faction).valid
        participant_services.check_in(olga, registration)
    round_one = draw_services.pair_next_round(olga, event)
    assert distinct_factions.round_warnings(round_one), "the pods should carry a same-faction warning"
    draw_services.publish_round(olga, round_one)
    return olga, event


def test_a_pandemonium_round_reads_on_a_390px_phone(phone, live_server, pandemonium_round):
    """A round page with pods and a warning, its results and print pages, and the event's other
    pages at 390 px: no page scrolls sideways, and the Result column, the reasons and the slips'
    Signature column are on screen, not in a scroll box past its edge, as are the events list's
    status and the organizer's Drop buttons. (The warning: HR-16.2.3, each troop in a pod plays
    its own faction.)"""
    from selenium.webdriver.common.by import By

    olga, event = pandemonium_round
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    _log_in(phone, live_server.url, olga.get_username())
    base = f"/events/{event.slug}"
    pages = {
        f"{base}/rounds/1/": [
            "table.pairings td.result",
            "table.pairings td.reason",
            "table.pairings td.state",
        ],
        f"{base}/results/": ["table.pairings td.result", "table.pairings td.reason"],
        f"{base}/rounds/1/print/": [
            ".print-pairings td:last-child",
            ".slip-seats td.slip-place",  # a pod's slip asks each player's place, not a score (HR-16.5.1)
            ".slip-seats td.slip-sign .sign-line",
        ],
        f"{base}/lists/": [".card h3"],
        f"{base}/": ["table.entrants td:last-child"],
        "/events/": ["table.event-list td.meta:last-child"],
        f"{base}/audit/": ["table.audit td:last-child"],
        f"{base}/manage/": ["table#registrations td.actions button"],
        f"{base}/standings/": [],
        f"{base}/my-table/": [],
        f"{base}/projector/": [],
    }
    too_wide, errors = _check(phone, live_server.url, list(pages), "pandemonium-")
    assert not too_wide, f"pages wider than {PHONE_WIDTH} px: {too_wide}"
    assert not errors, f"console errors: {errors}"
    for path, selectors in pages.items():
        _open(phone, live_server.url + path)
        assert not phone.execute_script(ON_SCREEN, selectors), path
    # The warned pod's row is no longer a screen tall: its reason reads across the width.
    _open(phone, live_server.url + f"{base}/rounds/1/")
    rows = phone.find_elements(By.CSS_SELECTOR, "table.pairings tbody tr")
    assert len(rows) == 2
    warned = rows[0].find_element(By.CSS_SELECTOR, "td.reason")
    assert warned.text.startswith("warning: same faction (Kunlun)")
    assert rows[0].size["height"] < 350, rows[0].size
    assert warned.size["width"] > PHONE_WIDTH * 0.6, warned.size
