"""What tests share about games: play record tokens, read the classical board, play at random."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from game.records import state_report
from game.rules import Position, Variant
from game.rules.playout import random_tokens


def played(variant: Variant, *tokens: str) -> Position:
    """The position after ``tokens`` from the empty board, each checked (an illegal one raises)."""
    pos = Position(variant)
    for token in tokens:
        pos = pos.play(variant.parse_token(token))
    return pos


def random_game(variant: Variant, seed: int, start: Sequence[str] = ()) -> list[str]:
    """The tokens that follow ``start`` in a game finished by uniformly random legal actions."""
    return random_tokens(played(variant, *start), Random(seed))


def board(pos: Position) -> dict[str, str]:
    """The state report's classical marks: cell label -> mark."""
    return state_report(pos)["classical"]  # type: ignore[return-value]


# A shared win of Squared: X wins mini-boards 1 and 2, O 6 and 9, then one collapse wins
# mini-board 3 for both (X's row 3.1-3.2-3.3, O's column 3.3-3.6-3.9): X holds the top row of
# mini-boards and O the right column at once.
SQUARED_SHARED_WIN = (
    *("1.1-1.2", "6.1-6.2", "1.2-1.3", "6.2-6.3", "1.1-1.3", "5@1.1", "6.1-6.3", "6@6.1"),
    *("2.1-2.2", "9.1-9.2", "2.2-2.3", "9.2-9.3", "2.1-2.3", "11@2.1", "9.1-9.3", "12@9.1"),
    *("3.1-3.2", "3.1-3.7", "3.2-3.3", "3.2-3.8", "4.1-4.2", "3.3-3.9", "3.1-3.3", "19@3.1"),
)
