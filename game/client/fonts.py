"""The game's typeface (Noto Sans, regular and bold), read from ``assets`` and cached per size,
and the system's fonts that stand in for it where it has no glyph.

Fonts are read with :mod:`importlib.resources`, as bytes, so they load the
same from a checkout, an installed wheel or a zip. Nothing is read until a
font is first asked for.

Noto Sans has no emoji and no Chinese, Japanese or Korean: a guest who types "Mei 🎉" or "美"
on a phone would read a box on the TV. Those characters are drawn in a font of the system's
that has them (:data:`STAND_INS`), where the machine has one; where none has, the box stays.
"""

from __future__ import annotations

import io
import unicodedata
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import pygame

FACES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
# pygame's names for the system fonts tried, in turn, for a character Noto Sans lacks: colour
# emoji first, then Chinese, Japanese and Korean, then broad ones (Hebrew, Arabic, symbols);
# as Linux, Windows and macOS name them.
STAND_INS = (
    "notocoloremoji",
    "segoeuiemoji",
    "applecoloremoji",
    "notosanscjksc",
    "microsoftyahei",
    "pingfangsc",
    "dejavusans",
    "segoeui",
    "arialunicodems",
)
_PROBE = 24  # the size at which a font is asked whether it has a character
# An emoji's line in a line of text: a whole line's height draws it a size or two too big
# beside the letters (it reached into the next row of a scoreboard).
_BITMAP_LINE = 0.72
_NONE = "\U0010fffd"  # a private-use character no font draws: how a font draws a missing one


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
    return Face(io.BytesIO(font_bytes(bold)), max(6, size), bold)


