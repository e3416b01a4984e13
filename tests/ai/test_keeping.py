"""On the solved shared-win game, hard and expert search only the actions perfect play keeps."""

from __future__ import annotations

from random import Random

import pytest

from game.ai import make_bot
from game.ai.analysis import ExactJudge
from game.ai.keeping import Keeping
from game.ai.mcts import MCTSBot
from game.ai.openings import value as opening_value
from game.ai.solver import Solver, rules_for
from game.records import Record
from game.rules import Player, Position, make_variant

SHARED = make_variant("shared")
# The public engine won this game against hard as O (seen in a match): O's 6-9 (the fourth
# action) gives X the win; 20 of O's actions keep the draw. The solver needs ~0.6-0.8 s here.
LOST = ["5-7", "3-5", "1-3", "6-9", "1-4", "1-9", "3-4", "7@4"]


def test_the_kept_actions_are_those_that_keep_the_value() -> None:
    keeping, solver = Keeping(SHARED), Solver(rules=rules_for(SHARED))
    rng = Random(4)
    for _ in range(6):
        pos = Position(SHARED)
        for _ in range(rng.randrange(4, 9)):
            if pos.is_over:
                break
            pos = pos.play(rng.choice(pos.legal_actions()))
        if pos.is_over:
            continue
        value, values = solver.solve(pos)
        assert keeping.actions(pos, None) == [a for a, v in values.items() if v == value]


def test_beyond_the_tables_the_kept_actions_are_those_proven_not_to_lose() -> None:
    pos = Record(SHARED, LOST[:3]).final()  # past the openings tables
    values = Solver(rules=rules_for(SHARED)).action_values(pos)
    drawing = [action for action, value in values.items() if value <= 0]  # O to move
    kept = Keeping(SHARED).actions(pos, None)
    assert kept == drawing and SHARED.parse_token(LOST[3]) not in kept
    for seconds in (0.0, 0.05):  # as many as the time proves (None: the bot searches them all)
        some = Keeping(SHARED).actions(pos, seconds)
        assert some is None or set(some) < set(drawing)


def test_hard_as_o_does_not_lose_the_drawn_game_it_once_lost() -> None:
    pos = Record(SHARED, LOST[:3]).final()
    bot = make_bot("hard", SHARED, Random(1))
    assert isinstance(bot, MCTSBot) and bot.keeping is not None
    bot.time_limit = None  # the solver has all the time it needs (a loaded CI machine)
    bot.iterations = 300
    judge = ExactJudge(SHARED)
    assert pos.to_play is Player.O and judge.judge(pos).lead == 0  # a draw so far
    assert judge.judge(pos.play(bot.choose(pos))).lead == 0


def test_a_draw_is_worth_less_only_where_the_kept_actions_cannot_lose() -> None:
    # Restricted to actions that cannot lose, hard plays for the other side's mistakes (a
    # draw nearly a loss to it); searching every action, it keeps its usual contempt.
    bot = make_bot("hard", SHARED, Random(2))
    assert isinstance(bot, MCTSBot) and bot.safe_tree is not None
    assert bot.safe_tree.contempt > bot.tree.contempt
    bot.iterations = 200
    bot.time_limit = None
    pos = Record(SHARED, LOST[:3]).final()
    bot.choose(pos)
    assert bot.safe_tree._search is not None and bot.tree._search is None
    bot.keeping = None  # nothing proven: every action is searched, with the usual contempt
    bot.choose(pos)
    assert bot.tree._search is not None
    # Elsewhere (no solved game) there is one tree.
    other = make_bot("hard", make_variant("squared"), Random(2))
    assert isinstance(other, MCTSBot) and other.safe_tree is None


GOFF = make_variant("goff")


def test_goff_hard_as_o_plays_the_openings_tables_value_keeping_actions() -> None:
    # A search alone mostly let O's value go at its first answer; X's moves stay its search's
    # (keeping X's win from the first move, hard won every game as X against perfect).
    judge = ExactJudge(GOFF)
    for seed in range(4):
        bot = make_bot("hard", GOFF, Random(seed))
        assert isinstance(bot, MCTSBot) and bot.keeping is not None
        bot.time_limit = None  # a few iterations: the tables, not the search, keep the value
        bot.iterations = 64
        rng = Random(seed)
        pos = Position(GOFF)
        for _ in range(4):  # the tables hold every position within 3 actions
            if pos.to_play is Player.X:
                assert bot.keeping.actions(pos, None) is None
                pos = pos.play(rng.choice(pos.legal_actions()))
            else:
                action = bot.choose(pos)
                assert action in judge.judge(pos).best
                pos = pos.play(action)


def test_beyond_the_openings_tables_goff_hard_searches_every_action_without_the_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pos = Record(GOFF, ["1-9", "1-5", "3-7", "2-8", "4-6"]).final()  # past the tables, O to play
    keeping = Keeping(GOFF, tables_only=True)
    assert keeping.actions(Position(GOFF), None) is not None  # inside: a lookup
    assert keeping._judge is not None and opening_value(keeping._judge.openings, pos) is None

    def no_solver(*args: object) -> None:
        raise AssertionError("tables_only: no solver time beyond the tables")

    monkeypatch.setattr(keeping._judge.solver, "best_actions", no_solver)
    assert keeping.actions(pos, None) is None
    bot = make_bot("hard", GOFF, Random(3))
    assert isinstance(bot, MCTSBot) and bot.keeping is not None and bot.keeping.tables_only
    bot.time_limit = None
    bot.iterations = 200
    assert bot.choose(pos) in pos.legal_actions()
    search = bot.tree._search
    assert search is not None and not search.root.pruned  # no restriction at the root
