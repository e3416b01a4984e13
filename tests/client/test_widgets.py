"""The menu's focus ring: chevrons point at a row that stands alone, never over a neighbour;
all it draws, breathing, stays inside the place a screen paints again for it."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from game.client.intents import Navigate
from game.client.theme import palette_for
from game.client.widgets import FOCUS_RATE, Item, Menu, focus_ring, ring_reach


@pytest.mark.parametrize("columns", [1, 2])
def test_chevrons_point_at_a_lone_row_and_leave_a_row_of_buttons_alone(
    screen: pygame.Surface, columns: int
) -> None:
    menu = Menu([Item("Back to menu"), Item("Try again")], columns=columns, width=6)
    area = pygame.Rect(160, 200, 960, 320)
    screen.fill((0, 0, 0))
    menu.draw(screen, area, palette_for(False), 100.0)  # the ring at rest
    first = menu.rects(area)[0]
    # Left of the focused button, past where its ring stands off and inside where a chevron
    # reaches: drawn on only for a lone row (a row of buttons has a neighbour's side there).
    strip = pygame.Rect(first.left - first.height, first.top, first.height * 2 // 3, first.height)
    drawn = (
        pygame.mask.from_threshold(screen.subsurface(strip), (0, 0, 0), (1, 1, 1, 255)).count()
        < strip.w * strip.h
    )
    assert drawn == (columns == 1)


@pytest.mark.parametrize("alone", [True, False])
@pytest.mark.parametrize(
    ("rect", "height"),
    [
        ((700, 500, 900, 98), 2160),  # a menu row at 4K
        ((400, 300, 460, 70), 1080),  # a row of buttons' button at 1080p
        ((300, 200, 60, 60), 720),  # a key of the on-screen keyboard
        ((100, 100, 500, 30), 480),  # a row in a small window
    ],
)
def test_the_ring_stays_inside_its_reach_however_it_breathes(
    screen: pygame.Surface, rect: tuple[int, int, int, int], height: int, alone: bool
) -> None:
    item = pygame.Rect(rect)
    canvas = pygame.Surface((1920, height))
    reach = ring_reach(item, height, alone)
    palette = palette_for(False)
    for step in range(24):  # a whole breath, in and out
        canvas.fill((0, 0, 0))
        t = step / 24 * math.tau / FOCUS_RATE
        drawn = focus_ring(canvas, item, palette, t, item.height // 2, alone)
        assert reach.contains(drawn), (step, drawn, reach)
        ink = pygame.surfarray.array2d(canvas) != 0
        outside = ink.copy()
        outside[reach.left : reach.right, reach.top : reach.bottom] = False
        assert not outside.any() and ink.any()
    # No more than the ring breathed out needs: at most a few pixels spare each way.
    canvas.fill((0, 0, 0))
    focus_ring(canvas, item, palette, math.pi / 2 / FOCUS_RATE, item.height // 2, alone)
    xs, ys = np.nonzero(pygame.surfarray.array2d(canvas))
    assert reach.left >= xs.min() - 2 and reach.right <= xs.max() + 3
    assert reach.top >= ys.min() - 2 and reach.bottom <= ys.max() + 3


def test_a_choice_that_cannot_change_shows_no_arrows(screen: pygame.Surface) -> None:
    """The setup's board size, for a variant of one size: its value stays, greyed, and
    nothing beside it says left or right would change it."""
    palette = palette_for(False)
    area = pygame.Rect(160, 200, 960, 200)
    accent = pygame.Color(palette.accent)

    def arrows(enabled: bool) -> int:
        size = Item("Board size", choices=("4×4",), enabled=enabled)
        menu = Menu([Item("Start"), size])
        screen.fill((0, 0, 0))
        menu.draw(screen, area, palette, 100.0)
        row = screen.subsurface(menu.rects(area)[1])
        return pygame.mask.from_threshold(row, accent, (12, 12, 12, 255)).count()

    assert arrows(enabled=True) > 20
    assert arrows(enabled=False) == 0


@pytest.mark.parametrize("focus", [0, 5])
def test_the_focus_ring_is_whole_over_the_rows_beside_it(
    screen: pygame.Surface, focus: int
) -> None:
    """The settings' twelve rows stand close: breathed out, the ring reaches over the rows
    above and below its own. Every pixel of it shows, none dimmed under the next row."""
    palette = palette_for(False)
    area = pygame.Rect(0, 94, 1280, 518)  # the settings screen's rows at 720p
    menu = Menu([Item(f"Row {n}", choices=["Off", "On"]) for n in range(12)])
    menu.focus = focus
    out = math.pi / 2 / FOCUS_RATE  # the ring breathed out
    screen.fill((0, 0, 0))
    menu.draw(screen, area, palette, out)
    alone = screen.copy()
    alone.fill((0, 0, 0))
    rect = menu.rects(area)[focus]
    focus_ring(alone, rect, palette, menu.ring_time(out), rect.height // 2)
    ring = pygame.surfarray.array2d(alone) != 0
    assert ring.any()
    drawn = pygame.surfarray.array2d(screen)
    assert (drawn[ring] == pygame.surfarray.array2d(alone)[ring]).all()


def test_a_direction_held_stops_at_the_ends_and_a_press_goes_round() -> None:
    # Held down, the focus ran round and round the title's menu, and a held Right took the
    # volume from 100% to 0%.
    volume = Item("Volume", choices=["0%", "50%", "100%"], index=2)
    menu = Menu([Item("Play"), Item("Settings"), volume], focus=2)
    area = pygame.Rect(0, 0, 1280, 720)
    menu.handle(Navigate(1, 0, held=True), area)
    assert volume.value == "100%"
    menu.handle(Navigate(0, 1, held=True), area)
    assert menu.focus == 2
    menu.handle(Navigate(0, 1), area)  # a press: round to the top
    assert menu.focus == 0
    menu.handle(Navigate(0, -1, held=True), area)
    assert menu.focus == 0
    menu.focus = 2
    menu.handle(Navigate(1, 0), area)
    assert volume.value == "0%"
