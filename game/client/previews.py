"""A collapse's two outcomes, side by side in the play screen's panel: each a small board of
the position it leaves (on Squared and Ultimate, the mini-boards the cycle spans drawn large
in it, as the board itself draws them), its words under it, and the focus ring round the one
looked at.

The ring is part of the panel's still picture, as a menu's focus ring is: it breathes for a
moment after the outcome looked at changes, then rests at its brightest (a window left on a
choice rests too, rather than freezing the ring mid-breath), and once an outcome is chosen it
rests at once while the marks fly: nothing is left to choose.

A panel owning its two squares, as :mod:`game.client.hud` owns the words above them; the
play scene says where they stand, which outcome is looked at, and hands clicks to
:meth:`Previews.at`.
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.board_layout import boards_in_play
from game.client.board_view import BoardView, Look
from game.client.prose import action_words
from game.client.theme import Palette
from game.client.widgets import FOCUS_RATE, focus_ring, ring_reach
from game.rules import Action, Position, Variant

KEPT = 4  # outcomes' boards kept before they start again (an undo and a redo show them again)


def looked_at(current: int | None, step: int) -> int:
    """The outcome (of the two) looked at after an arrow's ``step`` (1: right or down, -1:
    left or up) from ``current``: the first step looks at the one on its side, and each
    next at the other."""
    if current is None:
        return 1 if step > 0 else 0
    return (current + step) % 2


class Previews:
    """The boards of one game's collapse outcomes, kept while they are shown."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._views: dict[Action, BoardView] = {}
        self._outcomes: tuple[Position, tuple[tuple[Action, Position], ...]] | None = None
        # Where the ring goes, and for what: (position, choice, square, the board's area).
        self._ring: tuple[Position, int, pygame.Rect, pygame.Rect] | None = None
        self._breath = theme.Breath(FOCUS_RATE)

    @staticmethod
    def places(hud: pygame.Rect, top: int, bottom: int, size: tuple[int, int]) -> list[pygame.Rect]:
        """The two squares, side by side in the lower half of the panel ``hud`` and under
        ``top`` (the panel's words), with a line under each for its label down to ``bottom``
        (the top of the panel's buttons)."""
        scale = theme.scale(size)
        pad = scale.px(30)
        label = theme.font(scale.body).get_linesize()
        bottom -= label
        gap = scale.px(24)
        top = max(top, hud.y + round(hud.height * 0.44))
        side = min((hud.width - 2 * pad - gap) // 2, bottom - top)
        left = hud.centerx - side - gap // 2
        return [pygame.Rect(left + i * (side + gap), bottom - side, side, side) for i in range(2)]

    @staticmethod
    def at(rects: list[pygame.Rect], point: tuple[int, int]) -> int | None:
        """The outcome whose square holds ``point``, if any."""
        return next((i for i, rect in enumerate(rects) if rect.collidepoint(point)), None)

    def draw(
        self,
        surface: pygame.Surface,
        rects: list[pygame.Rect],
        pos: Position,
        choice: int | None,
        palette: Palette,
        words: int,
    ) -> None:
        """Each outcome of ``pos`` in its square, with its words (``words`` pixels) under it;
        the ``choice`` looked at in bold (its ring breathes: :meth:`draw_ring`, each frame)."""
        for i, (rect, (action, after)) in enumerate(zip(rects, self.outcomes(pos), strict=True)):
            view = self._views.get(action)
            if view is None:
                if len(self._views) > KEPT:
                    self._views.clear()
                view = self._views[action] = BoardView(self.variant)
            layout = view.layout(rect, boards_in_play(pos))
            view.draw(surface, layout, after, palette, Look(show_labels=False, show_last=False))
            chosen = i == choice
            if not chosen:
                pygame.draw.rect(surface, palette.grid_glow, layout.area.inflate(6, 6), 1, 10)
            # As small as a footer before it is cut: a label cut short ("X5 in ce…") says
            # nothing of the outcome.
            text, size = theme.fitted(
                action_words(pos, action), words, rect.width, words * 3 // 4, chosen
            )
            label = theme.text(text, size, palette.text if chosen else palette.dim, chosen)
            theme.blit_centered(surface, label, (rect.centerx, rect.bottom + words * 0.8))

    def outcomes(self, pos: Position) -> tuple[tuple[Action, Position], ...]:
        """Each way ``pos``'s collapse can fall and the position it leaves, found once per
        position: Ultimate's take milliseconds to resolve, and the panel is painted again
        whenever the outcome looked at changes (and on the collapse's first frame)."""
        if self._outcomes is None or self._outcomes[0] is not pos:
            after = tuple((action, pos.play(action)) for action, _ in pos.collapse_outcomes())
            self._outcomes = (pos, after)
        return self._outcomes[1]

    def ring_time(self, pos: Position, choice: int, chosen: bool, now: float) -> float:
        """The moment the ring round outcome ``choice`` of ``pos`` is drawn at ``now``: it
        breathes after the outcome looked at changes, then rests; ``chosen``: at rest."""
        if chosen:
            return theme.rest_after(0.0, FOCUS_RATE)
        return self._breath.time((pos, choice), now)

    def breathing(self, pos: Position, choice: int, chosen: bool, now: float) -> bool:
        """Whether the ring still moves at ``now`` (a choice at rest lets the window sleep)."""
        return not chosen and self._breath.moving((pos, choice), now)

    def ring_reach(
        self, rects: list[pygame.Rect], pos: Position, choice: int, height: int
    ) -> pygame.Rect:
        """All the ring may cover round outcome ``choice`` at any moment, on a screen ``height``
        pixels high: round its board, once drawn, else round its square."""
        return ring_reach(self._ring_area(rects, pos, choice), height)

    def draw_ring(
        self,
        surface: pygame.Surface,
        rects: list[pygame.Rect],
        pos: Position,
        choice: int,
        palette: Palette,
        time: float,
    ) -> None:
        """The focus ring every screen uses, round the board of outcome ``choice`` (drawn by
        :meth:`draw`), at ``time`` (:meth:`ring_time`)."""
        focus_ring(surface, self._ring_area(rects, pos, choice), palette, time, 10)

    def _ring_area(self, rects: list[pygame.Rect], pos: Position, choice: int) -> pygame.Rect:
        """What the ring goes round: the board in outcome ``choice``'s square, once that board
        has been drawn (:meth:`draw`), else the whole square."""
        rect = rects[choice]
        ring = self._ring
        if ring is None or ring[0] is not pos or ring[1] != choice or ring[2] != rect:
            action = self.outcomes(pos)[choice][0]
            if action not in self._views:
                return rect
            area = self._views[action].layout(rect, boards_in_play(pos)).area
            ring = self._ring = (pos, choice, rect, area)
        return ring[3]
