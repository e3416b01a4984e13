"""The party's scoreboard panel (the TV, the party screen, a couch game's side panel) draws
what a real party host sends: each row's rank is the host's, not the row's place."""

from __future__ import annotations

import functools
from pathlib import Path

import pygame

from game.client import scoreboard, theme
from game.client.canvas import Canvas
from game.rules import make_variant
from net.host import new_table, start_host_thread
from net.party_host import PartyConfig, PartyHost
from net.protocol import Party
from tests.net.conftest import Raw, host_config
from tests.net.test_party_protocol import came_and_went, played_apart


def test_a_guest_here_beyond_the_best_100_is_drawn_with_their_own_rank(
    screen: pygame.Surface, tmp_path: Path
) -> None:
    table = new_table(make_variant("goff"), "Party", tmp_path)
    make = functools.partial(PartyHost, party=PartyConfig(start_at=1000))
    handle = start_host_thread(table, host_config(tmp_path), make)
    try:
        came_and_went(handle.address, 120)
        played_apart(handle, 120)  # each to a place of their own; Zed, yet to play, is 121st
        zed = Raw(handle.address)
        zed.hello(name="zed")
        party = zed.expect(Party, lambda p: "zed" in p.queue)
        zed.close()
    finally:
        handle.stop()
    assert isinstance(party, Party) and len(party.standings) == 101
    # 1080 lines tall: the rows take pages, each up for PAGE_TIME; read every page.
    drawn: list[str] = []
    for page in range(101):
        canvas = Canvas((1920, 1080))
        area = pygame.Rect(40, 40, 900, 1000)
        scoreboard.draw(canvas, area, party, theme.NORMAL, 1.0, page * scoreboard.PAGE_TIME)
        drawn.extend(t.words for t in canvas.texts)
    assert "121.  zed" in drawn and "101.  zed" not in drawn
    assert "100.  guest 099" in drawn