class Face(pygame.font.Font):
    """A font that measures and draws any string: SDL_ttf refuses a NUL and a lone surrogate
    (in a damaged file's name, say), and a refusal would end the game mid-frame; a character
    Noto Sans lacks is drawn in a stand-in (:func:`runs`), scaled to this font's line."""

    def __init__(self, file: io.BytesIO, size: int, bold: bool = False) -> None:
        super().__init__(file, size)
        self.bold = bold

    def size(self, text: str | bytes) -> tuple[int, int]:
        if not isinstance(text, str):
            return super().size(text)
        parts = self._mixed(drawable(text))
        if parts is None:
            return super().size(drawable(text))
        return sum(self._width(run, path) for run, path in parts), self.get_height()

    def render(self, text: str | bytes | None, *args: Any, **kwargs: Any) -> pygame.Surface:
        if not isinstance(text, str):
            return super().render(text, *args, **kwargs)
        parts = self._mixed(drawable(text))
        if parts is None:
            return super().render(drawable(text), *args, **kwargs)
        return self._render_runs(parts, *args, **kwargs)

    def _mixed(self, text: str) -> list[tuple[str, str | None]] | None:
        """``text``'s runs (:func:`runs`) if a stand-in draws any; ``None`` if Noto Sans draws
        it all, as it does nearly every line the game writes."""
        if text.isascii() or all(has(None, c, self.bold) for c in set(text) if not c.isascii()):
            return None
        parts = runs(text, self.bold)
        return None if all(path is None for _, path in parts) else parts

    def _render_runs(
        self,
        parts: list[tuple[str, str | None]],
        antialias: bool,
        color: Any,
        bgcolor: Any = None,
        wraplength: int = 0,  # the game breaks its own lines (fonts.wrap)
    ) -> pygame.Surface:
        pieces = [self._piece(run, path, antialias, color) for run, path in parts]
        width = sum(piece.get_width() for piece, _ in pieces)
        line = pygame.Surface((width, self.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            line.fill(bgcolor)
        # Side by side, never overlapping: on a clear line the largest of each channel is the
        # piece's own pixel, where blending would darken its antialiased edges.
        flags = pygame.BLEND_RGBA_MAX if bgcolor is None else 0
        x = 0
        for piece, y in pieces:
            line.blit(piece, (x, y), special_flags=flags)
            x += piece.get_width()
        return line

    def _piece(
        self, run: str, path: str | None, antialias: bool, color: Any
    ) -> tuple[pygame.Surface, int]:
        """``run`` drawn, and how far down the line it goes for its baseline to be the line's."""
        if path is None:
            return super().render(run, antialias, color), 0
        face = stand_in(path, self.point_size, right_to_left(run))
        # Antialiased always: only a surface with alpha can be scaled smoothly.
        image = face.render(run, True, color)
        k = self._scale(path)
        if k != 1:
            width, height = image.get_size()
            image = pygame.transform.smoothscale(
                image, (max(1, round(width * k)), round(height * k))
            )
        return image, round(self.get_ascent() - face.get_ascent() * k)

    def _width(self, run: str, path: str | None) -> int:
        if path is None:
            return super().size(run)[0]
        face = stand_in(path, self.point_size, right_to_left(run))
        return max(1, round(face.size(run)[0] * self._scale(path)))

    def _scale(self, path: str) -> float:
        """1 for a stand-in drawn at this font's size; for one with a single size (an emoji
        font's 109 px), what makes its line :data:`_BITMAP_LINE` of this font's."""
        if not _one_size(path):
            return 1
        return _BITMAP_LINE * self.get_height() / stand_in(path, self.point_size).get_height()


def runs(text: str, bold: bool = False) -> list[tuple[str, str | None]]:
    """``text`` cut where the font that draws it changes: each run with the path of the stand-in
    that draws it, or ``None`` for Noto Sans (also where no font has the character: its box).
    What joins or modifies a character (the joiner, a variation selector, a skin tone, an
    accent) stays in its run, for the run's font to make one glyph of them. Right-to-left
    words (:func:`right_to_left`) are runs of their own, with the spaces between them."""
    parts: list[tuple[str, str | None]] = []
    for c in text:
        if parts and _joins(c):
            parts[-1] = (parts[-1][0] + c, parts[-1][1])
            continue
        path = None if c.isascii() or has(None, c, bold) else _stand_in_for(c, bold)
        last = parts[-1] if parts else None
        if last and path == last[1] and right_to_left(c) == right_to_left(last[0]):
            parts[-1] = (last[0] + c, path)
        elif (
            len(parts) > 1
            and last
            and last[0].isspace()
            and path == parts[-2][1]
            and right_to_left(c)
            and right_to_left(c) == right_to_left(parts[-2][0])
        ):
            # A name of two right-to-left words ("דוד כהן") is drawn as one run: its words
            # side by side left to right would read in the wrong order.
            parts[-2:] = [(parts[-2][0] + last[0] + c, path)]
        else:
            parts.append((c, path))
    return parts


def right_to_left(text: str) -> str | None:
    """The script (as HarfBuzz names it) of ``text``'s first letter if that is written right
    to left: Arabic's for Arabic letters (which join), Hebrew's for the others."""
    for c in text:
        kind = unicodedata.bidirectional(c)
        if kind in ("R", "AL"):
            return "Arab" if kind == "AL" else "Hebr"
        if kind == "L":
            return None
    return None


def _joins(c: str) -> bool:
    """The joiner, a variation selector (text or emoji look), a skin tone or an accent."""
    return (
        c == "\u200d"
        or "\ufe00" <= c <= "\ufe0f"
        or "\U0001f3fb" <= c <= "\U0001f3ff"
        or unicodedata.category(c) in ("Mn", "Me")
    )


@lru_cache(maxsize=4096)
def _stand_in_for(c: str, bold: bool) -> str | None:
    return next((path for path in stand_in_paths(bold) if has(path, c)), None)


@cache
def stand_in_paths(bold: bool = False) -> tuple[str, ...]:
    """The stand-ins this machine has, in :data:`STAND_INS`'s order, their bold faces where
    they have one (asked of the system once, the first time a character needs one)."""
    found = (pygame.font.match_font(name, bold=bold) for name in STAND_INS)
    return tuple(dict.fromkeys(path for path in found if path))


@lru_cache(maxsize=8192)
def has(path: str | None, c: str, bold: bool = False) -> bool:
    """Whether the font at ``path`` (``None``: Noto Sans) has a glyph for ``c``: SDL_ttf draws a
    missing one as its box, the same for every missing character."""
    return _look(path, c, bold) != _box(path, bold)


@cache
def _box(path: str | None, bold: bool) -> tuple[tuple[int, int], bytes] | None:
    return _look(path, _NONE, bold)


def _look(path: str | None, c: str, bold: bool) -> tuple[tuple[int, int], bytes] | None:
    face = font(_PROBE, bold) if path is None else stand_in(path, _PROBE)
    try:
        image = pygame.font.Font.render(face, c, False, (255, 255, 255))
    except pygame.error:  # "zero width": nothing to draw, so nothing missing
        return None
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


@cache
def _one_size(path: str) -> bool:
    """Whether the font at ``path`` has its glyphs at one size only (bitmaps, as colour emoji
    are), whatever size it is opened at."""
    return stand_in(path, _PROBE).get_height() == stand_in(path, 4 * _PROBE).get_height()


@lru_cache(maxsize=32)
def stand_in(path: str, size: int, script: str | None = None) -> pygame.font.Font:
    """The system's font at ``path``, at ``size`` pixels; for a right-to-left ``script``, set
    to shape and lay out its letters so (a font's script and direction are its own state)."""
    face = pygame.font.Font(path, size)
    if script is not None:
        face.set_script(script)
        face.set_direction(pygame.DIRECTION_RTL)
    return face


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
