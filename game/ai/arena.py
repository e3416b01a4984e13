"""Bots against bots: whole games, reproducible from a seed, and their tally."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from random import Random

from game.ai import make_bot
from game.rules import Position, Scores, Variant


def play_game(variant: Variant, x_level: str, o_level: str, seed: int) -> Position:
    """One game between two levels; the same seed replays the same game."""
    rng = Random(seed)
    bots = (
        make_bot(x_level, variant, Random(rng.randrange(2**32))),
        make_bot(o_level, variant, Random(rng.randrange(2**32))),
    )
    pos = Position(variant)
    while not pos.is_over:
        # X acts on odd subscripts, O on even ones; a chooser acts on the next mover's.
        pos = pos.play(bots[0 if pos.move_number & 1 else 1].choose(pos))
    return pos


@dataclass
class Tally:
    """Wins, draws and losses seen from X, and each side's points."""

    x_wins: int = 0
    draws: int = 0
    o_wins: int = 0
    x_points: list[float] = field(default_factory=list)
    o_points: list[float] = field(default_factory=list)

    def add(self, scores: Scores) -> None:
        if scores.x > scores.o:
            self.x_wins += 1
        elif scores.o > scores.x:
            self.o_wins += 1
        else:
            self.draws += 1
        self.x_points.append(scores.x)
        self.o_points.append(scores.o)

    @property
    def games(self) -> int:
        return self.x_wins + self.draws + self.o_wins


def mean_ci95(values: Iterable[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95% confidence interval."""
    data = list(values)
    n = len(data)
    if n == 0:
        return 0.0, 0.0
    mean = sum(data) / n
    if n == 1:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in data) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)
