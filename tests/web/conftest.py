"""Real Chromium (Debian's, through Playwright) on phones' viewports, against real hosts that
serve the page on 127.0.0.1 (inside the private network namespace the test run enters).

One browser serves each test module; each phone is a fresh context (its own storage) at 390×844
with touch. Where Chromium or Playwright is missing the tests skip and say so, except under
CI (``CI=true``), where they must run: ``.ci/run`` installs Chromium.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from game.records import Record
from game.rules import Player, Position, make_variant
from net.bot import play_bot
from net.host import HostHandle, start_host_thread
from net.loopthread import LoopThread
from net.table import Table
from tests.net.conftest import host_config
from tests.web.phone import join

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "Playwright is not installed (pip install -e '.[test]')"
    if _chromium() is None:
        return "Chromium is not installed (apt-get install -y chromium): no phone page tests"
    if os.environ.get("QTTT_PRIVATE_NETNS") != "1":
        return "no private network namespace to serve the page in (run the tests as root)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for a test module. Not for the whole run: Playwright's sync API keeps an
    event loop running on the main thread while it is open, and other tests call asyncio.run."""
    why = _missing()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the phone page tests: {why}")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Callable[[], Any]]:
    """Open phones (``phone()`` is a new page in a context of its own); all closed after."""
    contexts: list[Any] = []

    def open_phone() -> Any:
        context = browser.new_context(**PHONE)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def web_host(tmp_path: Path) -> Iterator[Callable[..., HostHandle]]:
    """Hosts serving the page too (``web_host(variant, make=Host, moves=tokens, **config)``);
    all stopped after."""
    handles: list[HostHandle] = []

    def start(
        variant: str = "goff",
        make: Any = None,
        name: str = "Kitchen",
        moves: tuple[str, ...] = (),
        **config: object,
    ) -> HostHandle:
        table = Table(name, _record(variant, moves), tmp_path)
        options = {"web_port": 0, **config}
        args = (table, host_config(tmp_path, **options))
        handle = start_host_thread(*args, make) if make else start_host_thread(*args)
        handles.append(handle)
        return handle

    yield start
    for handle in handles:
        handle.stop()


def _record(variant: str, moves: tuple[str, ...]) -> Record:
    """A game of ``variant`` with ``moves`` played."""
    record = Record(make_variant(variant))
    pos = Position(record.variant)
    for token in moves:
        pos = record.append(pos, record.variant.parse_token(token))
    return record


def page_url(handle: HostHandle) -> str:
    assert handle.host.web is not None
    return f"http://127.0.0.1:{handle.host.web.port}/"


@pytest.fixture
def bots() -> Iterator[Callable[..., Future[Any]]]:
    """Start bots on a loop of their own (``bots(address, seat=Player.O)``); stopped after."""
    thread = LoopThread("test-bots")

    def start(address: tuple[str, int], seat: Player | None = None, **kw: Any) -> Future[Any]:
        return thread.submit(play_bot(address, "beginner", seat=seat, seed=3, **kw))

    yield start
    thread.stop()


def o_against_a_bot(
    handle: HostHandle, bots: Callable[..., Future[Any]], phone: Callable[[], Any], name: str
) -> Any:
    """A phone at seat O of ``handle``'s table, a bot at X: the bot sits first (else the
    phone would get X), then the phone joins and waits for its move."""
    bots(handle.address, seat=Player.X)
    deadline = time.monotonic() + 5
    while handle.host.table.seats[Player.X] is None and time.monotonic() < deadline:
        time.sleep(0.01)
    page = phone()
    join(page, page_url(handle), name)
    page.wait_for_selector("#status.mine")
    return page
