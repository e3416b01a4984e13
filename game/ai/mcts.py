"""Monte Carlo tree search on the public Position API, for every variant.

Whoever is to act at a node decides there: the mover at a placement, and at
a collapse the chooser (the player who did not close the cycle), so a
collapse choice is searched like any other decision.

- Selection: UCT on the mean result for the player who made the move.
- Expansion: one new child per iteration, in a random order drawn from the
  bot's generator, with progressive widening: a node with ``n`` visits has
  at most ``1 + WIDENING * sqrt(n)`` children, so boards with hundreds of
  placements still grow a deep tree.
- Simulation: random play to the end; a chooser in a rollout takes the
  collapse that ends the game better for it, if one does. On boards of
  mini-boards a new leaf is valued by its line pressure instead
  (:mod:`game.ai.pressure`), and each node keeps only the placements the
  pressure's prior ranks highest, in that order: random games of 80 plies
  say little there, and 3,000 placements spread the visits too thin. On the
  n×n board likewise by its window pressure (:mod:`game.ai.windows`), every
  placement kept, best first.
- Results are from X's side in [-1, 1]: the final score difference, capped.
  A drawn game is worth ``-contempt`` to the player the bot searches for
  (and as much to the other): a bot with contempt plays for a win and takes
  risks to avoid a draw, which is what separates levels on boards where
  good play draws (text 004's shared wins).
- Known results climb the tree (MCTS-Solver): a node whose player has a
  winning child, or whose children are all settled, is settled too, and
  its exact value replaces the sampled mean.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING, Protocol

from game.ai.pressure import Pressure
from game.ai.windows import WindowPressure
from game.rules import Action, Collapse, Position
from game.rules.nxn import BonusBoard
from game.rules.squared import Squared
from game.rules.variant import Variant

if TYPE_CHECKING:
    from game.ai import Stop
    from game.ai.keeping import Keeping  # which imports this module, through the analysis

EXPLORATION = 0.8
WIDENING = 2.0


class Node:
    """A position in the tree and the statistics of the move that led to it."""

    __slots__ = (
        "actions",
        "children",
        "pos",
        "proven",
        "pruned",
        "sign",
        "total",
        "untried",
        "visits",
    )

    def __init__(self, pos: Position, sign: float, draw: float) -> None:
        self.pos = pos
        self.sign = sign  # +1 if X made the move into this node, -1 if O did
        self.children: list[Node] = []
        self.actions: list[Action] = []
        self.untried: list[Action] | None = None
        # Some legal actions were never kept: "every child settled" does not settle the node.
        self.pruned = False
        self.visits = 0
        self.total = 0.0  # sum of results, seen by the player who made the move
        # The exact result (X's side) once known: at the end of the game, or by _prove_upwards.
        self.proven: float | None = result_of(pos, draw) if pos._outcome is not None else None


class Evaluator(Protocol):
    """What a search reads on a board with pressure: a leaf's value and a node's actions."""

    exploration: float  # UCT's constant for values on this evaluator's scale

    def value(self, pos: Position) -> float:
        """X's side, below a win's 1; ``pos`` is not over and awaits no collapse."""
        ...

    def candidates(self, pos: Position, rng: Random) -> tuple[list[Action], bool]:
        """The actions a node keeps, worst first, and whether any were cut."""
        ...


def pressure_of(variant: Variant) -> Evaluator | None:
    """The pressure a search reads on ``variant``'s board, if there is one."""
    if isinstance(variant, Squared):
        return Pressure()
    if isinstance(variant, BonusBoard):
        return WindowPressure(variant)
    return None


