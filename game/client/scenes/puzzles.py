"""Puzzles: a position with exactly one best action, to find (see :mod:`game.ai.puzzles`).

Pick the action on the board as in a game: two cells for a placement, or
the cell where the waiting mark should land for a collapse. A right answer
is played and counted as solved; a wrong one is refused with what it gives
up (what perfect play ends at after it, judged in a worker), and the
position stays to try again. The solution can be shown on the board. Which
puzzles were solved is kept in the user's data folder (``puzzles.json``).

Keys: arrows move the cursor and Enter picks (or click); Page Up/Down go to
the previous or next puzzle; Tab shows the solution; Escape goes back.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.ai.analysis import judge_for
from game.ai.puzzles import Puzzle, load_puzzles
from game.client import prose, theme
from game.client.advice import Question
from game.client.audio import Cue
from game.client.board_layout import grid_place, grid_step
from game.client.board_view import BoardView, Look, paint_board
from game.client.ghost import GHOST_RATE, draw_ghost, preview_of
from game.client.intents import (
    Activate,
    Cancel,
    Click,
    Device,
    Intent,
    Navigate,
    Page,
    Point,
    Start,
)
from game.client.paths import write_atomic
from game.client.prose import Para, action_words, mark_name, result
from game.client.row_lines import finished_rows
from game.client.scene import BaseScene, Context, SceneName
from game.client.scenes.setup import variant_title
from game.client.still import Still
from game.paths import data_dir
from game.rules import Action, Collapse, Place, Position, Scores
from game.textview import kept

PROGRESS_FILE = "puzzles.json"


def progress_file() -> Path:
    return data_dir() / PROGRESS_FILE


def read_progress(path: Path) -> set[int]:
    """The numbers of the puzzles solved; a missing or unreadable file is a fresh start."""
    try:
        solved = json.loads(path.read_text(encoding="utf-8"))["solved"]
        return {n for n in solved if isinstance(n, int)}
    except (OSError, ValueError, KeyError, TypeError):
        return set()


def write_progress(path: Path, solved: set[int]) -> None:
    write_atomic(path, json.dumps({"solved": sorted(solved)}) + "\n")


class PuzzlesScene(BaseScene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.puzzles = load_puzzles()
        self.solved = read_progress(progress_file())
        self.still = Still()  # the board and the words, put back where the cursor was
        self.verdict: Question[Scores] = Question()  # what best play ends at after a wrong answer
        self.index = next((i for i, p in enumerate(self.puzzles) if p.number not in self.solved), 0)
        self.load(self.index)

    def load(self, index: int) -> None:
        self.index = index % len(self.puzzles)
        self.puzzle: Puzzle = self.puzzles[self.index]
        self.pos: Position = self.puzzle.position()
        self.view = BoardView(self.puzzle.variant)
        self.picked: int | None = None
        self.cursor = self._cursor_start()
        self.result: str | None = None  # "solved" or "failed" after an attempt
        self.tried: Action | None = None
        self.refused: str | None = None  # why the last pick was not taken
        self.wrong: Position | None = None  # where the last wrong answer led
        self.verdict.cancel()
        self.showing = False  # the solution on the board
        self.ghost = theme.Breath(GHOST_RATE)  # the solution's ghost breathes, then rests

    def _cursor_start(self) -> int:
        """The cell nearest the board's centre that an action may use: an open one, or where
        the waiting mark may land (on a classical centre a first pick could only be refused)."""
        grid = self.puzzle.variant.grid()
        middle = len(grid) // 2
        usable = {
            cell
            for action in self.pos.legal_actions()
            for cell in ((action.cell,) if isinstance(action, Collapse) else (action.a, action.b))
        }

        def off_centre(cell: int) -> tuple[int, int]:
            row, column = grid_place(grid, cell)
            return abs(row - middle) + abs(column - middle), cell

        return min(usable, key=off_centre)

    def enter(self, **params: Any) -> None:
        self.load(self.index)

    def exit(self) -> None:
        self.verdict.cancel()

    def update(self, dt: float) -> None:
        if self.wrong is not None:
            self.verdict.take(self.wrong)

    @property
    def animating(self) -> bool:
        """A puzzle waits for the player: still once the cursor's highlight and the solution's
        ghost have settled."""
        t = self.ctx.time
        return self.view.pulsing(t) or (self.showing and self.ghost.moving(self._solution(), t))

    def _solution(self) -> Action | None:
        """The answer's first move, while it is shown on the board."""
        if self.showing and self.result != "solved":
            return self.puzzle.variant.parse_token(self.puzzle.answer[0])
        return None

    # -- input -------------------------------------------------------------------

    def board_area(self) -> pygame.Rect:
        return self._areas()[0]

    def side_area(self) -> pygame.Rect:
        return self._areas()[1]

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The board and the words beside it (the board smaller where they would have no
        room), or under it on a window taller than wide."""
        w, h = self.ctx.size
        if h > w:
            scale = theme.scale((w, h))
            return theme.stacked((w, h), scale.margin, scale.px(480))
        gap, most = round(h * 0.05), round(h * 0.86)
        side = max(1, min(most, w - round(h * 0.07) - 2 * gap - round(h * 0.3)))
        board = pygame.Rect(round(h * 0.07), round(h * 0.07) + (most - side) // 2, side, side)
        left = board.right + gap
        return board, pygame.Rect(left, board.y, w - left - gap, board.height)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Cancel) and self.picked is not None:
            self.picked = None  # the first half taken back, as on the play screen
        elif isinstance(intent, Cancel):
            self.ctx.go(SceneName.TITLE)
        elif isinstance(intent, Page):
            self.load(self.index + intent.delta)
        elif isinstance(intent, Start):
            self.showing = not self.showing
        elif self.result == "solved" and isinstance(intent, Activate | Click):
            self.load(self.index + 1)
        elif isinstance(intent, Navigate):
            grid = self.puzzle.variant.grid()
            r, c = grid_place(grid, self.cursor)
            self.cursor = grid_step(grid, r, c, intent.dx, intent.dy)
        elif isinstance(intent, Activate):
            self.pick(self.cursor)
        elif isinstance(intent, Point | Click):
            cell = self.view.layout(self.board_area()).cell_at(intent.pos)
            if cell is not None:
                self.cursor = cell
                if isinstance(intent, Click):
                    self.pick(cell)

    def pick(self, cell: int) -> None:
        """A cell chosen: half of a placement, or where the waiting mark lands."""
        pos = self.pos
        label = pos.variant.label
        self.refused = None
        if not pos.is_open(cell):
            self.refuse(f"Cell {label(cell)} is classical: pick an open cell.")
            return
        if pos.awaiting_collapse:
            mark = pos.pending_mark
            assert mark is not None
            cells = pos.variant.parse_token(self.puzzle.moves[-1])
            if cell not in cells:
                where = " or ".join(label(c) for c in cells)
                self.refuse(f"{mark_name(mark)} lands in cell {where}: pick one of those.")
                return
            self.attempt(Collapse(mark, cell))
        elif self.picked is None:
            self.picked = cell
            self.result = None
        elif self.picked == cell:
            self.picked = None
        else:
            first, self.picked = self.picked, None
            self.attempt(Place(min(first, cell), max(first, cell)))

    def attempt(self, action: Action) -> None:
        try:
            action = self.pos.check(action)
        except ValueError as exc:
            self.refuse(f"{prose.sentence(str(exc))}.")
            return
        self.tried = action
        if self.puzzle.solves(action):
            self.result = "solved"
            self.solved.add(self.puzzle.number)
            # A data folder that cannot be written: the progress lasts this visit.
            with contextlib.suppress(OSError):
                write_progress(progress_file(), self.solved)
            self.pos = self.pos.play(action)
            self.ctx.audio.play(Cue.WIN if self.pos.is_over else Cue.CONFIRM)
        else:
            self.result = "failed"
            self.ctx.audio.play(Cue.REFUSE)
            # What it gives up, in the puzzle's own terms: the value best play keeps after
            # it (the solver's, in a worker: a frame never waits for it).
            self.wrong = after = self.pos.play(action)
            variant = self.puzzle.variant
            self.verdict.cancel()
            self.verdict.ask(  # the solver's value: a moment, with no search to stop
                after, self.ctx.run_in_worker, lambda _: judge_for(variant).value(after).value
            )

    def refuse(self, why: str) -> None:
        """A pick the board cannot take: said beside it, not only heard."""
        self.refused = why
        self.ctx.audio.play(Cue.REFUSE)

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        palette, t = self.ctx.palette, self.ctx.time
        layout = self.view.layout(self.board_area())
        solution = self._solution()
        look = self.look()
        layer = self.view.layer(layout, self.pos, palette, look)
        side = self.side_area()
        words = self.words()

        def paint(image: pygame.Surface) -> None:
            beside = image.get_clip().colliderect(side)  # not one of the board's parts alone
            paint_board(image, layer, layout, palette, (side,) if beside else ())
            if beside:
                scale = theme.scale(self.ctx.size)
                # Its corners round as the play screen's panel does, at every size.
                theme.backed_panel(image, palette, side, scale.px(18), alpha=170)
                unit = scale.body
                prose.draw(image, words, side.inflate(-2 * unit, -2 * unit), unit)

        # The board and the words are a still picture (see still.py), each part painted again
        # alone when it changed; the cursor and the solution's ghost go over it.
        parts = (*self.view.parts(layout, palette), ((*side,), tuple(words)))
        over = self.still.draw(surface, palette, paint, parts)
        over.add_all(self.view.draw_pointer(surface, layout, self.pos, palette, look, t))
        ghost = self.ghost.time(solution, t)
        over.add(draw_ghost(surface, layout, self.pos, solution, palette, ghost))
        return self.still.shown(over)

    def look(self) -> Look:
        """The cursor, the half picked, the solution's outcome while it is shown, and the rows
        of a game the answer ended, struck through as a game's are."""
        return Look(
            picked=self.picked,
            cursors=((self.cursor, self.ctx.palette.accent),),
            preview=preview_of(self.pos, self._solution()),
            rows=finished_rows(self.pos),
        )

    def words(self) -> list[Para]:
        palette = self.ctx.palette
        keys = _KEYS[self.ctx.device]  # the device the player holds: a pad has no Tab
        puzzle = self.puzzle
        start = puzzle.position()
        mover = start.to_play
        assert mover is not None  # a puzzle is never a finished game
        value = kept(puzzle.value, puzzle.variant.name)
        kind = "collapse" if start.awaiting_collapse else "move"
        rules = variant_title(puzzle.variant.name)
        found = [
            Para(f"Puzzle {puzzle.number} of {len(self.puzzles)}", palette.text, 1.5, True),
            Para(f"{rules} · {puzzle.grade}", palette.dim, space_before=0.2),
            Para(f"{mover} to play.", palette.of(mover), 1.2, True, 0.8),
            Para(f"Find the one {kind} that keeps {value}.", palette.text, space_before=0.3),
        ]
        if start.awaiting_collapse and start.pending_mark is not None:
            lands = f"Pick the cell where {mark_name(start.pending_mark)} lands."
            found.append(Para(lands, palette.dim, space_before=0.3))
        if self.refused is not None and self.result != "solved":
            found.append(Para(self.refused, palette.warning, 1.0, True, 0.8))
        if self.result == "solved":
            found.append(Para("Solved!", palette.highlight, 1.4, True, 0.8))
            if self.pos.is_over:  # the answer ended the game: how, as its rows show
                ends = f"The game ends: {result(self.pos)}."
                found.append(Para(ends, palette.text, space_before=0.3))
            found.append(Para(f"{keys.next}: the next puzzle.", palette.dim, space_before=0.3))
        elif self.result == "failed" and self.tried is not None:
            ends = self.verdict.at(self.wrong) if self.wrong is not None else None
            lost = (
                "it gives something up"  # until the solver says what
                if ends is None
                else f"after it, best play ends {kept(ends, puzzle.variant.name)}"
            )
            wrong = f"Not {action_words(start, self.tried)}: {lost}."
            found.append(Para(wrong, palette.warning, 1.2, True, 0.8))
            again = f"Try again, or {keys.solution}: the solution."
            found.append(Para(again, palette.dim, space_before=0.3))
        if self.showing and self.result != "solved":
            # One spelling: the others are the same action seen in a mirror.
            answer = action_words(start, puzzle.variant.parse_token(puzzle.answer[0]))
            found.append(Para(f"Solution: {answer}", palette.accent, 1.2, True, 0.8))
        done = len(self.solved & {p.number for p in self.puzzles})
        found.append(Para(f"Solved {done} of {len(self.puzzles)}", palette.dim, space_before=1.2))
        found.append(Para(keys.all, palette.dim, 0.8, space_before=0.6))
        return found


@dataclass(frozen=True)
class _Keys:
    """How a puzzle's controls are named on one device."""

    next: str  # on to the next puzzle, once solved
    solution: str
    all: str  # every control, on a line


_KEYS = {
    Device.PAD: _Keys(
        "A", "Start", "D-pad and A · LB/RB: other puzzles · Start: solution · B: back"
    ),
    Device.KEYS: _Keys(
        "Enter", "Tab", "Arrows and Enter · Page Up/Down: other puzzles · Tab: solution · Esc: back"
    ),
    Device.MOUSE: _Keys(
        "Click", "Tab", "Click the cells · wheel: other puzzles · Tab: solution · right-click: back"
    ),
}
