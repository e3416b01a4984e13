"""Who plays, what they scored, and why a game ended: plain data."""

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import NamedTuple


class Player(StrEnum):
    X = "X"
    O = "O"  # noqa: E741 - the player's name is the letter

    @property
    def other(self) -> "Player":
        return Player.O if self is Player.X else Player.X

    @staticmethod
    def of_mark(mark: int) -> "Player":
        """X plays the odd subscripts, O the even ones."""
        return Player.X if mark & 1 else Player.O


class Scores(NamedTuple):
    x: float = 0
    o: float = 0

    def of(self, player: Player) -> float:
        return self.x if player is Player.X else self.o


class Termination(Enum):
    """Why a game ended; the value is a sentence a results screen can show."""

    ROW = "a classical row"
    FULL_BOARD = "every cell is classical"
    NO_MOVES = "no legal move is left"
    LINE_OF_FOUR = "a line of four"
    BOARDS_IN_ROW = "three won mini-boards in a row"


@dataclass(frozen=True, slots=True)
class Row:
    """A completed line of one player's classical marks, dated by its largest subscript."""

    player: Player
    cells: tuple[int, ...]
    date: int


@dataclass(frozen=True, slots=True)
class Outcome:
    termination: Termination
    scores: Scores
    rows: tuple[Row, ...] = ()

    @property
    def winner(self) -> Player | None:
        """The player with more points; ``None`` for a draw or a shared win."""
        if self.scores.x > self.scores.o:
            return Player.X
        if self.scores.o > self.scores.x:
            return Player.O
        return None

    @property
    def shared(self) -> bool:
        """A tie both players won, their winning conditions met at once (text 004's 1–1);
        any other tie is a draw, whatever points it gives (text 002's 10–10)."""
        return self.winner is None and self.termination in (
            Termination.ROW,
            Termination.BOARDS_IN_ROW,
        )
