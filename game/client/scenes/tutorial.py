"""The tutorial: Goff's worked example played by the players' own clicks, then the rules around it.

Each :class:`Lesson` is a game of one variant that starts from a few tokens
already played; each :class:`Step` asks, in words, for one action ("put O4
in cells 5 and 1") and refuses anything else with a sentence that says why:
the engine's own reason when the rules forbid it, the step's reason when
the rules allow it but the lesson wants something else. Moves go through a
:class:`~game.session.LocalSession`, as in a real game; the collapse plays
the same effects and sounds.

Keys: arrows move the cell cursor (or flip between the two collapse
previews), Enter picks, Escape takes back a half or leaves, Page Up/Down
turn whole lessons; the Back and Next buttons go a step at a time. A pad
(or the arrows) reaches those buttons as on the play screen: right off the
board's edge (or down, where the lesson is under the board), or Start; left,
up or B go back to the board. Once a step is
made the board takes no moves, so any press of the d-pad goes to Next.

The lesson reached is kept in the user's data folder (``tutorial.json``), so
the tutorial opens where the player left it, with a Lesson 1 button to begin
again; once its last step is made it opens at the beginning. A missing or
damaged file opens at lesson 1.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
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
)
from game.client.board_view import BoardView, Look, allowed_cells, paint_board, shown_allowed
from game.client.effects import Effects
from game.client.intents import (
    KEYBOARD,
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
from game.client.paths import data_dir, write_atomic
from game.client.prose import Para
from game.client.scene import BaseScene, Context, SceneName
from game.client.still import Still
from game.client.widgets import Item, Menu
from game.records import Record
from game.rules import (
    VARIANTS,
    Action,
    Collapse,
    Place,
    Position,
    RulesError,
    Variant,
    make_variant,
)
from game.session import LocalSession, Refused, Snapshot
from game.textview import points


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the player does, said in words."""

    say: str  # what to do
    expect: str  # the token asked for (with ``any_legal``: an example, used to skip ahead)
    why: str = ""  # added to a refusal of a legal action that is not the one asked for
    done: str = ""  # what just happened, said once the action is made
    any_legal: bool = False  # any legal action will do: the lesson is about what is allowed


@dataclass(frozen=True, slots=True)
class Lesson:
    title: str
    variant: str
    setup: tuple[str, ...]  # tokens already played when the lesson starts
    steps: tuple[Step, ...]
    options: tuple[tuple[str, object], ...] = ()  # the variant's record fields, e.g. size

    def make_variant(self) -> Variant:
        return make_variant(self.variant, dict(self.options))

    def tokens_before(self, step: int) -> list[str]:
        """The tokens on the board when ``step`` begins, its earlier steps made as asked."""
        return [*self.setup, *(s.expect for s in self.steps[:step])]


