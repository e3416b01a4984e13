"""A phone whose Wi-Fi fails: a link gone silent is noticed by the page itself, a move it
swallowed is sent again once the phone is back, and while the link is down the page says so
at the top and refuses taps. A real TCP relay (tests/web/relay.py) stands in for the air."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import Any

import pytest
from playwright.sync_api import expect

from game.rules import Player
from net.host import HostHandle
from net.protocol import PROTOCOL_VERSION
from tests.web.conftest import page_url
from tests.web.phone import join
from tests.web.relay import Relay

# idle_timeout 1.5 s: the welcome asks for a ping every 0.5 s, and the host drops a phone
# silent for 1.5 s. The seat is held long enough for the phone to come back.
FAST = {"idle_timeout": 1.5, "reconnect_grace": 30.0}
BANNER = "#link-down:visible"


@pytest.fixture
def relay() -> Iterator[Callable[[HostHandle], Relay]]:
    relays: list[Relay] = []

    def start(handle: HostHandle) -> Relay:
        assert handle.host.web is not None
        relays.append(Relay(handle.host.web.port))
        return relays[-1]

    yield start
    for r in relays:
        r.close()


def _wait(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def _seated_at_x(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
    relay: Callable[[HostHandle], Relay],
) -> tuple[HostHandle, Relay, Any]:
    """A phone on the relay at X, a bot (straight to the host) at O: the phone's move."""
    handle = web_host("goff", **FAST)
    wire = relay(handle)
    page = phone()
    join(page, f"http://127.0.0.1:{wire.port}/", "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    bots(handle.address, seat=Player.O)
    page.wait_for_selector("#status.mine")
    return handle, wire, page


def test_a_move_swallowed_by_a_silent_link_is_sent_again_once_the_phone_is_back(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
    relay: Callable[[HostHandle], Relay],
) -> None:
    handle, wire, page = _seated_at_x(web_host, phone, bots, relay)
    page.tap("[data-cell='1']")
    wire.go_silent()  # no FIN, no RST: the socket stays open, nothing gets through
    page.tap("[data-cell='2']")
    assert page.inner_text("#status") == "Sent…"
    # The page misses the host's pongs and says so, well before the OS would give up.
    page.wait_for_selector(BANNER, timeout=5000)
    assert "Reconnecting" in page.inner_text("#status")
    seat = handle.host.table.seats[Player.X]
    assert seat is not None
    _wait(lambda: not seat.connected)  # the host dropped the silent phone, holding its seat
    assert handle.host.table.record.moves == []
    wire.restore()
    # Back at X, the page finds its move not played and sends it once more.
    _wait(lambda: handle.host.table.record.moves[:1] == ["1-2"])
    page.wait_for_selector(BANNER, state="hidden")
    assert seat.connected
    page.wait_for_function("() => document.querySelector('#status').textContent !== 'Sent…'")
    assert page.locator("#refusal").is_hidden()


def test_while_the_link_is_down_the_page_says_so_at_the_top_and_refuses_taps(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
    relay: Callable[[HostHandle], Relay],
) -> None:
    handle, wire, page = _seated_at_x(web_host, phone, bots, relay)
    wire.refuse()  # the host is gone: every connection cut, every new one refused
    banner = page.wait_for_selector(BANNER)
    assert banner is not None
    assert "reconnecting" in banner.inner_text()
    assert "Reconnecting" in page.inner_text("#status")
    assert page.locator("#status.mine").count() == 0
    assert page.locator("[data-cell][data-allowed]").count() == 0
    # At the top of the screen, wherever the page is scrolled.
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    box = banner.bounding_box()
    assert box is not None and box["y"] == 0 and box["height"] < 80
    page.tap("[data-cell='5']")
    assert "not connected" in page.inner_text("#refusal")
    assert page.locator("[data-selected]").count() == 0
    wire.restore()
    page.wait_for_selector(BANNER, state="hidden")
    page.wait_for_selector("#status.mine")
    page.tap("[data-cell='5']")
    assert page.locator("[data-cell='5'][data-selected]").count() == 1
    assert handle.host.table.seats[Player.X].connected  # type: ignore[union-attr]


def test_once_the_phone_is_back_its_news_no_longer_says_the_link_is_down(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
    relay: Callable[[HostHandle], Relay],
) -> None:
    # "the connection dropped; coming back…" stayed its eight seconds below the game the phone
    # was back at, the banner gone: which of the two was true?
    _, wire, page = _seated_at_x(web_host, phone, bots, relay)
    wire.refuse()
    page.wait_for_selector(BANNER)
    expect(page.locator("#notice")).to_contain_text("coming back")
    wire.restore()
    # Said after the welcome that seats the phone again.
    expect(page.locator("#notice")).to_contain_text("you are back at X")
    assert "coming back" not in page.inner_text("#notice")


def test_a_host_gone_for_longer_than_a_seat_is_held_is_told_in_words_with_a_way_back(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("goff")
    page = phone()
    page.clock.install()  # the page's minute of trying again passes at once
    join(page, page_url(handle), "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    handle.stop()
    page.wait_for_selector(BANNER)
    for _ in range(80):  # a second at a time: each try fails at once, the host being gone
        if page.locator("#join").is_visible():
            break
        page.clock.run_for(1000)
        page.evaluate("() => new Promise((done) => setTimeout(done, 0))")
    expect(page.locator("#join-message")).to_have_text(
        "The host stopped answering: the table may have closed. Join again once it is back."
    )
    expect(page.locator("input[name=name]")).to_have_value("Ada")


# The phone's screen goes off and on: what the browser tells the page on either side of a sleep.
_SCREEN = """(state) => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
# How many of the page's sockets have ended, counted before the page hears of each.
_COUNT_CLOSES = """window.closes = 0;
window.WebSocket = class extends WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("close", () => window.closes++);
  }
};"""


def test_a_phone_that_slept_longer_than_a_minute_while_dropped_comes_back_on_waking(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    relay: Callable[[HostHandle], Relay],
) -> None:
    # The page gave up a minute after the drop, counted across the sleep: waking after more,
    # with its Wi-Fi not back yet (as a phone's is for a moment), the one try failed and the
    # page gave up on a table still holding its seat.
    handle = web_host("goff", **{**FAST, "reconnect_grace": 300.0})
    wire = relay(handle)
    ada, bo = phone(), phone()
    ada.clock.install()
    ada.add_init_script(_COUNT_CLOSES)
    join(ada, f"http://127.0.0.1:{wire.port}/", "Ada")
    ada.wait_for_selector(".seat[data-side=X].me")
    join(bo, page_url(handle), "Bo")
    ada.tap("[data-cell='1']")
    ada.tap("[data-cell='2']")
    bo.wait_for_selector("#status.mine")
    wire.refuse()  # Ada's Wi-Fi goes, and she puts the phone away
    ada.wait_for_selector(BANNER)
    ada.evaluate(_SCREEN, "hidden")
    ada.clock.pause_at(ada.evaluate("Date.now() / 1000 + 1"))  # in seconds
    bo.tap("[data-cell='5']")
    bo.tap("[data-cell='6']")
    _wait(lambda: len(handle.host.table.record.moves) == 2)
    ada.clock.set_system_time(ada.evaluate("Date.now() / 1000 + 90"))  # a minute and a half
    closes = ada.evaluate("closes")
    ada.evaluate(_SCREEN, "visible")  # awake, the Wi-Fi still coming back: the try fails
    _wait(lambda: ada.evaluate("closes") > closes)
    wire.restore()
    ada.clock.resume()
    ada.wait_for_selector(BANNER, state="hidden")
    ada.wait_for_selector("#status.mine")  # Bo's move is on the board, and it is Ada's turn
    assert ada.locator("[data-cell='5'].last, [data-cell='6'].last").count() == 2
    assert ada.locator("#join").is_hidden()


# The first copy of the page a tab loads is one from before the host was updated: it speaks
# the protocol version before the host's. Later copies (a reload) are the host's own. Each
# copy notes the version it speaks in the tab's storage, which outlives the reload (asked of
# the page as it loads, a reload under way could end the question).
_FROM_BEFORE_THE_UPDATE = """const first = !sessionStorage.getItem("loads");
new MutationObserver((_, observer) => {
  const meta = document.querySelector('meta[name="qttt-protocol"]');
  if (!meta) return;
  if (first) meta.content = String(Number(meta.content) - 1);
  const loads = JSON.parse(sessionStorage.getItem("loads") || "[]");
  sessionStorage.setItem("loads", JSON.stringify([...loads, meta.content]));
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });"""


def test_a_page_older_than_its_host_loads_the_hosts_own_and_sits_down(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # The host was updated while the page stayed open: its hello was refused ("protocol version
    # N is not spoken here"), the page tried again for a minute, then showed those words, and
    # joining again could only be refused again.
    handle = web_host("goff")
    page = phone()
    page.add_init_script(_FROM_BEFORE_THE_UPDATE)
    join(page, page_url(handle), "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    loads = json.loads(page.evaluate("sessionStorage.getItem('loads')"))
    assert loads == [str(PROTOCOL_VERSION - 1), str(PROTOCOL_VERSION)]
