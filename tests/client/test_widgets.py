"""The menu's focus ring: chevrons point at a row that stands alone, never over a neighbour."""

from __future__ import annotations

import pygame
import pytest

from game.client.theme import palette_for
from game.client.widgets import Item, Menu


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