GOFF_EXAMPLE = ("1-2", "2-5", "5-9", "5-1")
GOFF_EXAMPLE_COLLAPSE = "4@5"
# Goff's example went on: X5 3&8, O6 3&6, X7 4&8, O8 6&8, a collapse, and one open cell for X9.
LAST_MOVE_SETUP = (*GOFF_EXAMPLE, GOFF_EXAMPLE_COLLAPSE, "3-8", "3-6", "4-8", "6-8", "8@6")
# A game whose last collapse gives X the row 1-2-3 (X1 X5 X7) and O the row 7-8-9 (O2 O4 O6).
TWO_ROWS_SETUP = ("3-9", "8-9", "4-8", "2-8", "1-9", "3-7", "2-7")

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "Goff's example: two places at once",
        "goff",
        (),
        (
            Step(
                "X moves first. In Quantum Tic-Tac-Toe a move is one mark in two cells at once. "
                "Put X1 in cells 1 and 2: pick cell 1, then cell 2.",
                "1-2",
                "Goff's example puts X1 in cells 1 and 2.",
                "X1 is spooky: it is in cell 1 or in cell 2, and nobody knows which yet. "
                "The curve joins its two halves.",
            ),
            Step(
                "Now O. Put O2 in cells 2 and 5.",
                "2-5",
                "Goff's example puts O2 in cells 2 and 5.",
                "X1 and O2 share cell 2: they are entangled. If X1 turns out to be in 2, "
                "O2 must be in 5.",
            ),
            Step(
                "X again. Put X3 in cells 5 and 9.",
                "5-9",
                "Goff's example puts X3 in cells 5 and 9.",
                "X3 hangs off the chain at cell 5.",
            ),
            Step(
                "O again. Put O4 in cells 5 and 1.",
                "5-1",
                "Goff's example puts O4 in cells 5 and 1.",
                "X1, O2 and O4 now run in a circle through cells 1, 2 and 5: a cycle. "
                "Each must settle in one of those cells, so the cycle collapses. "
                "O closed it, so X chooses how.",
            ),
            Step(
                "X: choose the collapse. Each lit mark on the cycle (X1, O2 or O4) decides it "
                "one way: look at what each one does, then choose one to make it classical in "
                "its cell.",
                GOFF_EXAMPLE_COLLAPSE,
                done="Every mark is classical now. Whichever way you chose, X3 landed in 9: "
                "it is a stem, hanging off the cycle, and has no choice of its own. "
                "Classical cells are closed to new marks.",
                any_legal=True,
            ),
        ),
    ),
    Lesson(
        "The last move",
        "goff",
        LAST_MOVE_SETUP,
        (
            Step(
                "The game went on to move 9 (X5 3&8, O6 3&6, X7 4&8, O8 6&8, and a collapse). "
                "Only cell 7 is open. A mark's halves must go in two different cells, except "
                "now: on the last move X may put both halves in the one cell left. "
                "Pick cell 7, then cell 7 again.",
                "7-7",
                "Only cell 7 is open: both halves of X9 go there.",
                "X9 is classical in 7 and completes two rows at once, 1-4-7 and 7-8-9. "
                "Both are dated 9 (their largest subscript), so each scores 1: "
                "X wins by 2 points.",
            ),
        ),
    ),
    Lesson(
        "Scoring by subscripts",
        "goff",
        TWO_ROWS_SETUP,
        (
            Step(
                "X7 closed a cycle, so O chooses, and both outcomes end the game. "
                "Preview them, then choose the one where both players get a row.",
                "7@2",
                "That outcome gives a row to X alone. Choose the one that also gives O "
                "the row O2 O4 O6.",
                "Both have a row. A row is dated by its largest subscript: O's by 6, X's by 7. "
                "The earlier row scores 1 and a later one ½: O wins, 1 to ½.",
            ),
        ),
    ),
    Lesson(
        "Shared wins",
        "shared",
        TWO_ROWS_SETUP,
        (
            Step(
                "The same game under the shared-win rules: a classical row wins outright, "
                "and two marks may never join the same two cells. "
                "O chooses again: choose the outcome with both rows.",
                "7@2",
                "That outcome gives a row to X alone. Choose the one with O's row too.",
                "Rows for both players at once are a shared win: 1 point each, "
                "whatever the subscripts.",
            ),
        ),
    ),
    Lesson(
        "n×n: bonus points",
        "nxn",
        ("6-10", "2-8", "4-7", "13-14", "6-7", "9-14", "10-11", "4-6"),
        (
            Step(
                "On a 4×4 board every item scores: three in a line 1 point, a 2×2 block of "
                "one player's marks 2, and four in a line 20, which ends the game. "
                "O8 closed a cycle, so X chooses: one outcome makes a line of three, the "
                "other a block. Choose the block.",
                "8@4",
                "That outcome makes the line 4-7-10: 1 point. The other makes a 2×2 block, "
                "worth 2.",
                "X1 X3 X5 X7 fill the block 6-7-10-11: 2 points. The marks outside the "
                "cycle's group stay spooky, and the game goes on until a line of four or "
                "a full board.",
            ),
        ),
        options=(("size", 4),),
    ),
    Lesson(
        "Squared: nine boards",
        "squared",
        ("1.1-2.3",),
        (
            Step(
                "Squared is played on nine mini-boards; cell 2.3 is square 3 of board 2. "
                "A mark may join two boards, but each pair of boards only once: X1 already "
                "joins boards 1 and 2. Put O2 in 1.5 and 5.5.",
                "1.5-5.5",
                "This step asks for O2 in 1.5 and 5.5.",
                "A classical row inside a mini-board wins that board; three won boards in a "
                "row win the game. A board won by both players counts for both.",
            ),
        ),
    ),
    Lesson(
        "Ultimate: the sending rule",
        "ultimate",
        ("1.3-5.7",),
        (
            Step(
                "In Ultimate, where the last pair sits inside its boards sends the next "
                "move. X1 is in square 3 of one board and square 7 of another, so O must "
                "play one half in board 3 and one in board 7 (lit). Place O2 there.",
                "3.5-7.5",
                any_legal=True,
                done="Your pair now sends X: to the boards numbered by its squares.",
            ),
            Step(
                "X: play in the lit board. Each half of O's pair sends one of X's halves to "
                "the board numbered by its square; O's 3.5 and 7.5 both sit on square 5, so "
                "both of X's halves go in board 5.",
                "5.1-5.9",
                any_legal=True,
                done="That's the whole of the rules. If a sent move is impossible, the "
                "player may play anywhere.",
            ),
        ),
    ),
)