class Search:
    """One search tree from one root position; ``run`` grows it, ``best`` reads it.

    ``exploration`` is UCT's constant; by default 0.8 with random playouts and
    the pressure's own with pressure, whose values are smaller.
    ``pressure=False`` plays random playouts over every placement even where
    pressure could be read (a weaker level's search).
    """

    def __init__(
        self,
        pos: Position,
        rng: Random,
        contempt: float = 0.0,
        *,
        exploration: float | None = None,
        pressure: bool = True,
    ) -> None:
        if pos.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        # A draw from X's side: what it is worth to the player to move at the root.
        self.draw = -contempt if pos._turn & 1 else contempt
        self.root = Node(pos, 0.0, self.draw)
        self.rng = rng
        self.iterations = 0
        # Pressure where the variant has it and the level wants it.
        self.pressure = pressure_of(pos.variant) if pressure else None
        if exploration is None:
            exploration = EXPLORATION if self.pressure is None else self.pressure.exploration
        self.exploration = exploration
        self.simulate = _full_rollout if self.pressure is None else self._pressure_leaf

    def run(
        self,
        iterations: int,
        deadline: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
        stop: Stop | None = None,
    ) -> None:
        """Grow the tree by ``iterations``, or fewer if ``deadline`` passes on ``clock`` or
        ``stop`` is set."""
        step = self.iterate
        done = 0
        while done < iterations:
            batch = min(32, iterations - done)
            for _ in range(batch):
                step()
            done += batch
            if self.root.proven is not None:
                break  # the value is known: more iterations would change nothing
            if deadline is not None and clock() >= deadline:
                break
            if stop is not None and stop.is_set():
                break  # nobody waits for the answer: the expert's 4.6 s held a closed window
        self.iterations += done

    def iterate(self) -> None:
        node = self.root
        path = [node]
        rng = self.rng
        pressure = self.pressure
        while node.proven is None:
            untried = node.untried
            if untried is None:
                if pressure is None:
                    untried = node.untried = list(node.pos.legal_actions())
                else:
                    untried, node.pruned = pressure.candidates(node.pos, rng)
                    node.untried = untried
            if untried and len(node.children) <= WIDENING * math.sqrt(node.visits):
                if pressure is None:
                    # Swap a random untried action to the end and take it: a lazy shuffle.
                    i = int(rng.random() * len(untried))
                    untried[i], untried[-1] = untried[-1], untried[i]
                # With a prior the list is ranked worst first: the best untried action is last.
                action = untried.pop()
                sign = 1.0 if node.pos._turn & 1 else -1.0
                child = Node(node.pos._apply(action), sign, self.draw)
                node.children.append(child)
                node.actions.append(action)
                path.append(child)
                node = child
                break
            node = _select(node, self.exploration)
            path.append(node)
        result = node.proven if node.proven is not None else self.simulate(node.pos, rng, self.draw)
        for visited in path:
            visited.visits += 1
            visited.total += result * visited.sign
        if node.proven is not None:
            _prove_upwards(path)

    def best(self) -> Action:
        """A proven win if there is one, else the most visited action that is not a proven loss."""
        return pick([self.statistics()])

    def statistics(self) -> Statistics:
        """Each root action's visits, their summed results and, if settled, its exact value,
        all seen by the player acting at the root."""
        root = self.root
        if not root.children:
            self.iterate()
        mover = 1.0 if root.pos._turn & 1 else -1.0
        return {
            action: (
                child.visits,
                child.total,
                None if child.proven is None else mover * child.proven,
            )
            for action, child in zip(root.actions, root.children, strict=True)
        }

    def reroot(self, played: Action, pos: Position) -> bool:
        """Keep the tree below ``pos`` if it lies at most three actions below the root, the
        first ``played``: the bot's answer, then the other side's collapse and move."""
        root = self.root
        if played not in root.actions:
            return False
        frontier = [root.children[root.actions.index(played)]]
        for _ in range(3):
            for node in frontier:
                if node.pos._turn == pos._turn and node.pos == pos:
                    self.root = node
                    return True
            frontier = [child for node in frontier for child in node.children]
        return False

    def restrict(self, share: list[Action]) -> None:
        """Search only ``share`` of the root's actions (best last), keeping what was grown below
        them: another process searches the rest (:mod:`game.ai.parallel`)."""
        root = self.root
        grown = dict(zip(root.actions, root.children, strict=True))
        root.actions = [action for action in share if action in grown]
        root.children = [grown[action] for action in root.actions]
        root.untried = [action for action in share if action not in grown]
        root.pruned = True
        # Only a win among the kept actions settles the root now.
        mover = 1.0 if root.pos._turn & 1 else -1.0
        wins = [c for c in root.children if c.proven is not None and mover * c.proven >= 1.0]
        root.proven = wins[0].proven if wins else None

    def _pressure_leaf(self, pos: Position, rng: Random, draw: float) -> float:
        """A new leaf's value by line pressure; an awaited collapse by the chooser's better side."""
        if pos._outcome is not None:
            return result_of(pos, draw)
        assert self.pressure is not None
        if not pos._pending:
            return self.pressure.value(pos)
        mover = 1.0 if pos._turn & 1 else -1.0
        return mover * max(
            mover * self._pressure_leaf(pos._apply(action), rng, draw)
            for action in pos.legal_actions()
        )


