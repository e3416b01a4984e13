"""What a rule set adds to the shared core: its board, its legal moves, its end and its score.

A variant is a small immutable object; two variants with the same name and
options are equal, so positions of one game compare equal across copies.
"""

from __future__ import annotations

import re
from functools import cached_property
from random import Random
from typing import TYPE_CHECKING, ClassVar

from game.rules.actions import Action, Collapse, Place
from game.rules.errors import InvalidTokenError
from game.rules.outcome import Outcome, Player, Scores, Termination

if TYPE_CHECKING:
    from game.rules.position import Position

_NUMBER = "[1-9][0-9]*"
# A number longer than this names no cell and no mark of any game; it is not read as one
# (Python refuses to read over 4300 digits, and a record may hold millions).
_LONGEST = 9
# Any cell label of any board (``17``, ``5.5``): tokens are read with this, so a label of
# another board reaches parse_cell and is refused with a message naming this board.
_ANY_LABEL = rf"{_NUMBER}(?:\.{_NUMBER})?"


class Variant:
    """The base rule set: spooky moves into two distinct open cells, no scoring of its own.

    Subclasses set the board (``cell_count``, labels, ``lines``) and override
    the hooks below; the core in :class:`~game.rules.position.Position` calls
    them and never asks which variant it plays.
    """

    name: ClassVar[str]
    cell_count: int
    # The pattern of one cell label, used to read tokens strictly.
    CELL_PATTERN: ClassVar[str] = _NUMBER
    DOUBLE_RULE: ClassVar[str] = (
        "both halves in one cell only on the last move into the last open cell"
    )
    # The side of the mini-boards the grid is made of (Squared: 3); 0 for one board.
    mini_board_side: ClassVar[int] = 0
    # ``[a][b]``: bits a spooky mark in cells ``a < b`` adds to ``Position._mark_bits``, which
    # or-s them over the spooky marks as it goes, so a rule about them needs no scan; ``None``
    # when no rule needs them (the core then skips the work).
    mark_bits: tuple[tuple[int, ...], ...] | None = None

    # -- identity ----------------------------------------------------------------

    @classmethod
    def from_record(cls, fields: dict[str, object]) -> Variant:
        """The rule set a record's fields describe; other fields are not the rules' business.

        Raises :class:`RulesError` with a message naming the field that is wrong.
        """
        return cls()

    def options(self) -> dict[str, object]:
        """The record fields beyond ``variant`` that recreate this rule set."""
        return {}

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, Variant)
            and self.options() == other.options()
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options().items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.options().items())
        return f"{type(self).__name__}({args})"

    # -- cell labels and tokens ---------------------------------------------------

    def label(self, cell: int) -> str:
        return str(cell + 1)

    def parse_cell(self, text: str) -> int:
        """The cell a label names; :class:`InvalidTokenError` if the board has none."""
        named = re.fullmatch(self.CELL_PATTERN, text) and len(text) <= _LONGEST
        if named and 1 <= int(text) <= self.cell_count:
            return int(text) - 1
        raise InvalidTokenError(f"there is no cell {short_label(text)} on {self.board_name}")

    @property
    def board_name(self) -> str:
        return "this board"

    def token(self, action: Action) -> str:
        """The record token of an action (placements are written with the smaller cell first)."""
        if isinstance(action, Collapse):
            return f"{action.mark}@{self.label(action.cell)}"
        a, b = sorted(action)
        return f"{self.label(a)}-{self.label(b)}"

    @cached_property
    def _token_re(self) -> re.Pattern[str]:
        cell = _ANY_LABEL
        return re.compile(rf"(?P<a>{cell})-(?P<b>{cell})|(?P<k>{_NUMBER})@(?P<c>{cell})")

    def parse_token(self, token: str) -> Action:
        """Read one token strictly; it says nothing yet of whether it is legal here."""
        found = self._token_re.fullmatch(token)
        if found is None:
            raise InvalidTokenError(_why_malformed(token))
        if found["k"] is not None:
            if len(found["k"]) > _LONGEST:
                raise InvalidTokenError(f"there is no mark {short_label(found['k'])}")
            return Collapse(int(found["k"]), self.parse_cell(found["c"]))
        return Place(self.parse_cell(found["a"]), self.parse_cell(found["b"]))

    # -- the board -------------------------------------------------------------

    @property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """The lines whose classical completion counts as a row."""
        raise NotImplementedError

    def grid(self) -> tuple[tuple[int, ...], ...]:
        """The cells as rows on screen, top to bottom, left to right."""
        raise NotImplementedError

    # -- legal moves -------------------------------------------------------------

    def placements(self, pos: Position) -> tuple[Place, ...]:
        """Every legal placement in ``pos`` (no collapse is awaited there)."""
        if self.allows_double(pos):
            cell = pos._open.bit_length() - 1
            return (Place(cell, cell),)
        pairs = self._pairs(pos._open)
        if not self._restricts:
            return pairs
        return tuple(p for p in pairs if self.refuse_placement(pos, *p) is None)

    def has_placement(self, pos: Position) -> bool:
        """Whether any placement is legal; variants with many cells answer without listing them."""
        return bool(self.placements(pos))

    def random_placement(self, pos: Position, rng: Random) -> Place:
        """A uniformly random legal placement (one must exist): the rollouts' hot path.

        Variants with many cells override this to sample without listing every pair.
        """
        return rng.choice(self.placements(pos))

    @cached_property
    def _restricts(self) -> bool:
        # A variant that refuses no pair of open cells needs no filtering: the hot path of playouts.
        return type(self).refuse_placement is not Variant.refuse_placement

    def _pairs(self, open_: int) -> tuple[Place, ...]:
        """Every pair of distinct open cells, cached by the set of open cells on small boards."""
        cache = self._pair_cache
        pairs = cache.get(open_)
        if pairs is None:
            table = self.place_table
            cells = self.open_cells_of(open_)
            pairs = tuple([table[a][b] for i, a in enumerate(cells) for b in cells[i + 1 :]])
            # A 3×3 board has 512 sets of open cells; larger boards have too many to keep.
            if self.cell_count <= 9:
                cache[open_] = pairs
        return pairs

    @cached_property
    def _pair_cache(self) -> dict[int, tuple[Place, ...]]:
        return {}

    @cached_property
    def place_table(self) -> tuple[tuple[Place, ...], ...]:
        """``[a][b]``: one shared ``Place(a, b)`` per pair of cells, so listings build no tuples."""
        n = self.cell_count
        return tuple(tuple(Place(a, b) for b in range(n)) for a in range(n))

    def open_cells_of(self, open_: int) -> tuple[int, ...]:
        """The cells whose bits are set in ``open_``; a game meets a handful, so they are kept."""
        cache = self._open_cache
        cells = cache.get(open_)
        if cells is None:
            if len(cache) >= 4096:  # many games later: start again rather than grow
                cache.clear()
            cells = cache[open_] = tuple(i for i in range(self.cell_count) if open_ >> i & 1)
        return cells

    @cached_property
    def _open_cache(self) -> dict[int, tuple[int, ...]]:
        return {}

    def allows_double(self, pos: Position) -> bool:
        """Whether ``a-a`` is the move: the last move, into the one open cell left."""
        open_ = pos._open
        return open_ != 0 and open_ & (open_ - 1) == 0 and pos._turn == self.cell_count

    def refuse_placement(self, pos: Position, a: int, b: int) -> str | None:
        """Why this variant forbids the placement of two distinct open cells, or ``None``."""
        return None

    # -- the end and the score -------------------------------------------------

    def after_place(self, pos: Position) -> Outcome | None:
        """The outcome if a placement that closed no cycle ended the game."""
        return self._stuck(pos)

    def after_collapse(self, pos: Position) -> Outcome | None:
        """The outcome if new classical marks ended the game."""
        raise NotImplementedError

    def _stuck(self, pos: Position) -> Outcome | None:
        if pos._open == 0:
            return self.ended(pos, Termination.FULL_BOARD)
        if not self.has_placement(pos):
            return self.ended(pos, Termination.NO_MOVES)
        return None

    def ended(self, pos: Position, termination: Termination) -> Outcome:
        """The outcome of a game that ends without its winning condition (a draw by default)."""
        return Outcome(termination, Scores())

    def scores(self, pos: Position) -> Scores:
        """Points so far; the outcome's once the game is over."""
        return pos._outcome.scores if pos._outcome else Scores()

    def report(self, pos: Position) -> dict[str, object]:
        """Fields this variant adds to the state report."""
        return {}

    def board_lines(self, pos: Position) -> tuple[tuple[Player, tuple[int, ...]], ...]:
        """Each line of won mini-boards that ends the game, by whom (boards from 0): none on a
        board that is not made of mini-boards."""
        return ()

    def describe(self, pos: Position) -> str:
        """A one-line summary for ``repr``."""
        classical = " ".join(
            f"{Player.of_mark(k)}{k}@{self.label(c)}" for c, k in enumerate(pos._cells) if k
        )
        spooky = " ".join(
            f"{Player.of_mark(k)}{k}:{self.label(a)}-{self.label(b)}" for k, a, b in pos._spooky
        )
        return f"[{classical}] [{spooky}]"


def short_label(label: str) -> str:
    """A label as a refusal names it: a number too long to name anything cut short (a peer's
    token may be a kilobyte, and the refusal goes back to it as a line to read)."""
    return label if len(label) <= _LONGEST else f"{label[:_LONGEST]}…"


def _why_malformed(token: str) -> str:
    if not token:
        return "an empty token"
    if any(ch.isspace() for ch in token):
        return "tokens have no spaces"
    if any(ch in "xXoO" for ch in token):
        return "tokens have no player letters"
    if re.search(r"(?<![0-9])0[0-9]", token):
        return "numbers have no leading zeros"
    return "not a move token: expected a-b or k@c"