PROGRESS_FILE = "tutorial.json"
POINTER = -1  # the pointer's focus on a button: it answers no key (Enter, Escape are the board's)
CONTROLS = {  # every control, named for the device in hand, on the board or on the buttons
    (Device.PAD, False): "D-pad, A: play · Start: buttons · LB/RB: lessons · B: menu",
    (Device.PAD, True): "D-pad, A: buttons · B: board · LB/RB: lessons",
    (Device.KEYS, False): "Arrows, Enter: play · PgUp/PgDn: lessons · Esc: menu",
    (Device.KEYS, True): "Arrows, Enter: buttons · Esc: board · PgUp/PgDn: lessons",
    (Device.MOUSE, False): "Click: play · wheel: lessons · right-click: menu",
}


def progress_file() -> Path:
    return data_dir() / PROGRESS_FILE


def read_progress(path: Path, lessons: int) -> int:
    """The lesson to open at (of ``lessons``): the first for a missing, unreadable or
    impossible value, so a damaged or hand-edited file never stops the game."""
    try:
        lesson = json.loads(path.read_text(encoding="utf-8"))["lesson"]
    except (OSError, ValueError, LookupError, TypeError, RecursionError):
        return 0
    whole = isinstance(lesson, int) and not isinstance(lesson, bool)
    return lesson if whole and 0 <= lesson < lessons else 0


