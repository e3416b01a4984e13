"""The title screen: the game's name, and a menu to everything else."""

from __future__ import annotations

import math
import weakref
from typing import Any

import pygame

from game.client import prose, theme
from game.client.audio import Cue
from game.client.intents import Cancel, Intent
from game.client.menu_screen import MenuScreen
from game.client.scene import Context, SceneName
from game.client.widgets import AskedTwice, Item, Menu
from game.rules import Player

QUIT = "Quit"
CONFIRM_QUIT = "Sure? Press again to quit"

# The item each window's title was left from: every visit makes a new title, and its focus
# came back on the first item, where one A too many began a couch game.
_LEFT_FROM: weakref.WeakKeyDictionary[Context, int] = weakref.WeakKeyDictionary()


class TitleScene(MenuScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        go = self._go
        # Back puts the focus on Quit: a pad's B once too often, then A, closed the game on
        # a TV that may have no keyboard to start it again.
        self.quit = AskedTwice(QUIT, CONFIRM_QUIT, ctx.quit, lambda: ctx.audio.play(Cue.SELECT))
        self.menu = Menu(
            [
                Item("Play on this couch", lambda: go(SceneName.SETUP, mode="couch")),
                Item("Play against a bot", lambda: go(SceneName.SETUP, mode="bot")),
                Item("Host a LAN game", lambda: go(SceneName.LAN, mode="host")),
                Item("Join a LAN game", lambda: go(SceneName.LAN, mode="join")),
                Item("Host a party", lambda: go(SceneName.PARTY_SETUP)),
                Item("Tutorial", lambda: go(SceneName.TUTORIAL)),
                Item("Replays", lambda: go(SceneName.REPLAY)),
                Item("Puzzles", lambda: go(SceneName.PUZZLES)),
                Item("Settings", lambda: go(SceneName.SETTINGS)),
                self.quit.item,
            ],
            on_move=lambda: ctx.audio.play(Cue.SELECT),
        )
        self.menu.focus = _LEFT_FROM.get(ctx, 0)

    def _go(self, name: SceneName, **params: Any) -> None:
        _LEFT_FROM[self.ctx] = self.menu.focus
        self.ctx.audio.play(Cue.CONFIRM)
        self.ctx.go(name, **params)

    def _menu_area(self) -> pygame.Rect:
        # From under the title's words to above the controls line: tall enough for all ten
        # rows at the least button height, so none scrolls out of sight (Quit did, at every
        # size, where a pad on a TV has no close button to fall back on).
        w, h = self.ctx.size
        return pygame.Rect(0, round(h * 0.265), w, round(h * 0.67))

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Cancel):
            self.menu.focus = len(self.menu.items) - 1  # Escape goes to Quit; Enter then asks
            return
        self.menu.handle(intent, self._menu_area())
        self.quit.drop_unless_focused(self.menu)

    def look(self, time: float) -> tuple[object, ...]:
        return ()  # the menu, and the words moving

    def moving(self, size: tuple[int, int], time: float) -> list[pygame.Rect]:
        return [rect for _, rect in self._words(size, time)]

    def _words(self, size: tuple[int, int], t: float) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The title's two words, a cross before the first and a ring after the second, and
        where each goes at ``t``: they hover out of step, like a mark in two places at once."""
        palette = self.ctx.palette
        w, h = size
        px = theme.scale(size).px(100)
        top = theme.glowing_text("QUANTUM", px, palette.x, palette.glow_strength)
        bottom = theme.glowing_text("TIC-TAC-TOE", px, palette.o, palette.glow_strength)
        glyph = round(px * 0.8)
        x_mark = theme.mark_sprite(Player.X, glyph, palette.x, palette.glow_strength)
        o_mark = theme.mark_sprite(Player.O, glyph, palette.o, palette.glow_strength)
        bob = math.sin(t * 1.3) * h * 0.006
        # The marks stand as far from the words with a halo padding them as with none.
        room = 0 if palette.glow_strength else theme.glow_pad(px)
        centres = (
            (w / 2, h * 0.09 + bob),
            (w / 2, h * 0.19 - bob),
            (w / 2 - top.get_width() / 2 - room - glyph * 0.5, h * 0.09 + bob),
            (w / 2 + bottom.get_width() / 2 + room + glyph * 0.4, h * 0.19 - bob),
        )
        sprites = (top, bottom, x_mark, o_mark)
        return [
            (sprite, sprite.get_rect(center=(round(x), round(y))))
            for sprite, (x, y) in zip(sprites, centres, strict=True)
        ]

    def paint(self, surface: pygame.Surface) -> None:
        palette, t = self.ctx.palette, self.ctx.time
        w, h = surface.get_size()
        theme.backdrop(surface, palette, t)
        surface.blits(self._words((w, h), t), doreturn=False)
        self.menu.draw(surface, self._menu_area(), palette, t)
        hint = theme.text(prose.controls(self.ctx.device), theme.scale((w, h)).hint, palette.dim)
        theme.blit_centered(surface, hint, (w / 2, h * 0.96))
