"""The replay viewer: the saved games, and any one of them stepped through move by move.

The scene composes two things: the list of saved games
(:mod:`game.client.scenes.saved_games`), shown while no record is open, and
the viewer of one record. An opened record is replayed by the rules
(:meth:`Record.positions`), so the viewer shows exactly what the engine
says; stepping forward over a collapse plays the collapse effect and its
sound, stepping back shows the earlier position at once. Beside the board,
a panel says the step and the moves (:mod:`game.client.move_list`) over the
value graph and the transport (:mod:`game.client.scenes.transport`).

While a record is open its analysis is judged in a worker
(:mod:`game.client.value_graph`): a graph of its value above the timeline,
each ply that gave something up marked there and in the move list, and the
best action of the position shown drawn faintly on the board.

Keys: arrows step (or move through the list), Enter plays and pauses,
Page Up/Down jump to the start or the end, Escape goes back; a pad's d-pad,
A, shoulders and B do the same, and the line under the transport buttons
names them for the device in hand.
"""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import pygame

from game.client import move_list, prose, theme
from game.client.audio import cues_for
from game.client.board_layout import BoardLayout, boards_in_play
from game.client.board_view import BoardView, Look
from game.client.effects import Effects
from game.client.ghost import GHOST_RATE, draw_ghost, ghost_breath, preview_of
from game.client.intents import Activate, Cancel, Click, Intent, Navigate, Page
from game.client.prose import Para
from game.client.scene import FPS_CAP, BaseScene, Context, SceneName
from game.client.scenes.replay_words import headline, judged, say_step
from game.client.scenes.saved_games import SavedGamesList
from game.client.scenes.setup import rules_title, score_line
from game.client.scenes.transport import Transport
from game.client.still import Redraw
from game.client.value_graph import SIGNS, GameAnalysis, grade_color
from game.records import Record, RecordError, read_record
from game.rules import Action, Position

STEP_TIME = 0.9  # seconds between moves when playing


