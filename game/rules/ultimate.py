"""Ultimate Quantum Tic-Tac-Toe (text 004): Squared, plus the last pair sends the next move."""

from __future__ import annotations

from itertools import combinations
from random import Random
from typing import TYPE_CHECKING, ClassVar

from game.rules.actions import Place
from game.rules.squared import Squared, _open_cells, _places, links

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
        if pos._pending or pos._outcome is not None:
            return ()
        joined, spent = links(pos)
        sent = self._sent_boards(pos)
        if sent is None or not self._within(pos._open, *sent, joined, spent):
            return ()
        return tuple(sorted(set(sent)))

    def _sent_boards(self, pos: Position) -> tuple[int, int] | None:
        """The mini-boards the last pair names, smaller first; ``None`` before the first pair."""
        last = pos._last
        if last is None:
            return None
        p, q = last.a % 9, last.b % 9
        return (p, q) if p <= q else (q, p)

    def _within(
        self, open_: int, p: int, q: int, joined: set[tuple[int, int]], spent: set[tuple[int, int]]
    ) -> tuple[Place, ...]:
        """Every legal placement spanning mini-boards ``p`` and ``q`` (``p <= q``)."""
        table = _open_cells()
        places = _places()
        here = table[p][open_ >> 9 * p & 511]
        if p == q:
            return tuple(places[a][b] for a, b in combinations(here, 2) if (a, b) not in joined)
        if (p, q) in spent:
            return ()
        return tuple(places[a][b] for a in here for b in table[q][open_ >> 9 * q & 511])

    def placements(self, pos: Position) -> tuple[Place, ...]:
        joined, spent = links(pos)
        sent = self._sent_boards(pos)
        pairs = self._within(pos._open, *sent, joined, spent) if sent else ()
        return pairs or self._free(pos._open, joined, spent)

    def random_placement(self, pos: Position, rng: Random) -> Place:
        joined, spent = links(pos)
        open_ = pos._open
        sent = self._sent_boards(pos)
        if sent is not None:
            p, q = sent
            if p == q:
                pairs = self._within(open_, p, q, joined, spent)
                if pairs:
                    return rng.choice(pairs)
            elif (p, q) not in spent:
                # One half in each mini-board: any open cell of one with any of the other.
                table = _open_cells()
                here = table[p][open_ >> 9 * p & 511]
                there = table[q][open_ >> 9 * q & 511]
                if here and there:
                    return _places()[rng.choice(here)][rng.choice(there)]
        return self._random_free(open_, joined, spent, rng)

    def refuse_placement(self, pos: Position, a: int, b: int) -> str | None:
        reason = super().refuse_placement(pos, a, b)
        if reason:
            return reason
        sent = self.sent_to(pos)
        if sent and set(sent) != {a // 9, b // 9}:
            label = self.label
            last = pos._last
            assert last is not None
            where = (
                f"mini-board {sent[0] + 1}"
                if len(sent) == 1
                else f"mini-boards {sent[0] + 1} and {sent[1] + 1}"
            )
            return f"the pair {label(last.a)}-{label(last.b)} sends this move to {where}"
        return None

    def report(self, pos: Position) -> dict[str, object]:
        """Squared's fields, and ``sent_to``: the mini-boards the next pair must span, or null."""
        sent = self.sent_to(pos)
        return {**super().report(pos), "sent_to": [str(b + 1) for b in sent] if sent else None}
