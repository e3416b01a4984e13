"""Random Goff games, checked at every step (hypothesis chooses the moves)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.records import Record, parse_record, state_report
from game.rules import Collapse, Goff, IllegalActionError, Position

GOFF = Goff()


def check_invariants(pos: Position) -> None:
    spooky = {k: (a, b) for k, a, b in pos.spooky_marks}
    classical = {k: cell for cell, k in enumerate(pos.cells) if k}
    for mark in range(1, pos.move_number):
        # Every mark played is classical in exactly one cell or spooky in exactly two.
        assert (mark in spooky) != (mark in classical), mark
        if mark in spooky:
            a, b = spooky[mark]
            assert a != b
    for cell, k in enumerate(pos.cells):
        if k:
            assert pos.spooky_in(cell) == (), "a classical cell holds no spooky mark"
    assert (pos.legal_actions() == ()) == pos.is_over
    assert pos.move_number <= 10, "no game passes move 9"
    json.dumps(state_report(pos))


def check_collapse_spellings(pos: Position) -> None:
    """Every mark on the cycle, in either of its cells, names one of the two outcomes."""
    canonical = set(pos.legal_actions())
    cycle = set(pos.cycle())
    for k, a, b in pos.spooky_marks:
        for cell in (a, b):
            if k in cycle:
                assert pos.check(Collapse(k, cell)) in canonical
            else:
                try:
                    pos.check(Collapse(k, cell))
                except IllegalActionError as exc:
                    assert "not on the cycle" in str(exc)
                else:
                    raise AssertionError(f"stem mark {k} accepted as a collapse choice")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_random_games_keep_the_invariants(data: st.DataObject) -> None:
    record = Record(GOFF)
    pos = Position(GOFF)
    check_invariants(pos)
    while not pos.is_over:
        actions = pos.legal_actions()
        if pos.awaiting_collapse:
            check_collapse_spellings(pos)
        action = data.draw(st.sampled_from(actions))
        pos = record.append(pos, action)
        check_invariants(pos)
        again = parse_record(record.to_json())
        assert again.final() == pos, "a record written and read back gives the same position"
    assert pos.outcome is not None
    assert pos.scores() in {(0, 0), (1, 0), (0, 1), (1, 0.5), (0.5, 1), (2, 0), (1.5, 0)}
