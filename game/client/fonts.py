"""The game's typeface (Noto Sans, regular and bold), read from ``assets`` and cached per size.

Fonts are read with :mod:`importlib.resources`, as bytes, so they load the
same from a checkout, an installed wheel or a zip. Nothing is read until a
font is first asked for.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from importlib import resources
from typing import Any

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
    return Face(io.BytesIO(font_bytes(bold)), max(6, size))


class Face(pygame.font.Font):
    """A font that measures and draws any string: SDL_ttf refuses a NUL and a lone surrogate
    (in a damaged file's name, say), and a refusal would end the game mid-frame."""

    def size(self, text: str | bytes) -> tuple[int, int]:
        return super().size(drawable(text) if isinstance(text, str) else text)

    def render(self, text: str | bytes | None, *args: Any, **kwargs: Any) -> pygame.Surface:
        return super().render(drawable(text) if isinstance(text, str) else text, *args, **kwargs)


def drawable(text: str) -> str:
    """``text`` with each NUL (the end of SDL_ttf's strings) and each lone surrogate (no UTF-8)
    made the replacement character."""
    try:
        text.encode()
    except UnicodeEncodeError:
        text = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)
    return text.replace("\0", "\ufffd")


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
