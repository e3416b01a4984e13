"""The entanglement and collapse core shared by every variant.

A :class:`Position` is a value: playing an action returns a new position and
never changes the old one. The board is a graph whose nodes are cells and
whose edges are spooky marks. Between collapses every connected group of
spooky marks is a tree, so a new mark whose two cells already lie in one
group closes a cycle (two marks on one pair of cells included). The other
player then names where one mark of the cycle lands, and the whole group,
cycle and stems of stems, falls into place.

Variants decide what the core does not: which placements are legal beyond
"two distinct open cells", when the game ends and what it scores (see
:mod:`game.rules.variant`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.actions import Action, Collapse, Place
from game.rules.errors import IllegalActionError
from game.rules.outcome import Outcome, Player, Scores

if TYPE_CHECKING:
    from random import Random

    from game.rules.variant import Variant

_BYTE = tuple(bytes([i]) for i in range(256))  # group ids are cells, so boards hold at most 256
# Subscript -> b"1" where it is X's (odd) or O's (even, not 0) mark, else b"0": player_masks.
_X_DIGITS = bytes(b"01"[k & 1] for k in range(256))
_O_DIGITS = bytes(b"01"[k > 0 and not k & 1] for k in range(256))

SpookyMark = tuple[int, int, int]
"""``(subscript, cell, cell)`` of a mark still in two places."""


class Position:
    """One moment of a game under some variant's rules.

    Treat every attribute as read-only: positions are shared freely between
    the client, the host, replays and search.
    """

    __slots__ = (
        "_by_cell",
        "_cells",
        "_comp",
        "_last",
        "_mark_bits",
        "_open",
        "_outcome",
        "_pending",
        "_spooky",
        "_turn",
        "variant",
    )

    variant: Variant
    _cells: tuple[int, ...]  # classical subscript per cell, 0 where open
    _spooky: tuple[SpookyMark, ...]  # unresolved marks in subscript order
    _comp: bytes  # entanglement group per cell (a cache of _spooky); bytes relabel in C
    _open: int  # bit i set while cell i is not classical
    _turn: int  # subscript of the next mark to be placed
    _pending: int  # subscript of the mark that closed a cycle, 0 if none
    _last: Place | None  # the last placement, as the sending rule needs it
    _mark_bits: int  # the variant's mark_bits of every spooky mark, or-ed (a cache of _spooky)
    _outcome: Outcome | None
    # Set on the first spooky_in only: a search never asks it, and its positions never pay.
    _by_cell: tuple[tuple[int, ...], ...]

    def __init__(self, variant: Variant) -> None:
        n = variant.cell_count
        self.variant = variant
        self._cells = (0,) * n
        self._spooky = ()
        self._comp = bytes(range(n))
        self._open = (1 << n) - 1
        self._turn = 1
        self._pending = 0
        self._last = None
        self._mark_bits = 0
        self._outcome = None

    def _derive(
        self,
        cells: tuple[int, ...],
        spooky: tuple[SpookyMark, ...],
        comp: bytes,
        open_: int,
        turn: int,
        pending: int,
        last: Place | None,
        mark_bits: int,
    ) -> Position:
        # Bypasses __init__: this is the hot path of every playout.
        pos = object.__new__(Position)
        pos.variant = self.variant
        pos._cells = cells
        pos._spooky = spooky
        pos._comp = comp
        pos._open = open_
        pos._turn = turn
        pos._pending = pending
        pos._last = last
        pos._mark_bits = mark_bits
        pos._outcome = None
        return pos

    # -- what the position is ------------------------------------------------

    @property
    def move_number(self) -> int:
        """The subscript the next placement will carry."""
        return self._turn

    @property
    def to_play(self) -> Player | None:
        """Whoever acts next: the next mover, who is also the chooser of a pending collapse."""
        return None if self._outcome else Player.of_mark(self._turn)

    @property
    def awaiting_collapse(self) -> bool:
        return bool(self._pending) and self._outcome is None

    @property
    def pending_mark(self) -> int | None:
        """The subscript of the mark that closed the cycle awaiting a collapse."""
        return self._pending or None

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def last_placement(self) -> Place | None:
        return self._last

    @property
    def cells(self) -> tuple[int, ...]:
        """Classical subscript of every cell, 0 where the cell is open."""
        return self._cells

    @property
    def spooky_marks(self) -> tuple[SpookyMark, ...]:
        """Every mark still in two places, as ``(subscript, cell, cell)``."""
        return self._spooky

    def classical(self, cell: int) -> int | None:
        return self._cells[cell] or None

    def is_open(self, cell: int) -> bool:
        return bool(self._open >> cell & 1)

    def open_cells(self) -> tuple[int, ...]:
        return self.variant.open_cells_of(self._open)

    def spooky_in(self, cell: int) -> tuple[int, ...]:
        """Subscripts of the spooky marks in ``cell``, in order."""
        try:
            by_cell = self._by_cell
        except AttributeError:  # the first question: every cell's answer at once
            found: list[list[int]] = [[] for _ in self._cells]
            for k, a, b in self._spooky:
                found[a].append(k)
                found[b].append(k)
            by_cell = self._by_cell = tuple(map(tuple, found))
        return by_cell[cell]

    def entangled(self, a: int, b: int) -> bool:
        """Whether cells ``a`` and ``b`` lie in one group of spooky marks."""
        return a != b and self._comp[a] == self._comp[b] and bool(self._open >> a & 1)

    def player_masks(self) -> tuple[int, int]:
        """Bit masks of X's classical cells and of O's (bit i for cell i)."""
        # Subscripts fit in a byte: each cell becomes a digit "0"/"1", cell 0 last, read in base 2.
        digits = bytes(self._cells)[::-1]
        return int(digits.translate(_X_DIGITS), 2), int(digits.translate(_O_DIGITS), 2)

    def mark_joining(self, a: int, b: int) -> int | None:
        """The spooky mark whose two halves are in cells ``a`` and ``b``, if there is one."""
        # Placements are stored with the smaller cell first.
        if a > b:
            a, b = b, a
        for k, p, q in self._spooky:
            if p == a and q == b:
                return k
        return None

    def scores(self) -> Scores:
        """Points so far; final once the game is over."""
        return self.variant.scores(self)

    # -- what may be done ------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action: the two collapse outcomes when one is awaited, else the placements.

        A collapse is listed once per outcome, in its canonical spelling (the
        pending mark into one of its two cells); :meth:`play` accepts every
        other spelling too.
        """
        if self._outcome is not None:
            return ()
        if self._pending:
            k, a, b = self._spooky[-1]  # the cycle was closed by the newest mark
            return (Collapse(k, a), Collapse(k, b))
        return self.variant.placements(self)

    def random_action(self, rng: Random) -> Action:
        """A uniformly random legal action, in canonical form; the game must not be over.

        The rollouts' path: it asks the variant for one random placement
        instead of listing them all, which matters on boards of 81 cells.
        """
        if self._pending:
            k, a, b = self._spooky[-1]
            return Collapse(k, a if rng.random() < 0.5 else b)
        return self.variant.random_placement(self, rng)

    def play(self, action: Action) -> Position:
        """The position after ``action``; :class:`IllegalActionError` says why not."""
        return self._apply(self.check(action))

    def check(self, action: Action) -> Action:
        """The canonical form of a legal ``action``, or :class:`IllegalActionError`."""
        if self._outcome is not None:
            raise IllegalActionError("the game is over")
        if isinstance(action, Place):
            return self._check_place(*action)
        if isinstance(action, Collapse):
            return self._check_collapse(*action)
        raise IllegalActionError(f"{action!r} is not an action")

    def _check_place(self, a: int, b: int) -> Place:
        variant = self.variant
        for cell in (a, b):
            if not 0 <= cell < len(self._cells):
                raise IllegalActionError(f"there is no cell {cell} on this board")
        # The shape of the move first: "3-3" is wrong wherever it stands.
        if a == b and not variant.allows_double(self):
            raise IllegalActionError(variant.DOUBLE_RULE)
        if self._pending:
            raise IllegalActionError(f"{Player.of_mark(self._turn)} must choose the collapse first")
        for cell in (a, b):
            if not self._open >> cell & 1:
                raise IllegalActionError(f"cell {variant.label(cell)} is classical")
        reason = variant.refuse_placement(self, a, b)
        if reason:
            raise IllegalActionError(reason)
        return Place(a, b) if a <= b else Place(b, a)

    def _check_collapse(self, mark: int, cell: int) -> Collapse:
        if not self._pending:
            raise IllegalActionError("no cycle is waiting to collapse")
        cells = self._cells_of(mark)
        if cells is None:
            raise IllegalActionError(f"mark {mark} is not on the cycle")
        label = self.variant.label
        if cell not in cells:
            raise IllegalActionError(
                f"mark {mark} is in cells {label(cells[0])} and {label(cells[1])}, "
                f"not in {label(cell) if 0 <= cell < len(self._cells) else cell}"
            )
        # A mark of another group, or a stem of this one, decides nothing.
        assignment = None
        if self._comp[cell] == self._pending_group():
            assignment = self._resolve(mark, cell)
        if assignment is None:
            raise IllegalActionError(f"mark {mark} is not on the cycle")
        pending = self._pending
        return next(Collapse(pending, c) for c, k in assignment.items() if k == pending)

    def cycle(self) -> tuple[int, ...]:
        """Subscripts of the marks on the cycle awaiting collapse (empty if none).

        The pending group is a tree and the one mark that closed it: a cell holding a single
        mark of it is on a stem, so peeling such cells off, and those they leave with a single
        mark, leaves the cycle. One pass, not a trial collapse of each mark (Ultimate's
        biggest groups hold 72, and the board asks every frame while one waits).
        """
        group = self._pending_group()
        if group is None:
            return ()
        comp = self._comp
        links: dict[int, list[tuple[int, int]]] = {}
        for k, a, b in self._spooky:
            if comp[a] == group:
                links.setdefault(a, []).append((k, b))
                links.setdefault(b, []).append((k, a))
        held = {cell: len(marks) for cell, marks in links.items()}
        stems: set[int] = set()
        ends = [cell for cell, count in held.items() if count == 1]
        while ends:
            cell = ends.pop()
            k, there = next((k, there) for k, there in links[cell] if k not in stems)
            stems.add(k)
            held[there] -= 1
            if held[there] == 1:
                ends.append(there)
        return tuple(k for k, a, _ in self._spooky if comp[a] == group and k not in stems)

    def entanglement(self) -> tuple[int, ...]:
        """Subscripts of every mark that the awaited collapse will resolve: cycle and stems."""
        group = self._pending_group()
        return tuple(k for k, a, _ in self._spooky if self._comp[a] == group)

    def collapse_outcomes(self) -> tuple[tuple[Collapse, dict[int, int]], ...]:
        """For each way the awaited collapse can fall: its action and the resulting cell -> mark."""
        result = []
        for action in self.legal_actions() if self._pending else ():
            assignment = self._resolve(*action)
            assert assignment is not None
            result.append((action, assignment))
        return tuple(result)

    # -- applying ----------------------------------------------------------------

    def _apply(self, action: Action) -> Position:
        """Play a legal action in canonical form without checking it (search uses this)."""
        if type(action) is Place:
            return self._place(action)
        return self._collapse(action)

    def _place(self, action: Place) -> Position:
        a, b = action
        k = self._turn
        cells = self._cells
        if a == b:
            cells = (*cells[:a], k, *cells[a + 1 :])
            open_ = self._open & ~(1 << a)
            pos = self._derive(
                cells, self._spooky, self._comp, open_, k + 1, 0, action, self._mark_bits
            )
            pos._outcome = self.variant.after_collapse(pos)
            return pos
        comp = self._comp
        spooky = (*self._spooky, (k, a, b))
        bits = self.variant.mark_bits
        mark_bits = self._mark_bits | bits[a][b] if bits else 0
        ca = comp[a]
        cb = comp[b]
        if ca == cb:
            return self._derive(cells, spooky, comp, self._open, k + 1, k, action, mark_bits)
        comp = comp.replace(_BYTE[cb], _BYTE[ca])  # merge b's group into a's
        pos = self._derive(cells, spooky, comp, self._open, k + 1, 0, action, mark_bits)
        pos._outcome = self.variant.after_place(pos)
        return pos

    def _collapse(self, action: Collapse) -> Position:
        assignment = self._resolve(*action)
        assert assignment is not None, "unchecked collapse off the cycle"
        cells = list(self._cells)
        comp = bytearray(self._comp)
        open_ = self._open
        for cell, k in assignment.items():
            cells[cell] = k
            comp[cell] = cell
            open_ &= ~(1 << cell)
        landed = set(assignment.values())
        spooky = tuple(m for m in self._spooky if m[0] not in landed)
        # Bits may be shared between marks, so the survivors' bits are or-ed again.
        mark_bits = 0
        bits = self.variant.mark_bits
        if bits:
            for _, a, b in spooky:
                mark_bits |= bits[a][b]
        pos = self._derive(
            tuple(cells), spooky, bytes(comp), open_, self._turn, 0, self._last, mark_bits
        )
        pos._outcome = self.variant.after_collapse(pos)
        return pos

    def _resolve(self, mark: int, cell: int) -> dict[int, int] | None:
        """Where every mark of ``mark``'s group lands if ``mark`` lands in ``cell``.

        A group with one cycle has as many marks as cells; taking ``mark`` out
        leaves a spanning tree exactly when ``mark`` is on the cycle, and then
        each cell's marks other than the one that lands there are pushed to
        their other cell. ``None`` when ``mark`` is a stem (the push meets
        itself or misses cells).
        """
        group = self._comp[cell]
        comp = self._comp
        links: dict[int, list[tuple[int, int]]] = {}
        count = 0
        for k, a, b in self._spooky:
            if comp[a] == group:
                count += 1
                links.setdefault(a, []).append((k, b))
                links.setdefault(b, []).append((k, a))
        assignment = {cell: mark}
        placed = {mark}
        stack = [cell]
        while stack:
            here = stack.pop()
            for k, there in links[here]:
                if k in placed:
                    continue
                if there in assignment:
                    return None
                assignment[there] = k
                placed.add(k)
                stack.append(there)
        return assignment if len(placed) == count else None

    def _pending_group(self) -> int | None:
        return self._comp[self._spooky[-1][1]] if self._pending else None

    def _cells_of(self, mark: int) -> tuple[int, int] | None:
        for k, a, b in self._spooky:
            if k == mark:
                return a, b
        return None

    # -- value semantics -------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (self.variant, self._cells, self._spooky, self._turn, self._pending, self._last)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<Position {self.variant.name} move {self._turn} {self.variant.describe(self)}>"