Statistics = dict[Action, tuple[int, float, float | None]]
"""A search's root actions: visits, summed results, and the exact value once settled, all seen
by the player acting there."""


def pick(searches: list[Statistics]) -> Action:
    """The action to play from one or more searches of one position (root parallel).

    A win that any search proved; else the most visits summed over the
    searches, keeping clear of an action some search proved lost; equal
    visits go to the better summed results.
    """
    merged: dict[Action, list[float]] = {}
    for statistics in searches:
        for action, (visits, total, proven) in statistics.items():
            entry = merged.setdefault(action, [0.0, 0.0, 0.0])
            entry[1] += visits
            entry[2] += total
            if proven is not None and abs(proven) >= 1:
                # Exact in every tree: a win is a win, and a proven loss ranks last.
                entry[0] = max(entry[0], proven) if proven > 0 else min(entry[0], proven)
    return max(merged, key=lambda action: tuple(merged[action]))


def pick_split(searches: list[Statistics]) -> Action:
    """The action to play from searches of disjoint shares of one position's actions.

    Visits are not comparable between trees that split the root, so each
    search offers its own choice (:func:`pick`) and the one with the better
    value plays: its exact value if settled, else its mean result.
    """

    def value(statistics: Statistics, action: Action) -> float:
        visits, total, proven = statistics[action]
        return proven if proven is not None else total / visits if visits else -math.inf

    offers = []
    for statistics in searches:
        if statistics:
            action = pick([statistics])
            offers.append((value(statistics, action), action))
    return max(offers, key=lambda offer: offer[0])[1]


def _prove_upwards(path: list[Node]) -> None:
    """Settle the values that the newly known result decides, from the leaf towards the root.

    A node is settled once its player to act has a winning child (nothing beats
    a win), or every child is expanded and settled (the best of them). Settled
    nodes are not searched again: their value is the result (MCTS-Solver).
    """
    for node in reversed(path[:-1]):
        if node.proven is not None:
            return
        mover = 1.0 if node.pos._turn & 1 else -1.0
        best = -math.inf
        complete = not node.untried and not node.pruned
        for child in node.children:
            if child.proven is None:
                complete = False
            elif mover * child.proven > best:
                best = mover * child.proven
        if best >= 1.0 or (complete and best > -math.inf):
            node.proven = mover * best
        else:
            return


def _select(node: Node, exploration: float) -> Node:
    log_n = math.log(node.visits)
    sqrt = math.sqrt  # a local: this loop runs for every child on every path
    best = None
    best_score = -math.inf
    for child in node.children:
        n = child.visits
        proven = child.proven
        mean = child.total / n if proven is None else child.sign * proven
        score = mean + exploration * sqrt(log_n / n)
        if score > best_score:
            best_score = score
            best = child
    assert best is not None
    return best


# -- simulation ------------------------------------------------------------------------


def result_of(pos: Position, draw: float = 0.0) -> float:
    """A finished game's result from X's side: the score difference capped to [-1, 1].

    A draw (equal scores) is worth ``draw``, the searching bot's contempt seen from X.
    """
    scores = pos._outcome.scores if pos._outcome else pos.scores()
    difference = scores.x - scores.o
    return max(-1.0, min(1.0, float(difference))) if difference else draw


def _full_rollout(pos: Position, rng: Random, draw: float) -> float:
    while pos._outcome is None:
        pos = _rollout_step(pos, rng, draw)
    return result_of(pos, draw)


