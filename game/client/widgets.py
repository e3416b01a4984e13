"""The menu every screen uses: a column of buttons and option rows, for mouse, keys and pads.

An :class:`Item` is a button (``on_activate``) or an option row (``choices``,
changed with left/right, a click on its arrows, or Enter). The :class:`Menu`
keeps which item has the focus; it lays itself out from the area it is
given, so hit tests and drawing always agree at any window size.

The focus is drawn by :func:`focus_ring`: a thick ring standing off the
item, breathing, in the highlight colour, with a chevron at each end, so
it reads from a sofa and is never mistaken for a button merely being
enabled (an enabled button has a thin edge, a disabled one none). Every
focusable thing (menu rows, the on-screen keyboard's keys, the collapse
previews) uses it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.client import theme
from game.client.canvas import note_button
from game.client.intents import KEYBOARD, Activate, Click, Intent, Navigate, Page, Point
from game.client.still import Changing
from game.client.theme import Palette

FOCUS_RATE = 5.0  # radians a second the focus ring breathes at (see theme.rest_after)


@dataclass(slots=True)
class Item:
    label: str
    on_activate: Callable[[], None] | None = None
    choices: Sequence[str] = ()
    index: int = 0
    on_change: Callable[[int], None] | None = None
    enabled: bool = True
    fixed: str = ""  # what a disabled choice shows in place of its choice, if anything

    @property
    def value(self) -> str:
        if not self.enabled and self.fixed:
            return self.fixed
        return self.choices[self.index] if self.choices else ""

    def step(self, delta: int, wrap: bool = True) -> None:
        """The next choice ``delta`` away, round from the last to the first (or, not ``wrap``,
        for a direction held down, stopping there: a volume held up stays at 100%)."""
        if not self.choices:
            return
        index = self.index + delta
        if not wrap and not 0 <= index < len(self.choices):
            return
        self.index = index % len(self.choices)
        if self.on_change is not None:
            self.on_change(self.index)


@dataclass(slots=True)
class Menu:
    items: list[Item]
    focus: int = 0
    on_move: Callable[[], None] | None = None  # a sound as the focus moves
    width: float = 9  # the least width, in item heights
    columns: int = 1  # items side by side (a row of buttons under a panel)
    pad: int = KEYBOARD  # the pad (or the keys) that gave the items the focus: see focused_by
    _hover: int | None = field(default=None, init=False)
    _laid_out: tuple[object, list[pygame.Rect]] | None = field(default=None, init=False)
    _drawn_in: pygame.Rect | None = field(default=None, init=False)  # the area last drawn in
    _ring: theme.Breath = field(default_factory=lambda: theme.Breath(FOCUS_RATE), init=False)

    def ring_time(self, time: float) -> float:
        """The clock the focus ring is drawn at: it breathes after the focus moves, then rests."""
        return self._ring.time(self.focus, time)

    def breathing(self, time: float) -> bool:
        """Whether the focus ring still moves at ``time`` (a menu at rest lets the window sleep)."""
        return 0 <= self.focus < len(self.items) and self._ring.moving(self.focus, time)

    def look(self) -> tuple[object, ...]:
        """All that the menu's picture shows (in a given area) but its breathing focus ring
        (:meth:`changing`): a screen drawn again only where something moved
        (:class:`game.client.still.Redraw`) compares it."""
        shown = tuple((item.label, item.value, item.enabled) for item in self.items)
        return self.focus, shown

    def changing(self, height: int, time: float) -> Changing:
        """The focus ring, a part that changes in place: all it may cover round the focused
        item, on a screen ``height`` pixels high, and the moment it is drawn at ``time``.

        The item's place is where the menu was last drawn: whatever moves it (the area, the
        focus, the words) is in the screen's key, which then paints it whole."""
        if self._drawn_in is None or not 0 <= self.focus < len(self.items):
            return []
        rect = self.rects(self._drawn_in)[self.focus]
        if not rect.width:  # scrolled out of its page
            return []
        return [(ring_reach(rect, height, self._alone), self.ring_time(time))]

    @property
    def _alone(self) -> bool:
        """Whether an item stands alone in its row (a ring's chevrons then have room)."""
        return self.columns == 1

    def focused_by(self, pad: int) -> bool:
        """Whether an item has the focus, given it by ``pad``: on a couch with two pads, the
        other pad's cursor stays on the board beside the buttons and answers that pad."""
        return 0 <= self.focus < len(self.items) and pad == self.pad

    def unplugged(self, pads: tuple[int, ...]) -> None:
        """The focus a pad gave goes back to the board beside the items once that pad is
        not among ``pads`` (those plugged in): a ring left on Undo told the other player
        that their A would press it, and it picked a cell."""
        if self.pad > KEYBOARD and self.pad not in pads:
            self.focus = -1

    def step(self, dx: int, dy: int) -> bool:
        """Move the focus one item across the rows of ``columns``, over disabled items,
        stopping at the right and bottom edges; ``False`` for a step off the left or top
        edge, which leaves the buttons for the board that lies that way beside them."""
        row, col = divmod(self.focus, self.columns)
        if (dx < 0 and col == 0) or (dy < 0 and row == 0):
            return False
        while True:
            row, col = row + dy, col + dx
            i = row * self.columns + col
            if not (0 <= col < self.columns and 0 <= i < len(self.items)):
                return True
            if self.items[i].enabled:
                break
        if self.on_move is not None:
            self.on_move()
        self.focus = i
        return True

    def rects(self, area: pygame.Rect) -> list[pygame.Rect]:
        """Each item's rectangle: rows of ``columns`` items, centred in ``area``.

        Rows are the type scale's button height, lower only where a long list (the LAN
        tables) must fit, and never under the floor for buttons; option rows are wide
        enough for their label and their longest choice.
        """
        # Kept while nothing they follow changes: a screen drawn in parts asks for each part.
        scale = theme.screen_scale()
        words = tuple((item.label, tuple(item.choices)) for item in self.items)
        key = (tuple(area), self.focus, self.columns, self.width, scale, words)
        if self._laid_out is None or self._laid_out[0] != key:
            self._laid_out = key, self._lay_out(area, scale)
        return [rect.copy() for rect in self._laid_out[1]]

    def _lay_out(self, area: pygame.Rect, scale: theme.Scale) -> list[pygame.Rect]:
        n = len(self.items)
        rows = -(-n // self.columns)
        least = scale.px(theme.LEAST_BUTTON + 2)
        gaps = 0.2  # of a row's height, between two rows
        if rows * least * (1 + gaps) - gaps * least > area.height:
            gaps = 0.1  # a long list closes up before any row scrolls out of sight
        fit = int(area.height / max(1, rows + gaps * (rows - 1)))
        h = max(least, min(scale.button, fit))
        gap = round(h * gaps)
        # More rows than fit at the least height: a page of them scrolls with the focus, the
        # rest get empty rectangles (never hit, never drawn).
        shown = max(1, min(rows, (area.height + gap) // (h + gap)))
        first = min(max(0, self.focus // self.columns - shown // 2), rows - shown)
        if self.columns > 1:
            w = (area.width - (self.columns - 1) * gap) // self.columns
        else:
            w = min(area.width, max(round(h * self.width), self._widest(h) + 2 * h))
        top = area.centery - (shown * h + (shown - 1) * gap) // 2
        left = area.centerx - (self.columns * w + (self.columns - 1) * gap) // 2
        rects = []
        for r, c in (divmod(i, self.columns) for i in range(n)):
            if first <= r < first + shown:
                y = top + (r - first) * (h + gap)
                rects.append(pygame.Rect(left + c * (w + gap), y, w, h))
            else:
                rects.append(pygame.Rect(area.centerx, area.centery, 0, 0))
        return rects

    def _widest(self, height: int) -> int:
        """The widest label (with its widest choice) at the type size of rows ``height`` high."""
        face = theme.font(_type_size(height), True)
        widest = 0
        for item in self.items:
            value = max((face.size(c)[0] for c in item.choices), default=0)
            gap = round(height * 1.6) if item.choices else 0
            widest = max(widest, face.size(item.label)[0] + gap + value)
        return widest

    def handle(self, intent: Intent, area: pygame.Rect) -> bool:
        """React to ``intent``; whether it was for the menu."""
        if isinstance(intent, Navigate | Activate | Page) and not 0 <= self.focus < len(self.items):
            self.focus = 0  # the first key press gives the focus to the first item
            return True
        if isinstance(intent, Navigate):
            # A direction held down stops at the ends; only a press goes round from them.
            wrap = not intent.held
            if intent.dy:
                self._move(intent.dy * self.columns, wrap)
            elif intent.dx and self.columns > 1:
                self._move(intent.dx, wrap)
            elif intent.dx:
                self.items[self.focus].step(intent.dx, wrap)
            return True
        if isinstance(intent, Activate):
            self._activate(self.items[self.focus], 1)
            return True
        if isinstance(intent, Page):  # Page Up/Down, the wheel: a page of a list that scrolls
            shown = len(_shown(self.rects(area)))
            if shown == len(self.items):
                return False
            focus = min(max(0, self.focus + intent.delta * shown), len(self.items) - 1)
            if focus != self.focus and self.on_move is not None:
                self.on_move()
            self.focus = focus
            return True
        if isinstance(intent, Point | Click):
            for i, rect in enumerate(self.rects(area)):
                if rect.collidepoint(intent.pos) and self.items[i].enabled:
                    if self.focus != i and self.on_move is not None:
                        self.on_move()
                    self.focus = i
                    if isinstance(intent, Click):
                        # The left third of an option row steps back, the rest forward.
                        back = (
                            bool(self.items[i].choices) and intent.pos[0] < rect.x + rect.width / 3
                        )
                        self._activate(self.items[i], -1 if back else 1)
                    return True
        return False

    def _move(self, delta: int, wrap: bool = True) -> None:
        n = len(self.items)
        i = self.focus
        for _ in range(n):
            if not wrap and not 0 <= i + delta < n:
                return  # no enabled item before the end
            i = (i + delta) % n
            if self.items[i].enabled:
                break
        if i != self.focus and self.on_move is not None:
            self.on_move()
        self.focus = i

    @staticmethod
    def _activate(item: Item, delta: int) -> None:
        if not item.enabled:
            return
        if item.choices:
            item.step(delta)
        elif item.on_activate is not None:
            item.on_activate()

    def draw(
        self, surface: pygame.Surface, area: pygame.Rect, palette: Palette, time: float
    ) -> None:
        self._drawn_in = area.copy()
        clip = surface.get_clip()  # a screen drawn again in parts: only the items in this one
        rects = self.rects(area)
        shown = _shown(rects)
        # A list longer than its page (the LAN tables) says so: a mark at the end of the first
        # and last rows shown points to the rows beyond them, which the focus scrolls to.
        more = {shown[0]: -1, shown[-1]: 1} if 0 < len(shown) < len(rects) else {}
        more = {i: way for i, way in more.items() if 0 <= i + way < len(rects)}
        # The focused row last: its ring breathes out over the rows beside it, never under.
        for i in sorted(range(len(rects)), key=lambda i: i == self.focus):
            item, rect = self.items[i], rects[i]
            if not rect.width or not clip.colliderect(
                rect.inflate(2 * rect.height, 2 * rect.height)
            ):
                continue  # scrolled out of the page, or out of the part drawn
            focused = i == self.focus
            note_button(surface, item.label, rect)
            size = _type_size(rect.height)
            if focused:
                theme.panel(
                    surface,
                    rect,
                    theme.mix(palette.board, palette.accent, 0.3),
                    palette.grid_glow,
                    rect.height // 2,
                    alpha=235,
                )
                ring_time = self.ring_time(time)
                focus_ring(surface, rect, palette, ring_time, rect.height // 2, self._alone)
            elif item.enabled:
                theme.panel(
                    surface, rect, palette.board, palette.grid_glow, rect.height // 2, alpha=150
                )
            else:  # no edge at all: nothing to press here
                theme.panel(surface, rect, palette.board, palette.board, rect.height // 2, 90)
            color = palette.text if item.enabled else theme.mix(palette.board, palette.dim, 0.5)
            if item.choices:
                label = theme.text(item.label, size, palette.dim if not focused else palette.text)
                surface.blit(
                    label, label.get_rect(midleft=(rect.x + rect.height * 0.6, rect.centery))
                )
                value = theme.text(item.value, size, color, True)
                right = rect.right - rect.height * 1.1
                vrect = value.get_rect(midright=(right, rect.centery))
                surface.blit(value, vrect)
                if item.enabled:  # no arrows where there is nothing to change
                    r = size * 0.26
                    _arrow(surface, (vrect.left - size * 0.8, rect.centery), r, -1, palette.accent)
                    _arrow(surface, (right + size * 0.8, rect.centery), r, 1, palette.accent)
            else:
                glow = palette.glow_strength if focused else 0
                # A label from outside (a table's name) may be longer than any row: fitted
                # within the row, clear of its rounded ends.
                room = rect.width - rect.height // 3 - (2 * rect.height if more else 0)
                words, size = theme.fitted(
                    item.label, size, room, theme.screen_scale().hint, focused
                )
                label = theme.glowing_text(words, size, color, glow // 2, bold=focused)
                theme.blit_centered(surface, label, rect.center)
            if i in more:
                at = (rect.right - rect.height * 0.6, rect.centery)
                _more_mark(surface, at, rect.height * 0.16, more[i], palette.accent)


def _type_size(height: int) -> int:
    """The type of a row ``height`` pixels high: the scale's body size, as the row allows."""
    return min(theme.screen_scale().body, round(height * 0.5))


def focus_ring(
    surface: pygame.Surface,
    rect: pygame.Rect,
    palette: Palette,
    time: float,
    radius: int = 0,
    alone: bool = True,
) -> pygame.Rect:
    """The focus around ``rect``: a thick ring that breathes out and in, and two chevrons
    unless something stands beside it (not ``alone``: one of a row of buttons); the
    rectangle it covers.

    Plain outlines and polygons, no blur and no translucent layer: it costs a few
    hundred microseconds at 4K and nothing is cached.
    """
    pulse = 0.5 + 0.5 * math.sin(time * FOCUS_RATE)
    width, gap, ring = _ring(rect, surface.get_height(), pulse)
    color = theme.mix(palette.highlight, palette.text, 0.5 * pulse)
    edge = radius + gap + width if radius else 0
    drawn = pygame.draw.rect(surface, color, ring, width, border_radius=edge)
    for points in _chevrons(rect, ring, width, alone):
        drawn = drawn.union(pygame.draw.polygon(surface, color, points))
    return drawn


def ring_reach(rect: pygame.Rect, height: int, alone: bool = True) -> pygame.Rect:
    """All that :func:`focus_ring` may cover round ``rect`` at any moment, on a screen
    ``height`` pixels high: the ring and its chevrons reach furthest breathed out."""
    width, _, reach = _ring(rect, height, 1.0)
    for points in _chevrons(rect, reach, width, alone):
        xs, ys = [x for x, _ in points], [y for _, y in points]
        left, top = math.floor(min(xs)), math.floor(min(ys))
        reach = reach.union(
            (left, top, math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1)
        )
    return reach


def _ring(rect: pygame.Rect, height: int, pulse: float) -> tuple[int, int, pygame.Rect]:
    """The ring's width, its gap from ``rect`` and its outer rectangle, breathed out by
    ``pulse`` (0 to 1)."""
    # Thick for a button, yet no thicker than the screen's size allows around a big target.
    width = max(4, min(round(min(rect.height, rect.width) * 0.11), height // 140))
    gap = round(width * (0.5 + 0.6 * pulse))
    return width, gap, rect.inflate(2 * (gap + width), 2 * (gap + width))


def _chevrons(
    rect: pygame.Rect, ring: pygame.Rect, width: int, alone: bool
) -> list[list[tuple[float, float]]]:
    """The corners of the chevrons pointing in at the two ends of ``ring``, riding it as it
    breathes; none round a key or one of a row of buttons (they would cover its neighbours)."""
    if not alone or rect.width < 4 * rect.height:
        return []
    r = max(width, round(rect.height * 0.16))
    return [
        _arrow_points((side - direction * (r + width // 2), ring.centery), r, direction)
        for side, direction in ((ring.left, 1), (ring.right, -1))
    ]


def _arrow_points(at: tuple[float, float], r: float, direction: int) -> list[tuple[float, float]]:
    x, y = at
    return [(x + direction * r, y), (x - direction * r, y - r), (x - direction * r, y + r)]


def _shown(rects: list[pygame.Rect]) -> list[int]:
    """Which of a menu's rows are on its page (the others scrolled out have no size)."""
    return [i for i, rect in enumerate(rects) if rect.width]


def _more_mark(
    surface: pygame.Surface, at: tuple[float, float], r: float, way: int, color: theme.Color
) -> None:
    """A triangle pointing up (``way`` -1) or down (1): more rows that way."""
    x, y = at
    tip, base = y + way * r, y - way * r * 0.6
    pygame.draw.polygon(surface, color, [(x, tip), (x - r, base), (x + r, base)])


def _arrow(
    surface: pygame.Surface, at: tuple[float, float], r: float, direction: int, color: theme.Color
) -> pygame.Rect:
    return pygame.draw.polygon(surface, color, _arrow_points(at, r, direction))


class AskedTwice:
    """A menu row that acts on its second press (what a slip of a pad must not do at once:
    quit, reset every setting). The first press asks ``question`` in its place and calls
    ``asked``; the focus moving on (see :meth:`drop_unless_focused`) takes the question back."""

    def __init__(
        self, label: str, question: str, act: Callable[[], None], asked: Callable[[], None]
    ) -> None:
        self.label, self.question = label, question
        self._act, self._asked = act, asked
        self.item = Item(label, self._press)

    def _press(self) -> None:
        if self.item.label != self.question:
            self.item.label = self.question
            self._asked()
            return
        self.item.label = self.label
        self._act()

    def drop_unless_focused(self, menu: Menu) -> None:
        if menu.items[menu.focus] is not self.item:
            self.item.label = self.label  # the focus moved on: the question is dropped
