"""The tutorial's panel beside the board: the lesson's words and its buttons.

The panel owns the text area: the step's words, drawn at one size for the
whole lesson; the line of controls for the device in hand; and the Lesson 1,
Back and Next buttons. Keys and pads reach the buttons as on the play screen
(see :mod:`game.client.scenes.tutorial`): the panel keeps whose focus is on
them and moves it; the scene says what each button does and when it opens.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

import pygame

from game.client import prose, theme
from game.client.intents import (
    KEYBOARD,
    Activate,
    Cancel,
    Click,
    Device,
    Intent,
    Navigate,
    Point,
    Start,
)
from game.client.prose import Para
from game.client.still import Parts
from game.client.widgets import Item, Menu

POINTER = -1  # the pointer's focus on a button: it answers no key (Enter, Escape are the board's)
CONTROLS = {  # every control, named for the device in hand, on the board or on the buttons
    (Device.PAD, False): "D-pad, A: play · Start: buttons · LB/RB: lessons · B: menu",
    (Device.PAD, True): "D-pad, A: buttons · B: board · LB/RB: lessons",
    (Device.KEYS, False): "Arrows, Enter: play · PgUp/PgDn: lessons · Esc: menu",
    (Device.KEYS, True): "Arrows, Enter: buttons · Esc: board · PgUp/PgDn: lessons",
    (Device.MOUSE, False): "Click: play · wheel: lessons · right-click: menu",
}


class LessonPanel:
    """The words and the buttons (Lesson 1, Back, Next) in :func:`text_area`."""

    def __init__(
        self,
        first: Callable[[], None],
        back: Callable[[], None],
        go_on: Callable[[], None],
        select: Callable[[], None],
    ) -> None:
        self.select = select  # the sound of a focus moving
        self.menu = Menu(
            [Item("Lesson 1", first), Item("Back", back), Item("Next", go_on)],
            focus=-1,  # the board has it until a pad steps off it (or the pointer is on one)
            on_move=select,
            columns=3,
        )
        self._units: dict[tuple[Hashable, tuple[int, int]], int] = {}  # the words' size

    def button_area(self, size: tuple[int, int]) -> pygame.Rect:
        """The row of buttons along the bottom of the panel."""
        panel = text_area(size)
        h = theme.scale(size).button
        gap = h // 2
        return pygame.Rect(panel.x + gap, panel.bottom - h - gap, panel.width - 2 * gap, h)

    def buttons(self, size: tuple[int, int]) -> dict[str, pygame.Rect]:
        names = ("first", "back", "next")
        return dict(zip(names, self.menu.rects(self.button_area(size)), strict=True))

    def controls(self, device: Device) -> str:
        """The footer's line of controls: for the device in hand, and where its focus is."""
        holder = self.menu.pad
        on_buttons = (
            device is not Device.MOUSE and holder != POINTER and self.menu.focused_by(holder)
        )
        return CONTROLS[device, on_buttons]

    # -- input: the buttons' focus, for keys and pads, and the pointer --------------

    def handle(self, intent: Intent, size: tuple[int, int]) -> bool:
        """Whether ``intent`` was the buttons': any press while a pad's focus is on them (B
        takes it back to the board, as Start came from it: not leaving), Start, a click on
        one (an open one: a shut Next is the scene's, to say why)."""
        menu = self.menu
        if isinstance(intent, Cancel) and menu.focused_by(intent.pad):
            self.to_buttons(False)
        elif isinstance(intent, Start) and (menu.focused_by(intent.pad) or self.open_buttons()):
            self.to_buttons(not menu.focused_by(intent.pad), intent.pad)
        elif isinstance(intent, Navigate | Activate) and menu.focused_by(intent.pad):
            self.on_buttons(intent, size)
        elif not (isinstance(intent, Click) and menu.handle(intent, self.button_area(size))):
            return False
        return True

    def open_buttons(self) -> list[int]:
        return [i for i, item in enumerate(self.menu.items) if item.enabled]

    def to_buttons(self, on: bool, pad: int = KEYBOARD) -> bool:
        """Give the focus to the buttons for ``pad`` (Next once it opens, else Back), or take
        it back to the board; whether it moved (no button is open at the very start)."""
        open_ = self.open_buttons()
        if on and not open_:
            return False
        self.menu.focus = open_[-1] if on else -1
        self.menu.pad = pad
        self.select()
        return True

    def on_buttons(self, intent: Navigate | Activate, size: tuple[int, int]) -> None:
        if isinstance(intent, Activate):
            self.menu.handle(intent, self.button_area(size))
        elif not self.menu.step(intent.dx, intent.dy) and not intent.held:
            self.to_buttons(False)  # off their left or top edge (a press): the board lies that way

    def shut(self, begun: bool, done: bool, last: bool) -> None:
        """The buttons as a step leaves them: Lesson 1 and Back shut until ``begun``, Next
        until the step is ``done`` (it offers a game after the ``last``); the focus on a
        button that shut goes back to the board."""
        first, back, go_on = self.menu.items
        first.enabled = back.enabled = begun
        go_on.enabled = done
        go_on.label = "Play a game" if last else "Next"
        if self.menu.focused_by(self.menu.pad) and not self.menu.items[self.menu.focus].enabled:
            self.menu.focus = -1

    def point(self, at: tuple[int, int], size: tuple[int, int]) -> None:
        if self.menu.handle(Point(at), self.button_area(size)):
            self.menu.pad = POINTER
        elif self.menu.pad == POINTER:
            self.menu.focus = -1  # the pointer left the buttons (a pad's focus stays)

    # -- drawing -----------------------------------------------------------------

    def parts(self, size: tuple[int, int], shown: Hashable, device: Device, t: float) -> Parts:
        """The panel's parts of a still picture (see still.py): the words ``shown`` and the
        buttons in the text area, and each focus ring breathing in a part of its own."""
        text = text_area(size)
        words = (shown, self.menu.look(), self.controls(device))
        ring = tuple(((*rect,), when) for rect, when in self.menu.changing(size[1], t))
        return (((*text,), words), *ring)

    def draw(
        self,
        surface: pygame.Surface,
        palette: theme.Palette,
        words: list[Para],
        every: Callable[[], Iterable[list[Para]]],
        fit: Hashable,
        device: Device,
        t: float,
    ) -> None:
        """The panel, its ``words``, the controls and the buttons. The words are drawn at one
        size for ``every`` set of words the panel shows while ``fit`` stays the same (a
        lesson's steps, before and after each is made): they do not change size from one
        step to the next."""
        area = text_area(surface.get_size())
        scale = theme.scale(surface.get_size())
        # Its corners round as the play screen's panel does, at every size.
        theme.backed_panel(surface, palette, area, scale.px(18), 210)
        buttons = self.button_area(surface.get_size())
        pad = max(16, area.width // 18)
        box = pygame.Rect(area.x + pad, area.y + pad, area.width - 2 * pad, 0)
        box.height = buttons.top - pad // 2 - box.y
        # The controls on as many lines as the panel's width needs (a square window's is
        # narrow), broken between whole controls ("A: play" never split), the last just
        # over the buttons; a line still too wide is not drawn.
        phrases = theme.wrap_phrases(self.controls(device), scale.hint, box.width)
        lines = [theme.text(line, scale.hint, palette.dim) for line in phrases]
        if all(keys.get_width() <= box.width for keys in lines):
            bottom = buttons.top - pad // 3
            for keys in reversed(lines):
                surface.blit(keys, keys.get_rect(bottomleft=(box.x, bottom)))
                bottom -= keys.get_height()
            box.height -= sum(keys.get_height() for keys in lines)
        # The size is found once per ``fit`` and size of the box.
        key = (fit, box.size)
        if key not in self._units:
            self._units[key] = min(
                prose.fit(paras, box.width, box.height, scale.lead)[0] for paras in every()
            )
        prose.draw(surface, words, box, self._units[key])
        self.menu.draw(surface, buttons, palette, t)


def board_area(size: tuple[int, int]) -> pygame.Rect:
    """The left part of the window: a square for the board, the height of the window (the
    top part, on a window taller than wide)."""
    return _areas(size)[0]


def text_area(size: tuple[int, int]) -> pygame.Rect:
    """The right part of the window: the lesson's words and its buttons (under the board, on
    a window taller than wide)."""
    return _areas(size)[1]


def _areas(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The board and the lesson, side by side or (a tall window) one over the other."""
    w, h = size
    scale = theme.scale(size)
    margin = scale.margin
    if h > w:
        return theme.stacked(size, margin, scale.px(600))
    side = min(h - 2 * margin, round(w * 0.56) - 2 * margin)
    board = pygame.Rect(margin, (h - side) // 2, side, side)
    left = board.right + margin
    return board, pygame.Rect(left, margin, w - left - margin, h - 2 * margin)