class ReplayScene(BaseScene):
    """Params: ``path`` opens that record at once (Escape then leaves the viewer)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.saved = SavedGamesList(ctx, self.open)
        self.record: Record | None = None  # the record being viewed
        self.positions: list[Position] = []
        self.index = 0  # positions[index] is shown
        self.playing = False
        self.wait = 0.0
        self.direct = False  # opened from elsewhere with a record: Escape goes back there
        self.back: tuple[SceneName, dict[str, Any]] = (SceneName.TITLE, {})  # where, if direct
        self.view: BoardView | None = None
        self.analysis: GameAnalysis | None = None
        self.effects = Effects(Random(7), ctx.settings.effect_intensity)
        self.ghost = theme.Breath(GHOST_RATE)  # the best move's ghost breathes, then rests
        self._redraw_view = Redraw()  # a record's, while nothing on it moves

    def enter(
        self,
        path: str | Path | None = None,
        record: Record | None = None,
        back: tuple[SceneName, dict[str, Any]] = (SceneName.TITLE, {}),
        **params: Any,
    ) -> None:
        """``path``: view that record; ``record``: that game, unsaved (a game just played, to
        review); Escape then goes ``back`` (a scene and its params), not to the list."""
        self.direct, self.back = record is not None or path is not None, back
        if record is not None:
            self.show(record)
        elif path is not None:
            self.open(Path(path))
        if not self.direct or self.record is None:
            self.saved.rescan()

    def exit(self) -> None:
        if self.analysis is not None:
            self.analysis.stop()  # the worker ends after the ply it is judging

    @property
    def animating(self) -> bool:
        """The list's backdrop drifts; a record shown paused is still but for a collapse in
        flight and a highlight breathing after a change (a worker's answer wakes the window)."""
        if self.record is None or self.view is None:
            return theme.drifts(self.ctx.palette)
        return self.playing or self._view_moving() or self._ghost_breathes()

    def _view_moving(self) -> bool:
        """Whether something moves across the record's view: a collapse in flight, the
        pointer's highlight breathing (whole frames then)."""
        assert self.view is not None
        return self.effects.active or self.view.pulsing(self.ctx.time)

    def _ghost_breathes(self) -> bool:
        """Whether the best move's ghost breathes where it stands (it changed lately)."""
        best, t = self._best(), self.ctx.time
        return best is not None and self.ghost.moving((self.positions[self.index], best), t)

    def _best(self) -> Action | None:
        """The best move here as the analysis found it, shown once no collapse is in flight."""
        shown = self.analysis if not self.effects.busy else None
        return shown.best_at(self.index) if shown is not None else None

    @property
    def frame_rate(self) -> int:
        if self.record is None:  # only the list's backdrop drifts
            return theme.drift_frame_rate(self.ctx.size[1], FPS_CAP)
        return FPS_CAP

    def update(self, dt: float) -> None:
        self.saved.update()
        self.effects.update(dt)
        if self.playing and self.record is not None and not self.effects.busy:
            self.wait -= dt
            if self.wait <= 0:
                self.step(1)
                self.wait = STEP_TIME
                if self.index == len(self.positions) - 1:
                    self.playing = False

    # -- a record opened, and closed -----------------------------------------------

    def open(self, path: Path) -> None:
        """View the record at ``path``; a record that cannot be shown says why, in the list."""
        try:
            self.show(read_record(path))
        except RecordError as exc:
            self.saved.refuse(f"{path.name} cannot be shown: {exc}")

    def show(self, record: Record) -> None:
        """View ``record`` from its start, its analysis begun; RecordError if it breaks the
        rules."""
        record = record.canonical()  # a hand-written "1@1" named as the analysis names it
        positions = record.positions()
        self.record, self.positions = record, positions
        self.index = 0
        self.playing = False
        self.saved.message = None
        self.view = BoardView(record.variant)
        self.effects.clear()
        run = self.ctx.run_in_worker
        self.analysis = GameAnalysis(run, record.variant, positions, record.moves)

    def close_record(self) -> None:
        if self.direct:
            self.ctx.go(self.back[0], **self.back[1])
            return
        self.record = None
        self.view = None
        if self.analysis is not None:
            self.analysis.stop()
            self.analysis = None
        self.effects.clear()

    # -- the viewer --------------------------------------------------------------

    def step(self, delta: int) -> None:
        """One token forward (animated) or back (at once)."""
        to = self.index + delta
        if not 0 <= to < len(self.positions):
            return
        if delta == 1:
            before, after = self.positions[self.index], self.positions[to]
            self.index = to
            self.ctx.audio.play_all(cues_for(before, after))
            self.effects.step(before, after, self.layout(), self.ctx.palette)
        else:
            self.jump(to)

    def jump(self, to: int) -> None:
        self.index = max(0, min(len(self.positions) - 1, to))
        self.effects.clear()

    def layout(self) -> BoardLayout:
        assert self.view is not None
        # Squared and Ultimate: the mini-boards of the last placement (or the cycle) large.
        pos = self.positions[self.index]
        return self.view.layout(board_area(self.ctx.size), boards_in_play(pos))

    def transport(self) -> Transport:
        """The timeline and the buttons along the bottom of the side panel, the graph over them."""
        return Transport(side_area(self.ctx.size), self.ctx.size)

    def handle_view(self, intent: Intent) -> None:
        last = len(self.positions) - 1
        if isinstance(intent, Cancel):
            self.close_record()
        elif isinstance(intent, Navigate):
            self.playing = False
            self.step(intent.dx or intent.dy)
        elif isinstance(intent, Page):
            self.playing = False
            self.jump(0 if intent.delta < 0 else last)
        elif isinstance(intent, Activate):
            self.toggle_play()
        elif isinstance(intent, Click):
            self.click_view(intent.pos)

    def toggle_play(self) -> None:
        if self.playing:
            self.playing = False
            return
        if self.index == len(self.positions) - 1:
            self.jump(0)  # play from the start again
        self.playing = True
        self.wait = 0.0

    def click_view(self, at: tuple[int, int]) -> None:
        last = len(self.positions) - 1
        transport = self.transport()
        action = transport.pressed(at)
        if action == "play":
            self.toggle_play()
        elif action is not None:
            self.playing = False
            moves = {"start": -self.index, "end": last - self.index, "back": -1, "forward": 1}
            delta = moves[action]
            self.step(delta) if abs(delta) == 1 else self.jump(self.index + delta)
        elif (picked := transport.picked(at, last)) is not None:
            self.playing = False
            self.jump(picked)

    # -- both ------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if self.record is None:
            self.saved.handle(intent)
        else:
            self.handle_view(intent)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        palette, t = self.ctx.palette, self.ctx.time
        if self.record is not None:

            def paint_view(image: pygame.Surface) -> None:
                theme.backdrop(image, palette, t, drift=False)
                self.draw_view(image, alpha)

            if self._view_moving():  # whole frames while something moves
                paint_view(surface)
                return None
            # A record playing shows a step every STEP_TIME and is still in between but for
            # the best move's ghost breathing in place: those frames paint it alone.
            pos, best = self.positions[self.index], self._best()
            when = self.ghost.time((pos, best), t)
            ghost = [(mark, when) for mark in ghost_breath(self.layout(), pos, best, palette)]
            return self._redraw_view.draw(surface, self._view_key(), [], paint_view, ghost)
        return self.saved.draw(surface)

    def _view_key(self) -> tuple[object, ...]:
        """All that :meth:`draw_view` shows while nothing on it moves."""
        assert self.view is not None
        best = self._best()
        plies = len(self.analysis.plies) if self.analysis is not None else None
        return (
            self.ctx.palette,
            self.ctx.device,  # the controls named under the buttons
            self.record,
            self.index,
            self._look(best),
            self.view.revision,
            best,  # its ghost breathes in a part of its own
            plies,  # the analysis, as its worker fills it in
            self.playing,
        )

    def _look(self, best: Action | None) -> Look:
        pos = self.positions[self.index]
        return Look(
            hidden=self.effects.hidden_cells,
            landing=self.effects.landing_cells,
            rows=self.effects.struck_rows(pos),
            preview=preview_of(pos, best),
        )

    def draw_view(self, surface: pygame.Surface, alpha: float) -> None:
        assert self.record is not None and self.view is not None
        palette = self.ctx.palette
        pos = self.positions[self.index]
        layout = self.layout()
        best = self._best()
        look = self._look(best)
        self.view.draw(surface, layout, pos, palette, look, self.ctx.time)
        draw_ghost(surface, layout, pos, best, palette, self.ghost.time((pos, best), self.ctx.time))
        self.effects.draw(surface, layout, palette, alpha)
        panel = side_area(surface.get_size())
        # Blended, not backed: the effects drawn before it may reach under it. Its corners
        # round as the play screen's panel does, at every size.
        radius = theme.scale(surface.get_size()).px(18)
        theme.panel(surface, panel, palette.board, palette.grid_glow, radius, alpha=170)
        self.draw_side(surface, panel, pos)

    def draw_side(self, surface: pygame.Surface, panel: pygame.Rect, pos: Position) -> None:
        assert self.record is not None
        palette = self.ctx.palette
        h = panel.height
        unit = theme.scale(self.ctx.size).body
        pad = theme.scale(self.ctx.size).px(30)
        total = len(self.positions) - 1
        where = headline(pos, self.index, total)
        header = [
            Para(rules_title(self.record.variant), palette.text, 1.5, bold=True),
            Para(where, palette.accent, 1.05, bold=True, space_before=0.3),
        ]
        if self.index:
            before = self.positions[self.index - 1]
            said, who = say_step(before, pos, self.record.moves[self.index - 1])
            header.append(Para(said, palette.of(who), space_before=0.3))
        score = score_line(self.record.players(), pos.scores())  # named where the record says
        header.append(Para(score, palette.dim, space_before=0.3))
        if self.analysis is not None:
            header += judged(self.analysis, self.record.variant, self.index, pos, palette)
        transport = self.transport()
        graph = transport.graph()
        words = pygame.Rect(panel.x + pad, panel.y + pad, panel.width - 2 * pad, 0)
        words.height = graph.rect.y - unit - words.y  # the words and the moves, over the graph
        if tall(self.ctx.size):
            # Under the board the panel is wide and short: the moves beside the words, as
            # under them there would be no room for a line.
            head = words.width * 11 // 20
            moves = pygame.Rect(words.x + head + pad, words.y, words.width - head - pad, 0)
            moves.height = words.height
            words.width = head
            prose.draw(surface, header, words, unit)
        else:
            words.height = h // 3
            y = prose.draw(surface, header, words, unit)
            moves = pygame.Rect(words.x, y + unit, words.width, graph.rect.y - y - 2 * unit)
        self.draw_moves(surface, moves)
        if self.analysis is not None:
            graph.draw(surface, self.analysis, self.index, palette)
        transport.draw(surface, palette, self.positions, self.index, self.playing, self.ctx.device)

    def draw_moves(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The tokens played so far and to come, the current one marked, scrolled to show it."""
        assert self.record is not None
        if area.height <= 0:
            return
        shown = move_list.lines(self.record.variant, tuple(self.record.moves))
        size = theme.scale(self.ctx.size).px(30)
        palette = self.ctx.palette
        signs = {}
        for n in range(len(shown)):
            label = self.analysis.label_of(n) if self.analysis else None
            if label in SIGNS:
                signs[n] = (SIGNS[label], grade_color(label, palette))
        move_list.draw(surface, area, shown, palette, size, played=self.index, signs=signs)


def board_area(size: tuple[int, int]) -> pygame.Rect:
    return _areas(size)[0]


def side_area(size: tuple[int, int]) -> pygame.Rect:
    return _areas(size)[1]


def tall(size: tuple[int, int]) -> bool:
    """Whether a window ``size`` big is taller than wide: its panel goes under the board."""
    return size[1] > size[0]


def _areas(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The board and the panel beside it, or under it on a window taller than wide: room
    there for the words and the moves side by side over the graph, timeline and buttons."""
    w, h = size
    if tall(size):
        scale = theme.scale(size)
        return theme.stacked(size, scale.margin, scale.px(900))
    margin = round(h * 0.03)
    side = max(1, min(h - 2 * margin, w - 3 * margin - max(280, round(w * 0.3))))
    board = pygame.Rect(margin, (h - side) // 2, side, side)
    panel = pygame.Rect(board.right + margin, margin, w - board.right - 2 * margin, h - 2 * margin)
    return board, panel
