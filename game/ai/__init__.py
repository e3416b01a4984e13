"""Bots: given a position, which action? Standard library only.

A bot takes its random generator from outside, so a game with bots can be
replayed exactly.
"""

from __future__ import annotations

from random import Random
from typing import Protocol

from game.rules import Action, Position, Variant


class Bot(Protocol):
    def choose(self, pos: Position) -> Action:
        """A legal action in ``pos``, which must await one (not over)."""
        ...


class RandomBot:
    """The beginner: uniformly random legal actions."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def choose(self, pos: Position) -> Action:
        return self.rng.choice(pos.legal_actions())


LEVELS: tuple[str, ...] = ("beginner",)


def make_bot(level: str, variant: Variant, rng: Random) -> Bot:
    """The bot of a level a player can pick; ``ValueError`` for an unknown one."""
    if level == "beginner":
        return RandomBot(rng)
    raise ValueError(f"unknown bot level {level!r}; the levels are {', '.join(LEVELS)}")
