"""What tests share about games: play record tokens, read the classical board, play at random."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from game.records import state_report
from game.rules import Position, Variant


def played(variant: Variant, *tokens: str) -> Position:
    """The position after ``tokens`` from the empty board, each checked (an illegal one raises)."""
    pos = Position(variant)
    for token in tokens:
        pos = pos.play(variant.parse_token(token))
    return pos


def random_game(variant: Variant, seed: int, start: Sequence[str] = ()) -> list[str]:
    """The tokens that follow ``start`` in a game finished by uniformly random legal actions."""
    rng = Random(seed)
    pos = played(variant, *start)
    tokens = []
    while not pos.is_over:
        action = rng.choice(pos.legal_actions())
        tokens.append(variant.token(action))
        pos = pos.play(action)
    return tokens


def board(pos: Position) -> dict[str, str]:
    """The state report's classical marks: cell label -> mark."""
    return state_report(pos)["classical"]  # type: ignore[return-value]
