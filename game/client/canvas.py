"""Surfaces that remember the words and buttons drawn on them: the seam layouts are read from.

Every piece of text on screen is made by :func:`game.client.theme.text` as a
:class:`Canvas` that knows its own words and type size. A canvas blitted onto
another canvas hands its records over, moved to where it landed, so a board
layer cached with its cell labels still reports them each time it is blitted.
Buttons say where they are with :func:`note_button`.

The window's own surface is a plain surface and records nothing; ``qttt
snapshot --layout`` and the layout tests draw a scene on a :class:`Canvas`
the size of the screen and read :attr:`Canvas.texts` and :attr:`Canvas.buttons`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame


@dataclass(frozen=True, slots=True)
class Drawn:
    """One line of text or one button, where it is on the surface that holds the record."""

    kind: str  # "text", "button", or "cover": a card over what was drawn before it
    words: str
    rect: pygame.Rect  # the whole line (or button), as blitted
    ink: pygame.Rect  # the pixels the letters cover (the button's rect for a button)
    size: int  # the type's size in pixels (a button: its height)

    def moved(self, dx: int, dy: int) -> Drawn:
        return Drawn(
            self.kind, self.words, self.rect.move(dx, dy), self.ink.move(dx, dy), self.size
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.words,
            "rect": list(self.rect),
            "ink": list(self.ink),
            "px": self.size,
        }


class Canvas(pygame.Surface):
    """A surface with the list of texts and buttons drawn on it, in its own coordinates."""

    def __init__(
        self, size: tuple[int, int], flags: int = 0, like: pygame.Surface | None = None
    ) -> None:
        # A part laid out in a window too small for it comes out empty, not negative.
        size = (max(0, size[0]), max(0, size[1]))
        if like is None:
            super().__init__(size, flags)
        else:
            super().__init__(size, flags, like)
        self.drawn: list[Drawn] = []

    @property
    def texts(self) -> list[Drawn]:
        return [d for d in self.drawn if d.kind == "text"]

    @property
    def buttons(self) -> list[Drawn]:
        return [d for d in self.drawn if d.kind == "button"]

    def visible_texts(self) -> list[Drawn]:
        """The texts no later cover hides (a toast or a card drawn over a board's labels)."""
        shown: list[Drawn] = []
        for d in self.drawn:
            if d.kind == "text":
                shown.append(d)
            elif d.kind == "cover":
                shown = [t for t in shown if not d.rect.colliderect(t.ink)]
        return shown

    def blit(  # type: ignore[override]
        self,
        source: pygame.Surface,
        dest: Any,
        area: Any = None,
        special_flags: int = 0,
    ) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        records = getattr(source, "drawn", None)
        if records:
            x, y = _topleft(dest)
            if area is not None:
                clip = pygame.Rect(area)
                x, y = x - clip.x, y - clip.y
                records = [d for d in records if clip.colliderect(d.ink)]
            self.drawn.extend(d.moved(x, y) for d in records)
        return done

    def copy(self) -> Canvas:  # type: ignore[override]
        twin = super().copy()
        assert isinstance(twin, Canvas)
        twin.drawn = list(self.drawn)
        return twin

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:  # type: ignore[override]
        if rect is None:
            self.drawn.clear()  # the whole surface repainted: what was on it is gone
        return super().fill(color, rect, special_flags)


def _topleft(dest: Any) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect | pygame.FRect):
        return round(dest.x), round(dest.y)
    return round(dest[0]), round(dest[1])


def text_canvas(image: pygame.Surface, words: str, size: int) -> Canvas:
    """``image`` (a rendered line of ``words`` at ``size`` pixels) as a canvas recording itself."""
    out = Canvas(image.get_size(), pygame.SRCALPHA, image)
    pygame.Surface.blit(out, image, (0, 0))
    ink = image.get_bounding_rect()
    out.drawn.append(Drawn("text", words, image.get_rect(), ink, size))
    return out


def forget_drawn(surface: pygame.Surface) -> None:
    """Drop what ``surface`` recorded (a kept picture about to be painted anew)."""
    if isinstance(surface, Canvas):
        surface.drawn.clear()


def note_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Record that a card now covers ``rect``: what was drawn under it is hidden."""
    if isinstance(surface, Canvas):
        surface.drawn.append(Drawn("cover", "", pygame.Rect(rect), pygame.Rect(rect), 0))


def note_button(surface: pygame.Surface, label: str, rect: pygame.Rect) -> None:
    """Record that a button labelled ``label`` is drawn at ``rect`` (on a canvas only)."""
    if isinstance(surface, Canvas):
        surface.drawn.append(
            Drawn("button", label, pygame.Rect(rect), pygame.Rect(rect), rect.height)
        )
