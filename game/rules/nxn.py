"""Text 002's game on an n×n board, with its bonus points and a line of four that ends it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import groupby
from random import Random
from typing import TYPE_CHECKING, ClassVar

from game.rules.actions import Place
from game.rules.errors import RulesError
from game.rules.outcome import Outcome, Player, Row, Scores, Termination
from game.rules.square import SquareBoard

if TYPE_CHECKING:
    from game.rules.position import Position

SIZES = range(3, 7)
THREE, BLOCK, FOUR = 1, 2, 20  # points of a line of three, a 2×2 block, a line of four
FIRST_FOUR, SECOND_FOUR, DRAW = 15, 5, 10  # both players with a line of four; no line of four


@dataclass(frozen=True, slots=True)
class Tally:
    """One player's scoring items on the board."""

    threes: int
    blocks: int
    fours: int
    # The smallest sum of subscripts of four marks in a row, for two players' lines of four.
    four_sum: int | None

    @property
    def bonus(self) -> int:
        return THREE * self.threes + BLOCK * self.blocks


class BonusBoard(SquareBoard):
    """Text 002: Goff's moves and collapses on n×n (3 to 6, 4 by default), scored by bonus items.

    A maximal run of exactly three of one player's classical marks along a row,
    column or diagonal is worth 1; a run of four or more is a line of four,
    worth 20, and ends the game; each 2×2 block of one player's marks is worth
    2. When both players have a line of four, the one whose line has the
    smaller sum of subscripts earns 15 and the other 5 (10 each if the sums
    are equal); a game that ends with no line of four gives each player 10.
    """

    name: ClassVar[str] = "nxn"

    def __init__(self, size: int = 4) -> None:
        super().__init__(side=size, run=3)

    @classmethod
    def from_record(cls, fields: dict[str, object]) -> BonusBoard:
        size = fields.get("size", 4)
        if type(size) is not int or size not in SIZES:
            raise RulesError(
                f'"size" must be a whole number from {SIZES.start} to {SIZES.stop - 1}'
            )
        return cls(size)

    def options(self) -> dict[str, object]:
        return {"size": self.side}

    @cached_property
    def full_lines(self) -> tuple[tuple[int, ...], ...]:
        """Every row, column and diagonal of three or more cells, from end to end."""
        n = self.side
        found = [tuple(range(r * n, r * n + n)) for r in range(n)]
        found += [tuple(range(c, n * n, n)) for c in range(n)]
        for start in range(-(n - 3), n - 2):  # diagonals with at least three cells
            down = [(r, r + start) for r in range(n) if 0 <= r + start < n]
            up = [(r, n - 1 - r - start) for r in range(n) if 0 <= n - 1 - r - start < n]
            found += [tuple(r * n + c for r, c in cells) for cells in (down, up)]
        return tuple(found)

    @cached_property
    def _four_masks(self) -> tuple[int, ...]:
        """Bit masks of every four cells in a row: the game-ending test after each collapse."""
        return tuple(
            sum(1 << c for c in line[i : i + 4])
            for line in self.full_lines
            for i in range(len(line) - 3)
        )

    @cached_property
    def _blocks(self) -> tuple[int, ...]:
        n = self.side
        square = 0b11 | 0b11 << n  # the block whose top-left corner is cell 0
        return tuple(square << (r * n + c) for r in range(n - 1) for c in range(n - 1))

    def random_placement(self, pos: Position, rng: Random) -> Place:
        # Any two distinct open cells are legal here: sample them instead of listing every pair.
        if self.allows_double(pos):
            return self.placements(pos)[0]
        cells = self.open_cells_of(pos._open)
        n = len(cells)
        # An ordered pair of distinct cells, uniformly: the second skips over the first.
        i = int(rng.random() * n)  # floor(random() * n): choice() without its cost
        j = int(rng.random() * (n - 1))
        a, b = cells[i], cells[j + (j >= i)]
        return Place(a, b) if a < b else Place(b, a)

    def has_placement(self, pos: Position) -> bool:
        # Two open cells, or the last open cell on the last move.
        open_ = pos._open
        return open_ & (open_ - 1) != 0 or self.allows_double(pos)

    def after_collapse(self, pos: Position) -> Outcome | None:
        x, o = pos.player_masks()
        if any(x & m == m or o & m == m for m in self._four_masks):
            return self._outcome(pos, Termination.LINE_OF_FOUR)
        return self._stuck(pos)

    def ended(self, pos: Position, termination: Termination) -> Outcome:
        return self._outcome(pos, termination)

    def _outcome(self, pos: Position, termination: Termination) -> Outcome:
        rows = self.runs(pos)
        x, o = self._tally(pos, rows)
        if x.four_sum is not None and o.four_sum is not None:
            if x.four_sum == o.four_sum:
                extra = (DRAW, DRAW)
            elif x.four_sum < o.four_sum:
                extra = (FIRST_FOUR, SECOND_FOUR)
            else:
                extra = (SECOND_FOUR, FIRST_FOUR)
        elif x.fours or o.fours:
            extra = (FOUR * x.fours, FOUR * o.fours)
        else:
            extra = (DRAW, DRAW)
        scores = Scores(x.bonus + extra[0], o.bonus + extra[1])
        return Outcome(termination, scores, rows)

    def scores(self, pos: Position) -> Scores:
        """The bonus items so far; a line of four's or a draw's points once the game is over."""
        if pos._outcome is not None:
            return pos._outcome.scores
        x, o = self.tally(pos)
        return Scores(x.bonus, o.bonus)

    def runs(self, pos: Position) -> tuple[Row, ...]:
        """Every maximal run of three or more of one player's classical marks, with its date."""
        cells = pos._cells

        def parity(cell: int) -> int | None:  # 1 for X, 0 for O, None while open
            return cells[cell] & 1 if cells[cell] else None

        found = []
        for line in self.full_lines:
            for odd, group in groupby(line, parity):
                run = tuple(group)
                if odd is not None and len(run) >= 3:
                    player = Player.X if odd else Player.O
                    found.append(Row(player, run, max(cells[c] for c in run)))
        return tuple(found)

    def tally(self, pos: Position) -> tuple[Tally, Tally]:
        """X's and O's scoring items on the board of ``pos``."""
        return self._tally(pos, self.runs(pos))

    def _tally(self, pos: Position, rows: tuple[Row, ...]) -> tuple[Tally, Tally]:
        cells = pos._cells
        counts = {}
        x, o = pos.player_masks()
        for player, mine in ((Player.X, x), (Player.O, o)):
            runs = [row.cells for row in rows if row.player is player]
            fours = [run for run in runs if len(run) >= 4]
            sums = [
                sum(cells[c] for c in run[i : i + 4]) for run in fours for i in range(len(run) - 3)
            ]
            counts[player] = Tally(
                threes=len(runs) - len(fours),
                blocks=sum(1 for m in self._blocks if mine & m == m),
                fours=len(fours),
                four_sum=min(sums, default=None),
            )
        return counts[Player.X], counts[Player.O]

    def report(self, pos: Position) -> dict[str, object]:
        x, o = self.tally(pos)
        return {
            "bonus": {
                str(player): {"threes": t.threes, "blocks": t.blocks, "fours": t.fours}
                for player, t in ((Player.X, x), (Player.O, o))
            }
        }
