"""The page fits the phone: upright (390×844, and a small 360×640) and on its side (844×390),
and a tablet upright (768×1024, 820×1180) and on its side (1024×768), what a player must tap
is on screen without scrolling; a tablet upright gives the board its width; long names wrap
rather than push the page sideways, on a phone whose page is zoomed for large text too; and
the page asks for nothing it does not serve."""

from __future__ import annotations

import functools
from collections.abc import Callable
from concurrent.futures import Future
from random import Random
from typing import Any

from playwright.sync_api import expect

from game.rules import Player, Position, make_variant
from net.host import HostHandle
from net.party_host import PartyConfig, PartyHost
from tests.web.conftest import page_url
from tests.web.phone import join

PHONES = ((844, 390), (360, 640), (390, 844))
TABLETS = ((768, 1024), (820, 1180))
SIZES = (*PHONES, *TABLETS, (1024, 768))

# A small phone, and phones whose page is zoomed for large text (Chrome's page zoom): 360 wide
# at 125 %, 320 at 150 %, 390 at 180 %, 360 at 200 %, laid out in that many CSS pixels.
NARROW = ((320, 568), (288, 512), (213, 379), (216, 469), (180, 320))
# The page's width and the screen's: more, and the page scrolls sideways.
_WIDTHS = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"

