"""A question over the whole screen: a sentence on the dimmed picture and a row of buttons.

What the link panel shows once a table's connection has ended ("Back to menu" /
"Try again"), and what the app asks before the window leaves a table it hosts
mid-game ("Keep playing" / "Leave"). Mouse, keys and pads all work its buttons
(the row is a :class:`~game.client.widgets.Menu`); what Escape or B means is the
asker's to say.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.intents import Activate, Click, Intent, Navigate, Point
from game.client.theme import Palette
from game.client.widgets import Item, Menu


class Question:
    def __init__(self, items: list[Item], focus: int = 0) -> None:
        self.menu = Menu(items, focus=focus, columns=len(items), width=6)

    @staticmethod
    def menu_area(size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        return pygame.Rect(round(w * 0.25), round(h * 0.56), round(w * 0.5), round(h * 0.14))

    def handle(self, intent: Intent, size: tuple[int, int]) -> None:
        """Work the buttons with ``intent`` (pointing, clicking, moving, choosing)."""
        if isinstance(intent, Point | Click | Navigate | Activate):
            self.menu.handle(intent, self.menu_area(size))

    def draw(self, surface: pygame.Surface, words: str, palette: Palette, time: float) -> None:
        w, h = surface.get_size()
        theme.shade(surface, surface.get_rect(), 190)
        size = theme.scale((w, h)).lead
        y = round(h * 0.3)
        for line in theme.wrap(words, size, round(w * 0.7), True):
            image = theme.text(line, size, palette.text, True)
            surface.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height()
        self.menu.draw(surface, self.menu_area((w, h)), palette, time)
