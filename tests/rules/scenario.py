"""What the variants' scenario tests share: play record tokens, read the classical board."""

from __future__ import annotations

from game.records import state_report
from game.rules import Position, Variant


def played(variant: Variant, *tokens: str) -> Position:
    """The position after ``tokens`` from the empty board, each checked (an illegal one raises)."""
    pos = Position(variant)
    for token in tokens:
        pos = pos.play(variant.parse_token(token))
    return pos


def board(pos: Position) -> dict[str, str]:
    """The state report's classical marks: cell label -> mark."""
    return state_report(pos)["classical"]  # type: ignore[return-value]
