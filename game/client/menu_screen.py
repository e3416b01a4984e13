"""How often and where a menu screen is drawn: the title, the setups, the settings, the LAN
screen, the results.

A menu over the backdrop changes only while its focus ring moves (drawn at the full rate
then), while the backdrop's marks drift (as often as they move a pixel: not at all in high
contrast) and while a caret blinks in a field being typed (a few frames a second). With none
of these the window sleeps until something happens; with some, a frame paints only where
they are.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.keyboard import TextField
from game.client.scene import COUNTING_FPS, FPS_CAP, BaseScene, Context
from game.client.still import Changing, Redraw
from game.client.widgets import Menu


class MenuScreen(BaseScene):
    """A scene whose ``menu`` is the only thing that moves over the backdrop.

    A frame draws it again only where the backdrop's marks (and what :meth:`moving` names)
    moved, while the rest it shows is the same (:meth:`look`): a still 4K menu costs its
    marks, not its size.
    """

    menu: Menu

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._redraw = Redraw()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]]:
        palette, t, size = self.ctx.palette, self.ctx.time, surface.get_size()
        drift = theme.drift_rects(size, palette, t)
        field = self.typing()
        typed = field.look() if field is not None else None
        key = (palette, self.ctx.device, self.menu.look(), typed, self.look(t))
        changing = self.menu.changing(size[1], t) + self.changing(size, t)
        if field is not None:
            changing += field.changing(pygame.Rect((0, 0), size), t)
        return self._redraw.draw(surface, key, drift + self.moving(size, t), self.paint, changing)

    def paint(self, surface: pygame.Surface) -> None:
        """The whole screen, the backdrop first (clipped to a part of it, only that part)."""
        raise NotImplementedError

    def look(self, time: float) -> tuple[object, ...]:
        """All that :meth:`paint` shows at ``time`` besides the menu, the text field, the
        palette, the device's prompts, what :meth:`moving` places and what :meth:`changing`
        says: what it shows that can change must be here."""
        raise NotImplementedError

    def moving(self, size: tuple[int, int], time: float) -> list[pygame.Rect]:
        """Where what moves over the backdrop besides its marks is at ``time`` (none here)."""
        return []

    def changing(self, size: tuple[int, int], time: float) -> Changing:
        """What changes in place besides the menu's focus ring and the text field's caret and
        ring, and what it shows at ``time`` (nothing here)."""
        return []

    def typing(self) -> TextField | None:
        """The text field open over the screen, if one is (the screen paints it)."""
        return None

    def ticking(self) -> bool:
        """Whether something changes a few times a second: a caret blinking in a field being
        typed in, a count of seconds."""
        return self.typing() is not None

    @property
    def animating(self) -> bool:
        return self._breathing() or theme.drifts(self.ctx.palette) or self.ticking()

    @property
    def frame_rate(self) -> int:
        if self._breathing():
            return FPS_CAP
        if theme.drifts(self.ctx.palette):
            return theme.drift_frame_rate(self.ctx.size[1], FPS_CAP)
        return COUNTING_FPS

    def _breathing(self) -> bool:
        field, t = self.typing(), self.ctx.time
        return self.menu.breathing(t) or (field is not None and field.breathing(t))
