"""Ultimate Quantum Tic-Tac-Toe (text 004): Squared, plus the last pair sends the next move."""

from __future__ import annotations

from itertools import combinations
from random import Random
from typing import TYPE_CHECKING, ClassVar

from game.rules.actions import Place
from game.rules.squared import (
    SAMPLE_TRIES,
    Squared,
    joined,
    open_cells_table,
    spent_boards,
)

if TYPE_CHECKING:
    from game.rules.position import Position


class Ultimate(Squared):
    """Squared with the sending rule.

    The squares the last pair was played in, inside their mini-boards, name
    the mini-boards the next pair must span: one half in each, or both halves
    in one mini-board when the two squares are the same. The pair that closed
    a cycle still sends the move that follows its collapse. When no legal
    placement meets the constraint (or on the first move), the move is free.
    """

    name: ClassVar[str] = "ultimate"

    def sent_to(self, pos: Position) -> tuple[int, ...]:
        """The mini-boards (0-based) the next placement must span; ``()`` when it is free.

        Only a placement awaited now is constrained: while a collapse is
        awaited the cells it will fill are not known yet, so this is ``()``.
        """
        sent = self._sent_boards(pos)
        if pos._pending or pos._outcome is not None or not sent:
            return ()
        if not self._within(pos, *sent, spent_boards(pos)):
            return ()
        return tuple(sorted(set(sent)))

    def _sent_boards(self, pos: Position) -> tuple[int, int] | None:
        """The mini-boards the last pair names, smaller first; ``None`` before the first pair."""
        last = pos._last
        if last is None:
            return None
        p, q = last.a % 9, last.b % 9
        return (p, q) if p <= q else (q, p)

    def _within(self, pos: Position, p: int, q: int, spent: int) -> tuple[Place, ...]:
        """Every legal placement spanning mini-boards ``p`` and ``q`` (``p <= q``)."""
        table = open_cells_table()
        places = self.place_table
        open_ = pos._open
        here = table[p][open_ >> 9 * p & 511]
        if p == q:
            return tuple(places[a][b] for a, b in combinations(here, 2) if not joined(pos, a, b))
        if spent >> (9 * p + q) & 1:
            return ()
        return tuple(places[a][b] for a in here for b in table[q][open_ >> 9 * q & 511])

    def placements(self, pos: Position) -> tuple[Place, ...]:
        spent = spent_boards(pos)
        sent = self._sent_boards(pos)
        pairs = self._within(pos, *sent, spent) if sent else ()
        return pairs or self._free(pos, spent)

    def random_placement(self, pos: Position, rng: Random) -> Place:
        spent = spent_boards(pos)
        sent = self._sent_boards(pos)
        # Mid-game the two mini-boards sent to are mostly a spent pair: that is settled first.
        if sent is not None and (sent[0] == sent[1] or not spent >> 9 * sent[0] + sent[1] & 1):
            p, q = sent
            table = open_cells_table()
            open_ = pos._open
            here = table[p][open_ >> 9 * p & 511]
            rand = rng.random  # as in Squared._random_free
            if p != q:
                there = table[q][open_ >> 9 * q & 511]
                # One half in each mini-board: any open cell of one with any of the other.
                if here and there:
                    a = here[int(rand() * len(here))]
                    return self.place_table[a][there[int(rand() * len(there))]]
            elif len(here) >= 2:
                n = len(here)
                for _ in range(SAMPLE_TRIES):
                    a = here[int(rand() * n)]
                    b = here[int(rand() * n)]
                    if a != b and not joined(pos, a, b):
                        return self.place_table[min(a, b)][max(a, b)]
                pairs = self._within(pos, p, q, spent)
                if pairs:
                    return rng.choice(pairs)
        return self._random_free(pos, spent, rng)

    def refuse_placement(self, pos: Position, a: int, b: int) -> str | None:
        reason = super().refuse_placement(pos, a, b)
        if reason:
            return reason
        sent = self.sent_to(pos)
        if sent and set(sent) != {a // 9, b // 9}:
            last = pos._last
            assert last is not None
            where = (
                f"mini-board {sent[0] + 1}"
                if len(sent) == 1
                else f"mini-boards {sent[0] + 1} and {sent[1] + 1}"
            )
            return f"the pair {self.label(last.a)}-{self.label(last.b)} sends this move to {where}"
        return None

    def report(self, pos: Position) -> dict[str, object]:
        """Squared's fields, and ``sent_to``: the mini-boards the next pair must span, or null."""
        sent = self.sent_to(pos)
        return {**super().report(pos), "sent_to": [str(b + 1) for b in sent] if sent else None}
