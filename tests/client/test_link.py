"""The screen tells the truth about the connection: a real window, a real host, a relay."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client.link import ENDED, LIVE, RECONNECTING
from game.client.scene import COUNTING_FPS, SceneName
from game.rules import make_variant
from net.host import HostConfig, HostHandle, new_table, start_host_thread
from net.session import NetworkSession
from tests.client.driver import Driver
from tests.client.test_lan import LOOPBACK
from tests.net.test_silent_link import Relay


@pytest.fixture
def den(tmp_path: Path) -> Iterator[tuple[HostHandle, Relay]]:
    """A plain Goff table named Den, and a relay in front of it that a test can cut."""
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    relay = Relay(host.address)
    yield host, relay
    relay.close()
    host.stop()


def test_a_dropped_link_dims_the_board_and_holds_input_until_it_is_back(
    driver: Driver, den: tuple[HostHandle, Relay]
) -> None:
    _, relay = den
    d = driver
    try:
        d.app.go(SceneName.LAN, mode="join", address=relay.address)
        d.until(lambda: d.name is SceneName.PLAY)
        assert d.scene.link.state == LIVE
        relay.cut()
        d.until(lambda: d.scene.link.state == RECONNECTING)
        d.settle(2)
        words = d.scene.link.words()
        assert words.startswith(f"Reconnecting to Den ({relay.address[0]}:{relay.address[1]})… ")
        assert "2 s (your seat is held)" in words
        # The seconds count: the window keeps drawing (a sleeping one would let the game's
        # clock, and the count, fall behind), at a few frames a second.
        d.until(lambda: d.scene.message is None)  # the toast saying the host went silent
        assert d.scene.animating and d.scene.frame_rate == COUNTING_FPS
        d.click(d.cell_center(0))  # held: nothing is picked
        assert d.scene.picks.picked is None
        relay.resume()
        d.until(lambda: d.scene.link.state == LIVE)
        d.click(d.cell_center(0))
        assert d.scene.picks.picked == 0
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)


def test_a_watcher_is_told_of_the_dropped_link_but_of_no_seat(
    driver: Driver, den: tuple[HostHandle, Relay]
) -> None:
    host, relay = den
    d = driver
    players = [NetworkSession(host.address, name=name) for name in ("Ann", "Ben")]
    try:
        for player in players:
            d.until(lambda player=player: bool(player.local_sides))
        d.app.go(SceneName.LAN, mode="join", address=relay.address)  # full: it watches
        d.until(lambda: d.name is SceneName.PLAY and d.scene.link.state == LIVE)
        assert d.scene.session.local_sides == set()
        relay.cut()
        d.until(lambda: d.scene.link.state == RECONNECTING)
        d.settle(1)
        assert d.scene.link.words().endswith(" s")  # no "(your seat is held)"
        assert d.scene._status(d.scene.pos) == "The link to the host is down"
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
        for player in players:
            player.close()


def test_a_host_gone_for_good_leaves_an_overlay_with_the_reason(
    driver: Driver, tmp_path: Path
) -> None:
    d = driver
    config = HostConfig(bind=LOOPBACK, advertise=False, save_dir=tmp_path / "host")
    host = start_host_thread(new_table(make_variant("goff"), "Den", config.save_dir), config)
    d.app.go(SceneName.LAN, mode="join", address=host.address)
    d.until(lambda: d.name is SceneName.PLAY)
    host.stop()
    d.until(lambda: d.scene.link.state == ENDED)
    d.settle(5)  # lasting: no toast that fades and leaves a live-looking board
    assert d.scene.link.state == ENDED
    assert d.scene.link.words().endswith("The host closed the table")
    d.key(pygame.K_RETURN)  # "Back to menu"
    assert d.name is SceneName.TITLE and d.app.table is None


def test_the_big_screen_counts_the_seconds_of_a_dropped_link_and_waits_for_its_host(
    driver: Driver, den: tuple[HostHandle, Relay]
) -> None:
    _, relay = den
    d = driver
    try:
        d.app.go(SceneName.TV, address=relay.address, viewer="tv", back=SceneName.TITLE)
        d.frames(1)
        d.until(lambda: d.scene.pos is not None and d.scene.link.state == LIVE)
        relay.cut()
        d.until(lambda: d.scene.link.state == RECONNECTING)
        d.settle(2)
        assert d.scene.link.words().endswith("… 2 s")  # a screen holds no seat
        d.until(lambda: not d.scene.news.lines)  # what the host said last fades
        assert d.scene.animating and d.scene.frame_rate == COUNTING_FPS
        # Nobody sits at the big screen to press "Try again": it waits for its host for as
        # long as it is on (a player's window gives up after a minute), and is back with it.
        assert d.scene.session.reconnect_for == math.inf
        relay.resume()
        d.until(lambda: d.scene.link.state == LIVE and d.scene.pos is not None)
    finally:
        d.app.go(SceneName.TITLE)
        d.frames(1)
