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