def write_progress(path: Path, lesson: int) -> None:
    write_atomic(path, json.dumps({"lesson": lesson}) + "\n")


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
        self.kept = 0  # the lesson the progress file holds
        self.resumed = False  # opened where the player left off, and still at that lesson
        self.done = False  # the step's action has been made
        self.picked: int | None = None  # the first half of a placement
        self.cursors: dict[int, int] = {}  # pad (0: keys) -> its cell cursor, once used
        self.hover: int | None = None
        self._units: dict[tuple[int, tuple[int, int]], int] = {}  # the words' size per lesson
        self.preview: Action | None = None
        self.message: Message | None = None
        self.effects = Effects(Random(4), ctx.settings.effect_intensity)
        self.menu = Menu(
            [
                Item("Lesson 1", lambda: self.start(0)),
                Item("Back", self.back),
                Item("Next", self.advance),
            ],
            focus=-1,  # the board has it until a pad steps off it (or the pointer is on one)
            on_move=lambda: ctx.audio.play(Cue.SELECT),
            columns=3,
        )
        self.still = Still()  # the board and the words, put back where the pointer was
        self.session: LocalSession
        self.pos: Position
        self.view: BoardView

    # -- the lesson plan ---------------------------------------------------------

    def enter(self, lesson: int | None = None, **params: Any) -> None:
        """Params: ``lesson``, the lesson to begin with (by default the one left at)."""
        self.kept = read_progress(progress_file(), len(self.lessons))
        if lesson is None:
            self.start(self.kept)
            self.resumed = self.kept > 0
        else:
            self.start(min(max(0, lesson), len(self.lessons) - 1))
        self.shut_buttons()

    def start(self, lesson: int, step: int = 0) -> None:
        """Set the board to where step ``step`` of lesson ``lesson`` begins."""
        self.resumed = self.resumed and lesson == self.lesson
        self.lesson, self.step = lesson, step
        self.keep(lesson)
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
                self.keep(0)  # past the last lesson: finished
                self.ctx.go(SceneName.SETUP)
        elif self.step or self.done or not self.lesson:
            self.start(self.lesson)
        else:
            self.start(self.lesson - 1)

    def keep(self, lesson: int) -> None:
        """Open at ``lesson`` next time (the first, once the tutorial is finished)."""
        if lesson != self.kept:
            self.kept = lesson
            # A data folder that cannot be written: the progress lasts this run.
            with contextlib.suppress(OSError):
                write_progress(progress_file(), lesson)

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
        menu = self.menu
        if isinstance(intent, Page):
            self.turn_lesson(intent.delta)
        elif isinstance(intent, Cancel) and menu.focused_by(intent.pad):
            self.to_buttons(False)  # back to the board, as Start came from it: not leaving
        elif isinstance(intent, Cancel):
            if self.picked is not None:
                self.picked = None
                self.message = None
            elif self.message is not None and self.message.leaving:
                self.ctx.go(SceneName.TITLE)
            else:  # one press too many on a pad must not throw the lesson away
                back = prose.sentence(prose.press(self.ctx.device, "back"))
                self.message = Message(f"{back} again to leave the tutorial", leaving=True)
        elif isinstance(intent, Start) and (menu.focused_by(intent.pad) or self.open_buttons()):
            self.to_buttons(not menu.focused_by(intent.pad), intent.pad)
        elif isinstance(intent, Navigate | Activate) and menu.focused_by(intent.pad):
            self.on_buttons(intent)
        elif isinstance(intent, Click) and menu.handle(intent, self.button_area()):
            pass  # a button pressed
        elif isinstance(intent, Click) and self.buttons()["next"].collidepoint(intent.pos):
            self.advance()  # still shut: it says why
        elif isinstance(intent, Point):
            self.point(intent.pos)
        elif isinstance(intent, Click):
            self.point(intent.pos)
            self.click(intent.pos)
        elif isinstance(intent, Navigate):
            self.navigate(intent.dx, intent.dy, intent.pad)
        elif isinstance(intent, Activate):
            if self.done:
                self.advance()
            elif self.pos.awaiting_collapse:
                if self.preview is None:
                    self.navigate(1, 0, intent.pad)
                else:
                    self.choose(self.preview)
            elif intent.pad in self.cursors:
                self.pick(self.cursors[intent.pad])
            else:
                self.navigate(0, 0, intent.pad)  # the first press shows where the cursor is
        self.shut_buttons()

    # -- the buttons beside the board (Lesson 1, Back, Next), for keys and pads ---

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
        self.ctx.audio.play(Cue.SELECT)
        return True

    def on_buttons(self, intent: Navigate | Activate) -> None:
        if isinstance(intent, Activate):
            self.menu.handle(intent, self.button_area())
        elif not self.menu.step(intent.dx, intent.dy):
            self.to_buttons(False)  # off their left or top edge: the board lies that way

    def shut_buttons(self) -> None:
        """The buttons as the step leaves them: Lesson 1 and Back shut at the very start,
        Next until the step is made; the focus on a button that shut goes back to the board."""
        first, back, go_on = self.menu.items
        first.enabled = back.enabled = self.lesson > 0 or self.step > 0 or self.done
        go_on.enabled = self.done
        go_on.label = "Play a game" if self.is_last() else "Next"
        if self.menu.focused_by(self.menu.pad) and not self.menu.items[self.menu.focus].enabled:
            self.menu.focus = -1

    def advance(self) -> None:
        """The Next button: open once the step's action is made."""
        if self.done:
            self.ctx.audio.play(Cue.CONFIRM)
            self.next()
        else:
            self.refuse("Next opens once this step's move is made (Page Down skips the lesson).")

    def point(self, at: tuple[int, int]) -> None:
        if self.menu.handle(Point(at), self.button_area()):
            self.menu.pad = POINTER
        elif self.menu.pad == POINTER:
            self.menu.focus = -1  # the pointer left the buttons (a pad's focus stays)
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

    def navigate(self, dx: int, dy: int, pad: int) -> None:
        """Move ``pad``'s cell cursor (its first press shows it), or flip the collapse preview;
        a step off the board towards the buttons, or any once the step is made, goes to them."""
        if self.done:
            self.to_buttons(True, pad)  # the board takes no more moves: on to Next
            return
        if self.pos.awaiting_collapse:
            # Two outcomes only: any arrow shows the other one.
            options = self.pos.legal_actions()
            index = options.index(self.preview) + 1 if self.preview in options else 0
            self.preview = options[index % len(options)]
            self.ctx.audio.play(Cue.SELECT)
            return
        grid = self.pos.variant.grid()
        cursor = self.cursors.get(pad)
        if cursor is None:
            self.cursors[pad] = self.picked if self.picked is not None else grid[0][0]
        else:
            r, c = grid_place(grid, cursor)
            # The buttons lie right of the board (below it, in a window taller than wide).
            below = text_area(self.ctx.size).top >= board_area(self.ctx.size).bottom
            off = c + dx >= len(grid[r]) or (below and r + dy >= len(grid))
            if off and self.to_buttons(True, pad):
                return
            self.cursors[pad] = grid_step(grid, r, c, dx, dy)
        self.ctx.audio.play(Cue.SELECT)

    # -- the step's checks -------------------------------------------------------

    def expected(self) -> Action:
        pos = self.pos
        return pos.check(pos.variant.parse_token(self.current.expect))

    def pick(self, cell: int) -> None:
        """One half of a placement: the first is held, the second completes the move."""
        pos, step = self.pos, self.current
        label = pos.variant.label
        if not pos.is_open(cell):
            self.refuse(f"Cell {label(cell)} is classical: no new mark may go there.")
            return
        if self.picked is None:
            partners = [a for a in pos.legal_actions() if isinstance(a, Place) and cell in a]
            if not partners:
                self.refuse(self.engine_reason(cell) or f"No move can use cell {label(cell)} now.")
            elif step.any_legal or cell in self.expected():
                self.picked = cell
                self.message = None
                self.ctx.audio.play(Cue.SELECT)
            else:
                self.refuse(f"Not cell {label(cell)}. {step.why}")
            return
        # A refused second half keeps the first: the player only needs another second.
        action: Action = Place(self.picked, cell)
        try:
            action = pos.check(action)
        except RulesError as exc:
            self.refuse(f"{prose.sentence(str(exc))}.")
            return
        if not step.any_legal and action != self.expected():
            self.refuse(f"Not cell {label(cell)}. {step.why}")
            return
        self.picked = None
        self.submit(action)

    def engine_reason(self, cell: int) -> str | None:
        """The rules' own reason why no placement may use ``cell``, in the rules' words."""
        for other in self.pos.open_cells():
            if other != cell:
                try:
                    self.pos.check(Place(cell, other))
                except RulesError as exc:
                    return f"{prose.sentence(str(exc))}."
        return None

    def choose(self, action: Action) -> None:
        pos, step = self.pos, self.current
        try:
            action = pos.check(action)
        except RulesError as exc:
            self.refuse(f"{prose.sentence(str(exc))}: only the marks on the lit cycle can choose.")
            return
        if not step.any_legal and action != self.expected():
            self.refuse(step.why)
            return
        self.submit(action)

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
            self.keep(0)  # finished: next time begins at the beginning

    # -- time and drawing --------------------------------------------------------

    def update(self, dt: float) -> None:
        self.effects.update(dt)

    @property
    def animating(self) -> bool:
        """A lesson waits for the player: still but for a collapse in flight and the pointer's
        or a target's highlight breathing after it moved."""
        t = self.ctx.time
        return self.effects.active or self.view.pulsing(t) or self.menu.breathing(t)

    def button_area(self) -> pygame.Rect:
        """The row of buttons along the bottom of the lesson's panel."""
        panel = text_area(self.ctx.size)
        h = theme.scale(self.ctx.size).button
        gap = h // 2
        return pygame.Rect(panel.x + gap, panel.bottom - h - gap, panel.width - 2 * gap, h)

    def buttons(self) -> dict[str, pygame.Rect]:
        names = ("first", "back", "next")
        return dict(zip(names, self.menu.rects(self.button_area()), strict=True))

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
                if not self.menu.focused_by(pad)
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
        """The cells a placement step still asks for, marked on the board as a hint."""
        step = self.current
        if self.done or step.any_legal or self.pos.awaiting_collapse:
            return ()
        action = self.expected()
        if not isinstance(action, Place):
            return ()
        if self.picked is None:
            return tuple(sorted(set(action)))
        rest = list(action)
        rest.remove(self.picked)
        return tuple(rest)

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
        words = (
            tuple(self.paras(palette, self.step, self.done)),
            self.lesson,
            self.menu.look(),  # its focus ring breathes in a part of its own
            self.controls(),
        )
        ring = tuple(((*rect,), when) for rect, when in self.menu.changing(surface.get_height(), t))
        parts = (*self.view.parts(layout, palette), ((*text,), words), *ring)
        over = self.still.draw(surface, palette, paint, parts)
        over.add_all(self.view.draw_pointer(surface, layout, self.pos, palette, look, t))
        self.effects.draw(surface, layout, palette, alpha, over)
        return self.still.shown(over)

    def draw_text(self, surface: pygame.Surface, palette: theme.Palette) -> None:
        area = text_area(surface.get_size())
        scale = theme.scale(surface.get_size())
        # Its corners round as the play screen's panel does, at every size.
        theme.backed_panel(surface, palette, area, scale.px(18), 210)
        buttons = self.button_area()
        pad = max(16, area.width // 18)
        box = pygame.Rect(area.x + pad, area.y + pad, area.width - 2 * pad, 0)
        box.height = buttons.top - pad // 2 - box.y
        # The controls on as many lines as the panel's width needs (a square window's is
        # narrow), broken between whole controls ("A: play" never split), the last just
        # over the buttons; a line still too wide is not drawn.
        words = theme.wrap_phrases(self.controls(), scale.hint, box.width)
        lines = [theme.text(line, scale.hint, palette.dim) for line in words]
        if all(keys.get_width() <= box.width for keys in lines):
            bottom = buttons.top - pad // 3
            for keys in reversed(lines):
                surface.blit(keys, keys.get_rect(bottomleft=(box.x, bottom)))
                bottom -= keys.get_height()
            box.height -= sum(keys.get_height() for keys in lines)
        # One size for every step of the lesson (the one its longest step fits at), so the
        # words do not change size from one step to the next; found once per lesson and size.
        key = (self.lesson, self.resumed, box.size)
        if key not in self._units:
            steps = range(len(self.lessons[self.lesson].steps))
            self._units[key] = min(
                prose.fit(self.paras(palette, step, done), box.width, box.height, scale.lead)[0]
                for step in steps
                for done in (False, True)
            )
        unit = self._units[key]
        prose.draw(surface, self.paras(palette, self.step, self.done), box, unit)
        self.menu.draw(surface, buttons, palette, self.ctx.time)

    def controls(self) -> str:
        """The footer's line of controls: for the device in hand, and where its focus is."""
        device, holder = self.ctx.device, self.menu.pad
        on_buttons = (
            device is not Device.MOUSE and holder != POINTER and self.menu.focused_by(holder)
        )
        return CONTROLS[device, on_buttons]

    def paras(self, palette: theme.Palette, step: int, done: bool) -> list[Para]:
        """The words of step ``step`` of this lesson, before or after it is made."""
        plan = self.lessons[self.lesson]
        where = f"Lesson {self.lesson + 1} of {len(self.lessons)}"
        if len(plan.steps) > 1:
            where += f" · step {step + 1} of {len(plan.steps)}"
        said = self.lessons[self.lesson].steps[step]
        # The heading says what the step asks for; once it is made, that it is made (the
        # position's next turn belongs to the next step, not this one).
        heading = status(self.pos) if step == self.step and not done else "Done"
        if done and step == len(plan.steps) - 1:
            heading = "Lesson done" if not self.is_last() else "Tutorial done"
        paras = [
            Para(where, palette.dim),
            Para(plan.title, palette.text, 1.4, bold=True),
            Para(heading, palette.accent, bold=True, space_before=0.5),
        ]
        if done:
            # The instruction is met: what happened takes its place.
            paras.append(Para(said.done or "Done.", palette.highlight, space_before=0.6))
            paras.append(Para(self.next_hint(), palette.dim, 0.9, space_before=0.6))
        else:
            paras.append(Para(said.say, palette.text, space_before=0.6))
            how = prose.how_to_pick(self.ctx.device, self.pos.awaiting_collapse)
            paras.append(Para(how, palette.dim, 0.9, space_before=0.4))
            if self.message is not None and step == self.step:
                paras.append(Para(self.message.text, palette.warning, space_before=0.6))
            elif self.resumed:
                again = "Welcome back: you left off here. Lesson 1, below, starts again."
                paras.append(Para(again, palette.dim, 0.9, space_before=0.6))
        return paras

    def is_last(self) -> bool:
        return (
            self.lesson == len(self.lessons) - 1
            and self.step == len(self.lessons[self.lesson].steps) - 1
        )

    def next_hint(self) -> str:
        device = self.ctx.device
        go_on = "Click the board" if device is Device.MOUSE else prose.sentence(prose.press(device))
        if self.is_last():
            return f"{go_on} to set up a game of your own."
        plan = self.lessons[self.lesson]
        if self.step + 1 < len(plan.steps):
            return f"{go_on} for step {self.step + 2} of {len(plan.steps)}."
        return f"{go_on} for the next lesson: {self.lessons[self.lesson + 1].title}."


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


def status(pos: Position) -> str:
    """Whose turn and what is awaited, or how the game ended."""
    outcome = pos.outcome
    if outcome is not None:
        x, o = (points(s) for s in outcome.scores)
        return f"Game over: X {x}, O {o}"
    if pos.awaiting_collapse:
        return f"{pos.to_play} chooses the collapse"
    said = f"{pos.to_play} to play: mark {pos.to_play}{pos.move_number}"
    boards = sent_boards(pos)
    if boards:
        where = " and ".join(str(b + 1) for b in boards)
        said += f", in board{'s' if len(boards) > 1 else ''} {where}"
    return said


def sent_boards(pos: Position) -> tuple[int, ...]:
    """The mini-boards (from 0) Ultimate sends the next placement to; other variants send
    nowhere."""
    sent_to = getattr(pos.variant, "sent_to", None)
    return tuple(sent_to(pos)) if sent_to is not None else ()