def _rollout_step(pos: Position, rng: Random, draw: float) -> Position:
    """A random action, except that a chooser takes a collapse that ends the game better.

    Both outcomes of a collapse cost one more apply; a chooser blind to a
    winning collapse makes random games say little about who is ahead.
    """
    # random_action() gives canonical, legal actions: the unchecked path is safe.
    nxt = pos._apply(pos.random_action(rng))
    if pos._pending:
        k, a, b = pos._spooky[-1]
        other = pos._apply(Collapse(k, b if nxt._cells[a] == k else a))
        if other._outcome is not None or nxt._outcome is not None:
            mover = 1.0 if pos._turn & 1 else -1.0
            if mover * _guess(other, draw) > mover * _guess(nxt, draw):
                return other
    return nxt


def _guess(pos: Position, draw: float) -> float:
    # A game that goes on counts as even when a chooser compares its two collapses.
    return result_of(pos, draw) if pos._outcome is not None else 0.0


class Tree:
    """A bot's search across the moves of one game: each answer keeps the part of the last tree
    below the position it is asked about, so what was searched on the other side's time counts."""

    def __init__(
        self, rng: Random, contempt: float, reuse: bool = True, pressure: bool = True
    ) -> None:
        self.rng = rng
        self.contempt = contempt
        self.reuse = reuse
        self.pressure = pressure
        self._search: Search | None = None
        self._played: Action | None = None

    def search(
        self,
        pos: Position,
        iterations: int,
        deadline: float | None,
        clock: Callable[[], float] = time.perf_counter,
        share: list[Action] | None = None,
        stop: Stop | None = None,
    ) -> Search:
        """The search of ``pos``, grown by ``iterations`` (or until ``deadline`` on ``clock``,
        or ``stop`` is set), over only ``share`` of its actions if given (see
        :meth:`Search.restrict`)."""
        search = self._search
        if not (
            self.reuse
            and search is not None
            and self._played is not None
            and search.reroot(self._played, pos)
        ):
            search = Search(pos, self.rng, self.contempt, pressure=self.pressure)
        if share is not None:
            search.restrict(share)
        search.run(iterations, deadline, clock, stop)
        self._search = search
        self._played = None
        return search

    def played(self, action: Action) -> None:
        """The action the bot answered with in the position searched last."""
        self._played = action


def kept(keeping: Keeping | None, pos: Position, time_limit: float | None) -> list[Action] | None:
    """The actions a bot with ``keeping`` searches in ``pos`` (None: all of them); the solver
    has half of the bot's time for them."""
    if keeping is None:
        return None
    return keeping.actions(pos, None if time_limit is None else time_limit / 2)


class MCTSBot:
    """A bot that searches ``iterations`` times, or until ``time_limit`` seconds have passed.

    ``contempt`` in [0, 1] is how much worse than nothing a draw is to it (``safe_contempt``,
    if given, where ``keeping`` left only actions that cannot lose);
    ``cpu_time`` counts the limit in CPU seconds of this process.
    """

    def __init__(
        self,
        rng: Random,
        iterations: int,
        time_limit: float | None = None,
        contempt: float = 0.0,
        reuse: bool = True,
        pressure: bool = True,
        cpu_time: bool = False,
        keeping: Keeping | None = None,
        safe_contempt: float | None = None,
    ) -> None:
        self.iterations = iterations
        self.time_limit = time_limit
        self.clock = time.process_time if cpu_time else time.perf_counter
        self.tree = Tree(rng, contempt, reuse, pressure)
        # A tree of its own: its values count draws otherwise.
        self.safe_tree = None
        if safe_contempt is not None:
            self.safe_tree = Tree(rng, safe_contempt, reuse, pressure)
        self.keeping = keeping

    def choose(self, pos: Position, stop: Stop | None = None) -> Action:
        actions = pos.legal_actions()
        if len(actions) == 1:
            return actions[0]
        deadline = None if self.time_limit is None else self.clock() + self.time_limit
        share = kept(self.keeping, pos, self.time_limit)
        if share is not None and len(share) == 1:
            return share[0]
        tree = self.tree
        if share is not None and self.safe_tree is not None:
            tree = self.safe_tree
        action = tree.search(pos, self.iterations, deadline, self.clock, share, stop).best()
        tree.played(action)
        return action
