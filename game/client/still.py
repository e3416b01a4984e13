"""The still part of a frame: painted once into an opaque picture, put back only where it moved.

A screen in motion is mostly still: during a collapse the background, the
side panel and the board's grid and marks do not move, only the flying marks
and the sparks do. A scene names what its still part depends on (a *key*:
the window's size, the palette, the position, the words on the panel...)
and paints it when the key changes. Every other frame puts the picture back
only where the last frame drew over it, draws the moving parts, says where
(:meth:`Still.shown`), and :func:`show` sends only those parts of the window
to the screen: a burst costs what moves, not the window's size.

The window keeps its pixels between frames, so putting back part of the
picture is enough only while nothing else drew on it: the window remembers
whose kept picture it holds, so another kept picture drawn there (another
part of the same scene: the replays list and a record's viewer), a frame
shown whole (``show(None)``: a scene that does not say what it drew, or
something drawn over a scene) or a window opened or uncovered
(:func:`spoil`) makes the next frame put the whole picture back.

A menu cannot keep such a picture: its backdrop's marks drift *behind* its buttons.
:class:`Redraw` paints a screen like that again, clipped to where its moving sprites
were and are, and sends only those parts.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable

import numpy as np
import pygame

from game.client.canvas import forget_drawn

Parts = tuple[tuple[tuple[int, int, int, int], Hashable], ...]  # (x, y, w, h) and what it shows
Changing = list[tuple[pygame.Rect, Hashable]]  # places that change in place, and what each shows
PUT_OFF_PIXELS = 3_000_000  # painted in one frame, beyond which some parts may wait one
TILE_SHIFT = 5  # what moved is put back in squares 2**5 = 32 pixels big (twice that at 4K)
# Each surface that holds a kept picture, and that picture's Still or Redraw: one a surface,
# so that one coming back after another drew there (each still believing its own picture is
# there, its key unchanged) draws all of it.
_left: weakref.WeakKeyDictionary[pygame.Surface, object] = weakref.WeakKeyDictionary()


def spoil() -> None:
    """The window's pixels are not what a kept picture last left there: next frame, all of it."""
    _left.clear()


def _leave(drawer: object, surface: pygame.Surface) -> None:
    """``drawer``'s picture is what ``surface`` holds now, no other's; and no other surface
    holds it still: it has one picture, kept for the surface it was last drawn on."""
    if _left.get(surface) is drawer:  # so no other holds it: a burst's every frame
        return
    for held, by in list(_left.items()):
        if by is drawer:
            del _left[held]
    _left[surface] = drawer


def _holds(drawer: object, surface: pygame.Surface) -> bool:
    """Whether ``surface`` still holds what ``drawer`` last left on it, nothing drawn there
    since by another or spoilt. Never a canvas: it must record every text the picture
    holds, each frame."""
    return _left.get(surface) is drawer and type(surface) is pygame.Surface


def show(dirty: list[list[int]] | None) -> None:
    """Send the frame to the screen: only the ``dirty`` parts, or all of it (None)."""
    if dirty is None:
        spoil()  # whatever drew it did not say where: the kept pictures go back whole
        pygame.display.flip()
    else:
        pygame.display.update(dirty)


