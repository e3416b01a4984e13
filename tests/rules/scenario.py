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
