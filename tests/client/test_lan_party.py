"""A window at a party table: real party host, real party bot, real pygame, all on loopback."""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.canvas import Canvas
from game.client.scene import SceneName
from game.records import read_record
from game.rules import make_variant
from net.host import HostConfig, HostHandle, new_table, start_host_thread
from net.loopthread import LoopThread
from net.party import WINNER_STAYS
from net.party_client import play_party_bot
from net.party_host import PartyConfig, PartyHost, party_record
from tests.client.driver import Driver
from tests.client.test_lan import LOOPBACK, play_my_side_to_the_end


@pytest.fixture
def seated(driver: Driver, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[HostHandle]:
    """A winner-stays party of three games (or of the number the test asks for: indirect
    parametrization) hosted on loopback without a clock, a beginner bot (Bo) and this
    window sat at it, in the first game; the host's handle."""
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    games = getattr(request, "param", 3)
    party = PartyConfig(WINNER_STAYS, games=games, clock=0.0, between=600.0, seed=5)
    make = functools.partial(PartyHost, party=party)
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config, make)
    bot = LoopThread("test-party-bot")
    d = driver
    try:
        bot.submit(play_party_bot(host.address, "beginner", name="Bo", seed=2))
        d.app.go(SceneName.LAN, mode="join", address=host.address)
        d.until(lambda: d.name is SceneName.PLAY and bool(d.scene.session.local_sides))
        yield host
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        host.stop()
        bot.stop()


def test_a_party_without_a_clock_seats_the_window_from_its_results_screen(
    driver: Driver, seated: HostHandle, tmp_path: Path
) -> None:
    """The blocker of issue 16: after a game the player reads the results; the host seats
    them in the next game; the results screen hears it and the board comes back, and the
    game goes on (no clock, so nothing else would ever move for them)."""
    d, host = driver, seated
    play_my_side_to_the_end(d, seed=6)
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.RESULTS
    # A party offers no rematch: the queue decides.
    assert d.scene.menu.items[0].label == "Watch the board"
    # The pause between games ends now (not after 600 s): the host seats the next two.
    host.call(host.host.next_now)  # type: ignore[attr-defined]
    d.until(lambda: d.name is SceneName.PLAY)  # seated in game 2, from the results
    assert d.app.table is not None and d.app.table.game == 2
    assert d.scene.session.local_sides and not d.scene.pos.is_over
    play_my_side_to_the_end(d, seed=7)
    # Game 2 was played to its end, the window's moves in it too. The record reaches the
    # disk a rename after the move (net/table.py): wait for the last one, not the first.
    second = party_record(tmp_path / "host", "Den", 2)
    d.until(lambda: second.exists() and read_record(second).positions()[-1].is_over)
    assert read_record(second).moves == list(d.scene.moves)


def test_a_games_result_is_told_once_its_last_marks_have_landed(
    driver: Driver, seated: HostHandle
) -> None:
    """The host's news of a game's end ("Bo wins 1 to 0") comes with its last move: shown at
    once, it told the player who won while the deciding collapse still flew."""
    d = driver
    play_my_side_to_the_end(d, seed=6, land=False)
    assert d.scene.effects.busy  # a collapse ended the game: its marks are in the air

    def result() -> str | None:
        news = d.app.table.news if d.app.table else []
        said = (line.lower() for line in news)
        return next((ln for ln in said if ln.startswith("game 1: ") and "against" not in ln), None)

    heard_in_flight, told_in_flight = False, set()
    while d.scene.effects.busy:
        heard_in_flight |= result() is not None
        told_in_flight.update(words.lower() for words in shown(d))
        d.frames(1)
        time.sleep(0.002)
    assert heard_in_flight  # the host's news came while the marks flew
    verdict = result()
    assert verdict is not None and verdict not in told_in_flight
    d.frames(2)
    assert verdict in [words.lower() for words in shown(d)]  # told as the marks land


def test_a_guest_between_games_is_told_what_its_buttons_offer(
    driver: Driver, seated: HostHandle
) -> None:
    """Watching the party's screen, a guest read "Enter: queue" and got a menu (join the
    queue, or just watch), and read the keyboard's names with a pad in hand."""
    d = driver
    play_my_side_to_the_end(d, seed=6)
    d.key(pygame.K_RETURN)  # the results
    d.key(pygame.K_RETURN)  # watch the board
    assert d.name is SceneName.PARTY and not d.scene.party.finished
    assert d.scene.hint() == "Enter: queue or watch  ·  Escape: leave"
    d.button(pygame.CONTROLLER_BUTTON_A)
    assert [item.label for item in d.scene.menu.items][:2] == ["Join the queue", "Just watch"]
    assert d.scene.hint() == "A: queue or watch  ·  B: leave"
    d.button(pygame.CONTROLLER_BUTTON_B)  # the menu closes
    d.click((5, 5))  # and a click anywhere opens it again
    assert d.scene.menu_open
    assert d.scene.hint() == "Click: queue or watch  ·  right-click: leave"


@pytest.mark.parametrize("seated", [1], indirect=True)
def test_once_the_party_is_over_a_guest_is_offered_no_queue(
    driver: Driver, seated: HostHandle
) -> None:
    """The night's last game played, the guest watching the party's screen is offered what
    is left to do (leave), not a queue that leads nowhere."""
    d = driver
    play_my_side_to_the_end(d, seed=6)
    d.key(pygame.K_RETURN)  # the results
    assert d.scene.menu.items[0].label == "Watch the board"
    d.key(pygame.K_RETURN)
    assert d.name is SceneName.PARTY
    d.until(lambda: d.scene.party is not None and d.scene.party.finished)
    assert d.scene.hint() == "Escape: leave"
    d.key(pygame.K_RETURN)  # the guest's menu
    assert [item.label for item in d.scene.menu.items] == ["Leave the party", "Back to the party"]


def shown(d: Driver) -> list[str]:
    """The words the screen shows now."""
    canvas = Canvas(d.app.size)
    d.scene.draw(canvas, 0.0)
    return [t.words for t in canvas.visible_texts()]