class Over:
    """Where one frame drew over the still picture, in square tiles."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.shift = TILE_SHIFT + (size[1] > 1620)  # twice as big at 4K
        self.tile = t = 1 << self.shift
        self.grid = np.zeros((-(-size[1] // t), -(-size[0] // t)), dtype=bool)
        self._rects: list[list[int]] | None = None  # rects(), once asked
        rows, cols = self.grid.shape
        self._last = np.array([[cols - 1], [rows - 1]] * 2)  # the last tile, as x, y, x, y
        self._window = pygame.Rect((0, 0), size)

    def add(self, rect: pygame.Rect | None) -> None:
        """Something drawn inside ``rect`` (None: nothing)."""
        if rect and (rect := self._window.clip(rect)):
            self._rects = None
            s = self.shift
            rows = slice(rect.top >> s, ((rect.bottom - 1) >> s) + 1)
            self.grid[rows, rect.left >> s : ((rect.right - 1) >> s) + 1] = True

    def add_all(self, rects: list[pygame.Rect]) -> None:
        for rect in rects:
            self.add(rect)

    def add_sprites(self, corners: np.ndarray, extent: np.ndarray) -> None:
        """Many square sprites drawn, their top-left ``corners`` (x and y rows of whole pixels),
        each ``extent + 1`` pixels wide: the tiles they cover, and no more (a sprite off the
        window marks the tiles on its edge nearest to it)."""
        self._rects = None
        cols = self.grid.shape[1]
        tiles = np.concatenate((corners, corners + extent)) >> self.shift
        x0, y0, x1, y1 = np.minimum(np.maximum(tiles, 0, out=tiles), self._last, out=tiles)
        most = int(extent.max()) >> self.shift  # whole tiles in the widest side
        if most:  # a sprite's first tile, up to ``most`` on, and its last, each way
            span = np.arange(most + 2)[:, None]
            xs, ys = np.minimum(x0 + span, x1), np.minimum(y0 + span, y1) * cols
            self.grid.reshape(-1)[(ys[:, None] + xs).reshape(-1)] = True
        else:  # none is bigger than a tile (sparks): its first tile and its last, each way
            rows = (y0 * cols, y1 * cols)
            self.grid.reshape(-1)[np.concatenate([y + x for y in rows for x in (x0, x1)])] = True

    def rects(self) -> list[list[int]]:
        """The tiles drawn on, as runs along each row of tiles within the window: ``[x, y,
        w, h]`` lists, made in one go (blits and display.update take them as rectangles)
        and kept: a frame's are sent to the screen, then put back by the next frame."""
        if self._rects is None:
            self._rects = self._runs()
        return self._rects

    def _runs(self) -> list[list[int]]:
        # The rows of tiles one after another, each ended by a tile never drawn on: a run
        # starts and ends wherever the flat row changes (one pass, not one per row).
        t = self.tile
        rows, cols = self.grid.shape
        padded = np.zeros((rows, cols + 1), dtype=bool)
        padded[:, :cols] = self.grid
        flat = padded.reshape(-1)
        change = np.flatnonzero(flat[1:] != flat[:-1]) + 1
        if flat[0]:
            change = np.concatenate(([0], change))
        row = change[0::2] // (cols + 1)
        start, end = change[0::2] - row * (cols + 1), change[1::2] - row * (cols + 1)
        w, h = self.size
        runs = np.empty((len(row), 4), dtype=np.intp)
        runs[:, 0], runs[:, 1] = start * t, row * t
        runs[:, 2] = np.minimum(end * t, w) - runs[:, 0]
        runs[:, 3] = np.minimum(runs[:, 1] + t, h) - runs[:, 1]
        return runs.tolist()  # type: ignore[no-any-return]


