"""Driving the phone page as a guest would: taps on the data-* hooks the page promises."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from net.host import HostHandle
from net.web import WebConnection

# Every line of news the page puts on screen, kept in `told` as it comes.
KEEP_NEWS = """addEventListener("DOMContentLoaded", () => {
  window.told = [];
  const keep = (records) => {
    for (const record of records) for (const line of record.addedNodes) told.push(line.textContent);
  };
  new MutationObserver(keep).observe(document.querySelector("#notice"), { childList: true });
});"""

# The phone has something to do (its move or its collapse choice), or the game is over.
_READY = "() => document.querySelector('[data-over]') || document.querySelector('#status.mine')"


def join(page: Any, url: str, name: str) -> None:
    page.goto(url)
    page.fill("input[name=name]", name)
    page.tap("[data-action=join]")


def take_turn(page: Any) -> bool:
    """Wait until it is this phone's turn and play the first allowed choice; False once the
    game is over instead."""
    page.wait_for_function(_READY)
    if page.query_selector("[data-over]"):
        return False
    outcome = page.query_selector("[data-outcome='0']")
    if outcome:
        outcome.tap()
        return True
    page.locator("[data-cell][data-allowed]").first.tap()
    partners = page.locator("[data-cell][data-allowed]:not([data-selected])")
    # Goff's last move into the last open cell: both halves there, so tap it again.
    (partners.first if partners.count() else page.locator("[data-selected]")).tap()
    return True


def play_to_the_end(page: Any, limit: int = 30) -> None:
    for _ in range(limit):
        if not take_turn(page):
            return
    raise AssertionError("the game did not end")


def cut_off_phones(handle: HostHandle) -> None:
    """Drop every phone's connection at the host, as a lost Wi-Fi would (no goodbye); on the
    host's thread (``handle.call``)."""
    for conn in list(handle.host.connections):
        if isinstance(conn, WebConnection):
            conn.abort()


def lose_answers(page: Any, after: str | None = None) -> list[str | bytes]:
    """From now, the host's frames to ``page``'s next socket are lost from the moment the page
    sends a message of type ``after`` (from the start if ``None``): a phone that sleeps before
    the host's answer reaches it. The list returned fills with them; its later sockets pass."""
    sockets: list[Any] = []
    lost: list[str | bytes] = []
    losing = [after is None]

    def route(socket: Any) -> None:
        host = socket.connect_to_server()
        if not sockets:

            def to_host(frame: str | bytes) -> None:
                if json.loads(frame).get("t") == after:
                    losing[0] = True
                host.send(frame)

            def to_page(frame: str | bytes) -> None:
                if losing[0]:
                    lost.append(frame)
                else:
                    socket.send(frame)

            socket.on_message(to_host)
            host.on_message(to_page)
        sockets.append(socket)

    page.route_web_socket(re.compile(r"/ws$"), route)
    return lost


def until_lost(page: Any, lost: list[str | bytes], kind: str) -> None:
    """Wait until a message of type ``kind`` is among the ``lost`` frames."""
    while not any(json.loads(frame).get("t") == kind for frame in lost):
        page.wait_for_timeout(20)  # Playwright runs the route only within its own calls


def ada_comes_back(url: str, phone: Any, seated: str, own: str, others: str) -> None:
    """Ada and Bo join at ``url`` (each ready once ``seated`` shows); Ada's phone is reloaded
    and reads ``own`` of her return, never ``others``, which Bo reads."""
    ada, bo = phone(), phone()
    for page, name in ((ada, "Ada"), (bo, "Bo")):
        page.add_init_script(KEEP_NEWS)
        join(page, url, name)
        page.wait_for_selector(seated)
    ada.reload()
    expect(ada.locator("#notice")).to_contain_text(own)
    expect(bo.locator("#notice")).to_contain_text(others)
    assert others not in ada.evaluate("told")
