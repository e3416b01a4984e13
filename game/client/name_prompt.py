"""The player's name, asked the first time a screen needs it (a LAN table shows it to others).

A :class:`NamePrompt` opens the sofa's text field (:class:`~game.client.keyboard.TextField`:
keys, or the on-screen keyboard for a pad or a mouse) with the system's user name in it, as
a guess that what is typed replaces, and saves what the player keeps in the settings, so it
is asked once. Escape or B goes back to the title: nothing is joined or hosted without a
name.
"""

from __future__ import annotations

import dataclasses
import getpass
from collections.abc import Callable

import pygame

from game.client.intents import Intent
from game.client.keyboard import NAME_CHARS, Done, TextField
from game.client.prose import sentence
from game.client.scene import Context, SceneName
from game.client.settings import EMPTY_NAME, NAME_LIMIT, valid

QUESTION = "What should the others call you?"
TITLE = "Your name, as the other players will see it"


def system_name() -> str:
    """The user's login name as a first guess ("ada" gives "Ada"), or "" if there is none."""
    try:
        login = getpass.getuser()
    except (OSError, KeyError):  # no user name in the environment nor the password file
        return ""
    kept = "".join(c for c in login if c in NAME_CHARS).strip()[:NAME_LIMIT]
    return sentence(kept)


class NamePrompt:
    """Asks for the name, then calls ``then`` (once it is in the settings)."""

    def __init__(self, ctx: Context, then: Callable[[], None]) -> None:
        self.ctx = ctx
        self.then = then
        self.field = TextField(system_name(), NAME_LIMIT, guess=True)
        self.done = False

    @staticmethod
    def needed(ctx: Context) -> bool:
        return not ctx.settings.player_name

    def handle(self, intent: Intent) -> None:
        self._finish(self.field.handle(intent, self._screen()))

    def update(self) -> None:
        """Once a step (a keyboard's Enter finishes here)."""
        self._finish(self.field.update())

    def close(self) -> None:
        self.field.close()

    def _finish(self, done: Done | None) -> None:
        if done is Done.DROP:
            self.done = True
            self.close()
            self.ctx.go(SceneName.TITLE)
        elif done is Done.KEEP:
            name = " ".join(self.field.text.split())
            if not valid("player_name", name):
                self.field.refuse(EMPTY_NAME)  # nothing typed: the field stays open
                return
            self.done = True
            self.close()
            self.ctx.apply_settings(dataclasses.replace(self.ctx.settings, player_name=name))
            self.then()

    def _screen(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.ctx.size)

    def draw(self, surface: pygame.Surface) -> None:
        # The screen behind waits for the name, with the question over the keyboard.
        palette, time, device = self.ctx.palette, self.ctx.time, self.ctx.device
        self.field.draw(surface, self._screen(), palette, time, TITLE, device, QUESTION)
