"""An exact solver for the 3×3 games: alpha-beta over a private, packed board.

It plays two rule sets, described to it by a :class:`Rules`:

- Goff's game. His scoring makes it zero-sum in the score difference: each
  final score pair (X–O) has its own difference (0–0, 1–0, 0–1, 1–½, ½–1,
  2–0, 1½–0), so the value of a position is one small integer, twice X's
  points minus O's, and the pair follows from it.
- Text 004's shared-win game. Three rules differ: a pair of cells a spooky
  mark joins cannot be joined again (no two-cell cycles), a row is worth 1
  to each player who has one whatever its date, and there is no move-9
  exception (one open cell left is a draw). A value is still twice X−O:
  2 a win, −2 a loss, 0 a draw *or a shared win* (1–1): the difference is
  what each player plays for, so the two are one value, shown as 0–0.

The public engine (:mod:`game.rules`) is built for clarity; search needs
millions of positions a minute, so this module keeps its own representation
(validated against the engine in tests/ai):

- a packed key ``K`` of 13 bits a cell: 4 bits of classical subscript, then
  9 bits, one per subscript of the spooky marks in that cell. The key fixes
  the whole position: whose move it is follows from the number of marks.
- ``xb``/``ob``: bitboards of X's and O's classical cells, ``open_`` the
  cells that are not classical, ``comp`` the entanglement group of each
  cell, ``spooky`` the marks still in two places as ``(k, a, b)``.

Search is negamax alpha-beta with a transposition table of bounds. Early
positions are looked up under the smallest of their eight symmetric keys;
later ones, rarely symmetric, under their own key, which is cheaper.
A collapse is a node of its own where the chooser (the player who did not
close the cycle) takes the better of the two outcomes.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from random import Random
from typing import Any

from game.rules import Action, Collapse, Place, Player, Position, Scores, Variant

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
_LINE_MASKS = tuple(sum(1 << c for c in line) for line in LINES)


def _rows_of(bits: int) -> tuple[tuple[int, int, int], ...]:
    return tuple(line for line, m in zip(LINES, _LINE_MASKS, strict=True) if bits & m == m)


# The lines one player's classical cells complete, for every set of cells.
_ROWS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(_rows_of(b) for b in range(512))


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of the square, each as the image of every cell."""

    def rotate(c: int) -> int:
        r, k = divmod(c, 3)
        return k * 3 + (2 - r)

    def mirror(c: int) -> int:
        r, k = divmod(c, 3)
        return r * 3 + (2 - k)

    found = []
    perm = tuple(range(9))
    for _ in range(4):
        found.append(perm)
        found.append(tuple(mirror(c) for c in perm))
        perm = tuple(rotate(c) for c in perm)
    return tuple(found)


SYMMETRIES = _symmetries()
_INVERSES = tuple(tuple(perm.index(c) for c in range(9)) for perm in SYMMETRIES)
_FIELD = 13
_CELL_MASK = (1 << _FIELD) - 1
# (source shift, target shift) per cell, for each symmetry.
_SHIFTS = tuple(tuple((_FIELD * c, _FIELD * perm[c]) for c in range(9)) for perm in SYMMETRIES)

# The 9 bits of a cell's field that hold spooky marks (the 4 below hold a classical one).
_SPOOKY_BITS = _CELL_MASK & ~15
_INFINITY = 99
# Positions up to this move number are looked up under their canonical key.
SYMMETRIC_UP_TO = 6

_LOWER, _UPPER, _MOVE = 0, 1, 2


def _goff_final(key: int, xb: int, ob: int) -> int:
    """Twice X's points minus O's once the classical rows of this board are scored."""
    dated = []
    for bits, sign in ((xb, 1), (ob, -1)):
        for line in _ROWS[bits]:
            date = max((key >> (_FIELD * c)) & 15 for c in line)
            dated.append((date, sign))
    if not dated:
        return 0
    earliest = min(date for date, _ in dated)
    return sum(sign * (2 if date == earliest else 1) for date, sign in dated)


def _shared_final(key: int, xb: int, ob: int) -> int:
    """Twice X−O with 1 point to each player who has a row, whatever its date."""
    return 2 * (bool(_ROWS[xb]) - bool(_ROWS[ob]))


