"""Window pressure on the n×n bonus board (text 002): a leaf value and a move prior.

Random playouts from an empty 4×4 board run about 2,400 a second and end in
luck; the game is decided by lines of four (20 points, and the game ends)
and, where none is made, by 2×2 blocks (2 points each) and lines of three.
So, as on the boards of mini-boards (:mod:`game.ai.pressure`), the search
values a new leaf by pressure and tries the placements a prior ranks best
first, keeping them all (4×4 has 120 at the start, 6×6 630).

- Pressure: on every window of four cells in a row (a line of three on the
  3×3 board, which has no line of four) and every 2×2 block that the other
  side has not blocked with a classical mark, a player's weight is 1 per
  classical mark and ½ per cell holding a spooky mark of theirs, squared; a
  block counts half a window. The sum, scaled and clipped, stays below a
  real win.
- Prior: a cell's worth to the mover is what a mark there adds to its
  windows (attack) and takes from the other side's (defence); a pair is
  worth the sum of its cells.
"""

from __future__ import annotations

from operator import itemgetter
from random import Random

from game.ai.pressure import MARGINAL, SPOOKY, spooky_masks
from game.rules import Action, Position
from game.rules.nxn import BonusBoard

BLOCK = 0.5  # a 2×2 block's share of a window's weight: it scores, but it does not end the game
SCALE = 20.0
BOUND = 0.9  # below a win (1): the search still prefers winning to looking good
# UCT's exploration: values between moves differ by tenths here (by hundredths on the boards
# of mini-boards, whose sum is scaled by 1/80).
EXPLORATION = 0.1

_worth = itemgetter(0)  # of a ranked (worth, placement) item


class WindowPressure:
    """The window pressure of positions on one n×n board."""

    exploration = EXPLORATION

    def __init__(self, variant: BonusBoard) -> None:
        lines = variant._four_masks
        if variant.side < 4:
            lines = tuple(sum(1 << c for c in line) for line in variant.full_lines)
        self.windows = [(m, 1.0) for m in lines] + [(m, BLOCK) for m in variant._blocks]
        self.cells = variant.side * variant.side

    def _weights(self, pos: Position) -> list[tuple[int, float, float, float, bool, bool]]:
        """Each window's open cells, weight, and X's and O's weight on it and whether each has
        a classical mark there."""
        x, o = pos.player_masks()
        xs, os_ = spooky_masks(pos)
        free = ~(x | o)
        xs &= free
        os_ &= free
        found = []
        for m, weight in self.windows:
            xc = (x & m).bit_count()
            oc = (o & m).bit_count()
            xw = xc + SPOOKY * (xs & m).bit_count()
            ow = oc + SPOOKY * (os_ & m).bit_count()
            found.append((m & free, weight, xw, ow, xc > 0, oc > 0))
        return found

    def value(self, pos: Position) -> float:
        """X's side, in [-BOUND, BOUND]; the position must not be over."""
        total = 0.0
        for _, weight, xw, ow, x_in, o_in in self._weights(pos):
            if not o_in:
                total += weight * xw * xw
            if not x_in:
                total -= weight * ow * ow
        total /= SCALE
        return BOUND if total > BOUND else -BOUND if total < -BOUND else total

    def candidates(self, pos: Position, rng: Random) -> tuple[list[Action], bool]:
        """Every action, worst first (the search pops the best), and False: none is cut.

        Ties break at random: the prior says nothing between equal pairs.
        """
        actions = pos.legal_actions()
        if pos._pending:
            return list(actions), False
        mover_is_x = bool(pos._turn & 1)
        worth = [0.0] * self.cells
        for open_, weight, xw, ow, x_in, o_in in self._weights(pos):
            mine, theirs, mine_in, theirs_in = (
                (xw, ow, x_in, o_in) if mover_is_x else (ow, xw, o_in, x_in)
            )
            attack = 0.0 if theirs_in else mine + MARGINAL
            defence = 0.0 if mine_in else theirs + MARGINAL
            per = weight * (attack + defence)
            while open_:
                low = open_ & -open_
                worth[low.bit_length() - 1] += per
                open_ ^= low
        rand = rng.random
        ranked = [(worth[p[0]] + worth[p[1]] + 1e-3 * rand(), p) for p in actions]
        ranked.sort(key=_worth)
        return [action for _, action in ranked], False