# The boxes of what `selector` finds (shown ones) that reach outside the viewport.
_OUTSIDE = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length)
  .map((e) => e.getBoundingClientRect())
  .filter((r) => r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
  .map((r) => [r.left, r.top, r.right, r.bottom].map(Math.round))"""
_SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _resize(page: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(_SETTLED)  # the page redraws the board for the new orientation
    page.evaluate("() => window.scrollTo(0, 0)")


def _assert_on_screen(page: Any, *selectors: str) -> None:
    size = page.viewport_size
    for selector in selectors:
        assert page.locator(selector).count(), f"no {selector} shown at {size}"
        outside = page.evaluate(_OUTSIDE, selector)
        assert outside == [], f"{selector} off screen at {size}: {outside}"


def _choosing(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> Any:
    """A phone seated at X against a bot, choosing how X's 1-2 and O's 1-2 collapse."""
    handle = web_host("goff", moves=("1-2", "1-2"))
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    bots(handle.address, seat=Player.O)
    page.wait_for_selector("[data-outcome]")
    return page


def test_the_board_and_a_collapse_choice_fit_the_screen_upright_and_on_its_side(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> None:
    # X's 1-2 then O's 1-2 close a cycle: X chooses how it collapses.
    page = _choosing(web_host, phone, bots)
    # 640×360: a small phone on its side, its heads-up line in two rows beside the board.
    for width, height in (*SIZES, (640, 360)):
        _resize(page, width, height)
        _assert_on_screen(page, "[data-cell]", "[data-outcome]", "#status")
        assert page.locator("[data-cell]").count() == 9


# The board's width, the status line's type and main's width, in CSS px.
_MEASURES = """() => ({
  board: document.querySelector("#board svg").getBoundingClientRect().width,
  status: parseFloat(getComputedStyle(document.querySelector("#status")).fontSize),
  column: document.querySelector("main").getBoundingClientRect().width,
})"""


def test_a_tablet_upright_gives_the_board_its_width_and_a_phone_keeps_its_column(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> None:
    handle = web_host("goff", moves=("1-5",))
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    bots(handle.address, seat=Player.O)
    page.wait_for_selector("#status.mine")  # the game in progress, nothing to choose
    for width, height in TABLETS:
        _resize(page, width, height)
        seen = page.evaluate(_MEASURES)
        # Not a phone's 440 px column: the board is as wide as the screen less its margins,
        # and the words larger than a phone's, to be read at arm's length.
        assert seen["board"] >= width - 60 and seen["status"] >= 24, f"at {width}×{height}"
    for width, height in (*PHONES, (1024, 768)):
        _resize(page, width, height)
        seen = page.evaluate(_MEASURES)
        assert seen["column"] <= 440 or height < 600, f"at {width}×{height}"
        assert seen["status"] == 17, f"at {width}×{height}"


def test_the_verdict_and_rematch_fit_the_screen_upright_and_on_its_side(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    rng = Random(1)
    pos = Position(make_variant("goff"))
    tokens = []
    while not pos.is_over:
        action = pos.random_action(rng)
        tokens.append(pos.variant.token(action))
        pos = pos.play(action)
    handle = web_host("goff", moves=tuple(tokens))
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector("[data-over] [data-action=rematch]")
    for width, height in SIZES:
        _resize(page, width, height)
        _assert_on_screen(page, "[data-cell]", "#over .verdict", "[data-action=rematch]")


# Each mini-board frame's stroke that reaches past its SVG's viewBox (and is cut there).
_FRAMES_CUT = """() => [...document.querySelectorAll("svg")].flatMap((svg) => {
  const box = svg.viewBox.baseVal;
  return [...svg.querySelectorAll(".mini-frame")].map((frame) => {
    const half = parseFloat(getComputedStyle(frame).strokeWidth) / 2;
    const [x, y] = [frame.x.baseVal.value, frame.y.baseVal.value];
    const [w, h] = [frame.width.baseVal.value, frame.height.baseVal.value];
    return [x - half - box.x, y - half - box.y,
            box.x + box.width - (x + w + half), box.y + box.height - (y + h + half)];
  }).filter((room) => room.some((r) => r < -1e-6));
})"""


def test_every_mini_board_frame_is_drawn_whole_in_the_overview_and_zoomed(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("ultimate")
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    page.wait_for_selector(".mini-frame.focus")  # the first move may use any board
    assert page.locator(".mini-frame").count() == 9
    assert page.evaluate(_FRAMES_CUT) == []
    page.tap("[data-board='5']")  # zoomed to one board
    page.wait_for_selector("[data-cell='5.5']")
    assert page.locator(".mini-frame").count() >= 1
    assert page.evaluate(_FRAMES_CUT) == []


def test_a_long_name_without_spaces_wraps_inside_the_screen(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("goff")
    long, bo = phone(), phone()
    join(long, page_url(handle), "W" * 32)
    long.wait_for_selector(".seat[data-side=X].me")
    join(bo, page_url(handle), "Bo")
    bo.set_viewport_size({"width": 360, "height": 640})
    # "WWW…W (X) is thinking…": the status line names the player to move.
    bo.wait_for_function("() => document.querySelector('#status').textContent.includes('thinking')")
    assert bo.evaluate(_WIDTHS) == [360, 360]
    _assert_on_screen(bo, "#status")


def test_the_page_asks_for_no_icon_it_would_not_get(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("goff")
    page = phone()
    # Chromium fetches /favicon.ico itself (no request the page sees), but logs its 404.
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    join(page, page_url(handle), "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    page.reload()
    page.wait_for_selector(".seat[data-side=X].me")
    page.evaluate(_SETTLED)
    assert errors == []


def test_a_long_name_is_cut_in_the_heads_up_line_but_never_the_word_you(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("goff")
    join(phone(), page_url(handle), "Ada")
    page = phone()
    page.set_viewport_size({"width": 360, "height": 640})
    join(page, page_url(handle), "Bartholomew Fitzgerald")
    page.wait_for_selector(".seat[data-side=O].me")
    you = page.locator(".seat.me .you")
    assert you.inner_text() == "(you)"
    # Whole, inside the seat's box, after the name (cut with an ellipsis to make room).
    fits = """(you) => {
      const seat = you.closest('.seat').getBoundingClientRect();
      const box = you.getBoundingClientRect();
      const name = you.closest('.seat').querySelector('.who');
      return you.scrollWidth <= you.clientWidth && box.left >= seat.left && box.right <= seat.right
        && name.getBoundingClientRect().right <= box.left && name.scrollWidth > name.clientWidth;
    }"""
    assert you.evaluate(fits)
    assert page.locator(".seat:not(.me) .you").is_hidden()


# The shown buttons less than 44 CSS px (a thumb's width) high or wide.
_SMALL = """() => [...document.querySelectorAll("button")]
  .filter((b) => b.getClientRects().length)
  .map((b) => [b.textContent, b.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([text, r]) => [text, Math.round(r.width), Math.round(r.height)])"""


def test_every_button_is_big_enough_for_a_thumb(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Ultimate, sent to two boards: the zoom bar's button is shown.
    handle = web_host("ultimate", moves=("1.2-5.6",))
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector("#zoom-bar [data-action=overview]")
    for width, height in SIZES:
        _resize(page, width, height)
        assert page.evaluate(_SMALL) == [], f"at {width}×{height}"


def test_the_title_is_not_broken_at_a_hyphen(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("goff")
    page = phone()
    page.goto(page_url(handle))
    for width, height in SIZES:
        _resize(page, width, height)
        # Each word of the title on one line ("Tic-Tac-" then "Toe" was two).
        lines = page.locator("h1 span").evaluate_all(
            "spans => spans.map(s => s.getClientRects().length)"
        )
        assert lines == [1, 1], f"at {width}×{height}"
        _assert_on_screen(page, "h1 span")


def test_what_the_join_form_says_is_on_screen_even_on_its_side(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("goff", name="Bartholomew's very long party name for the evening")
    page = phone()
    page.goto(page_url(handle))
    page.fill("input[name=name]", "   ")
    page.tap("[data-action=join]")
    page.wait_for_selector("#join-message:has-text('Type your name first')")
    # 568×320: the smallest phone on its side, where it was said below the page's foot.
    for width, height in (*SIZES, (568, 320)):
        _resize(page, width, height)
        _assert_on_screen(page, "#join-message", "[data-action=watch]")
    for width, height in NARROW:
        _resize(page, width, height)
        assert page.evaluate(_WIDTHS) == [width, width]


# Ultimate: X's 7.6-7.7 closes a cycle inside mini-board 7, its tangle spread over eight.
CYCLE_IN_ONE_BOARD = (
    *("3.1-4.4", "1.2-4.9", "2.6-9.7", "6.5-7.4", "4.7-5.6", "6.9-8.1", "1.8-9.4", "4.2-8.2"),
    *("2.2-2.7", "2.6-7.6", "6.1-6.8", "1.1-8.8", "2.9-8.6", "6.7-9.7", "7.2-7.7", "7.2-9.8"),
    *("1.5-3.8", "5.6-8.6", "6.2-6.8", "3.7-8.6", "4.6-6.9", "1.2-2.2", "2.5-2.7", "5.4-7.7"),
    *("4.5-7.8", "3.9-6.9", "9.1-9.2", "7.7-8.8", "1.9-6.9", "9.2-9.9", "8.6-9.6", "6.3-6.4"),
    *("7.2-7.6", "2.4-6.5", "3.5-9.7", "7.6-7.7"),
)


def test_a_collapse_spread_over_many_mini_boards_is_previewed_on_its_cycle_s_board(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("ultimate", moves=CYCLE_IN_ONE_BOARD)
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector(".seat[data-side=X].me")
    join(phone(), page_url(handle), "Bo")
    page.wait_for_selector("[data-outcome]")
    # The board above shows the whole tangle; each preview the cycle's board, large.
    assert page.locator("#board svg.overview").count() == 1
    assert page.locator("#outcomes svg.zoomed").count() == 2
    assert page.locator("#outcomes svg.overview").count() == 0
    for width, height in SIZES:
        _resize(page, width, height)
        _assert_on_screen(page, "[data-outcome]")


# Whether the news line's box meets the board's.
# Whether the news shown covers any of what `selector` finds.
_NEWS_OVER = """(selector) => {
  const news = document.querySelector("#notice").getBoundingClientRect();
  return news.width > 0 && [...document.querySelectorAll(selector)].some((e) => {
    const box = e.getBoundingClientRect();
    return news.left < box.right && news.right > box.left
      && news.top < box.bottom && news.bottom > box.top;
  });
}"""


def test_news_on_a_phone_on_its_side_stays_off_the_board(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # The board is as tall as the screen at the left: news at the foot's middle would cover
    # its corner, where a cell's mark is.
    for variant in ("goff", "squared"):
        handle = web_host(variant)
        page = phone()
        page.set_viewport_size({"width": 844, "height": 390})
        join(page, page_url(handle), "Ada")
        page.wait_for_selector(".seat[data-side=X].me")
        join(phone(), page_url(handle), "Bo")
        expect(page.locator("#notice")).to_contain_text("Bo sits at O")
        assert not page.evaluate(_NEWS_OVER, "#board svg"), variant


def test_news_never_covers_a_collapse_choice(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> None:
    # News shows at the screen's foot, where the previews are: someone sitting down hid the
    # choice (on a 360 phone, on its side too) for the eight seconds the news stays.
    page = _choosing(web_host, phone, bots)
    expect(page.locator("#notice")).to_contain_text("sits at O")
    for width, height in (*SIZES, (320, 568)):
        _resize(page, width, height)
        assert not page.evaluate(_NEWS_OVER, "[data-outcome]"), f"at {width}×{height}"


# The names in the heads-up line and the scoreboard cut short (an ellipsis in place of letters).
_NAMES_CUT = """() => [...document.querySelectorAll(".seat .who, .scoreboard td:nth-child(2)")]
  .filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth)
  .map((e) => e.textContent)"""


def test_a_party_page_small_or_zoomed_for_large_text_keeps_to_the_screen_and_names_the_players(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Under 240 CSS pixels the emotes' three columns pushed the page sideways; the heads-up
    # line (at 320 already) and the scoreboard cut "Ada" and "Otto" to a letter each; and the
    # news of the game's start covered the board.
    page = _ada_against_otto_at_a_party(web_host, phone)
    expect(page.locator("#notice")).to_contain_text("game 1")
    for width, height in NARROW:
        _resize(page, width, height)
        assert page.evaluate(_WIDTHS) == [width, width]
        assert page.evaluate(_NAMES_CUT) == [], f"at {width}×{height}"
        assert page.evaluate(_SMALL) == [], f"at {width}×{height}"
        news = page.locator("#notice").bounding_box()
        assert news is not None and news["height"] < height / 3, f"at {width}×{height}"


# The seats and the clock in the heads-up line that overlap one another.
_HUD_OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll("#hud > *")]
    .filter((e) => e.getClientRects().length)
    .map((e) => [e.className, e.getBoundingClientRect()]);
  return boxes.flatMap(([a, p], i) => boxes.slice(i + 1)
    .filter(([, q]) => p.left < q.right && p.right > q.left && p.top < q.bottom && p.bottom > q.top)
    .map(([b]) => `${a} / ${b}`));
}"""


def test_on_a_small_phone_on_its_side_the_heads_up_line_names_both_players(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Beside the board, half of the column's 240 CSS pixels went to each seat: "(you)" and the
    # points left "Ada" no room, and ran into the clock.
    page = _ada_against_otto_at_a_party(web_host, phone)
    for width, height in ((568, 320), (640, 360), *NARROW):
        _resize(page, width, height)
        assert page.evaluate(_NAMES_CUT) == [], f"at {width}×{height}"
        assert page.evaluate(_HUD_OVERLAPS) == [], f"at {width}×{height}"


def _ada_against_otto_at_a_party(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> Any:
    """Ada's phone, playing Otto's in the first game of a party with a move clock."""
    party = PartyConfig(start_at=2, seed=5)
    handle = web_host("goff", make=functools.partial(PartyHost, party=party), name="Party")
    page, other = phone(), phone()
    join(page, page_url(handle), "Ada")
    join(other, page_url(handle), "Otto")
    page.wait_for_selector(".seat.me .who:text('Ada')")
    page.wait_for_selector(".seat .who:text('Otto')")
    page.wait_for_selector(".clock:not([hidden])")
    return page
