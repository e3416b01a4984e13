"""A clear sheet for translucent shapes, blended onto a layer only where something was drawn.

pygame's shapes replace pixels rather than blend them, so a translucent shape
is drawn on a clear sheet that is then blended onto the layer. A sheet the
size of a 4K board panel costs 6 ms to make and blend, while most sheets hold
a few rings and curves: :class:`Glass` blends only the rectangle its shapes
cover (the rectangles pygame's shapes return), and clears only that rectangle
to lend the same sheet to the next layer of the same size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

# One clear sheet per size: layers are drawn one after another on the frame's thread.
_sheets: dict[tuple[int, int], pygame.Surface] = {}


class Glass:
    """Draw with :meth:`draw` (any ``pygame.draw`` function, surface argument left out),
    then :meth:`lay` the drawing onto the layer. Use as a context manager: it lays the
    drawing on leaving."""

    def __init__(self, layer: pygame.Surface) -> None:
        self.layer = layer
        size = layer.get_size()
        self.sheet = _sheets.pop(size, None) or pygame.Surface(size, pygame.SRCALPHA)
        self.drawn: pygame.Rect | None = None

    def draw(self, shape: Callable[..., pygame.Rect], *args: Any, **kwargs: Any) -> None:
        """``shape(sheet, *args, **kwargs)``, noting what it covered."""
        rect = shape(self.sheet, *args, **kwargs)
        self.drawn = rect if self.drawn is None else self.drawn.union(rect)

    def lay(self) -> None:
        """Blend what was drawn onto the layer, and give the sheet back clear."""
        if self.drawn is not None:
            self.layer.blit(self.sheet, self.drawn, self.drawn)
            self.sheet.fill((0, 0, 0, 0), self.drawn)
            self.drawn = None
        _sheets[self.sheet.get_size()] = self.sheet

    def __enter__(self) -> Glass:
        return self

    def __exit__(self, *_: object) -> None:
        self.lay()


def forget() -> None:
    """Drop the kept sheets (a session ending, a window resized)."""
    _sheets.clear()
