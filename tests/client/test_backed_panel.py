"""A side panel copied from its kept picture is the panel blended over the still backdrop."""

from __future__ import annotations

import pygame
import pytest

from game.client import theme
from game.client.theme import HIGH_CONTRAST, NORMAL, Palette


@pytest.mark.parametrize("palette", [NORMAL, HIGH_CONTRAST], ids=["normal", "high-contrast"])
@pytest.mark.parametrize(
    "rect",
    [
        pygame.Rect(820, 40, 420, 640),  # a side panel
        pygame.Rect(1100, 600, 400, 300),  # past the window's edges
        pygame.Rect(-100, -50, 400, 300),
    ],
    ids=["inside", "past-bottom-right", "past-top-left"],
)
def test_a_backed_panel_is_the_panel_over_the_still_backdrop(
    screen: pygame.Surface, palette: Palette, rect: pygame.Rect
) -> None:
    expected = screen.copy()
    theme.backdrop(expected, palette, 0.0, drift=False)
    theme.panel(expected, rect, palette.board, palette.grid_glow, 18, 170)
    backdrop = screen.copy()
    theme.backdrop(backdrop, palette, 0.0, drift=False)
    # Painted on the backdrop, and painted again in part over the picture it made.
    for under, clip in ((backdrop, None), (expected, rect.inflate(-200, -100))):
        painted = under.copy()
        painted.set_clip(clip)
        painted.fill((255, 0, 255), rect)  # anything: the panel must cover it
        theme.backed_panel(painted, palette, rect, 18, 170)
        painted.set_clip(None)
        assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(expected, "RGB")
