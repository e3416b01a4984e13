"""Uniformly random play to the end: the engine's benchmark and the bots' rollouts."""

from __future__ import annotations

from random import Random

from game.rules.position import Position


def random_playout(pos: Position, rng: Random) -> Position:
    """Play uniformly random legal actions from ``pos`` until the game is over."""
    while pos._outcome is None:
        # random_action() gives canonical, legal actions: the unchecked path is safe.
        pos = pos._apply(pos.random_action(rng))
    return pos


def random_tokens(pos: Position, rng: Random) -> list[str]:
    """The record tokens of uniformly random legal actions from ``pos`` to the end (chosen from
    ``legal_actions()``, so a seed gives the same game wherever it is used)."""
    tokens = []
    while not pos.is_over:
        action = rng.choice(pos.legal_actions())
        tokens.append(pos.variant.token(action))
        pos = pos.play(action)
    return tokens
