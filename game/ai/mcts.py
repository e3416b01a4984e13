"""Monte Carlo tree search on the public Position API, for every variant.

Whoever is to act at a node decides there: the mover at a placement, and at
a collapse the chooser (the player who did not close the cycle), so a
collapse choice is searched like any other decision.

- Selection: UCT on the mean result for the player who made the move.
- Expansion: one new child per iteration, in a random order drawn from the
  bot's generator, with progressive widening: a node with ``n`` visits has
  at most ``1 + WIDENING * sqrt(n)`` children, so boards with hundreds of
  placements still grow a deep tree.
- Simulation: random play to the end, or on large boards for a fixed number
  of plies followed by a static evaluation (:func:`evaluate`); a full
  random game of Ultimate costs about 80 plies.
- Results are from X's side in [-1, 1]: the final score difference, capped.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import cache
from random import Random

from game.rules import Action, Position, Variant
from game.rules.squared import LINES_3X3, Squared

EXPLORATION = 0.8
WIDENING = 2.0
# Rollout plies before the static evaluation, by variant; a variant not named plays to the end.
ROLLOUT_PLIES: dict[str, int] = {"squared": 12, "ultimate": 12}


class Node:
    """A position in the tree and the statistics of the move that led to it."""

    __slots__ = ("actions", "children", "pos", "sign", "total", "untried", "visits")

    def __init__(self, pos: Position, sign: float) -> None:
        self.pos = pos
        self.sign = sign  # +1 if X made the move into this node, -1 if O did
        self.children: list[Node] = []
        self.actions: list[Action] = []
        self.untried: list[Action] | None = None
        self.visits = 0
        self.total = 0.0  # sum of results, seen by the player who made the move


class Search:
    """One search tree from one root position; ``run`` grows it, ``best`` reads it."""

    def __init__(self, pos: Position, rng: Random) -> None:
        if pos.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        self.root = Node(pos, 0.0)
        self.rng = rng
        self.iterations = 0
        self.simulate = simulator(pos.variant)

    def run(self, iterations: int, deadline: float | None = None) -> None:
        """Grow the tree by ``iterations``, or fewer if ``deadline`` (perf_counter) passes."""
        step = self.iterate
        done = 0
        while done < iterations:
            batch = min(32, iterations - done)
            for _ in range(batch):
                step()
            done += batch
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.iterations += done

    def iterate(self) -> None:
        node = self.root
        path = [node]
        rng = self.rng
        while node.pos._outcome is None:
            untried = node.untried
            if untried is None:
                untried = node.untried = list(node.pos.legal_actions())
            if untried and len(node.children) <= WIDENING * math.sqrt(node.visits):
                # Swap a random untried action to the end and take it: a lazy shuffle.
                i = int(rng.random() * len(untried))
                untried[i], untried[-1] = untried[-1], untried[i]
                action = untried.pop()
                sign = 1.0 if node.pos._turn & 1 else -1.0
                child = Node(node.pos._apply(action), sign)
                node.children.append(child)
                node.actions.append(action)
                path.append(child)
                node = child
                break
            node = _select(node)
            path.append(node)
        result = self.simulate(node.pos, rng)
        for visited in path:
            visited.visits += 1
            visited.total += result * visited.sign

    def best(self) -> Action:
        """The most visited action at the root (ties: the better mean)."""
        root = self.root
        if not root.children:
            self.iterate()
        index = max(
            range(len(root.children)),
            key=lambda i: (root.children[i].visits, root.children[i].total),
        )
        return root.actions[index]


def _select(node: Node) -> Node:
    log_n = math.log(node.visits)
    best = None
    best_score = -math.inf
    for child in node.children:
        n = child.visits
        score = child.total / n + EXPLORATION * math.sqrt(log_n / n)
        if score > best_score:
            best_score = score
            best = child
    assert best is not None
    return best


# -- simulation ------------------------------------------------------------------------


def result_of(pos: Position) -> float:
    """A finished game's result from X's side: the score difference, capped to [-1, 1]."""
    scores = pos._outcome.scores if pos._outcome else pos.scores()
    return max(-1.0, min(1.0, float(scores.x - scores.o)))


def simulator(variant: Variant) -> Callable[[Position, Random], float]:
    """The simulation of a variant: random play to the end, or a few plies and an evaluation."""
    plies = ROLLOUT_PLIES.get(variant.name)
    if plies is None:
        return _full_rollout

    evaluate_here = evaluator(variant)

    def truncated(pos: Position, rng: Random) -> float:
        for _ in range(plies):
            if pos._outcome is not None:
                return result_of(pos)
            pos = pos._apply(pos.random_action(rng))
        if pos._outcome is not None:
            return result_of(pos)
        return evaluate_here(pos)

    return truncated


def _full_rollout(pos: Position, rng: Random) -> float:
    while pos._outcome is None:
        # random_action() gives canonical, legal actions: the unchecked path is safe.
        pos = pos._apply(pos.random_action(rng))
    return result_of(pos)


def evaluator(variant: Variant) -> Callable[[Position], float]:
    """A static guess in (-½, ½) from X's side; a finished game counts more than any guess."""
    cell_lines = _masks(variant.lines)
    if not isinstance(variant, Squared):
        return lambda pos: _squash(_line_pressure(*pos.player_masks(), cell_lines))
    board_lines = _masks(LINES_3X3)

    def boards(pos: Position) -> float:
        x, o = pos.player_masks()
        xb, ob = variant.won_boards(pos)
        # A won mini-board is worth far more than marks inside one: it is a mark one level up.
        return _squash(_line_pressure(x, o, cell_lines) + 6 * _line_pressure(xb, ob, board_lines))

    return boards


def evaluate(pos: Position) -> float:
    """The static guess :func:`simulator` uses for ``pos`` (over or not)."""
    if pos.is_over:
        return result_of(pos)
    return evaluator(pos.variant)(pos)


@cache
def _masks(lines: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(sum(1 << c for c in line) for line in lines)


def _line_pressure(x: int, o: int, masks: tuple[int, ...]) -> float:
    """Lines one player has started and the other has not blocked, by their marks squared."""
    total = 0
    for m in masks:
        xs = x & m
        os_ = o & m
        if xs and not os_:
            total += xs.bit_count() ** 2
        elif os_ and not xs:
            total -= os_.bit_count() ** 2
    return total


def _squash(pressure: float) -> float:
    return 0.5 * math.tanh(pressure / 16)


class MCTSBot:
    """A bot that searches ``iterations`` times, or until ``time_limit`` seconds have passed."""

    def __init__(self, rng: Random, iterations: int, time_limit: float | None = None) -> None:
        self.rng = rng
        self.iterations = iterations
        self.time_limit = time_limit

    def choose(self, pos: Position) -> Action:
        actions = pos.legal_actions()
        if len(actions) == 1:
            return actions[0]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        search = Search(pos, self.rng)
        search.run(self.iterations, deadline)
        return search.best()
