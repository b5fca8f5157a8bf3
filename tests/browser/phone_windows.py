"""Several phones in one headless Chromium: each phone a window of its own browser context (cookies and
localStorage kept apart, as on separate phones: a table's pending tap is kept per phone in localStorage),
its page laid out at 390 × 844. One browser process and one chromedriver serve them all, so four or six
phones cost little more than one.

The contexts are made on the browser's DevTools connection (chromedriver only speaks to pages); chromedriver
then lists each new window among its handles.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from tests.browser.chromium import sign_in, start_chromium

PHONE = (390, 844)


class _Browser:
    """The browser-wide DevTools connection (Target.createBrowserContext is refused to a page's)."""

    def __init__(self, driver):
        import websocket

        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as answer:  # noqa: S310
            url = json.load(answer)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, suppress_origin=True, timeout=30)
        self.calls = 0

    def call(self, method: str, **params) -> dict:
        self.calls += 1
        self.socket.send(json.dumps({"id": self.calls, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.calls:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def close(self) -> None:
        self.socket.close()


class Phone:
    """One phone: a window of the shared Chromium. ``driver`` switches to it first."""

    def __init__(self, group: Phones, handle: str, name: str):
        self.group, self.handle, self.name = group, handle, name

    @property
    def driver(self):
        return self.group.switch(self.handle)

    def __repr__(self) -> str:
        return f"Phone({self.name})"


class Phones:
    def __init__(self, profile_dir: Path):
        self.driver = start_chromium(height=PHONE[1], profile_dir=profile_dir)
        self.browser = _Browser(self.driver)
        self.current = self.driver.current_window_handle
        self.phones: list[Phone] = []

    def switch(self, handle: str):
        if handle != self.current:
            self.driver.switch_to.window(handle)
            self.current = handle
        return self.driver

    def open(self, name: str) -> Phone:
        """A new phone: the browser's first window, then a window in a browser context of its own."""
        if self.phones:
            context = self.browser.call("Target.createBrowserContext")["browserContextId"]
            handle = self.browser.call(
                "Target.createTarget",
                url="about:blank",
                browserContextId=context,
                newWindow=True,
                width=PHONE[0],
                height=PHONE[1],
            )["targetId"]
        else:
            handle = self.current
        phone = Phone(self, handle, name)
        # The page's viewport is the phone's screen, whatever the window around it.
        phone.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": False},
        )
        self.phones.append(phone)
        return phone

    def signed_in(self, base_url: str, users) -> list[Phone]:
        """One phone per account, each signed in."""
        phones = []
        for user in users:
            phone = self.open(user.username)
            sign_in(phone.driver, base_url, user)
            phones.append(phone)
        return phones

    def quit(self) -> None:
        self.browser.close()
        self.driver.quit()
