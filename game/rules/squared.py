"""Quantum Tic-Tac-Toe Squared (text 004): nine 3×3 mini-boards; three won ones in a row win.

Cells are numbered 0..80 mini-board by mini-board (cell ``9 * B + s`` is
label ``B+1.s+1``), so a mini-board's nine cells are nine consecutive bits of
the position's masks. Listing and sampling placements go mini-board by
mini-board: the tables below turn a mini-board's 9-bit set of open squares
into its open cells without a loop.
"""

from __future__ import annotations

import re
from functools import cache, cached_property
from random import Random
from typing import TYPE_CHECKING, ClassVar

from game.rules.actions import Place
from game.rules.errors import InvalidTokenError
from game.rules.goff import classical_rows
from game.rules.outcome import Outcome, Player, Scores, Termination
from game.rules.shared import DISTINCT_CELLS, already_joined
from game.rules.variant import Variant, short_label

if TYPE_CHECKING:
    from game.rules.position import Position

# The eight lines of a 3×3 board, squares (or mini-boards) numbered 0..8 row by row.
LINES_3X3 = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_LINE_MASKS = tuple(sum(1 << i for i in line) for line in LINES_3X3)
# Random placements draw this many pairs before listing them all (late in a game most draws miss).
SAMPLE_TRIES = 24

Cells = tuple[int, ...]


@cache
def open_cells_table() -> tuple[tuple[Cells, ...], ...]:
    """``[B][m]``: the cells of mini-board ``B`` whose squares are the bits of ``m``."""
    return tuple(
        tuple(tuple(9 * b + s for s in range(9) if m >> s & 1) for m in range(512))
        for b in range(9)
    )


@cache
def _has_row() -> tuple[bool, ...]:
    """``[m]``: whether the 9-bit set ``m`` of one player's squares holds a row."""
    return tuple(any(m & line == line for line in _LINE_MASKS) for m in range(512))


@cache
def _board_pair_bits() -> tuple[tuple[int, ...], ...]:
    """``[a][b]``: bit ``9 * A + B`` for cells of mini-boards ``A < B`` (either order), else 0."""
    return tuple(
        tuple(
            0 if a // 9 == b // 9 else 1 << (min(a, b) // 9 * 9 + max(a, b) // 9) for b in range(81)
        )
        for a in range(81)
    )


def spent_boards(pos: Position) -> int:
    """The pairs of mini-boards ``A < B`` some spooky mark joins, as bits ``9 * A + B``."""
    # Squared.mark_bits has the core keep them up to date, mark by mark.
    return pos._mark_bits


def joined(pos: Position, a: int, b: int) -> bool:
    """Whether a spooky mark joins cells ``a`` and ``b``; cells in two groups need no search."""
    return pos._comp[a] == pos._comp[b] and pos.mark_joining(a, b) is not None


