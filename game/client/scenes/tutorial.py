"""The tutorial: Goff's worked example played by the players' own clicks, then the rules around it.

The lessons (:mod:`game.client.scenes.lessons`) are played on a real board, one
step at a time; anything but the step's action is refused with a sentence
that says why: the engine's own reason when the rules forbid it, the step's
reason when the rules allow it but the lesson wants something else. Moves go
through a :class:`~game.session.LocalSession`, as in a real game; the
collapse plays the same effects and sounds. The scene composes the board,
the lesson's panel (:mod:`game.client.scenes.lesson_panel`: its words and buttons)
and the progress kept between runs (:mod:`game.client.scenes.lesson_progress`).

Keys: arrows move the cell cursor (or flip between the two collapse
previews), Enter picks, Escape takes back a half or leaves, Page Up/Down
turn whole lessons; the Back and Next buttons go a step at a time. A pad
(or the arrows) reaches those buttons as on the play screen: right off the
board's edge (or down, where the lesson is under the board), or Start; left,
up or B go back to the board. Once a step is
made the board takes no moves, so any press of the d-pad goes to Next.

The tutorial opens where the player left it, with a Lesson 1 button to
begin again; once its last step is made it opens at the beginning.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from random import Random
from typing import Any

import pygame

from game.client import prose, theme
from game.client.audio import Cue, cues_for
from game.client.board_layout import (
    BoardLayout,
    boards_in_play,
    boards_of,
    grid_place,
    grid_step,
    mini_boards,
    sent_boards,
)
from game.client.board_view import BoardView, Look, allowed_cells, paint_board, shown_allowed
from game.client.effects import Effects
from game.client.intents import (
    Activate,
    Cancel,
    Click,
    Intent,
    Navigate,
    Page,
    Point,
)
from game.client.previews import looked_at
from game.client.prose import Para
from game.client.scene import BaseScene, Context, SceneName
from game.client.scenes import lesson_checks, lesson_words
from game.client.scenes.lesson_panel import LessonPanel, board_area, text_area
from game.client.scenes.lesson_progress import Progress
from game.client.scenes.lesson_words import Moment
from game.client.scenes.lessons import LESSONS, Step
from game.client.still import Still
from game.records import Record
from game.rules import VARIANTS, Action, Collapse, Position, RulesError, Variant
from game.session import LocalSession, Refused, Snapshot


@dataclass(frozen=True, slots=True)
class Message:
    text: str
    refused: bool = False
    leaving: bool = False  # asks for a second Back before the lesson is left


class TutorialScene(BaseScene):
    """Lessons played on a real board; one step at a time, wrong clicks explained."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.lessons = tuple(lesson for lesson in LESSONS if lesson.variant in VARIANTS)
        self.lesson = 0
        self.step = 0
        self.progress = Progress()
        self.resumed = False  # opened where the player left off, and still at that lesson
        self.done = False  # the step's action has been made
        self.picked: int | None = None  # the first half of a placement
        self.cursors: dict[int, int] = {}  # pad (0: keys) -> its cell cursor, once used
        self.hover: int | None = None
        self.preview: Action | None = None
        self.message: Message | None = None
        self.effects = Effects(Random(4), ctx.settings.effect_intensity)
        self.panel = LessonPanel(
            lambda: self.start(0), self.back, self.advance, lambda: ctx.audio.play(Cue.SELECT)
        )
        self.still = Still()  # the board and the words, put back where the pointer was
        self.session: LocalSession
        self.pos: Position
        self.view: BoardView

    # -- the lesson plan ---------------------------------------------------------

    def enter(self, lesson: int | None = None, **params: Any) -> None:
        """Params: ``lesson``, the lesson to begin with (by default the one left at)."""
        kept = self.progress.read(len(self.lessons))
        if lesson is None:
            self.start(kept)
            self.resumed = kept > 0
        else:
            self.start(min(max(0, lesson), len(self.lessons) - 1))
        self.shut_buttons()

    def start(self, lesson: int, step: int = 0) -> None:
        """Set the board to where step ``step`` of lesson ``lesson`` begins."""
        self.resumed = self.resumed and lesson == self.lesson
        self.lesson, self.step = lesson, step
        self.progress.keep(lesson)
        plan = self.lessons[lesson]
        variant = plan.make_variant()
        self.session = LocalSession(variant, record=Record(variant, plan.tokens_before(step)))
        self.pos = self.session.position
        self.session.events()  # the opening snapshot is the position just read
        self.view = BoardView(variant)
        self.effects.clear()
        self.done = False
        self.picked = self.preview = self.message = None
        self.hover = None  # the pointer's cell on the last board is no cell of this one
        self.cursors.clear()  # the next lesson's board may have other cells

    @property
    def variant(self) -> Variant:
        return self.pos.variant

    @property
    def current(self) -> Step:
        return self.lessons[self.lesson].steps[self.step]

    def next(self) -> None:
        """On to the next step (this one is done)."""
        plan = self.lessons[self.lesson]
        if self.step + 1 < len(plan.steps):
            # The board carries on as the player left it.
            self.step += 1
            self.done = False
            self.picked = self.preview = self.message = None
        elif self.lesson + 1 < len(self.lessons):
            self.start(self.lesson + 1)
        else:
            self.ctx.go(SceneName.SETUP)

    def turn_lesson(self, delta: int) -> None:
        """Page Down: the next lesson; Page Up: this lesson's start, or the one before."""
        if delta > 0:
            if self.lesson + 1 < len(self.lessons):
                self.start(self.lesson + 1)
            else:
                self.progress.keep(0)  # past the last lesson: finished
                self.ctx.go(SceneName.SETUP)
        elif self.step or self.done or not self.lesson:
            self.start(self.lesson)
        else:
            self.start(self.lesson - 1)

    def back(self) -> None:
        if self.step or self.done:
            self.start(self.lesson, self.step if self.done else self.step - 1)
        elif self.lesson:
            self.start(self.lesson - 1, len(self.lessons[self.lesson - 1].steps) - 1)

    # -- input -------------------------------------------------------------------

    def layout(self) -> BoardLayout:
        area = board_area(self.ctx.size)
        if len(mini_boards(self.variant)) == 1:
            return self.view.layout(area)
        # Squared and Ultimate: the mini-boards the step plays in drawn large, the half held
        # with the rest, so no cell it needs is small; once it is made, those of its move.
        held = {self.picked} if self.picked is not None else set()
        focus = boards_of(self.variant, {*self.targets(), *held})
        if not self.done:
            focus |= frozenset(sent_boards(self.pos))
        return self.view.layout(area, focus or boards_in_play(self.pos))

    def handle(self, intent: Intent) -> None:
        panel, size = self.panel, self.ctx.size
        if isinstance(intent, Page):
            self.turn_lesson(intent.delta)
        elif panel.handle(intent, size):
            pass  # the buttons' (a pad's focus on them, Start, a click on one)
        elif isinstance(intent, Cancel):
            if self.picked is not None:
                self.picked = None
                self.message = None
            elif self.message is not None and self.message.leaving:
                self.ctx.go(SceneName.TITLE)
            else:  # one press too many on a pad must not throw the lesson away
                back = prose.sentence(prose.press(self.ctx.device, "back"))
                self.message = Message(f"{back} again to leave the tutorial", leaving=True)
        elif isinstance(intent, Click) and panel.buttons(size)["next"].collidepoint(intent.pos):
            self.advance()  # still shut: it says why
        elif isinstance(intent, Point):
            self.point(intent.pos)
        elif isinstance(intent, Click):
            self.point(intent.pos)
            self.click(intent.pos)
        elif isinstance(intent, Navigate):
            self.navigate(intent.dx, intent.dy, intent.pad, intent.held)
        elif isinstance(intent, Activate):
            if self.done:
                self.advance()
            elif self.pos.awaiting_collapse:
                if self.preview is None:
                    self.navigate(0, 0, intent.pad)
                else:
                    self.choose(self.preview)
            elif intent.pad in self.cursors:
                self.pick(self.cursors[intent.pad])
            else:
                self.navigate(0, 0, intent.pad)  # the first press shows where the cursor is
        self.shut_buttons()

    def shut_buttons(self) -> None:
        """The buttons as the step leaves them: Lesson 1 and Back shut at the very start."""
        begun = self.lesson > 0 or self.step > 0 or self.done
        self.panel.shut(begun, self.done, self.is_last())

    def advance(self) -> None:
        """The Next button: open once the step's action is made."""
        if self.done:
            self.ctx.audio.play(Cue.CONFIRM)
            self.next()
        else:
            self.refuse("Next opens once this step's move is made (Page Down skips the lesson).")

    def point(self, at: tuple[int, int]) -> None:
        self.panel.point(at, self.ctx.size)
        layout = self.layout()
        self.hover = layout.cell_at(at)
        if self.pos.awaiting_collapse and not self.done:
            found = layout.spooky_at(self.pos, at)
            self.preview = None
            if found is not None:
                with contextlib.suppress(RulesError):
                    self.preview = self.pos.check(Collapse(*found))

    def click(self, at: tuple[int, int]) -> None:
        if self.done:
            # A finished step waits for the player: a click on the board goes on, as Next does.
            self.advance()
            return
        if self.pos.is_over:
            return
        layout = self.layout()
        if self.pos.awaiting_collapse:
            found = layout.spooky_at(self.pos, at)
            if found is None:
                self.refuse("Choose one of the marks on the lit cycle.")
            else:
                self.choose(Collapse(*found))
            return
        cell = layout.cell_at(at)
        if cell is not None:
            self.pick(cell)

    def navigate(self, dx: int, dy: int, pad: int, held: bool = False) -> None:
        """Move ``pad``'s cell cursor (its first press shows it), or flip the collapse preview;
        a step off the board towards the buttons (a press, not a direction ``held``: that
        stops at the edge), or any once the step is made, goes to them."""
        if self.done:
            self.panel.to_buttons(True, pad)  # the board takes no more moves: on to Next
            return
        if self.pos.awaiting_collapse:
            # As in a game: the first arrow shows the outcome on its side, any next the other.
            options = self.pos.legal_actions()
            shown = options.index(self.preview) if self.preview in options else None
            self.preview = options[looked_at(shown, dx + dy)]
            self.ctx.audio.play(Cue.SELECT)
            return
        grid = self.pos.variant.grid()
        cursor = self.cursors.get(pad)
        if cursor is None:
            self.cursors[pad] = self.cursor_start()
        else:
            r, c = grid_place(grid, cursor)
            # The buttons lie right of the board (below it, in a window taller than wide).
            below = text_area(self.ctx.size).top >= board_area(self.ctx.size).bottom
            off = c + dx >= len(grid[r]) or (below and r + dy >= len(grid))
            if off and not held and self.panel.to_buttons(True, pad):
                return
            self.cursors[pad] = grid_step(grid, r, c, dx, dy)
        self.ctx.audio.play(Cue.SELECT)

    def cursor_start(self) -> int:
        """Where a cursor first shows: on the half held, else the first cell the step asks
        for, else the first a legal move may use. Not a classical cell: the player presses as
        the step says ("pick cell 7, then cell 7 again"), and a pick there is only refused."""
        if self.picked is not None:
            return self.picked
        usable = self.targets() or sorted(allowed_cells(self.pos))
        return usable[0] if usable else self.pos.variant.grid()[0][0]

    # -- the step's checks -------------------------------------------------------

    def pick(self, cell: int) -> None:
        """One half of a placement: the first is held, the second completes the move."""
        pos, step = self.pos, self.current
        if self.picked is None:
            why = lesson_checks.first_half(pos, step, cell)
            if why is not None:
                self.refuse(why)
            else:
                self.picked = cell
                self.message = None
                self.ctx.audio.play(Cue.SELECT)
            return
        # A refused second half keeps the first: the player only needs another second.
        found = lesson_checks.placement(pos, step, self.picked, cell)
        if isinstance(found, str):
            self.refuse(found)
            return
        self.picked = None
        self.submit(found)

    def choose(self, action: Action) -> None:
        found = lesson_checks.collapse(self.pos, self.current, action)
        if isinstance(found, str):
            self.refuse(found)
        else:
            self.submit(found)

    def refuse(self, text: str) -> None:
        self.message = Message(text, refused=True)
        self.ctx.audio.play(Cue.REFUSE)

    def submit(self, action: Action) -> None:
        self.session.submit(action)
        for event in self.session.events():
            if isinstance(event, Refused):
                self.refuse(f"{prose.sentence(event.reason)}.")
            elif isinstance(event, Snapshot):
                self.show(event.position)

    def show(self, after: Position) -> None:
        """The step's action was made: sound, effects, and the step's closing words."""
        before, self.pos = self.pos, after
        self.preview = None
        self.done = True  # first: the board's layout follows what the step still asks for
        self.ctx.audio.play_all(cues_for(before, after))
        self.effects.step(before, after, self.layout(), self.ctx.palette)
        self.message = Message(self.current.done) if self.current.done else None
        if self.is_last():
            self.progress.keep(0)  # finished: next time begins at the beginning

    # -- time and drawing --------------------------------------------------------

    def update(self, dt: float) -> None:
        self.effects.update(dt)
        self.panel.menu.unplugged(self.ctx.pads)

    @property
    def animating(self) -> bool:
        """A lesson waits for the player: still but for a collapse in flight and the pointer's
        or a target's highlight breathing after it moved."""
        t = self.ctx.time
        return self.effects.active or self.view.pulsing(t) or self.panel.menu.breathing(t)

    def look(self) -> Look:
        palette = self.ctx.palette
        pos = self.pos
        mover = pos.to_play
        cursors: tuple[tuple[int, theme.Color], ...] = ()
        if not pos.awaiting_collapse and mover is not None:
            # A pad whose focus is on the buttons leaves no cursor on the board to confuse it with.
            cursors = tuple(
                (cell, palette.of(mover))
                for pad, cell in self.cursors.items()
                if not self.panel.menu.focused_by(pad)
            )
            cursors += tuple((cell, palette.accent) for cell in self.targets())
        preview: tuple[tuple[int, int], ...] = ()
        if self.preview is not None and pos.awaiting_collapse:
            outcome = dict(pos.collapse_outcomes()).get(self.preview, {})
            preview = tuple(sorted(outcome.items()))
        allowed = None
        if not self.done and not pos.awaiting_collapse and not pos.is_over:
            allowed = shown_allowed(pos, self.picked, allowed_cells(pos, self.picked))
        return Look(
            hover=self.hover,
            picked=self.picked,
            cursors=cursors,
            preview=preview,
            hidden=self.effects.hidden_cells,
            landing=self.effects.landing_cells,
            allowed=allowed,
            rows=self.effects.struck_rows(pos),
        )

    def targets(self) -> tuple[int, ...]:
        """The cells the step still asks for, marked on the board as a hint."""
        return () if self.done else lesson_checks.targets(self.pos, self.current, self.picked)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[list[int]] | None:
        palette, t = self.ctx.palette, self.ctx.time
        layout, look = self.layout(), self.look()
        layer = self.view.layer(layout, self.pos, palette, look)
        text = text_area(surface.get_size())

        def paint(image: pygame.Surface) -> None:
            beside = image.get_clip().colliderect(text)  # not one of the board's parts alone
            paint_board(image, layer, layout, palette, (text,) if beside else ())
            if beside:
                self.draw_text(image, palette)

        # The board and the lesson's words are a still picture (see still.py), each part
        # painted again alone when it changed; the pointer and the effects go over it.
        words = (tuple(self.paras(palette, self.step, self.done)), self.lesson)
        panel = self.panel.parts(surface.get_size(), words, self.ctx.device, t)
        parts = (*self.view.parts(layout, palette), *panel)
        over = self.still.draw(surface, palette, paint, parts)
        over.add_all(self.view.draw_pointer(surface, layout, self.pos, palette, look, t))
        self.effects.draw(surface, layout, palette, alpha, over)
        return self.still.shown(over)

    def draw_text(self, surface: pygame.Surface, palette: theme.Palette) -> None:
        """The lesson's panel: its words at one size for every step of the lesson (the one
        its longest step fits at), so they do not change size from one step to the next."""
        steps = range(len(self.lessons[self.lesson].steps))

        def every() -> Iterator[list[Para]]:
            return (self.paras(palette, step, done) for step in steps for done in (False, True))

        words = self.paras(palette, self.step, self.done)
        fit = (self.lesson, self.resumed)
        self.panel.draw(surface, palette, words, every, fit, self.ctx.device, self.ctx.time)

    def moment(self) -> Moment:
        """All that the lesson's words depend on, now."""
        said = self.message.text if self.message is not None else None
        lesson, step = self.lesson, self.step
        return Moment(self.lessons, lesson, step, self.pos, self.ctx.device, said, self.resumed)

    def paras(self, palette: theme.Palette, step: int, done: bool) -> list[Para]:
        """The words of step ``step`` of this lesson, before or after it is made."""
        return lesson_words.paras(self.moment(), palette, step, done)

    def is_last(self) -> bool:
        return lesson_words.is_last(self.lessons, self.lesson, self.step)
