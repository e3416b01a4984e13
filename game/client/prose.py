"""Paragraphs of wrapped text in a box, made smaller together until they fit.

The tutorial, the replay viewer and the settings screen say things in
sentences; a window can be small and a sentence long, so the paragraphs
are laid out at a base size and, if they overflow the box, all shrink by
the same factor rather than spill over the buttons under them, never below
the type scale's floor (what a sofa can read).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.client import theme
from game.client.fonts import wrap
from game.client.intents import Device
from game.client.theme import Color
from game.rules import Action, Collapse, Player, Position
from game.textview import points

SHRINK = 0.92  # each try is this much smaller than the last
SMALLEST = 0.55  # of the base size


@dataclass(frozen=True, slots=True)
class Para:
    words: str
    color: Color
    scale: float = 1.0  # of the box's base size
    bold: bool = False
    space_before: float = 0.0  # in lines of the base size


Placed = list[tuple[Para, int, list[str]]]
"""Each paragraph with its size in pixels and its wrapped lines."""


def layout(paras: Sequence[Para], width: int, unit: int) -> tuple[int, Placed]:
    """Each paragraph's size and lines at base size ``unit``, and the height of them all."""
    height = 0
    placed: Placed = []
    for para in paras:
        size = max(theme.screen_scale().floor, round(unit * para.scale))
        face = theme.font(size, para.bold)
        lines = wrap(para.words, face, width) if para.words else []
        height += round(para.space_before * unit) + face.get_linesize() * len(lines)
        placed.append((para, size, lines))
    return height, placed


def fit(paras: list[Para], width: int, height: int, unit: int) -> tuple[int, Placed]:
    """The largest base size (``unit`` at most) at which ``paras`` fit ``height``; their layout
    (read it, do not change it: it is kept)."""
    return _fit(tuple(paras), width, height, unit, theme.screen_scale())


@lru_cache(maxsize=64)  # a screen drawn in parts (still.Redraw) lays its words out each part
def _fit(
    paras: tuple[Para, ...], width: int, height: int, unit: int, scale: theme.Scale
) -> tuple[int, Placed]:
    size = float(unit)
    while True:
        total, placed = layout(paras, width, round(size))
        least = max(unit * SMALLEST, scale.floor)
        if total <= height or size * SHRINK < least:
            return round(size), placed
        size *= SHRINK


def _lines(
    paras: list[Para], box: pygame.Rect, unit: int
) -> tuple[list[tuple[Para, int, str, int]], int]:
    """Each line of ``paras`` shrunk to fit ``box``, with its paragraph, size and y; and the
    y below the last."""
    used, placed = fit(paras, box.width, box.height, unit)
    y = box.y
    found = []
    for para, size, lines in placed:
        y += round(para.space_before * used)
        step = theme.font(size, para.bold).get_linesize()
        for line in lines:
            found.append((para, size, line, y))
            y += step
    return found, y


def bottom(paras: list[Para], box: pygame.Rect, unit: int) -> int:
    """The y below the last line of ``paras`` drawn in ``box`` (:func:`draw`)."""
    return _lines(paras, box, unit)[1]


def draw(
    surface: pygame.Surface, paras: list[Para], box: pygame.Rect, unit: int, center: bool = False
) -> int:
    """Draw ``paras`` from the top of ``box``, shrunk to fit it; the y below the last line.

    Lines start at the box's left edge, or are centred in it with ``center``.
    """
    lines, y = _lines(paras, box, unit)
    for para, size, line, top in lines:
        image = theme.text(line, size, para.color, para.bold)
        x = box.centerx - image.get_width() // 2 if center else box.x
        surface.blit(image, (x, top))
    return y


# What each device calls its buttons, by what the button does (see game.client.intents).
_PRESS = {
    Device.PAD: {"choose": "press A", "back": "press B", "menu": "press Start"},
    Device.KEYS: {"choose": "press Enter", "back": "press Escape", "menu": "press Tab"},
    Device.MOUSE: {"choose": "click", "back": "right-click", "menu": "click"},
}


def press(device: Device, what: str = "choose") -> str:
    """How to do ``what`` ("choose", "back", "menu") on ``device``, in lower case.

    ``press(Device.PAD)`` is "press A", ``press(Device.KEYS, "back")`` "press Escape",
    ``press(Device.MOUSE)`` "click": prompts name the device the player last used.
    """
    return _PRESS[device][what]


def button(device: Device, what: str = "choose") -> str:
    """The button that does ``what`` on ``device``, as a hint names it: "Enter", "B",
    "right-click" (:func:`press` without its "press")."""
    return press(device, what).removeprefix("press ")


