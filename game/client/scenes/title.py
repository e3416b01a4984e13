"""The title screen: the game's name, and a menu to everything else."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client import prose, theme
from game.client.audio import Cue
from game.client.intents import Cancel, Intent
from game.client.menu_screen import MenuScreen
from game.client.scene import Context, SceneName
from game.client.widgets import Item, Menu
from game.rules import Player


class TitleScene(MenuScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        go = self._go
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
                Item("Quit", ctx.quit),
            ],
            on_move=lambda: ctx.audio.play(Cue.SELECT),
        )

    def _go(self, name: SceneName, **params: Any) -> None:
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
            self.menu.focus = len(self.menu.items) - 1  # Escape goes to Quit; Enter then quits
            return
        self.menu.handle(intent, self._menu_area())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        palette = self.ctx.palette
        t = self.ctx.time
        theme.backdrop(surface, palette, t)
        w, h = surface.get_size()
        size = theme.scale((w, h)).px(100)
        top = theme.glowing_text("QUANTUM", size, palette.x, palette.glow_strength)
        bottom = theme.glowing_text("TIC-TAC-TOE", size, palette.o, palette.glow_strength)
        # The two words hover out of step, like a mark in two places at once.
        theme.blit_centered(surface, top, (w / 2, h * 0.09 + math.sin(t * 1.3) * h * 0.006))
        theme.blit_centered(
            surface, bottom, (w / 2, h * 0.19 + math.sin(t * 1.3 + math.pi) * h * 0.006)
        )
        # A cross before the first word and a ring after the second, bobbing with them.
        glyph = round(size * 0.8)
        bob = math.sin(t * 1.3) * h * 0.006
        x_mark = theme.mark_sprite(Player.X, glyph, palette.x, palette.glow_strength)
        o_mark = theme.mark_sprite(Player.O, glyph, palette.o, palette.glow_strength)
        theme.blit_centered(
            surface, x_mark, (w / 2 - top.get_width() / 2 - glyph * 0.5, h * 0.09 + bob)
        )
        theme.blit_centered(
            surface, o_mark, (w / 2 + bottom.get_width() / 2 + glyph * 0.4, h * 0.19 - bob)
        )
        self.menu.draw(surface, self._menu_area(), palette, t)
        hint = theme.text(prose.controls(self.ctx.device), theme.scale((w, h)).hint, palette.dim)
        theme.blit_centered(surface, hint, (w / 2, h * 0.96))
