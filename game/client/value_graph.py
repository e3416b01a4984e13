"""A game's analysis on screen: judged in a worker, drawn as a graph of its value.

:class:`GameAnalysis` judges a record ply by ply in a worker (the app's
``run_in_worker``), so a long estimate never holds a frame up: the graph
grows as plies are judged. :class:`ValueGraph` is a panel that owns its
rectangle: the value after every ply (X's lead up, O's down, a plot is
read faster than numbers), each ply that gave something up marked in its
grade's colour, and the position shown as a vertical line; a click picks a
position.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future

import pygame

from game.ai.analysis import ExactJudge, Ply, judge_for, judge_plies
from game.ai.solver import Interrupted
from game.client import theme
from game.client.theme import Color, Palette
from game.rules import Action, Position, Variant

Point = tuple[int, int]
# How a grade is written beside a move, chess-style.
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
GRADE_SIZE = {"inaccuracy": 0.8, "mistake": 1.0, "blunder": 1.35}  # of the graph's dot


def grade_color(label: str, palette: Palette) -> Color:
    """An inaccuracy in the highlight colour, a mistake between it and a warning, a blunder red."""
    if label == "inaccuracy":
        return palette.highlight
    if label == "mistake":
        return theme.mix(palette.highlight, palette.warning, 0.6)
    return palette.warning


class GameAnalysis:
    """One record's plies, judged in a worker; the frame reads :attr:`plies` as it grows."""

    def __init__(
        self,
        run_in_worker: Callable[[Callable[[], None]], Future[None]],
        variant: Variant,
        positions: list[Position],
        tokens: list[str],
    ) -> None:
        self.plies: list[Ply] = []  # appended by the worker only
        self.total = len(tokens)
        self.judge = judge_for(variant)
        self.exact = self.judge.exact
        self._stop = threading.Event()
        run_in_worker(lambda: self._work(positions, tokens))

    def _work(self, positions: list[Position], tokens: list[str]) -> None:
        try:
            for ply in judge_plies(positions, tokens, self.judge):
                if self._stop.is_set():
                    return
                self.plies.append(ply)
        except Interrupted:
            return

    def stop(self) -> None:
        """Judge no further ply (the viewer closed the record): an exact search gives up at once."""
        self._stop.set()
        if isinstance(self.judge, ExactJudge):
            self.judge.solver.interrupted = True

    @property
    def done(self) -> bool:
        return len(self.plies) == self.total

    def best_at(self, index: int) -> Action | None:
        """A best action in the position before ply ``index`` + 1, once judged."""
        plies = self.plies
        if index < len(plies) and plies[index].before.best:
            return plies[index].before.best[0]
        return None

    def label_of(self, n: int) -> str | None:
        """The grade of token ``n`` (from 0), once judged."""
        return self.plies[n].label if n < len(self.plies) else None


class ValueGraph:
    """The panel: a rectangle, what it draws there and where a click in it goes."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def index_at(self, point: tuple[int, int], total: int) -> int | None:
        """The position (0 to ``total``) a click at ``point`` picks, if it is on the graph:
        the one plotted nearest across (the panel's margins pick the first and the last)."""
        if not self.rect.collidepoint(point) or total <= 0:
            return None
        inner = self._inner()
        return min(total, max(0, round((point[0] - inner.x) / max(1, inner.width) * total)))

    def _inner(self) -> pygame.Rect:
        """Where the points are plotted: the panel less its margins."""
        return self.rect.inflate(-self.rect.height // 6, -self.rect.height // 5)

    def _frame(self, analysis: GameAnalysis) -> tuple[pygame.Rect, float, list[float]]:
        """The plotting area, the lead the half-height stands for, and the leads so far."""
        plies = list(analysis.plies)  # the worker may append meanwhile
        leads = [plies[0].before.lead] + [p.after.lead for p in plies] if plies else []
        span = max([1.0, *(abs(v) for v in leads)])
        return self._inner(), span, leads

    def _point(self, inner: pygame.Rect, span: float, total: int, n: int, lead: float) -> Point:
        x = inner.x + round(inner.width * n / max(1, total))
        return x, round(inner.centery - lead / span * inner.height / 2)

    def marks(self, analysis: GameAnalysis) -> list[tuple[Point, str]]:
        """Where each ply that gave something up is marked, with its grade."""
        inner, span, _ = self._frame(analysis)
        return [
            (self._point(inner, span, analysis.total, ply.ply, ply.after.lead), ply.label)
            for ply in list(analysis.plies)
            if ply.label != "best"
        ]

    def draw(
        self, surface: pygame.Surface, analysis: GameAnalysis, index: int, palette: Palette
    ) -> None:
        rect = self.rect
        theme.panel(surface, rect, palette.board, palette.grid, max(6, rect.height // 10), 190)
        inner, span, leads = self._frame(analysis)
        total = analysis.total
        mid = inner.centery
        pygame.draw.line(surface, palette.grid, (inner.x, mid), (inner.right, mid), 1)
        shades = {side: theme.mix(palette.board, side, 0.35) for side in (palette.x, palette.o)}
        for n, lead in enumerate(leads[:-1]):
            after = leads[n + 1]
            a = self._point(inner, span, total, n, lead)
            b = self._point(inner, span, total, n + 1, after)
            # X's lead is drawn in X's colour above the line, O's below in O's: a segment
            # that crosses the line is shaded in two, either side of where it crosses.
            if lead * after < 0:
                across = round(a[0] + (b[0] - a[0]) * lead / (lead - after))
                pygame.draw.polygon(
                    surface, shades[_side(lead, palette)], [(a[0], mid), a, (across, mid)]
                )
                pygame.draw.polygon(
                    surface, shades[_side(after, palette)], [(across, mid), b, (b[0], mid)]
                )
            else:
                shade = shades[_side(lead + after, palette)]
                pygame.draw.polygon(surface, shade, [(a[0], mid), a, b, (b[0], mid)])
            pygame.draw.line(surface, palette.text, a, b, max(2, rect.height // 40))
        x = inner.x + round(inner.width * index / max(1, total))
        pygame.draw.line(surface, palette.accent, (x, rect.y + 4), (x, rect.bottom - 4), 3)
        dot = max(4, rect.height // 16)
        for centre, label in self.marks(analysis):
            # Bigger as the grade is worse, so the grades differ in more than colour (a
            # mistake's and a blunder's are one grey to some eyes and on a greyscale copy).
            radius = round(dot * GRADE_SIZE.get(label, 1.0))
            pygame.draw.circle(surface, grade_color(label, palette), centre, radius)
            pygame.draw.circle(surface, palette.board, centre, radius, 2)
        size = theme.scale(surface.get_size()).hint
        for words, anchor in (("X", "topleft"), ("O", "bottomleft")):
            color = palette.x if words == "X" else palette.o
            image = theme.text(f"{words} ahead", size, color)
            corner = getattr(rect.inflate(-8, -6), anchor)
            surface.blit(image, image.get_rect(**{anchor: corner}))
        if not analysis.done:
            note = f"judging… {len(analysis.plies)}/{analysis.total}"
            image = theme.text(note, size, palette.dim)
            surface.blit(image, image.get_rect(bottomright=rect.inflate(-8, -6).bottomright))


def _side(lead: float, palette: Palette) -> Color:
    """The colour of the player ``lead`` favours (X's when level: X's side of the line)."""
    return palette.x if lead >= 0 else palette.o