class Still:
    """One scene's still picture, with the key it was painted for."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._parts: Parts = ()
        self._image: pygame.Surface | None = None
        self._over: Over | None = None  # where the last frame drew over the picture
        self._put_back: list[list[int]] | None = None  # this frame's, None for all of it
        self._waited = False  # the last frame left its ``later`` parts for this one

    def draw(
        self,
        surface: pygame.Surface,
        key: Hashable,
        paint: Callable[[pygame.Surface], None],
        parts: Parts = (),
        later: Parts = (),
    ) -> Over:
        """Put back the picture ``paint`` draws for ``key`` and ``parts``, painting it only if
        they are new: all of it, or only where the last frame on this window drew over it.
        Returns where this frame draws over it, for the scene to fill in and hand to
        :meth:`shown`.

        ``paint`` draws on a surface of ``surface``'s size and format, at the same places
        as on ``surface`` itself; the window's size is part of the key. ``parts`` are
        rectangles of the picture with what each shows (a board's layer): where only
        some of those changed, ``paint`` paints again inside them alone (a collapse's
        board, not the whole 4K window). ``later`` are parts that may show their change a
        frame late where the others change too: on a big window a collapse's board and
        panel painted in one frame take two frames' time (see :meth:`_put_off`).
        """
        # A snapshot's canvas gets a picture of its own that records what is drawn on it.
        key = (surface.get_size(), type(surface), key)
        over = self._over
        kept = over is not None and _holds(self, surface)
        if kept and key == self._key:
            later = self._put_off(parts, later, surface.get_size())
        parts = (*parts, *later)
        again: list[pygame.Rect] = []  # painted anew in part: put back there as well
        if self._image is None or key != self._key or parts != self._parts:
            again = self._changed(key, parts, surface.get_size()) if kept else []
            if self._image is None or key[:2] != self._key[:2]:  # type: ignore[index]
                self._image = surface.copy()  # the window's pixel format: blits are copies
            forget_drawn(self._image)
            for clip in again or [None]:
                self._image.set_clip(clip)
                paint(self._image)
            self._image.set_clip(None)
            self._key, self._parts = key, parts
            kept = kept and bool(again)
        if kept:
            assert over is not None
            rects = over.rects() + [list(rect) for rect in again]
            surface.blits([(self._image, rect, rect) for rect in rects], doreturn=False)
            self._put_back = rects
        else:
            surface.blit(self._image, (0, 0))
            self._put_back = None
        _leave(self, surface)
        return Over(surface.get_size())

    def _put_off(self, parts: Parts, later: Parts, window: tuple[int, int]) -> Parts:
        """``later`` as this frame paints it: as the last frame showed it where ``parts``
        changed too and painting both would cover more than PUT_OFF_PIXELS (a collapse's
        board and panel come to about 2 Mpx at 1080p, 8 at 4K); never two frames running."""
        n = len(self._parts) - len(later)  # the others' count last frame (a part may come)
        was = self._parts[n:]
        waited, self._waited = self._waited, False
        if waited or n < 0 or self._parts[:n] == parts:
            return later
        if [r for r, _ in was] != [r for r, _ in later] or was == later:
            return later
        now = self._changed(self._key, (*parts, *was), window)  # without them
        if not now:  # the whole picture is painted again anyway
            return later
        waiting = sum(r[2] * r[3] for r, _ in later)
        if sum(r.w * r.h for r in now) + waiting <= PUT_OFF_PIXELS:
            return later
        self._waited = True
        return was

    def _changed(self, key: Hashable, parts: Parts, window: tuple[int, int]) -> list[pygame.Rect]:
        """The rectangles to paint anew where only parts changed: of each part that shows
        something else, and of each that came or went (a row struck on a board), where it is
        or was. None where the key changed, or where they cover more than the ``window``."""
        if key != self._key:
            return []
        was = self._parts
        if [r for r, _ in parts] == [r for r, _ in was]:
            pairs = zip(parts, was, strict=True)
            rects = [pygame.Rect(r) for (r, now), (_, then) in pairs if now != then]
        else:
            # Looked up by rectangle: a zoom moves Ultimate's 81 cells' parts, and looking for
            # each in the other list took 1.5 ms.
            now, then = _by_rect(parts), _by_rect(was)
            rects = [pygame.Rect(r) for r, what in parts if what not in then.get(r, ())]
            rects += [pygame.Rect(r) for r, what in was if what not in now.get(r, ())]
        # Painted and put back a little wider: a part's edge rarely falls on a fast column.
        whole = pygame.Rect((0, 0), window)
        rects = _outermost([on_columns_of_16(rect).clip(whole) for rect in rects])
        return rects if sum(r.w * r.h for r in rects) < window[0] * window[1] else []

    def shown(self, over: Over, anywhere: bool = False) -> list[list[int]] | None:
        """Say where this frame drew over the picture (``anywhere``: somewhere it cannot
        say); the parts of the window changed since the last frame, for :func:`show` (None:
        all of it, and the next frame puts all of it back)."""
        if anywhere:
            spoil()
            return None
        put_back, self._over = self._put_back, over
        if put_back is None:
            return [[0, 0, *over.size]]
        # The two may overlap: display.update takes that, and merging costs more than it saves.
        return put_back + over.rects()


class Redraw:
    """A screen painted again only where its moving sprites moved: the menus' backdrop, whose
    marks drift behind everything else, so no picture of the rest can be kept in front.

    Each moved sprite's old and new places are joined into a few rectangles, and the whole
    screen is painted again clipped to each of them: every pixel is what a whole frame
    paints there, and a still 4K title costs its marks, not its size. A part that changes
    where it stands (a focus ring breathing, a caret blinking) is painted again the same
    way when what it shows changed. Anything else that changes the picture must change the
    *key* (a whole frame then).
    """

    def __init__(self) -> None:
        self._key: Hashable = None
        self._moving: list[pygame.Rect] = []
        self._changing: Changing = []

    def draw(
        self,
        surface: pygame.Surface,
        key: Hashable,
        moving: list[pygame.Rect],
        paint: Callable[[pygame.Surface], None],
        changing: Changing | None = None,
    ) -> list[list[int]]:
        """Paint ``surface`` with ``paint``, only where the ``moving`` rectangles (the same
        sprites' places as last frame, in the same order) moved and where the ``changing``
        parts (the same parts as last frame) show something else, if ``key`` did not change;
        the parts of the window that changed, for :func:`show`."""
        changing = changing or []
        key = (surface.get_size(), key)
        kept = (
            _holds(self, surface)
            and key == self._key
            and len(moving) == len(self._moving)
            and len(changing) == len(self._changing)
        )
        self._key = key
        _leave(self, surface)
        before, self._moving = self._moving, moving
        was, self._changing = self._changing, changing
        if not kept:
            paint(surface)
            return [[0, 0, *surface.get_size()]]
        window = surface.get_rect()
        moved = [a.union(b) for a, b in zip(before, moving, strict=True) if a != b]
        moved += [
            a.union(b) for (a, x), (b, y) in zip(was, changing, strict=True) if (a, x) != (b, y)
        ]
        rects = _joined([rect for rect in map(on_columns_of_16, moved) if rect.clip(window)])
        rects = [rect.clip(window) for rect in rects]
        for rect in rects:
            surface.set_clip(rect)
            paint(surface)
        surface.set_clip(None)
        return [list(rect) for rect in rects]


def _outermost(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` but those inside another: a board zoomed anew changes its whole part and
    each of its cells' (81 in Ultimate), which counted on their own came to more than the
    window and painted all of it."""
    kept: list[pygame.Rect] = []
    for rect in sorted(rects, key=lambda r: r.w * r.h, reverse=True):
        if not any(big.contains(rect) for big in kept):
            kept.append(rect)
    return kept


def _by_rect(parts: Parts) -> dict[tuple[int, int, int, int], list[Hashable]]:
    """What ``parts`` show, by rectangle (what a part shows need not hash: a net message)."""
    found: dict[tuple[int, int, int, int], list[Hashable]] = {}
    for rect, what in parts:
        found.setdefault(rect, []).append(what)
    return found


def on_columns_of_16(rect: pygame.Rect) -> pygame.Rect:
    """``rect`` widened to start and end on a multiple of 16 pixels: SDL copies an opaque row
    64 bytes at a time, and a row that starts between took 50 times as long here (0.34 ms
    for a 36 by 1007 strip of the backdrop at 1080p, 0.007 ms from a multiple of 16)."""
    left, right = rect.left & ~15, (rect.right + 15) & ~15
    return pygame.Rect(left, rect.top, right - left, rect.height)


def _joined(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` joined wherever their union is smaller than the two (they overlap a lot).

    A pass of a menu's drawing costs tens of microseconds and its pixels much more: joining
    parts into larger ones at any cost in pixels made the 4K title's frames slower."""
    joined: list[pygame.Rect] = []
    for rect in rects:
        while True:
            for i, other in enumerate(joined):
                both = rect.union(other)
                if both.w * both.h < rect.w * rect.h + other.w * other.h:
                    rect = both
                    del joined[i]
                    break
            else:
                break
        joined.append(rect)
    return joined
