"""Random Goff games, checked at every step (hypothesis chooses the moves)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.records import Record, parse_record
from game.rules import Collapse, Goff, IllegalActionError, Position
from tests.rules.test_variant_properties import check_invariants

GOFF = Goff()


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
        assert pos.move_number <= 10, "no game passes move 9"
        again = parse_record(record.to_json())
        assert again.final() == pos, "a record written and read back gives the same position"
    assert pos.outcome is not None
    assert pos.scores() in {(0, 0), (1, 0), (0, 1), (1, 0.5), (0.5, 1), (2, 0), (1.5, 0)}
