"""Bots against bots: whole games, reproducible from a seed, and their tally."""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from random import Random

from game.ai import make_bot
from game.rules import Position, Scores, Variant


def play_game(
    variant: Variant,
    x_level: str,
    o_level: str,
    seed: int,
    answers: tuple[list[float], list[float]] | None = None,
    cpu_time: bool = False,
) -> Position:
    """One game between two levels; the same seed replays the same game.

    ``answers``, if given, receives the seconds each of X's and O's answers took;
    ``cpu_time`` counts the bots' time limits in CPU seconds (see :func:`game.ai.search_bot`).
    """
    rng = Random(seed)
    bots = (
        make_bot(x_level, variant, Random(rng.randrange(2**32)), cpu_time),
        make_bot(o_level, variant, Random(rng.randrange(2**32)), cpu_time),
    )
    pos = Position(variant)
    while not pos.is_over:
        # X acts on odd subscripts, O on even ones; a chooser acts on the next mover's.
        side = 0 if pos.move_number & 1 else 1
        began = time.perf_counter()
        action = bots[side].choose(pos)
        if answers is not None:
            answers[side].append(time.perf_counter() - began)
        pos = pos.play(action)
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


ELO = 400 / math.log(10)  # Elo points per unit of log-odds
PRIOR_DRAWS = 1.0  # virtual drawn games added to every pair played: a 100% score stays finite


@dataclass
class Rating:
    """A level's Elo estimate, relative to the first level of the ladder, with a 95% half-width."""

    elo: float
    ci95: float


def elo_ratings(
    levels: Sequence[str], scores: dict[tuple[str, str], tuple[float, int]]
) -> list[Rating]:
    """Bradley–Terry ratings by maximum likelihood, the first level fixed at 0.

    ``scores[a, b]`` is (points of ``a`` against ``b``, games), a win 1 and a
    draw ½. Each pair played also counts :data:`PRIOR_DRAWS` drawn games, so a
    level that won every game gets a finite rating and a wide interval. The
    interval is the normal one from the curvature of the likelihood.
    """
    n = len(levels)
    index = {level: i for i, level in enumerate(levels)}
    won = [[0.0] * n for _ in range(n)]
    games = [[0.0] * n for _ in range(n)]
    for (a, b), (points, played) in scores.items():
        i, j = index[a], index[b]
        won[i][j] += points + PRIOR_DRAWS / 2
        won[j][i] += played - points + PRIOR_DRAWS / 2
        games[i][j] += played + PRIOR_DRAWS
        games[j][i] += played + PRIOR_DRAWS
    beta = [0.0] * n
    covariance: list[list[float]] = [[0.0] * (n - 1) for _ in range(n - 1)]
    for _ in range(100):
        gradient = [0.0] * n
        info = [[0.0] * n for _ in range(n)]  # the negated Hessian
        for i in range(n):
            for j in range(n):
                if i == j or not games[i][j]:
                    continue
                p = 1 / (1 + math.exp(beta[j] - beta[i]))
                gradient[i] += won[i][j] - games[i][j] * p
                w = games[i][j] * p * (1 - p)
                info[i][i] += w
                info[i][j] -= w
        # The first level is the anchor: solve for the others.
        free = [row[1:] for row in info[1:]]
        covariance = _inverse(free)
        step = [sum(covariance[i][j] * gradient[j + 1] for j in range(n - 1)) for i in range(n - 1)]
        for i, delta in enumerate(step):
            beta[i + 1] += delta
        if max((abs(d) for d in step), default=0.0) < 1e-9:
            break
    ratings = [Rating(0.0, 0.0)]
    for i in range(1, n):
        ratings.append(
            Rating(ELO * beta[i], 1.96 * ELO * math.sqrt(max(covariance[i - 1][i - 1], 0.0)))
        )
    return ratings


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan inverse of a small positive definite matrix (each level linked to the first)."""
    n = len(matrix)
    rows = [list(row) + [float(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("a level played no games connected to the others")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]