# What moves the focus on each device (the mouse points instead).
_MOVE = {Device.PAD: "D-pad", Device.KEYS: "Arrows"}


_HOW = {
    (Device.PAD, False): "D-pad moves the cursor, A picks a cell.",
    (Device.KEYS, False): "Arrows move the cursor, Enter picks a cell.",
    (Device.MOUSE, False): "Click a cell to pick it.",
    (Device.PAD, True): "Left and right show each outcome, A chooses the one shown.",
    (Device.KEYS, True): "Arrows show each outcome, Enter chooses the one shown.",
    (Device.MOUSE, True): "Point at a lit mark to see what it decides, click it to choose.",
}


def how_to_pick(device: Device, collapse: bool) -> str:
    """How to make a move (or choose a collapse) with ``device``, in a sentence."""
    return _HOW[(device, collapse)]


def reaches_buttons(device: Device) -> str | None:
    """How ``device`` reaches the play screen's buttons (Undo, Save, Menu) from the board,
    in a sentence; None for the mouse, which clicks them where they are."""
    if device not in _MOVE:
        return None
    return f"{button(device, 'menu')} reaches Undo, Save and Menu."


def controls(device: Device, back: str = "goes to Quit", change: bool = False) -> str:
    """A menu screen's one-line reminder of its controls, for the device the player last
    used: how to move, to change an option row's choice (``change``), to choose, and where
    going back goes (``back``: the title's goes to Quit). "D-pad to move · A to choose · B
    goes to Quit"."""
    phrases = []
    if device in _MOVE:
        phrases.append(f"{_MOVE[device]} to move")
        if change:
            phrases.append("Left/Right to change")
    # A click on an option row changes its choice, as one on a button chooses it.
    verb = "choose or change" if change and device not in _MOVE else "choose"
    phrases.append(f"{button(device)} to {verb}")
    phrases.append(f"{button(device, 'back')} {back}")
    if device is not Device.PAD:
        phrases.append("F11 full screen")
    return sentence(" · ".join(phrases))


def controls_box(size: tuple[int, int]) -> pygame.Rect:
    """Where a menu screen's controls line goes (:func:`draw_controls`): the strip along the
    bottom, under what the screen says there."""
    w, h = size
    return pygame.Rect(w // 40, round(h * 0.93), w * 19 // 20, round(h * 0.06))


def draw_controls(surface: pygame.Surface, words: str, color: Color, box: pygame.Rect) -> None:
    """``words`` (:func:`controls`) at the hint's size, centred in ``box``: on one line, or
    broken between phrases where ``box`` is too narrow for one."""
    size = theme.scale(surface.get_size()).hint
    lines = theme.wrap_phrases(words, size, box.width)
    step = theme.font(size).get_linesize()
    y = box.centery - step * (len(lines) - 1) / 2
    for line in lines:
        theme.blit_centered(surface, theme.text(line, size, color), (box.centerx, y))
        y += step


def sentence(words: str, names: Iterable[str] = ()) -> str:
    """``words`` with a capital first letter: "Press A to watch" from :func:`press`; but not
    where they begin with one of ``names``, a player's, written as they wrote it ("v sits at
    X", as the panel says "v")."""
    for name in names:
        if name and words.startswith(name) and not words[len(name) : len(name) + 1].isalnum():
            return words
    return words[:1].upper() + words[1:]


def mark_name(mark: int) -> str:
    """A mark as the board shows it: "O4"."""
    return f"{Player.of_mark(mark)}{mark}"


def action_words(pos: Position, action: Action) -> str:
    """``action`` in ``pos`` as the board shows it: "O4 in cell 1", "X5 in cells 1 and 8"."""
    label = pos.variant.label
    if isinstance(action, Collapse):
        return f"{mark_name(action.mark)} in cell {label(action.cell)}"
    if action.a == action.b:
        return f"{pos.to_play}{pos.move_number} in cell {label(action.a)}, both halves"
    return f"{pos.to_play}{pos.move_number} in cells {label(action.a)} and {label(action.b)}"


def result(pos: Position) -> str:
    """How a game ended, in words ("X wins, 1 to ½"), or that it has not."""
    outcome = pos.outcome
    if outcome is None:
        return "unfinished"
    x, o = outcome.scores
    if outcome.winner is not None:
        return f"{outcome.winner} wins, {points(max(x, o))} to {points(min(x, o))}"
    return "shared win" if outcome.shared else "draw"
