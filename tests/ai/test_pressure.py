"""Line pressure on boards of mini-boards: bounded values, kept placements, threats kept."""

from __future__ import annotations

from random import Random

import pytest

from game.ai.pressure import BOUND, KEEP, THREAT_BONUS, Pressure
from game.rules import Place, Position, make_variant
from game.rules.squared import LINES_3X3

BOARDS = ["squared", "ultimate"]


def positions(name: str, seed: int, games: int = 3) -> list[Position]:
    """Every position of a few seeded random games (collapses awaited included), ends left out."""
    rng = Random(seed)
    found = []
    for _ in range(games):
        pos = Position(make_variant(name))
        while not pos.is_over:
            found.append(pos)
            pos = pos.play(pos.random_action(rng))
    return found


@pytest.mark.parametrize("name", BOARDS)
def test_values_stay_below_a_win_and_favour_whoever_has_won_more_boards(name: str) -> None:
    model = Pressure()
    ahead = 0
    for pos in positions(name, 1):
        value = model.value(pos)
        assert -BOUND <= value <= BOUND
        if not pos.awaiting_collapse:
            xb, ob = pos.variant.won_boards(pos)  # type: ignore[attr-defined]
            lead = xb.bit_count() - ob.bit_count()
            if abs(lead) >= 2:
                assert value * lead > 0
                ahead += 1
    assert ahead  # the seeded games pass through such positions


@pytest.mark.parametrize("name", BOARDS)
def test_kept_actions_are_legal_distinct_and_few(name: str) -> None:
    model = Pressure()
    rng = Random(2)
    for pos in positions(name, 2, games=2):
        kept, cut = model.candidates(pos, rng)
        legal = set(pos.legal_actions())
        assert kept and set(kept) <= legal and len(set(kept)) == len(kept)
        # The best KEEP, and one more for each threat cell they leave out.
        threats = sum(1 for w in model.cell_worth(pos) if w >= THREAT_BONUS)
        assert len(kept) <= max(KEEP + threats, 2)
        if not cut:
            assert set(kept) == legal


def threat_cells(pos: Position) -> set[int]:
    """Open cells completing a mini-board line where one side has two classical marks, and
    the other none."""
    cells = pos.cells
    found = set()
    for board in range(9):
        for line in LINES_3X3:
            squares = [9 * board + s for s in line]
            marks = [cells[c] for c in squares]
            x = sum(1 for k in marks if k and k & 1)
            o = sum(1 for k in marks if k and not k & 1)
            if sorted((x, o)) == [0, 2]:
                found.update(c for c in squares if pos.is_open(c))
    return found


def test_a_cell_that_completes_or_blocks_a_line_survives_the_pruning() -> None:
    model = Pressure()
    rng = Random(3)
    checked = 0
    for pos in positions("squared", 3, games=6):
        threats = threat_cells(pos)
        if pos.awaiting_collapse or not threats or len(threats) > 6:
            continue
        kept, cut = model.candidates(pos, rng)
        touched = {cell for action in kept if isinstance(action, Place) for cell in action}
        assert cut and threats <= touched
        checked += 1
    assert checked >= 5
