"""Uniformly random play to the end: the engine's benchmark and the bots' rollouts."""

from __future__ import annotations

from random import Random

from game.rules.position import Position


def random_playout(pos: Position, rng: Random) -> Position:
    """Play uniformly random legal actions from ``pos`` until the game is over."""
    choose = rng.choice
    while True:
        actions = pos.legal_actions()
        if not actions:
            return pos
        # legal_actions() lists canonical, legal actions: the unchecked path is safe.
        pos = pos._apply(choose(actions))
