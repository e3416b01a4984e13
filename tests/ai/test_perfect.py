"""The perfect bot never does worse than the value of Goff's game, on either side."""

from __future__ import annotations

from random import Random

import pytest

from game.ai import LEVELS, make_bot
from game.ai.arena import play_game
from game.ai.perfect import PerfectBot, load_book
from game.ai.solver import Solver
from game.rules import Goff, Player, Position
from tests.test_layering import holds, imported_after

GOFF = Goff()
# Every level that plays Goff's game (expert does not: perfect is the top there).
OTHERS = [level for level in LEVELS if level not in ("perfect", "expert")]


@pytest.fixture(scope="module")
def start_value() -> int:
    """Twice X−O that perfect play reaches from the empty board (X 1, O ½: 1)."""
    return Solver(load_book()).value_of(Position(GOFF))


@pytest.mark.parametrize("other", OTHERS)
@pytest.mark.parametrize("side", list(Player))
def test_perfect_never_ends_below_the_value_of_the_start(
    other: str, side: Player, start_value: int
) -> None:
    x, o = ("perfect", other) if side is Player.X else (other, "perfect")
    games = 1 if other == "hard" else 3
    for seed in range(games):
        scores = play_game(GOFF, x, o, seed).scores()
        difference = round(2 * (scores.x - scores.o))
        # Perfect as X gets at least the value; as O it concedes at most the value.
        if side is Player.X:
            assert difference >= start_value
        else:
            assert difference <= start_value


def test_perfect_answers_every_decision_with_a_value_keeping_action() -> None:
    """Against random play, every answer keeps the position's value (checked by a fresh solver)."""
    rng = Random(3)
    for side in Player:
        bot = PerfectBot(Random(4))
        pos = Position(GOFF)
        while not pos.is_over:
            if pos.to_play is side:
                action = bot.choose(pos)
                if pos.move_number >= 5:
                    judge = Solver()
                    assert judge.value_of(pos.play(action)) == judge.value_of(pos)
                pos = pos.play(action)
            else:
                pos = pos.play(rng.choice(pos.legal_actions()))


def test_choosing_the_level_reads_no_book_and_ai_imports_no_game_client() -> None:
    loaded = imported_after(
        "import random; import game.ai.mcts, game.ai.solver, game.ai.arena, game.ai.make_book;"
        "from game.ai import make_bot; from game.ai.perfect import load_book;"
        "from game.rules import Goff;"
        "make_bot('perfect', Goff(), random.Random(0));"
        "assert load_book.cache_info().currsize == 0"
    )
    for forbidden in ("pygame", "msgpack", "zeroconf"):
        assert not holds(loaded, forbidden), forbidden


def test_make_bot_gives_the_perfect_player_on_goff() -> None:
    assert isinstance(make_bot("perfect", GOFF, Random(0)), PerfectBot)
