"""A phone plays at a real host: a whole game against a bot, and back to its seat after a
reload."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from game.rules import Player
from game.textview import points
from net.host import HostHandle
from tests.web.conftest import page_url
from tests.web.phone import join, play_to_the_end, take_turn


def test_a_phone_plays_a_whole_goff_game_against_a_bot(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> None:
    handle = web_host("goff")
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    bot = bots(handle.address, seat=Player.O)
    page.wait_for_selector("#status.mine")
    # The host says what may be tapped: any cell to start, then any other to finish.
    assert page.locator("[data-cell][data-allowed]").count() == 9
    page.tap("[data-cell='5']")
    assert page.locator("[data-cell='5'][data-selected]").count() == 1
    assert page.locator("[data-cell][data-allowed]").count() == 9  # 8 partners and 5 itself
    page.tap("[data-cell='5']")  # taken back
    assert page.locator("[data-selected]").count() == 0
    play_to_the_end(page)
    final = bot.result(timeout=30)
    table = handle.host.table
    assert final == table.position and final.is_over
    assert table.record.moves and table.seats[Player.X].name == "Ada"  # type: ignore[union-attr]
    scores = final.scores()
    verdict = page.locator("[data-over] .verdict").inner_text()
    assert f"{points(scores.x)}–{points(scores.o)}" in verdict


def test_a_phone_that_reloads_gets_its_seat_back(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> None:
    handle = web_host("goff")
    page = phone()
    join(page, page_url(handle), "Bo")
    page.wait_for_selector(".seat[data-side=X].me")
    bots(handle.address, seat=Player.O)
    take_turn(page)
    page.wait_for_function("() => document.querySelector('#status.mine')")
    played = len(handle.host.table.record.moves)
    page.reload()
    # No name typed: the token kept in the browser's storage sits it down again at X.
    page.wait_for_selector(".seat[data-side=X].me")
    page.wait_for_function("() => document.querySelector('#status.mine')")
    assert page.locator("#join").is_hidden()
    assert handle.host.table.seats[Player.X].connected  # type: ignore[union-attr]
    assert len(handle.host.table.record.moves) == played
    play_to_the_end(page)
    assert handle.host.table.position.is_over