class Squared(Variant):
    """A 3×3 grid of mini-boards played with text 004's moves and cycles.

    A mark's halves may go in one mini-board or in two, but two distinct
    mini-boards are joined by at most one spooky mark at a time, and two cells
    by at most one. A mini-board is won by each player with a classical row in
    it (both: a shared mini-board, which counts for both); its open cells stay
    open. The first collapse after which a player holds three won mini-boards
    in a row ends the game: 1–0, or 1–1 when both do. No legal move left is a
    draw.
    """

    name: ClassVar[str] = "squared"
    cell_count = 81
    CELL_PATTERN: ClassVar[str] = r"[1-9]\.[1-9]"
    DOUBLE_RULE: ClassVar[str] = DISTINCT_CELLS
    mini_board_side: ClassVar[int] = 3

    @cached_property
    def mark_bits(self) -> tuple[tuple[int, ...], ...]:  # type: ignore[override]
        """A mark across two mini-boards spends their pair (see :func:`spent_boards`)."""
        return _board_pair_bits()

    # -- cells ---------------------------------------------------------------

    def label(self, cell: int) -> str:
        return f"{cell // 9 + 1}.{cell % 9 + 1}"

    def parse_cell(self, text: str) -> int:
        if re.fullmatch(self.CELL_PATTERN, text):
            return (int(text[0]) - 1) * 9 + int(text[2]) - 1
        raise InvalidTokenError(
            f"there is no cell {short_label(text)} on {self.board_name} "
            "(cells are B.s, from 1.1 to 9.9)"
        )

    @property
    def board_name(self) -> str:
        return "a board of 3×3 mini-boards"

    def grid(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(9 * (r // 3 * 3 + c // 3) + r % 3 * 3 + c % 3 for c in range(9)) for r in range(9)
        )

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """The rows inside every mini-board."""
        return tuple(tuple(9 * b + s for s in line) for b in range(9) for line in LINES_3X3)

    # -- legal moves -----------------------------------------------------------

    def allows_double(self, pos: Position) -> bool:
        return False

    def refuse_placement(self, pos: Position, a: int, b: int) -> str | None:
        reason = already_joined(pos, a, b)
        if reason or a // 9 == b // 9:
            return reason
        boards = {a // 9, b // 9}
        for k, p, q in pos._spooky:
            if {p // 9, q // 9} == boards:
                first, second = sorted(boards)
                return f"mark {k} already joins mini-boards {first + 1} and {second + 1}"
        return None

    def placements(self, pos: Position) -> tuple[Place, ...]:
        return self._free(pos, spent_boards(pos))

    def has_placement(self, pos: Position) -> bool:
        open_ = pos._open
        counts = []
        for b in range(9):
            count = (open_ >> 9 * b & 511).bit_count()
            # The spooky marks inside a mini-board form a forest: m open cells carry at most
            # m - 1 of them, fewer than their m(m - 1)/2 pairs once m is 3 or more.
            if count >= 3:
                return True
            counts.append(count)
        boards = [b for b in range(9) if counts[b]]
        spent = spent_boards(pos)
        if any(not spent >> (9 * b + d) & 1 for i, b in enumerate(boards) for d in boards[i + 1 :]):
            return True
        table = open_cells_table()
        return any(
            counts[b] == 2 and not joined(pos, *table[b][open_ >> 9 * b & 511]) for b in boards
        )

    def random_placement(self, pos: Position, rng: Random) -> Place:
        return self._random_free(pos, spent_boards(pos), rng)

    def _free(self, pos: Position, spent: int) -> tuple[Place, ...]:
        """Every legal placement with no sending rule, in order of (first cell, second cell)."""
        table = open_cells_table()
        places = self.place_table
        open_ = pos._open
        pairs = {(a, b) for _, a, b in pos._spooky}
        boards = [table[b][open_ >> 9 * b & 511] for b in range(9)]
        found: list[Place] = []
        for b, cells in enumerate(boards):
            others = [boards[d] for d in range(b + 1, 9) if not spent >> (9 * b + d) & 1]
            for i, a in enumerate(cells):
                row = places[a]
                found += [row[c] for c in cells[i + 1 :] if (a, c) not in pairs]
                for other in others:
                    found += [row[c] for c in other]
        return tuple(found)

    def _random_free(self, pos: Position, spent: int, rng: Random) -> Place:
        """A uniformly random legal placement with no sending rule: draw pairs until one is legal.

        Drawing two open cells uniformly and keeping the first legal pair is
        uniform over legal placements; when draws keep missing, the exact list
        decides.
        """
        cells = self.open_cells_of(pos._open)
        bits = _board_pair_bits()
        rand = rng.random  # floor(random() * n) is choice() without its cost, up to 2**-53 bias
        n = len(cells)
        for _ in range(SAMPLE_TRIES):
            a = cells[int(rand() * n)]
            b = cells[int(rand() * n)]
            if a > b:
                a, b = b, a
            if a != b and not bits[a][b] & spent and not joined(pos, a, b):
                return self.place_table[a][b]
        return rng.choice(self._free(pos, spent))

    # -- the end ---------------------------------------------------------------

    def won_boards(self, pos: Position) -> tuple[int, int]:
        """Bit masks of the mini-boards X has won and of those O has won (bit B for board B+1)."""
        x, o = pos.player_masks()
        has_row = _has_row()
        xb = ob = 0
        for b in range(9):
            if has_row[x >> 9 * b & 511]:
                xb |= 1 << b
            if has_row[o >> 9 * b & 511]:
                ob |= 1 << b
        return xb, ob

    def board_lines(self, pos: Position) -> tuple[tuple[Player, tuple[int, ...]], ...]:
        """Each line of three mini-boards a player has won (boards 0..8), X's first: what
        ends the game (:attr:`Outcome.rows` holds the rows inside the boards). Only a
        collapse makes one, and the game ends on it: none while the game goes on."""
        won = zip(Player, self.won_boards(pos), strict=True)
        return tuple(
            (player, line)
            for player, boards in won
            for line, mask in zip(LINES_3X3, _LINE_MASKS, strict=True)
            if boards & mask == mask
        )

    def after_collapse(self, pos: Position) -> Outcome | None:
        xb, ob = self.won_boards(pos)
        x_wins = any(xb & line == line for line in _LINE_MASKS)
        o_wins = any(ob & line == line for line in _LINE_MASKS)
        if x_wins or o_wins:
            # The rows are every classical row in the mini-boards, for a board to strike.
            rows = classical_rows(pos, self.lines)
            return Outcome(Termination.BOARDS_IN_ROW, Scores(int(x_wins), int(o_wins)), rows)
        return self._stuck(pos)

    def report(self, pos: Position) -> dict[str, object]:
        """Each mini-board's winners: ``[]``, ``["X"]``, ``["O"]`` or ``["X", "O"]`` (shared)."""
        xb, ob = self.won_boards(pos)
        return {
            "boards": {
                str(b + 1): [str(p) for p, won in ((Player.X, xb), (Player.O, ob)) if won >> b & 1]
                for b in range(9)
            }
        }
