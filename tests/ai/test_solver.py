"""The exact solver against brute force over the public engine, and its book against itself.

Goff's game and text 004's shared-win game both: the solver plays them by one
search with a :class:`~game.ai.solver.Rules` each.
"""

from __future__ import annotations

from random import Random

import pytest

from game.ai.perfect import PerfectBot, load_book
from game.ai.solver import SHARED, SYMMETRIES, Solver, position_key, rules_for, scores_of
from game.rules import (
    Action,
    Collapse,
    Goff,
    Place,
    Player,
    Position,
    Scores,
    Variant,
    make_variant,
)

GOFF = Goff()
SHARED_WIN = make_variant("shared", {})


def brute_force(pos: Position, finals: list[Position]) -> int:
    """Twice X−O under minimax over the whole tree, with nothing but the public engine."""
    if pos.is_over:
        finals.append(pos)
        scores = pos.scores()
        return round(2 * (scores.x - scores.o))
    values = [brute_force(pos.play(action), finals) for action in pos.legal_actions()]
    return max(values) if pos.to_play is Player.X else min(values)


def random_position(seed: int, move: int, variant: Variant = GOFF) -> Position:
    """A position met in random play at ``move`` (a pending collapse as often as not)."""
    rng = Random(seed)
    while True:
        pos = Position(variant)
        while not pos.is_over and pos.move_number < move:
            pos = pos.play(rng.choice(pos.legal_actions()))
        if not pos.is_over:
            return pos


NEAR_THE_END = [
    random_position(seed, move, variant)
    for variant, seeds in ((GOFF, 16), (SHARED_WIN, 8))
    for seed in range(seeds)
    for move in (7, 8)
]


@pytest.mark.parametrize("pos", NEAR_THE_END, ids=repr)
def test_solver_agrees_with_brute_force(pos: Position) -> None:
    finals: list[Position] = []
    expected = brute_force(pos, finals)
    rules = rules_for(pos.variant)
    assert Solver(rules=rules).value_of(pos) == expected
    for final in finals:
        scores = final.scores()
        value = scores_of(round(2 * (scores.x - scores.o)), rules)
        if rules is SHARED:
            # A shared win (1–1) and a draw are one value: the difference each plays for.
            assert value == (scores if scores.x != scores.o else Scores(0, 0))
        else:
            # Goff's score difference is one final score pair.
            assert value == scores


def test_shared_positions_near_the_end_meet_its_own_rules() -> None:
    """Shared wins, draws with one open cell and no joined pair joined twice all occur."""
    finals: list[Position] = []
    for pos in NEAR_THE_END:
        if pos.variant == SHARED_WIN and pos.move_number == 8:
            brute_force(pos, finals)
    assert any(f.scores() == Scores(1, 1) for f in finals)
    assert any(f.scores() == Scores(0, 0) and len(f.open_cells()) == 1 for f in finals)


def test_the_positions_near_the_end_include_collapse_choices() -> None:
    assert any(pos.awaiting_collapse for pos in NEAR_THE_END)
    assert any(not pos.awaiting_collapse for pos in NEAR_THE_END)


@pytest.mark.parametrize("pos", NEAR_THE_END[::4], ids=repr)
def test_every_action_value_and_the_best_action_agree(pos: Position) -> None:
    rules = rules_for(pos.variant)
    solver = Solver(rules=rules)
    value, actions = solver.solve(pos)
    assert value == Solver(rules=rules).value_of(pos)
    for action, action_value in actions.items():
        assert action_value == brute_force(pos.play(action), [])
    best = solver.best_action(pos, Random(1))
    assert actions[best] == value


def moved_by(action: Action, perm: tuple[int, ...]) -> Action:
    """An action with every cell moved by a symmetry of the board."""
    if isinstance(action, Collapse):
        return Collapse(action.mark, perm[action.cell])
    return Place(perm[action.a], perm[action.b])


def test_symmetric_games_have_one_value_and_one_key() -> None:
    rng = Random(5)
    for _ in range(3):
        pos = Position(GOFF)
        actions = []
        while pos.move_number < 7 and not pos.is_over:
            actions.append(rng.choice(pos.legal_actions()))
            pos = pos.play(actions[-1])
        values = set()
        keys = set()
        for perm in SYMMETRIES:
            moved = Position(GOFF)
            for action in actions:
                moved = moved.play(moved_by(action, perm))
            values.add(Solver().value_of(moved))
            keys.add(position_key(moved)[0])
        assert len(values) == 1
        assert len(keys) == 1


def test_book_entries_agree_with_the_live_solver() -> None:
    """A sample of book positions, met by the perfect bot against random play, solved afresh."""
    book = load_book()
    rng = Random(11)
    checked = 0
    for game in range(6):
        bot_side = Player.X if game % 2 == 0 else Player.O
        bot = PerfectBot(Random(game))
        pos = Position(GOFF)
        while not pos.is_over:
            key = position_key(pos)[0]
            if key in book and pos.move_number >= 3:
                fresh = Solver()
                assert fresh.value_of(pos) == book[key][0]
                move = bot.choose(pos)
                assert fresh.value_of(pos.play(move)) == book[key][0]
                checked += 1
            if pos.to_play is bot_side:
                pos = pos.play(bot.choose(pos))
            else:
                pos = pos.play(rng.choice(pos.legal_actions()))
    assert checked >= 6


def test_book_starts_from_the_solved_value() -> None:
    # X 1, O ½ (twice the difference: 1), as the from-scratch solve in the report measured.
    assert Solver(load_book()).value(Position(GOFF)) == Scores(1, 0.5)


def test_solver_refuses_other_variants() -> None:
    with pytest.raises(ValueError, match="Goff"):
        rules_for(make_variant("nxn", {}))
    with pytest.raises(ValueError, match="plays goff, not shared"):
        Solver().value_of(Position(SHARED_WIN))


@pytest.mark.slow
def test_every_shared_opening_is_a_draw() -> None:
    """Text 004's game from scratch: all 36 first moves hold the draw (about a minute)."""
    value, actions = Solver(rules=SHARED).solve(Position(SHARED_WIN))
    assert value == 0
    assert len(actions) == 36
    assert set(actions.values()) == {0}
