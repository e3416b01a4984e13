"""A tap on the board that cannot be a move says why, rather than doing nothing: the other
player's move, a collapse to choose below the board, a game only watched, a cell taken, a
mini-board the move may not use."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from playwright.sync_api import expect

from net.host import HostHandle
from tests.web.conftest import o_against_a_bot, page_url
from tests.web.phone import join

REFUSAL = "#refusal:visible"


def test_a_tap_that_cannot_be_a_move_says_why(
    web_host: Callable[..., HostHandle], phone: Callable[[], Any]
) -> None:
    # X's 1-2 then O's 1-2 close a cycle: X (Ada) chooses how it collapses, O (Bo) waits.
    handle = web_host("goff", moves=("1-2", "1-2"))
    ada, bo, cy = phone(), phone(), phone()
    join(ada, page_url(handle), "Ada")
    ada.wait_for_selector(".seat[data-side=X].me")
    join(bo, page_url(handle), "Bo")
    bo.wait_for_selector(".seat[data-side=O].me")
    cy.goto(page_url(handle))
    cy.tap("[data-action=watch]")
    ada.wait_for_selector("[data-outcome]")
    for page, why in (
        (ada, "choose how the cycle collapses: tap one of the boards below"),
        (bo, "Ada chooses how the cycle collapses"),
        (cy, "you are watching this game"),
    ):
        page.wait_for_selector("[data-cell='5']")
        page.tap("[data-cell='5']")
        expect(page.locator(REFUSAL)).to_have_text(why)
    # Ada chooses; now it is her move again and Bo's taps are still not his.
    ada.tap("[data-outcome='0']")
    ada.wait_for_selector("#status.mine")
    bo.tap("[data-cell='5']")
    expect(bo.locator(REFUSAL)).to_have_text("it is Ada's move")


def test_a_cell_that_cannot_start_the_move_says_why(
    web_host: Callable[..., HostHandle],
    phone: Callable[[], Any],
    bots: Callable[..., Future[Any]],
) -> None:
    # Goff: X1 collapsed into 1, O2 into 2; X's move.
    goff = web_host("goff", moves=("1-2", "1-2", "1@1"))
    ada = phone()
    join(ada, page_url(goff), "Ada")
    ada.wait_for_selector(".seat[data-side=X].me")
    join(phone(), page_url(goff), "Bo")
    ada.wait_for_selector("#status.mine")
    ada.tap("[data-cell='1']")
    expect(ada.locator(REFUSAL)).to_have_text("cell 1 is taken")
    # Ultimate: X's 1.2-5.6 sends O to mini-boards 2 and 6; O looks at board 7 all the same.
    ultimate = web_host("ultimate", moves=("1.2-5.6",))
    cy = o_against_a_bot(ultimate, bots, phone, "Cy")
    cy.tap("[data-action=overview]")
    cy.tap("[data-board='7']")
    cy.tap("[data-cell='7.5']")
    expect(cy.locator(REFUSAL)).to_have_text("this move goes on boards 2 and 6")
