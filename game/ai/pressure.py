"""Line pressure on a board of mini-boards (Squared, Ultimate): a leaf value and a move prior.

Random playouts say little on 81 cells: a game that goes on for 60 plies of
random marks is decided by luck, and the opening offers about 3,000
placements, over which a search learns little about any one. So the search
there (see :mod:`game.ai.mcts`) values a new leaf with the position's line
pressure instead of a playout, and keeps at each node only the placements a
prior ranks highest.

- Pressure: on every line of a mini-board that the other side has not
  blocked with a classical mark, a player's weight is 1 per classical mark
  and ½ per cell holding a spooky mark of theirs, squared, so marks gathered
  on one line count more than marks spread out. Lines of a decided
  mini-board count half; a won mini-board is worth a flat bonus, and the
  meta-lines of won mini-boards count like lines one level up. The sum,
  scaled and clipped, stays below a real win.
- Prior: a cell's worth to the mover is what a mark there adds to its lines
  (attack) and takes from the other side's (defence). A cell on a line that
  either side is one step from completing, or in the last mini-board of a
  meta-line a side has two won boards of, gets a bonus that keeps it among
  the kept placements. A pair is worth the sum of its cells.

This is the evaluation of the Kotlin engine text 004 was written for
(dlyongemallo/ultimate-quantum-tic-tac-toe), measured in `qttt arena`.
"""

from __future__ import annotations

from functools import cache
from operator import itemgetter
from random import Random

from game.rules import Action, Place, Position
from game.rules.squared import LINES_3X3, _board_pair_bits, joined
from game.rules.ultimate import Ultimate

SPOOKY = 0.5  # a spooky mark may land elsewhere: half a classical one
DECIDED_BOARD = 0.5  # lines of a mini-board someone has won matter less
WON_BOARD = 30.0
META_LINE = 5.0
SCALE = 80.0
BOUND = 0.9  # below a win (1): the search still prefers winning to looking good
THREAT = 2.0  # a line this heavy for one side is a step from completion
THREAT_BONUS = 10.0  # larger than any cell's line sum: threat cells survive the pruning
MARGINAL = 0.25  # (w + ½)² - w² = w + ¼: an empty unblocked line still counts
KEEP = 40  # placements kept at a node, best first
# UCT's exploration for searches valued by pressure: values between moves differ by hundredths
# (the sum is scaled by 1/80), so the random-playout constant (0.8) spread the visits evenly.
# Squared, 1,000 iterations a move, 8 games each: 0.2 scored 62%, 0.07 scored 75% against 0.8.
EXPLORATION = 0.07
TOP_CELLS = 20  # free placements are ranked among pairs of this many best cells

_worth = itemgetter(0)  # of a ranked (worth, placement) item
_LINE_MASKS = tuple(sum(1 << s for s in line) for line in LINES_3X3)


@cache
def _has_row() -> tuple[bool, ...]:
    return tuple(any(m & line == line for line in _LINE_MASKS) for m in range(512))


def spooky_masks(pos: Position) -> tuple[int, int]:
    """Cells holding a spooky mark of X's, and of O's."""
    xs = os_ = 0
    for k, a, b in pos._spooky:
        if k & 1:
            xs |= 1 << a | 1 << b
        else:
            os_ |= 1 << a | 1 << b
    return xs, os_


def _board_keys(pos: Position) -> list[int]:
    """Each mini-board's four 9-bit masks (X's and O's classical and spooky marks) as one int."""
    x, o = pos.player_masks()
    xs, os_ = spooky_masks(pos)
    return [
        (x >> s & 511) | (o >> s & 511) << 9 | (xs >> s & 511) << 18 | (os_ >> s & 511) << 27
        for s in range(0, 81, 9)
    ]


def _weights(key: int, line: int) -> tuple[float, float, bool, bool]:
    """X's and O's weight on one line of a mini-board, and whether each has a classical mark."""
    x, o, xs, os_ = key & 511, key >> 9 & 511, key >> 18 & 511, key >> 27
    xc = (x & line).bit_count()
    oc = (o & line).bit_count()
    xw = xc + SPOOKY * (xs & line & ~x & ~o).bit_count()
    ow = oc + SPOOKY * (os_ & line & ~x & ~o).bit_count()
    return xw, ow, xc > 0, oc > 0


def _board_value(key: int) -> float:
    """One mini-board's line pressure from X's side."""
    row = _has_row()
    weight = DECIDED_BOARD if row[key & 511] or row[key >> 9 & 511] else 1.0
    total = 0.0
    for line in _LINE_MASKS:
        xw, ow, x_in, o_in = _weights(key, line)
        if not o_in:
            total += xw * xw
        if not x_in:
            total -= ow * ow
    return total * weight


def _meta_value(x_boards: int, o_boards: int) -> float:
    """Won mini-boards and their meta-lines from X's side (a shared board counts for both)."""
    total = WON_BOARD * (x_boards.bit_count() - o_boards.bit_count())
    for line in _LINE_MASKS:
        xc = (x_boards & line).bit_count()
        oc = (o_boards & line).bit_count()
        if not oc:
            total += META_LINE * xc * xc
        if not xc:
            total -= META_LINE * oc * oc
    return total


def _board_cells(key: int, mover_is_x: bool) -> tuple[float, ...]:
    """Each square's prior for the mover inside one mini-board (0 where classical)."""
    row = _has_row()
    weight = DECIDED_BOARD if row[key & 511] or row[key >> 9 & 511] else 1.0
    taken = (key | key >> 9) & 511
    worth = [0.0] * 9
    for line in _LINE_MASKS:
        xw, ow, x_in, o_in = _weights(key, line)
        mine, theirs, mine_in, theirs_in = (
            (xw, ow, x_in, o_in) if mover_is_x else (ow, xw, o_in, x_in)
        )
        attack = 0.0 if theirs_in else mine + MARGINAL
        defence = 0.0 if mine_in else theirs + MARGINAL
        per = (attack + defence) * weight
        if (not theirs_in and mine >= THREAT) or (not mine_in and theirs >= THREAT):
            per += THREAT_BONUS
        for s in range(9):
            if line >> s & 1 and not taken >> s & 1:
                worth[s] += per
    return tuple(worth)


