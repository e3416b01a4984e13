"""The tutorial's lessons: content, not code.

Each :class:`Lesson` is a game of one variant that starts from a few tokens
already played; each :class:`Step` asks, in words, for one action ("put O4
in cells 5 and 1"), says why another one is not it, and says what happened
once it is made. The tutorial scene (:mod:`game.client.scenes.tutorial`)
plays them on a real board.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import Variant, make_variant


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
                "A mark may join two boards, but a pair of boards holds one spooky mark at a "
                "time: X1 already joins boards 1 and 2. Put O2 in 1.5 and 5.5.",
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
                "X: play in the lit boards. Each half of O's pair sends one of X's halves to "
                "the board numbered by the square it sits on (O2 in 3.5 and 7.5, both on "
                "square 5, would send both of X's halves to board 5).",
                "5.1-5.9",
                any_legal=True,
                done="That's the whole of the rules. If a sent move is impossible, the "
                "player may play anywhere.",
            ),
        ),
    ),
)
