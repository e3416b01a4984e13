"""The game's typeface (Noto Sans, regular and bold), read from ``assets`` and cached per size.

Fonts are read with :mod:`importlib.resources`, as bytes, so they load the
same from a checkout, an installed wheel or a zip. Nothing is read until a
font is first asked for.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from importlib import resources

import pygame

FACES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}


@cache
def font_bytes(bold: bool = False) -> bytes:
    """The font file's bytes (read once)."""
    return resources.files("assets").joinpath("fonts", FACES[bold]).read_bytes()


# A window being resized asks for many sizes in turn: keep the recent ones only.
@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans at ``size`` pixels (at least 6), loaded once and shared afterwards."""
    if not pygame.font.get_init():
        pygame.font.init()
    # Each Font reads from its own stream: SDL_ttf seeks in it while rendering.
    return pygame.font.Font(io.BytesIO(font_bytes(bold)), max(6, size))


def wrap(words: str, face: pygame.font.Font, width: int) -> list[str]:
    """``words`` broken into lines no wider than ``width`` pixels in ``face``.

    Breaks fall between words; a blank line in ``words`` starts a new
    paragraph, and a single word wider than ``width`` gets a line of its own.
    """
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and face.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
