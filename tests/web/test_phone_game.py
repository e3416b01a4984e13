"""A phone plays at a real host: a whole game against a bot, and back to its seat after a
reload and after its connection drops."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest
from playwright.sync_api import expect

from game.rules import Player, make_variant
from game.rules.outcome import Row
from game.textview import points
from net.host import HostHandle
from tests.rules.scenario import SQUARED_SHARED_WIN, played, random_game
from tests.web.conftest import o_against_a_bot, page_url
from tests.web.phone import (
    ada_comes_back,
    cut_off_phones,
    join,
    lose_answers,
    play_to_the_end,
    take_turn,
    until_lost,
)


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
    # Each cell shows its label, which the page's messages name it by ("tap 5 again…").
    labels = page.locator("[data-cell] .cell-label").all_text_contents()
    assert labels == [str(cell) for cell in range(1, 10)]
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
    x, o = (points(score) for score in final.scores())
    verdict = page.locator("[data-over] .verdict").inner_text()
    assert (f"{o}–{x}" if final.outcome.winner is Player.O else f"{x}–{o}") in verdict  # type: ignore[union-attr]


def test_a_phone_that_reloads_or_drops_gets_its_seat_back(
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
    # Wi-Fi gone for a moment: the page comes back by itself, with its token.
    page.evaluate("() => { document.querySelector('#notice').textContent = ''; }")
    handle.call(cut_off_phones, handle)
    page.wait_for_function(
        "() => document.querySelector('#notice').textContent === 'you are back at X'"
    )
    assert handle.host.table.seats[Player.X].connected  # type: ignore[union-attr]
    play_to_the_end(page)
    assert handle.host.table.position.is_over


@pytest.mark.parametrize("then", ["reloads", "drops"])
def test_a_phone_that_never_heard_its_welcome_gets_its_seat_back(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any], then: str
) -> None:
    # At a plain table the page made no token of its own: a phone that slept (or was
    # reloaded) before its welcome reached it sat down again at O, while a ghost of itself
    # held X for the reconnect grace, and the game waited on the ghost.
    handle = web_host("goff", reconnect_grace=60.0)
    page = phone()
    lost = lose_answers(page)
    join(page, page_url(handle), "Ada")
    until_lost(page, lost, "welcome")
    if then == "reloads":
        page.reload()
    else:
        handle.call(cut_off_phones, handle)
    page.wait_for_selector(".seat[data-side=X].me")
    expect(page.locator(".seat[data-side=O] .who")).to_have_text("open seat")
    assert handle.host.table.seats[Player.O] is None


def test_a_player_back_at_the_table_reads_so_in_their_own_words(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # Ada's own phone told her "Ada is back at X", news of her own return in others' words.
    handle = web_host("goff")
    ada_comes_back(page_url(handle), phone, ".seat.me", "you are back at X", "Ada is back at X")


def test_on_ultimate_a_phone_is_shown_the_two_boards_it_is_sent_to(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> None:
    # X played 1.2-5.6: O must play one half in mini-board 2 and one in mini-board 6.
    handle = web_host("ultimate", moves=("1.2-5.6",))
    page = o_against_a_bot(handle, bots, phone, "Cy")
    assert page.locator("#zoom-bar .where").inner_text() == "Boards 2 and 6"
    shown = page.locator("[data-cell]").evaluate_all("cells => cells.map(c => c.dataset.cell)")
    assert sorted(shown) == sorted(f"{b}.{s}" for b in (2, 6) for s in range(1, 10))
    assert page.locator("[data-cell][data-allowed]").count() == 18
    page.tap("[data-cell='2.5']")
    # Its partner must be in the other board: the host said so, the page only shows it.
    allowed = page.locator("[data-cell][data-allowed]:not([data-selected])")
    labels = allowed.evaluate_all("cells => cells.map(c => c.dataset.cell)")
    assert sorted(labels) == [f"6.{s}" for s in range(1, 10)]
    page.tap("[data-cell='6.1']")
    # On record at the host (the bot may have answered already).
    deadline = time.monotonic() + 5
    while len(handle.host.table.record.moves) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert handle.host.table.record.moves[:2] == ["1.2-5.6", "2.5-6.1"]


# A free Ultimate move (the boards sent to are spent): O may start in 4.2 or 4.3, the last open
# cells of mini-board 4, whose other half must then go on another board.
FREE_FROM_A_FULL_BOARD = (
    *("5.3-6.9", "3.6-9.2", "2.1-6.4", "1.3-4.8", "3.7-8.6", "6.6-7.6", "6.2-6.4", "2.2-4.9"),
    *("2.1-9.8", "1.1-8.7", "1.4-7.4", "4.1-4.8", "1.5-9.3", "3.5-5.1", "1.9-5.9", "9.2-9.4"),
    *("2.2-3.8", "2.6-8.2", "4.6-4.7", "7.5-9.7", "5.9-7.6", "6.4-9.4", "4.2-4.3", "4.3-5.6"),
    *("3.8-6.5", "5.1-8.8", "4.5-7.9", "5.1-9.5", "2.6-7.3", "1.3-3.5", "4.1-6.7", "1.4-6.6"),
    *("9.8-9.9", "8.5-9.1", "6.7-8.5", "3.3-3.6", "7.2-7.3", "3.2-4.8", "4.9-9.8", "6.1-6.6"),
    *("9.3-9.6", "9.1-9.2", "1.5-2.8", "2.2-5.8", "3.9-7.2", "3.2-3.9", "8.5-8.7", "4.5-8.8"),
    *("4.4-4.6", "4.5-4.6", "8.4-8.8", "8.5-8.8", "52@8.5", "5.9-8.1"),
)


def test_on_ultimate_a_first_half_whose_partner_is_on_another_board_shows_that_board(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> None:
    handle = web_host("ultimate", moves=FREE_FROM_A_FULL_BOARD)
    page = o_against_a_bot(handle, bots, phone, "Cy")
    page.tap("[data-board='4']")  # a free move: all nine shown; the guest picks board 4
    page.tap("[data-cell='4.2']")
    # Nowhere on board 4 for the other half: all nine again, lit where it may go.
    page.wait_for_selector("[data-board]")
    expect(page.locator("#status")).to_have_text("Now tap a board for O54's second half")
    lit = page.locator("[data-board-allowed]").evaluate_all("gs => gs.map(g => g.dataset.board)")
    assert lit == ["1", "2", "3", "6", "7", "8", "9"]
    page.tap("[data-board='7']")
    # Both halves in sight: 4.2 still picked, above board 7.
    assert page.locator("#zoom-bar .where").inner_text() == "Boards 4 and 7"
    assert page.locator("[data-cell='4.2'][data-selected]").count() == 1
    page.tap("[data-cell='7.5']")
    deadline = time.monotonic() + 5
    while len(handle.host.table.record.moves) <= len(FREE_FROM_A_FULL_BOARD):
        assert time.monotonic() < deadline, "the move did not reach the host"
        time.sleep(0.01)
    assert handle.host.table.record.moves[len(FREE_FROM_A_FULL_BOARD)] == "4.2-7.5"


def test_two_phones_play_each_other_and_take_a_rematch_with_sides_swapped(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    handle = web_host("goff")
    ada, bo = phone(), phone()
    join(ada, page_url(handle), "Ada")
    ada.wait_for_selector(".seat[data-side=X].me")
    join(bo, page_url(handle), "Bo")
    bo.wait_for_selector(".seat[data-side=O].me")
    pages = {Player.X: ada, Player.O: bo}
    for _ in range(30):
        pos = handle.host.table.position
        if pos.is_over:
            break
        take_turn(pages[pos.to_play])  # type: ignore[index]
        deadline = time.monotonic() + 5
        while handle.host.table.position is pos and time.monotonic() < deadline:
            time.sleep(0.005)
    for page in (ada, bo):
        page.wait_for_selector("[data-over]")
    ada.tap("[data-action=rematch]")
    ada.wait_for_selector("[data-action=rematch]:has-text('Waiting for the other player')")
    bo.tap("[data-action=rematch]")
    # Game 2: a fresh board, the sides swapped.
    ada.wait_for_selector(".seat[data-side=O].me")
    bo.wait_for_selector(".seat[data-side=X].me")
    bo.wait_for_selector("#status.mine")
    assert ada.locator("[data-over]").count() == 0
    assert handle.host.table.game == 2 and handle.host.table.record.moves == []


def test_a_double_tap_on_rematch_asks_once_and_refuses_nothing(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # The button showed "Waiting…" only once the host answered: a second tap asked again, and
    # was refused in red ("the game is not over yet", the rematch having begun).
    handle = web_host("goff", moves=O_WINS)
    ada, bo = phone(), phone()
    join(ada, page_url(handle), "Ada")
    ada.wait_for_selector(".seat[data-side=X].me")
    join(bo, page_url(handle), "Bo")
    bo.wait_for_selector("[data-over]")
    bo.tap("[data-action=rematch]")
    ada.wait_for_selector("[data-action=rematch]:not([hidden])")
    ada.locator("[data-action=rematch]").evaluate("(b) => { b.click(); b.click(); }")
    ada.wait_for_selector(".seat[data-side=O].me")  # game 2, sides swapped
    bo.wait_for_selector("#status.mine")  # answers come in order: any refusal came before
    assert ada.locator("#refusal").is_hidden(), ada.locator("#refusal").inner_text()
    assert handle.host.table.game == 2


# Goff: X and O share 1-2, 3-4, 5-6 and 7-8, and X collapses each cycle with O's mark in 1, 3,
# 5 and 7: O wins on the diagonal 3-5-7.
O_WINS = ("1-2", "1-2", "2@1", "3-4", "3-4", "4@3", "5-6", "5-6", "6@5", "7-8", "7-8", "8@7")


def test_the_verdict_gives_the_winner_s_points_first(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # O's win read "O wins 0–1", as if O had lost, where the news and the window say "O wins
    # 1 to 0".
    handle = web_host("goff", moves=O_WINS)
    page = phone()
    join(page, page_url(handle), "Ada")
    expect(page.locator("[data-over] .verdict")).to_have_text("O wins 1–0")


def test_a_won_row_is_struck_in_its_players_colour_as_on_the_big_screen(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    """Each completed row's line takes its player's colour (the window and the TV strike it
    so), not one colour for every row."""
    games = (random_game(make_variant("goff"), seed) for seed in range(500))
    tokens = next(game for game in games if {row.player for row in _rows(game)} == {*Player})
    handle = web_host("goff", moves=tuple(tokens))
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector("[data-over]")
    strokes = page.locator(".row-line").evaluate_all(
        "(lines) => lines.map((line) => getComputedStyle(line).stroke)"
    )
    # The page's colour of each side, as its words in that side's colour show it.
    colour = page.evaluate(
        """() => ["x", "o"].map((side) => {
            const word = document.body.appendChild(document.createElement("span"));
            word.className = side;
            const colour = getComputedStyle(word).color;
            word.remove();
            return colour;
        })"""
    )
    assert colour[0] != colour[1]
    assert strokes == [colour[row.player is Player.O] for row in _rows(tokens)]
    # The winner by name where a player sits, by side alone at an open seat (not "O (O)").
    final = played(make_variant("goff"), *tokens)
    winner, scores = final.outcome.winner, final.scores()  # type: ignore[union-attr]
    who = "Ada (X)" if winner is Player.X else "O"
    verdict = page.locator("[data-over] .verdict").inner_text()
    high, low = sorted((scores.x, scores.o), reverse=True)
    assert verdict == f"{who} wins {points(high)}–{points(low)}"


def test_a_line_of_won_mini_boards_is_struck_through_their_centres_twice_as_wide(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    """Squared's end, as the window and the TV show it: X's top row of mini-boards and O's
    right column, each a line through the boards' centre cells in its side's colour, over
    the rows that won the boards."""
    handle = web_host("squared", moves=SQUARED_SHARED_WIN)
    page = phone()
    join(page, page_url(handle), "Ada")
    page.wait_for_selector("[data-over]")
    lines = page.locator(".board-line").evaluate_all(
        """(lines) => lines.map((line) => ({
            side: line.classList.contains("X") ? "X" : "O",
            ends: ["x1", "y1", "x2", "y2"].map((a) => Number(line.getAttribute(a))),
            width: Number(line.getAttribute("stroke-width")),
        }))"""
    )
    rows = page.locator(".row-line:not(.board-line)").evaluate_all(
        "(lines) => lines.map((line) => Number(line.getAttribute('stroke-width')))"
    )
    assert [line["side"] for line in lines] == ["X", "O"]
    assert len(rows) == len(played(make_variant("squared"), *SQUARED_SHARED_WIN).outcome.rows)  # type: ignore[union-attr]
    assert all(line["width"] == 2 * rows[0] for line in lines)
    (x1, y1, x2, y2), (u1, v1, u2, v2) = (line["ends"] for line in lines)
    assert y1 == y2 and x2 > x1  # across the top row, board 1 to board 3
    assert u1 == u2 and v2 > v1 and (u1, v1) == (x2, y2)  # down the right, from board 3
    # Both won at once: a shared win, as the window says, not "no winner".
    assert page.locator("[data-over] .verdict").inner_text() == "Shared win 1–1"


def _rows(tokens: list[str]) -> tuple[Row, ...]:
    outcome = played(make_variant("goff"), *tokens).outcome
    return outcome.rows if outcome else ()