@dataclass(frozen=True, eq=False)
class Rules:
    """What the search must know of a 3×3 rule set: where it differs, nothing more."""

    variant: str  # the engine variant's name
    rejoin: bool  # a second mark may join two cells a spooky mark joins (a two-cell cycle)
    last_cell: bool  # move 9 fills the one open cell left (``a-a``) instead of drawing
    final: Callable[[int, int, int], int]  # twice X−O of a finished board (key, xb, ob)
    pairs: dict[int, Scores]  # twice X−O, from X's side, to the final score pair
    ceiling: tuple[int, int]  # the most the player to move can reach: (as O, as X)

    def scores(self, value: int) -> Scores:
        """The final score pair of a value (twice X's points minus O's)."""
        return self.pairs[value]


GOFF = Rules(
    "goff",
    rejoin=True,
    last_cell=True,
    final=_goff_final,
    pairs={
        -2: Scores(0, 1),
        -1: Scores(0.5, 1),
        0: Scores(0, 0),
        1: Scores(1, 0.5),
        2: Scores(1, 0),
        3: Scores(1.5, 0),
        4: Scores(2, 0),
    },
    # Only X completes two rows of one date (with mark 9).
    ceiling=(2, 4),
)
SHARED = Rules(
    "shared",
    rejoin=False,
    last_cell=False,
    final=_shared_final,
    pairs={-2: Scores(0, 1), 0: Scores(0, 0), 2: Scores(1, 0)},
    ceiling=(2, 2),
)
RULES: dict[str, Rules] = {rules.variant: rules for rules in (GOFF, SHARED)}


def rules_for(variant: Variant) -> Rules:
    """The rules the solver plays ``variant`` by; ``ValueError`` for a game it cannot solve."""
    rules = RULES.get(variant.name)
    if rules is None:
        raise ValueError(
            f"the exact solver plays Goff's game and the shared-win game only, not {variant.name}"
        )
    return rules


def scores_of(value: int, rules: Rules = GOFF) -> Scores:
    """The final score pair of a value (twice X's points minus O's)."""
    return rules.scores(value)


def canonical(key: int) -> tuple[int, int]:
    """The smallest of the eight symmetric forms of a packed key, and the symmetry giving it."""
    best = key
    index = 0
    for i in range(1, 8):
        moved = 0
        for src, dst in _SHIFTS[i]:
            moved |= ((key >> src) & _CELL_MASK) << dst
        if moved < best:
            best = moved
            index = i
    return best, index


class _State:
    """The search's own position: the packed fields of the module docstring."""

    __slots__ = ("comp", "key", "ob", "open_", "pending", "spooky", "turn", "xb")

    def __init__(self, pos: Position, rules: Rules) -> None:
        if pos.variant.name != rules.variant:
            raise ValueError(f"this solver plays {rules.variant}, not {pos.variant.name}")
        key = xb = ob = 0
        for cell, k in enumerate(pos.cells):
            if k:
                key |= k << (_FIELD * cell)
                if k & 1:
                    xb |= 1 << cell
                else:
                    ob |= 1 << cell
        for k, a, b in pos.spooky_marks:
            key |= (1 << (_FIELD * a + 3 + k)) | (1 << (_FIELD * b + 3 + k))
        self.key = key
        self.xb = xb
        self.ob = ob
        self.open_ = sum(1 << c for c in pos.open_cells())
        self.spooky = pos.spooky_marks
        self.comp = pos._comp
        self.turn = pos.move_number
        self.pending = pos.awaiting_collapse


class Interrupted(Exception):
    """A search given up because :attr:`Solver.interrupted` was set or :attr:`Solver.deadline`
    passed (its table stays sound)."""


Book = dict[int, tuple[int, tuple[int, int]]]
"""Canonical key -> (value, a best move in the canonical orientation).

A move is a pair of cells for a placement, or ``(cell, cell)`` for the cell
where the pending mark lands in a collapse choice.
"""


