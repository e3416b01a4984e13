"""The still part of a frame: painted once into an opaque picture, then blitted whole.

A screen in motion is mostly still: during a collapse the background, the
side panel and the board's grid and marks do not move, only the flying marks
and the sparks do. A scene names what its still part depends on (a *key*:
the window's size, the palette, the position, the words on the panel...)
and paints it when the key changes; every other frame costs one opaque
blit of the window's size, the price of a bare frame, before the moving
parts are drawn over it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.client.canvas import forget_drawn


class Still:
    """One scene's still picture, with the key it was painted for."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._image: pygame.Surface | None = None

    def draw(
        self, surface: pygame.Surface, key: Hashable, paint: Callable[[pygame.Surface], None]
    ) -> None:
        """Blit the picture ``paint`` draws for ``key``, painting it only if ``key`` is new.

        ``paint`` draws on a surface of ``surface``'s size and format, at the same places
        as on ``surface`` itself; the window's size is part of the key.
        """
        # A snapshot's canvas gets a picture of its own that records what is drawn on it.
        key = (surface.get_size(), type(surface), key)
        if self._image is None or key != self._key:
            if self._image is None or key[:2] != self._key[:2]:  # type: ignore[index]
                self._image = surface.copy()  # the window's pixel format: blits are copies
            forget_drawn(self._image)
            paint(self._image)
            self._key = key
        surface.blit(self._image, (0, 0))
