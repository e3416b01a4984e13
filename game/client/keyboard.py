"""A line of text typed from the sofa: real keys, or an on-screen keyboard for a pad or a mouse.

A :class:`TextField` is what any screen uses for a name or an address. While
it is open it takes every intent: letters typed on a keyboard go straight in
(Enter keeps the text, Escape drops it); a pad walks the on-screen keys with
the d-pad or the stick, A presses the key under the focus, B drops the text
and Start keeps it; a mouse clicks the keys. :meth:`TextField.handle` says
when the player is done, and the screen reads :attr:`TextField.text`.

The space bar is both a key that types " " and one that means Activate
(see :mod:`game.client.intents`): an Activate from the keyboard only asks to
finish, and the finish happens in :meth:`TextField.update`, unless a space
typed in the same frame showed it was a space.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

import pygame

from game.client import theme
from game.client.intents import (
    KEYBOARD,
    Activate,
    Cancel,
    Click,
    Device,
    Erase,
    Intent,
    Navigate,
    Point,
    Start,
    Text,
    Undo,
)
from game.client.still import Changing
from game.client.theme import Palette
from game.client.widgets import FOCUS_RATE, focus_ring, ring_reach


class Done(Enum):
    """How typing ended."""

    KEEP = "keep"  # Enter, Start, the Done key, a click outside the keyboard
    DROP = "drop"  # Escape, the B button


SHIFT, SPACE, ERASE, DONE = "Aa", "Space", "Erase", "Done"  # the font has no ⌫
# Ten columns; the last row's keys are several columns wide.
ROWS: tuple[tuple[tuple[str, int], ...], ...] = (
    tuple((c, 1) for c in "1234567890"),
    tuple((c, 1) for c in "qwertyuiop"),
    tuple((c, 1) for c in "asdfghjkl:"),
    tuple((c, 1) for c in "zxcvbnm.-_"),
    ((SHIFT, 2), (SPACE, 3), (ERASE, 2), (DONE, 3)),
)
COLUMNS = 10

# How to work the keyboard, said for the device the player last used.
HINTS = {
    Device.PAD: "A types, X erases, B cancels, Start keeps",
    Device.KEYS: "type, Enter keeps, Escape cancels",
    Device.MOUSE: "click the keys, then Done",
}


@dataclass(frozen=True, slots=True)
class Chars:
    """What a field takes: its ``marks``, and letters and digits, of any script the game's
    font draws (Zoë, Łukasz, Δήμητρα, Жанна: not one it would draw as a box) or ASCII's
    alone; ``said`` tells a player who typed something else."""

    said: str
    marks: str
    ascii_only: bool = False

    def __contains__(self, c: object) -> bool:
        if not isinstance(c, str) or len(c) != 1:
            return False
        if c in self.marks:
            return True
        if self.ascii_only:
            return c.isascii() and c.isalnum()
        return c.isalnum() and unicodedata.name(c, "").startswith(DRAWN_SCRIPTS)


DRAWN_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC", "DIGIT")  # what the game's font has letters for
NAME_CHARS = Chars("A name takes letters, digits, spaces and . - _ : '", " .-_:'")
ADDRESS_CHARS = Chars("An address takes A-Z, digits and . : - [ ]", ".:-[]", ascii_only=True)


@dataclass(slots=True)
class TextField:
    """``text`` being typed, at most ``limit`` characters of ``allowed``."""

    text: str = ""
    limit: int = 24
    allowed: Chars = NAME_CHARS
    row: int = 0
    col: int = 0
    shift: bool = False
    # The text is the screen's suggestion (the system's user name): shown selected, it goes
    # as the first character is typed or erased, as a selected field's text does.
    guess: bool = False
    refused: str | None = field(default=None, init=False)  # why what was typed was not kept
    _finishing: bool = field(default=False, init=False)
    _aim: float | None = field(default=None, init=False)  # the column walked up or down in
    _ring: theme.Breath = field(default_factory=lambda: theme.Breath(FOCUS_RATE), init=False)

    def __post_init__(self) -> None:
        pygame.key.start_text_input()  # keys typed arrive as Text while the field is open

    def close(self) -> None:
        """Stop taking typed text (the screen is done with the field)."""
        pygame.key.stop_text_input()

    # -- input -----------------------------------------------------------------

    def handle(self, intent: Intent, area: pygame.Rect) -> Done | None:
        """React to ``intent`` with the keyboard drawn in ``area``; how typing ended, if it did."""
        if isinstance(intent, Text):
            self._finishing = False
            self.type(intent.text)
        elif isinstance(intent, Erase | Undo):  # Backspace, or a pad's X (its undo elsewhere)
            self.erase()
        elif isinstance(intent, Cancel):
            return Done.DROP
        elif isinstance(intent, Start):
            return Done.KEEP
        elif isinstance(intent, Activate):
            if intent.pad == KEYBOARD:
                self._finishing = True  # Enter, or a space: update() tells which
            else:
                return self.press(*self._focused())
        elif isinstance(intent, Navigate):
            self._move(intent.dx, intent.dy)
        elif isinstance(intent, Point | Click):
            found = self._key_at(area, intent.pos)
            if found is not None:
                self.row, self.col = found
                if isinstance(intent, Click):
                    return self.press(*self._focused())
            elif isinstance(intent, Click) and not self.panel(area).collidepoint(intent.pos):
                return Done.KEEP  # a click elsewhere keeps what was typed
        return None

    def update(self) -> Done | None:
        """Once a step: a keyboard's Enter (not a space) finishes here."""
        if self._finishing:
            self._finishing = False
            return Done.KEEP
        return None

    def type(self, chars: str) -> None:
        """Add what of ``chars`` may be typed here, saying what was left out and why."""
        # An accent typed after its letter (a dead key, an input method) is one letter.
        chars = unicodedata.normalize("NFC", chars)
        kept = "".join(c for c in chars if c in self.allowed)
        if self.guess and kept:
            self.text, self.guess = "", False
        room = self.limit - len(self.text)
        self.text += kept[:room]
        if len(kept) != len(chars):
            self.refused = self.allowed.said  # not the characters: the font may lack them
        elif len(kept) > room:
            self.refused = f"At most {self.limit} characters"
        else:
            self.refused = None

    def erase(self) -> None:
        """The last character goes (all of a guess)."""
        self.text = "" if self.guess else self.text[:-1]
        self.guess = False

    def refuse(self, why: str) -> None:
        """What was typed cannot be kept: the field stays open and says ``why``."""
        self.refused = why

    def press(self, key: str, _: int) -> Done | None:
        """What the on-screen ``key`` does."""
        if key == DONE:
            return Done.KEEP
        if key == ERASE:
            self.erase()
        elif key == SHIFT:
            self.shift = not self.shift
        elif key == SPACE:
            self.type(" ")
        else:
            self.type(key.upper() if self.shift else key)
        return None

    def _focused(self) -> tuple[str, int]:
        return ROWS[self.row][self.col]

    def _move(self, dx: int, dy: int) -> None:
        if dx:
            self.col = (self.col + dx) % len(ROWS[self.row])
            self._aim = None
        if dy:
            # Keep to the column the focus came down (or up) in: through a wide key and back
            # lands on the key it started from; otherwise the wide key's middle decides.
            start, width = _start(self.row, self.col), self._focused()[1]
            aim = self._aim
            if aim is None or not start <= aim < start + width:
                aim = start + width / 2
            self._aim = aim
            self.row = (self.row + dy) % len(ROWS)
            self.col = next(
                i
                for i, (_, w) in enumerate(ROWS[self.row])
                if _start(self.row, i) + w > aim or i == len(ROWS[self.row]) - 1
            )

    # -- layout and drawing -----------------------------------------------------

    @staticmethod
    def panel(area: pygame.Rect) -> pygame.Rect:
        """The keyboard's panel: the field on top, the keys under it, centred low in ``area``."""
        unit = TextField._unit(area)
        w = COLUMNS * unit + unit
        h = (len(ROWS) + 1.6) * unit + unit * 1.6  # the field on top, the hint at the bottom
        box = pygame.Rect(0, 0, round(w), round(h))
        box.midbottom = (area.centerx, area.bottom - unit // 3)
        return box

    @staticmethod
    def _unit(area: pygame.Rect) -> int:
        """The side of one key: the keyboard takes at most half the height, 90% of the width."""
        return max(24, min(round(area.height * 0.55 / (len(ROWS) + 3.2)), area.width * 9 // 110))

    @staticmethod
    def key_rects(area: pygame.Rect) -> tuple[tuple[pygame.Rect, ...], ...]:
        """Each row's keys with the keyboard drawn in ``area`` (the same rectangles each
        time: not to be changed)."""
        return _key_rects(tuple(area))  # type: ignore[arg-type]

    def _key_at(self, area: pygame.Rect, at: tuple[int, int]) -> tuple[int, int] | None:
        for r, row in enumerate(self.key_rects(area)):
            for i, rect in enumerate(row):
                if rect.collidepoint(at):
                    return r, i
        return None

    def look(self) -> tuple[object, ...]:
        """All that the keyboard shows but its caret and its breathing focus ring
        (:meth:`changing`): a screen drawn again only where something moved compares it."""
        return self.text, self.shift, self.row, self.col, self.refused

    def changing(self, area: pygame.Rect, time: float) -> Changing:
        """The parts that change in place with the keyboard drawn in ``area`` (a whole
        screen), and what each shows at ``time``: the line with its blinking caret, and the
        focused key's ring."""
        key = self.key_rects(area)[self.row][self.col]
        ring = ring_reach(key, area.height, alone=True)
        return [(self._line(area), _caret(time)), (ring, self._ring.time(self._focused(), time))]

    def breathing(self, time: float) -> bool:
        """Whether the focused key's ring still moves at ``time`` (it rests like a menu's)."""
        return self._ring.moving(self._focused(), time)

    def _line(self, area: pygame.Rect) -> pygame.Rect:
        """The line the text is typed on, at the top of the keyboard's panel."""
        box, unit = self.panel(area), self._unit(area)
        return pygame.Rect(box.x + unit // 2, box.y + unit * 0.75, box.width - unit, unit * 0.9)

    def draw(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        palette: Palette,
        time: float,
        title: str,
        device: Device,
        question: str | None = None,
    ) -> None:
        """The keyboard over the screen it holds (``area``): the screen dimmed behind it (its
        own focus waits), ``question`` in large type above it if there is one, then the
        field, titled ``title``, and the keys, with how to work them on ``device``."""
        box = self.panel(area)
        unit = self._unit(area)
        theme.shade(surface, area, theme.BEHIND)
        if question is not None:
            size = theme.scale(area.size).heading
            asked = theme.glowing_text(question, size, palette.text, palette.glow_strength)
            theme.blit_centered(surface, asked, (area.centerx, (area.top + box.top) / 2))
        theme.panel(surface, box, palette.board, palette.grid_glow, unit // 3, alpha=250)
        size = round(unit * 0.5)
        heading = theme.text(title, round(size * 0.8), palette.dim)
        surface.blit(heading, (box.x + unit // 2, box.y + unit // 4))
        hint = theme.text(
            self.refused or HINTS[device],
            round(size * 0.8),
            palette.warning if self.refused else palette.dim,
            bold=self.refused is not None,
        )
        theme.blit_centered(surface, hint, (box.centerx, box.bottom - unit * 0.55))
        line = self._line(area)
        pygame.draw.rect(surface, palette.background_bottom, line, border_radius=unit // 6)
        pygame.draw.rect(surface, palette.grid, line, 2, border_radius=unit // 6)
        caret = "_" if _caret(time) and not self.guess else " "
        typed = theme.text(self.text + caret, size, palette.text, True)
        at = typed.get_rect(midleft=(line.x + unit // 4, line.centery))
        if self.guess and self.text:
            # Selected, as a field's text is when typing will replace it.
            chosen = theme.font(size, True).size(self.text)[0]
            shade = theme.mix(palette.background_bottom, palette.accent, 0.45)
            pygame.draw.rect(surface, shade, (at.x - 4, line.y + 6, chosen + 8, line.height - 12))
        surface.blit(typed, at)
        clip = surface.get_clip()
        for r, (row, rects) in enumerate(zip(ROWS, self.key_rects(area), strict=True)):
            for i, ((key, _), rect) in enumerate(zip(row, rects, strict=True)):
                if not clip.colliderect(rect):
                    continue  # a screen drawn again in parts: only the keys in this one
                focused = (r, i) == (self.row, self.col)
                usable = len(key) > 1 or key in self.allowed
                fill = theme.mix(palette.board, palette.accent, 0.35 if focused else 0.12)
                pygame.draw.rect(surface, fill, rect, border_radius=unit // 6)
                words = key.upper() if self.shift and len(key) == 1 else key
                color = palette.text if usable else theme.mix(palette.board, palette.dim, 0.4)
                bold = focused or key == DONE
                theme.blit_centered(surface, theme.text(words, size, color, bold), rect.center)
        focused_rect = self.key_rects(area)[self.row][self.col]
        focus_ring(
            surface, focused_rect, palette, self._ring.time(self._focused(), time), unit // 6
        )


@lru_cache(maxsize=4)  # a screen drawn in parts draws its keys for each part
def _key_rects(area: tuple[int, int, int, int]) -> tuple[tuple[pygame.Rect, ...], ...]:
    box = TextField.panel(pygame.Rect(area))
    unit = TextField._unit(pygame.Rect(area))
    top = box.y + unit // 2 + round(unit * 1.6)
    gap = max(2, unit // 12)
    return tuple(
        tuple(
            pygame.Rect(
                box.x + unit // 2 + _start(r, i) * unit + gap,
                top + r * unit + gap,
                w * unit - 2 * gap,
                unit - 2 * gap,
            )
            for i, (_, w) in enumerate(row)
        )
        for r, row in enumerate(ROWS)
    )


def _caret(time: float) -> bool:
    """Whether the caret shows at ``time``: it blinks twice a second."""
    return int(time * 2) % 2 == 0


def _start(row: int, index: int) -> int:
    """The column where key ``index`` of ``row`` starts."""
    return sum(w for _, w in ROWS[row][:index])
