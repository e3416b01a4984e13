"""What a thin client draws and may tap, computed by the host with ``game.rules``.

The phone page (:mod:`net.web`) holds no rules: after every
:class:`~net.protocol.State` the host sends it a ``view`` of the position,
made here: the marks, the lit cycle, which cells may start a placement and
which may finish each one, both collapse outcomes, the mini-boards the move
may use, and the result once the game is over. The page draws it and sends
back the record token of the choice made, exactly as the window does.

Sets of cells travel as hex bit masks (bit ``i`` for cell ``i``): the 81
cells of Squared fit in 21 characters, so a whole view stays a few KiB.
"""

from __future__ import annotations

from typing import Any

from game.rules import Position, Variant
from game.rules.ultimate import Ultimate
from game.textview import points

# On the wire, like every message: a map with its type tag.
TAG = "view"


def view_of(pos: Position, game: int, ply: int) -> dict[str, Any]:
    """The view of ``pos``, the position after ``ply`` tokens of the table's game ``game``."""
    variant = pos.variant
    starts, finish = _placements(pos)
    outcome = pos.outcome
    scores = pos.scores()
    last = pos.last_placement
    return {
        "t": TAG,
        "game": game,
        "ply": ply,
        "variant": variant.name,
        "labels": [variant.label(cell) for cell in range(variant.cell_count)],
        "grid": [list(row) for row in variant.grid()],
        "boards": [list(board) for board in _boards(variant)],
        "cells": list(pos.cells),
        "spooky": [list(mark) for mark in pos.spooky_marks],
        "to_play": pos.to_play.value if pos.to_play else None,
        "move": pos.move_number,
        "pending": pos.pending_mark if pos.awaiting_collapse else None,
        "cycle": list(pos.cycle()) if pos.awaiting_collapse else [],
        "tangle": list(pos.entanglement()) if pos.awaiting_collapse else [],
        "starts": _mask(starts),
        "finish": {str(a): _mask(cells) for a, cells in sorted(finish.items())},
        "outcomes": [
            {"token": variant.token(action), "cells": sorted([c, k] for c, k in fill.items())}
            for action, fill in pos.collapse_outcomes()
        ],
        "focus": _focus(pos, starts),
        "won": _won(pos),
        "last": list(last) if last else [],
        "scores": {"X": points(scores.x), "O": points(scores.o)},
        "over": None
        if outcome is None
        else {
            "why": outcome.termination.value,
            "winner": outcome.winner.value if outcome.winner else None,
            "shared": outcome.shared,  # a tie both won, not a draw
            "rows": [list(row.cells) for row in outcome.rows],
            # Squared and Ultimate: each line of won mini-boards that ended it (boards from 0).
            "lines": [
                {"side": player.value, "boards": list(boards)}
                for player, boards in variant.board_lines(pos)
            ],
        },
    }


def _placements(pos: Position) -> tuple[set[int], dict[int, set[int]]]:
    """The cells that may start a placement, and for each the cells that may finish it."""
    finish: dict[int, set[int]] = {}
    if pos.is_over or pos.awaiting_collapse:
        return set(), finish
    for a, b in pos.variant.placements(pos):
        finish.setdefault(a, set()).add(b)
        finish.setdefault(b, set()).add(a)
    return set(finish), finish


def _boards(variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The mini-boards' cells, each row by row, the boards in reading order; () for one board."""
    side = variant.mini_board_side
    if not side:
        return ()
    per = side * side
    return tuple(tuple(range(b * per, (b + 1) * per)) for b in range(variant.cell_count // per))


def _focus(pos: Position, starts: set[int]) -> list[int]:
    """The mini-boards the awaited action may use (0-based): a phone zooms to these."""
    side = pos.variant.mini_board_side
    if not side:
        return []
    per = side * side
    if pos.awaiting_collapse:
        tangle = set(pos.entanglement())
        cells = {c for k, a, b in pos.spooky_marks if k in tangle for c in (a, b)}
    else:
        variant = pos.variant
        sent = variant.sent_to(pos) if isinstance(variant, Ultimate) else ()
        if sent:
            return list(sent)
        cells = starts
    return sorted({cell // per for cell in cells})


def _won(pos: Position) -> list[list[str]]:
    """Each mini-board's winners (``["X"]``, ``["X", "O"]``, ...); none on one board."""
    boards = pos.variant.report(pos).get("boards")
    if not isinstance(boards, dict):
        return []
    return [list(boards[str(b + 1)]) for b in range(len(boards))]


def _mask(cells: set[int]) -> str:
    return format(sum(1 << cell for cell in cells), "x")