class Pressure:
    """The line pressure of positions on one board of 3×3 mini-boards, with memoised boards.

    Positions in one search share most of their mini-boards, so each
    mini-board's value is kept by its four 9-bit masks. The memo is cleared
    when it grows large; a bot's search owns one of these and nothing else does.
    """

    MEMO_LIMIT = 200_000
    exploration = EXPLORATION

    def __init__(self) -> None:
        self._boards: dict[int, float] = {}
        self._meta: dict[int, float] = {}
        self._cells: dict[tuple[int, bool], tuple[float, ...]] = {}

    def value(self, pos: Position) -> float:
        """X's side, in [-BOUND, BOUND]; the position must not be over."""
        boards = self._boards
        row = _has_row()
        total = 0.0
        xw = ow = 0
        for b, key in enumerate(_board_keys(pos)):
            v = boards.get(key)
            if v is None:
                if len(boards) > self.MEMO_LIMIT:
                    boards.clear()
                v = boards[key] = _board_value(key)
            total += v
            if row[key & 511]:
                xw |= 1 << b
            if row[key >> 9 & 511]:
                ow |= 1 << b
        meta_key = xw | ow << 9
        m = self._meta.get(meta_key)
        if m is None:
            m = self._meta[meta_key] = _meta_value(xw, ow)
        total = (total + m) / SCALE
        return BOUND if total > BOUND else -BOUND if total < -BOUND else total

    def cell_worth(self, pos: Position) -> list[float]:
        """Every cell's prior for the player to move (0 where classical)."""
        mover_is_x = bool(pos._turn & 1)
        memo = self._cells
        row = _has_row()
        worth: list[float] = []
        xw = ow = 0
        for b, key in enumerate(_board_keys(pos)):
            cells = memo.get((key, mover_is_x))
            if cells is None:
                if len(memo) > self.MEMO_LIMIT:
                    memo.clear()
                cells = memo[key, mover_is_x] = _board_cells(key, mover_is_x)
            worth.extend(cells)
            if row[key & 511]:
                xw |= 1 << b
            if row[key >> 9 & 511]:
                ow |= 1 << b
        # The undecided last mini-board of a meta-line one side holds two boards of decides it.
        decided = xw | ow
        for line in _LINE_MASKS:
            xc = (xw & line).bit_count()
            oc = (ow & line).bit_count()
            rest = line & ~decided
            if rest.bit_count() == 1 and ((xc == 2 and not oc) or (oc == 2 and not xc)):
                b = rest.bit_length() - 1
                for c in range(9 * b, 9 * b + 9):
                    if pos._open >> c & 1:
                        worth[c] += THREAT_BONUS
        return worth

    def candidates(self, pos: Position, rng: Random) -> tuple[list[Action], bool]:
        """The actions a node keeps, worst first (the search pops the best), and if any were cut.

        The :data:`KEEP` best pairs, and for each threat cell (a bonus's worth
        or more) that none of them touches, its best pair as well. Ties break
        at random: the prior says nothing between equal pairs. A free
        placement on 81 cells has up to 3,240 pairs; as a pair's worth is the
        sum of its cells', the best pairs are found among the best cells, so
        only pairs of the top :data:`TOP_CELLS` cells are ranked.
        """
        if pos._pending:
            return list(pos.legal_actions()), False
        variant = pos.variant
        worth = self.cell_worth(pos)
        rand = rng.random
        opens = variant.open_cells_of(pos._open)
        noisy = [worth[c] + 1e-3 * rand() for c in opens]
        cells = [opens[i] for i in sorted(range(len(opens)), key=noisy.__getitem__)]
        sent = isinstance(variant, Ultimate) and variant.sent_to(pos)
        ranked: list[tuple[float, Place]] = []
        every = False  # whether ranked holds every legal placement
        if not sent:
            top = cells[-TOP_CELLS:]
            spent = pos._mark_bits
            bits = _board_pair_bits()
            table = variant.place_table
            for i, a in enumerate(top):
                spans, board, mine, places = bits[a], a // 9, worth[a], table[a]
                ranked += [
                    (mine + worth[b], places[b] if a < b else table[b][a])
                    for b in top[i + 1 :]
                    if not ((spans[b] & spent) if b // 9 != board else joined(pos, a, b))
                ]
        if len(ranked) < KEEP:
            # Sent to one or two mini-boards (81 pairs at most), or late in a game where most
            # pairs of the best cells are spent: rank every placement.
            ranked = [
                (worth[p[0]] + worth[p[1]] + 1e-3 * rand(), p) for p in variant.placements(pos)
            ]
            every = True
        ranked.sort(key=_worth)
        kept = ranked[-KEEP:]
        touched = {cell for _, place in kept for cell in place}
        for cell in reversed(cells):
            if worth[cell] < THREAT_BONUS:
                break
            if cell not in touched:
                # Its best pair: every legal one holding it is ranked when this is rare.
                pairs = [item for item in ranked if cell in item[1]] or [
                    (worth[p[0]] + worth[p[1]], p) for p in variant.placements(pos) if cell in p
                ]
                if pairs:
                    best = max(pairs, key=_worth)
                    kept.append(best)
                    touched.update(best[1])
        kept.sort(key=_worth)
        return [place for _, place in kept], not every or len(kept) < len(ranked)
