"""Window pressure on the n×n board: bounded values, every action kept, lines of four seen."""

from __future__ import annotations

from random import Random

import pytest

from game.ai import make_bot
from game.ai.mcts import MCTSBot, Search
from game.ai.windows import BOUND, WindowPressure
from game.records import Record
from game.rules import Position, make_variant

# X's marks 1, 3 and 5 land in cells 1, 2 and 3 of the top row, O's in 6, 11 and 16.
THREE_IN_A_ROW = ["1-6", "1-6", "1@1", "2-11", "2-11", "3@2", "3-16", "3-16", "5@3"]
FOURTH = 3  # cell 4 of the top row, 0-based


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_values_stay_below_a_win_and_every_action_is_kept_once(size: int) -> None:
    variant = make_variant("nxn", {"size": size})
    model = WindowPressure(variant)
    rng = Random(size)
    for _ in range(3):
        pos = Position(variant)
        while not pos.is_over:
            if not pos.awaiting_collapse:
                assert -BOUND <= model.value(pos) <= BOUND
            kept, cut = model.candidates(pos, rng)
            assert not cut and sorted(kept) == sorted(pos.legal_actions())
            pos = pos.play(pos.random_action(rng))


def test_three_in_a_row_leads_and_its_fourth_cell_is_tried_first_by_both_sides() -> None:
    variant = make_variant("nxn", {"size": 4})
    model = WindowPressure(variant)
    pos = Record(variant, THREE_IN_A_ROW).final()
    assert pos.cells[:3] == (1, 3, 5) and pos.cells[FOURTH] == 0
    assert model.value(pos) > 0  # X's three on one open line outweigh O's scattered marks
    kept, _ = model.candidates(pos, Random(0))
    assert FOURTH in kept[-1]  # X's best placement reaches for the line of four...
    their_turn = pos.play(variant.parse_token("9-13"))
    kept, _ = model.candidates(their_turn, Random(0))
    assert FOURTH in kept[-1]  # ...and O's best reaches to block it


def test_hard_reads_window_pressure_on_nxn_and_the_levels_below_play_out_games() -> None:
    variant = make_variant("nxn", {"size": 4})
    pos = Record(variant, THREE_IN_A_ROW).final()
    for level, reads in (("easy", False), ("medium", False), ("hard", True)):
        bot = make_bot(level, variant, Random(0))
        assert isinstance(bot, MCTSBot)
        assert bot.tree.pressure is reads
    assert isinstance(Search(pos, Random(0)).pressure, WindowPressure)
    assert Search(pos, Random(0), pressure=False).pressure is None