class Solver:
    """Exact values of one rule set's positions, remembering what it proved between questions.

    One solver may serve several threads: a lock keeps one search at a time
    on its table. A ``book`` (see :mod:`game.ai.make_book`) only saves time.
    """

    def __init__(self, book: Book | None = None, rules: Rules = GOFF) -> None:
        self.rules = rules
        self._final = rules.final
        self._ceiling = rules.ceiling
        # key -> [lower bound, upper bound, best move found], read by index
        self.table: dict[int, list[Any]] = {}
        self.book: Book = book or {}
        self.nodes = 0
        self.interrupted = False  # set from another thread: the search gives up soon after
        self.deadline = math.inf  # time.monotonic() at which a search gives up (a bot's budget)
        self.history = [0] * 81
        self._lock = threading.Lock()

    # -- questions about engine positions ---------------------------------------

    def value(self, pos: Position) -> Scores:
        """The score pair perfect play reaches from ``pos``."""
        return scores_of(self.value_of(pos))

    def value_of(self, pos: Position) -> int:
        """Twice X's points minus O's under perfect play from ``pos``."""
        if pos.is_over:
            return _difference(pos.scores())
        with self._lock:
            return self._exact(_State(pos, self.rules))

    def action_values(self, pos: Position) -> dict[Action, int]:
        """Every legal action with the value (twice X−O) perfect play reaches after it."""
        return {action: self.value_of(pos._apply(action)) for action in pos.legal_actions()}

    def solve(
        self, pos: Position, values: dict[Action, int] | None = None
    ) -> tuple[int, dict[Action, int]]:
        """The value of ``pos`` and of every legal action, the former read off the latter;
        ``values``: the actions' values where a table holds them all (no search then)."""
        values = self.action_values(pos) if values is None else values
        if not values:
            return self.value_of(pos), values
        pick = max if pos.to_play is Player.X else min
        return pick(values.values()), values

    def best_actions(
        self, pos: Position, value: int | None = None, partial: bool = False
    ) -> tuple[int, tuple[Action, ...]]:
        """The value of ``pos`` and every legal action that keeps it, in the engine's order.

        Each action is one one-sided search, cheap once the value is known (pass
        it as ``value`` if a table has it); actions whose positions are
        symmetric to one already tried share its answer. A ``value`` not the
        position's own gives the actions worth it or better for the mover.
        ``partial``: a search given up (see :class:`Interrupted`) returns the
        actions proven so far instead of raising.
        """
        target = self.value_of(pos) if value is None else value
        for_x = pos.to_play is Player.X
        keeping: list[Action] = []
        answers: dict[int, bool] = {}
        with self._lock:
            try:
                for action in pos.legal_actions():
                    child = pos._apply(action)
                    if child.is_over:
                        keeps = self._reaches(child, target, for_x)
                    else:
                        key = canonical(_State(child, self.rules).key)[0]
                        keeps = answers.get(key)
                        if keeps is None:
                            keeps = answers[key] = self._reaches(child, target, for_x)
                    if keeps:
                        keeping.append(action)
            except Interrupted:
                if not partial:
                    raise
        return target, tuple(keeping)

    def best_action(
        self, pos: Position, rng: Random | None = None, value: int | None = None
    ) -> Action:
        """A legal action that keeps the value of ``pos`` (``value``, if known) for its mover.

        The book's move where it has one; otherwise the table's remembered
        best is tried first, then the others in ``rng``'s order, each with a
        one-sided search that is cheap once the value is known.
        """
        with self._lock:
            state = _State(pos, self.rules)
            tkey, sym = canonical(state.key)
            booked = self.book.get(tkey)
            if booked is not None:
                return to_engine(pos, booked[1], sym)
            target = self._exact(state) if value is None else value
            actions = list(pos.legal_actions())
            if rng is not None:
                rng.shuffle(actions)
            entry = (
                None
                if state.pending
                else self.table.get(tkey if _symmetric(state.turn) else state.key)
            )
            if entry is not None and entry[_MOVE] is not None:
                first = to_engine(pos, entry[_MOVE], sym if _symmetric(state.turn) else 0)
                if first in actions:
                    actions.remove(first)
                    actions.insert(0, first)
            mover_is_x = bool(state.turn & 1)
            for action in actions:
                if self._reaches(pos._apply(action), target, mover_is_x):
                    return action
        raise AssertionError("no action keeps the value: the solver contradicts itself")

    def _reaches(self, child: Position, target: int, for_x: bool) -> bool:
        """Whether ``child`` is worth ``target`` (X's view) or better for X (``for_x``) or O."""
        if child.is_over:
            value = _difference(child.scores())
            return value >= target if for_x else value <= target
        state = _State(child, self.rules)
        # Seen from the player to move in ``child``, "at least target for X" is a bound on one side.
        sign = 1 if state.turn & 1 else -1
        bound = sign * target
        if for_x == (sign == 1):
            return self._search(state, bound - 1, bound) >= bound
        return self._search(state, bound, bound + 1) <= bound

    def _search(self, state: _State, alpha: int, beta: int) -> int:
        search = self._choose if state.pending else self._place
        return search(
            state.key,
            state.xb,
            state.ob,
            state.open_,
            state.spooky,
            state.comp,
            state.turn,
            alpha,
            beta,
        )

    def _exact(self, state: _State) -> int:
        """The exact value, X's view, of a position that is not over."""
        # Most positions are draws: a narrow window around 0 proves them fastest,
        # and a miss leaves a bound that makes the second search narrow too.
        found = self._search(state, -1, 1)
        if found <= -1:
            found = self._search(state, -_INFINITY, found + 1)
        elif found >= 1:
            found = self._search(state, found - 1, _INFINITY)
        return found if state.turn & 1 else -found

    # -- the search ----------------------------------------------------------------

    def _place(
        self,
        key: int,
        xb: int,
        ob: int,
        open_: int,
        spooky: tuple[tuple[int, int, int], ...],
        comp: tuple[int, ...],
        turn: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Value for the player to move of a position awaiting a placement."""
        self.nodes += 1
        if not self.nodes & 0xFFF and (self.interrupted or time.monotonic() > self.deadline):
            raise Interrupted
        if open_ & (open_ - 1) == 0:
            # No pair of open cells: the game is over, unless move 9 fills the last cell.
            if open_ and turn == 9 and self.rules.last_cell:
                return self._final(key | 9 << (_FIELD * (open_.bit_length() - 1)), xb | open_, ob)
            return 0
        if _symmetric(turn):
            tkey, sym = canonical(key)
        else:
            tkey, sym = key, 0
        known = self.book.get(tkey)
        if known is not None:
            return known[0] if turn & 1 else -known[0]
        entry = self.table.get(tkey)
        hint = None
        if entry is not None:
            low, high, hint = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            if alpha >= beta:
                return low
            if hint is not None and sym:
                inverse = _INVERSES[sym]
                hint = _pair(inverse[hint[0]], inverse[hint[1]])
        ceiling = self._ceiling[turn & 1]
        if alpha >= ceiling:
            # Nothing here can beat alpha: fail low without searching (and keep windows upright).
            return ceiling
        alpha0, beta0 = alpha, beta
        if beta > ceiling:
            beta = ceiling
        best = -_INFINITY
        best_move = None
        bit = 3 + turn
        joined = None if self.rules.rejoin else key
        for a, b in _ordered(open_, comp, hint, self.history, joined):
            child = key + (1 << (_FIELD * a + bit)) + (1 << (_FIELD * b + bit))
            ca = comp[a]
            cb = comp[b]
            if ca == cb:
                value = -self._choose(
                    child, xb, ob, open_, (*spooky, (turn, a, b)), comp, turn + 1, -beta, -alpha
                )
            else:
                merged = tuple([ca if c == cb else c for c in comp])
                value = -self._place(
                    child,
                    xb,
                    ob,
                    open_,
                    (*spooky, (turn, a, b)),
                    merged,
                    turn + 1,
                    -beta,
                    -alpha,
                )
            if value > best:
                best = value
                best_move = (a, b)
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        # Cut-offs near the root save the most: weigh them the most.
                        self.history[a * 9 + b] += 1 << (12 - turn)
                        break
        if best_move is None:
            # Every pair of open cells is joined already: no move is left, a draw.
            return 0
        if sym and best_move is not None:
            perm = SYMMETRIES[sym]
            best_move = _pair(perm[best_move[0]], perm[best_move[1]])
        low, high = -_INFINITY, _INFINITY
        if entry is not None:
            low, high = entry[_LOWER], entry[_UPPER]
        if best > alpha0:
            low = max(low, best)
        if best < beta0:
            high = min(high, best)
        self.table[tkey] = [low, high, best_move]
        return best

    def _choose(
        self,
        key: int,
        xb: int,
        ob: int,
        open_: int,
        spooky: tuple[tuple[int, int, int], ...],
        comp: tuple[int, ...],
        turn: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Value for the chooser (the player of ``turn``) of a cycle awaiting its collapse."""
        self.nodes += 1
        best = -_INFINITY
        for outcome in _collapses(key, xb, ob, open_, spooky, comp):
            ckey, cxb, cob, copen, cspooky, rows = outcome
            if rows:
                value = self._final(ckey, cxb, cob)
                if not turn & 1:
                    value = -value
            elif copen == 0:
                value = 0
            else:
                value = self._place(ckey, cxb, cob, copen, cspooky, comp, turn, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


def _ordered(
    open_: int,
    comp: tuple[int, ...],
    hint: tuple[int, int] | None,
    history: list[int],
    joined: int | None,
) -> Iterator[tuple[int, int]]:
    """Placements: the remembered best first, then those closing a cycle, then the rest.

    Within each kind, moves that cut off search often before come first (the
    history heuristic): on this game that ordering needs a third of the nodes.
    ``joined`` is the key where a pair of cells a spooky mark joins is no move
    (two cells holding one subscript), ``None`` where it is.
    """
    cells = [c for c in range(9) if open_ >> c & 1]
    if hint is not None and open_ >> hint[0] & 1 and open_ >> hint[1] & 1:
        yield hint
    moves = []
    for i, a in enumerate(cells):
        marks = joined >> (_FIELD * a) & _SPOOKY_BITS if joined is not None else 0
        for b in cells[i + 1 :]:
            if (a, b) == hint or (marks and joined >> (_FIELD * b) & marks):
                continue
            moves.append((comp[a] == comp[b], history[a * 9 + b], a, b))
    moves.sort(reverse=True)
    for _, _, a, b in moves:
        yield a, b


def _collapses(
    key: int,
    xb: int,
    ob: int,
    open_: int,
    spooky: tuple[tuple[int, int, int], ...],
    comp: tuple[int, ...],
) -> Iterator[tuple[int, int, int, int, tuple[tuple[int, int, int], ...], bool]]:
    """Both ways the newest mark's cycle can fall: each board after it, and whether a row formed."""
    k, a, b = spooky[-1]
    group = comp[a]
    links: dict[int, list[tuple[int, int]]] = {}
    rest = []
    removed = 0
    for mark in spooky:
        m, p, q = mark
        if comp[p] == group:
            links.setdefault(p, []).append((m, q))
            links.setdefault(q, []).append((m, p))
            removed += (1 << (_FIELD * p + 3 + m)) + (1 << (_FIELD * q + 3 + m))
        else:
            rest.append(mark)
    remaining = tuple(rest)
    base = key - removed
    for start in (a, b):
        # Mark k lands in ``start``; every other mark of a cell is pushed to its other cell.
        ckey, cxb, cob, copen = base, xb, ob, open_
        placed = {k}
        stack = [(start, k)]
        while stack:
            cell, m = stack.pop()
            ckey |= m << (_FIELD * cell)
            copen &= ~(1 << cell)
            if m & 1:
                cxb |= 1 << cell
            else:
                cob |= 1 << cell
            for other, there in links[cell]:
                if other not in placed:
                    placed.add(other)
                    stack.append((there, other))
        yield ckey, cxb, cob, copen, remaining, bool(_ROWS[cxb] or _ROWS[cob])


def _difference(scores: Scores) -> int:
    return round(2 * (scores.x - scores.o))


def _symmetric(turn: int) -> bool:
    return turn <= SYMMETRIC_UP_TO


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


def position_key(pos: Position) -> tuple[int, int]:
    """The canonical key of an engine position (the book's key) and the symmetry giving it."""
    return canonical(_State(pos, rules_for(pos.variant)).key)


def canonical_move(action: Action, sym: int) -> tuple[int, int]:
    """An engine action as the book writes it: its cells moved by symmetry ``sym``."""
    perm = SYMMETRIES[sym]
    if isinstance(action, Collapse):
        return perm[action.cell], perm[action.cell]
    return _pair(perm[action.a], perm[action.b])


def to_engine(pos: Position, move: tuple[int, int], sym: int = 0) -> Action:
    """A solver move (a cell pair, or the pending mark's cell) as the engine's action; ``sym``:
    the move is written for ``pos`` turned by that symmetry (as :func:`canonical_move` writes)."""
    inverse = _INVERSES[sym]
    if pos.awaiting_collapse:
        return Collapse(pos.move_number - 1, inverse[move[0]])
    return Place(*_pair(inverse[move[0]], inverse[move[1]]))
