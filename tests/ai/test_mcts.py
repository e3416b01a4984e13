"""MCTS on every variant: legal answers, the chooser's decision, reproducibility, strength."""

from __future__ import annotations

import dataclasses
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from random import Random

import pytest

from game.ai import (
    LEVELS,
    STRENGTHS,
    VARIANT_STRENGTHS,
    RandomBot,
    levels_for,
    make_bot,
    search_bot,
    strength,
)
from game.ai.arena import play_game
from game.ai.mcts import MCTSBot, Search, pick, pick_split, result_of
from game.ai.parallel import ParallelBot
from game.ai.solver import Solver
from game.rules import VARIANTS, Collapse, Place, Player, Position, make_variant

NAMES = sorted(VARIANTS)


def random_play(name: str, seed: int, plies: int) -> Position:
    rng = Random(seed)
    pos = Position(make_variant(name))
    for _ in range(plies):
        nxt = pos.play(rng.choice(pos.legal_actions()))
        if nxt.is_over:
            break
        pos = nxt
    return pos


def pending_position(name: str, seed: int) -> Position:
    """A position of random play where a collapse is awaited."""
    rng = Random(seed)
    while True:
        pos = Position(make_variant(name))
        while not pos.is_over:
            if pos.awaiting_collapse:
                return pos
            pos = pos.play(rng.choice(pos.legal_actions()))


@pytest.mark.parametrize("name", NAMES)
def test_answers_are_legal_at_the_start_mid_game_and_at_a_collapse(name: str) -> None:
    for pos in (Position(make_variant(name)), random_play(name, 1, 5), pending_position(name, 2)):
        action = MCTSBot(Random(0), iterations=40).choose(pos)
        assert pos.check(action) == action


def test_the_chooser_takes_the_collapse_the_solver_prefers() -> None:
    """A collapse is the chooser's own decision, searched like a move (1½–0 beats 1–½ now)."""
    solver = Solver()
    checked = 0
    for seed in range(60):
        pos = pending_position("goff", seed)
        if pos.move_number < 7:
            continue
        values = solver.action_values(pos)
        if len(set(values.values())) < 2:
            continue
        sign = 1 if pos.to_play is Player.X else -1
        best = max(sign * v for v in values.values())
        choice = MCTSBot(Random(seed), iterations=3000).choose(pos)
        assert isinstance(choice, Collapse)
        assert sign * values[choice] == best
        checked += 1
    assert checked >= 2


def play(name: str, bots: tuple[object, object]) -> Position:
    pos = Position(make_variant(name))
    while not pos.is_over:
        bot = bots[0 if pos.move_number & 1 else 1]
        pos = pos.play(bot.choose(pos))  # type: ignore[attr-defined]
    return pos


@pytest.mark.parametrize("name", NAMES)
def test_search_beats_random_play_from_either_side(name: str) -> None:
    for side in Player:
        search = MCTSBot(Random(7), iterations=150)
        other = RandomBot(Random(8))
        bots = (search, other) if side is Player.X else (other, search)
        assert play(name, bots).outcome.winner is side  # type: ignore[union-attr]


def test_the_same_seed_plays_the_same_game() -> None:
    def game(seed: int) -> list[object]:
        pos = play("goff", (MCTSBot(Random(seed), 60), MCTSBot(Random(seed + 1), 60)))
        return [pos.cells, pos.spooky_marks, pos.scores()]

    assert game(3) == game(3)


def test_bots_in_worker_threads_answer_as_they_do_alone() -> None:
    positions = [random_play(name, 4, 3) for name in NAMES]

    def answer(pos: Position) -> object:
        return MCTSBot(Random(5), iterations=80).choose(pos)

    alone = [answer(pos) for pos in positions]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(answer, positions)) == alone


def test_a_time_limit_stops_the_search() -> None:
    search = Search(Position(make_variant("ultimate")), Random(0))
    # run() checks the clock between batches: a deadline already past stops it after the first.
    search.run(10**9, deadline=0.0)
    assert 0 < search.iterations < 10**9
    # A limit in CPU seconds stops a bot, and each root-parallel worker: were a deadline on one
    # clock read on the other, the search would not stop before the test's timeout.
    pos = Position(make_variant("squared"))
    for bot in (
        MCTSBot(Random(0), 10**9, 0.05, cpu_time=True),
        ParallelBot(Random(0), 10**9, 0.05, processes=1, cpu_time=True),
    ):
        assert pos.check(bot.choose(pos))


@pytest.mark.parametrize("processes", [None, 2])
def test_a_stop_ends_a_search_with_its_best_so_far_and_the_next_runs_its_course(
    processes: int | None,
) -> None:
    # Nobody waits for the answer (an undo, a closed window): the expert's 4.6 s search held
    # the closed window's process that long, and the bot to move after an undo waited for it.
    pos = Position(make_variant("squared"))
    bot = (
        MCTSBot(Random(0), 10**9, 600.0)
        if processes is None
        else ParallelBot(Random(0), 10**9, 600.0, processes=processes)
    )
    stop = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        answer = pool.submit(bot.choose, pos, stop)
        time.sleep(0.5)  # under way (the workers may still be starting: they stop as they begin)
        stop.set()
        assert pos.check(answer.result(timeout=60))  # not after 600 s
    # The next question is searched until its own limit: the stop was that answer's alone.
    bot.time_limit = 0.3
    began = time.monotonic()
    assert pos.check(bot.choose(pos, threading.Event()))
    assert time.monotonic() - began >= 0.3


def test_levels_and_their_refusals() -> None:
    goff = make_variant("goff")
    for level in ("easy", "medium", "hard"):
        assert isinstance(make_bot(level, make_variant("ultimate"), Random(0)), MCTSBot)
    assert isinstance(make_bot("beginner", goff, Random(0)), RandomBot)
    with pytest.raises(ValueError, match="Goff"):
        make_bot("perfect", make_variant("squared"), Random(0))
    with pytest.raises(ValueError, match="levels are"):
        make_bot("grandmaster", goff, Random(0))
    # What the menus offer for a variant is exactly what plays it.
    for name in NAMES:
        variant = make_variant(name)
        for level in LEVELS:
            try:
                make_bot(level, variant, Random(0))
            except ValueError:
                assert level not in levels_for(variant), (name, level)
            else:
                assert level in levels_for(variant), (name, level)


def random_ending(name: str, *, drawn: bool) -> tuple[Position, Position]:
    """The last two positions of the first seeded random game that ended in a draw (or not)."""
    for seed in range(1000):
        rng = Random(seed)
        before = pos = Position(make_variant(name))
        while not pos.is_over:
            before, pos = pos, pos.play(rng.choice(pos.legal_actions()))
        if (pos.outcome.winner is None) == drawn:  # type: ignore[union-attr]
            return before, pos
    raise AssertionError(f"no {'drawn' if drawn else 'won'} game in 1,000 random ones")


def test_a_draw_is_worth_what_the_search_says_and_a_win_stays_a_win() -> None:
    _, drawn = random_ending("shared", drawn=True)
    assert result_of(drawn) == 0.0
    assert result_of(drawn, -0.9) == -0.9
    _, won = random_ending("shared", drawn=False)
    assert result_of(won, -0.9) == result_of(won)


@pytest.mark.parametrize("plies", [0, 1])
def test_contempt_counts_a_draw_against_the_player_the_bot_searches_for(plies: int) -> None:
    pos = random_play("shared", 3, plies)
    search = Search(pos, Random(0), contempt=0.6)
    # From X's side: bad for X when X searches, good for X (bad for O) when O does.
    assert search.draw == (-0.6 if pos.to_play is Player.X else 0.6)


def test_a_drawn_end_in_the_tree_is_settled_at_the_search_s_draw_value() -> None:
    # One action before a drawn end: the search meets that end as a settled leaf.
    before, _ = random_ending("shared", drawn=True)
    search = Search(before, Random(1), contempt=0.8)
    search.run(200)
    ends = [c for c in search.root.children if c.pos.outcome and not c.pos.outcome.winner]
    assert ends and all(c.proven == search.draw for c in ends)


@pytest.mark.parametrize("name", ["goff", "shared"])
def test_easy_beats_beginner_in_most_games_from_either_side(name: str) -> None:
    # qttt arena measures the whole ladder (hard included) over hundreds of games;
    # here the cheapest step, 40 seeded games a side, must stay well clear of a coin toss.
    variant = make_variant(name)
    wins = 0
    for seed in range(40):
        for easy_side, x, o in ((Player.X, "easy", "beginner"), (Player.O, "beginner", "easy")):
            wins += play_game(variant, x, o, seed).outcome.winner is easy_side  # type: ignore[union-attr]
    assert wins >= 0.6 * 80


def test_a_variant_can_set_its_own_strength_of_a_level() -> None:
    shared, goff = make_variant("shared"), make_variant("goff")
    assert strength("medium", goff) == STRENGTHS["medium"]
    assert strength("medium", shared) == VARIANT_STRENGTHS["shared"]["medium"]
    squared = make_variant("squared")
    assert strength("hard", squared) == STRENGTHS["hard"]
    assert strength("hard", shared).exact and not strength("hard", squared).exact
    # Goff's hard keeps the value only where the openings tables say (tests/ai/test_keeping.py).
    assert strength("hard", goff).tables_only and not strength("hard", shared).tables_only
    assert (
        strength("hard", goff).exact_side is Player.O
        and strength("hard", shared).exact_side is None
    )
    assert not strength("medium", squared).pressure and strength("hard", squared).pressure
    weak = make_bot("easy", squared, Random(0))
    assert isinstance(weak, MCTSBot) and not weak.tree.pressure
    weak.choose(Position(squared))
    assert weak.tree._search is not None and weak.tree._search.pressure is None
    bot = make_bot("medium", shared, Random(0))
    assert (
        isinstance(bot, MCTSBot)
        and bot.iterations == VARIANT_STRENGTHS["shared"]["medium"].iterations
    )


def quick_bots(name: str) -> list[tuple[str, object]]:
    """Every level that plays ``name``, the searching ones on a small budget (no clock)."""
    variant = make_variant(name)
    bots = []
    for level in LEVELS:
        try:
            bot = make_bot(level, variant, Random(1))
        except ValueError:  # perfect off Goff's board, expert on it
            continue
        if level in STRENGTHS:
            small = dataclasses.replace(strength(level, variant), iterations=60, time_limit=60.0)
            bot = search_bot(small, Random(1))
        bots.append((level, bot))
    return bots


@pytest.mark.parametrize("name", NAMES)
def test_every_level_answers_legally_in_random_positions_and_collapses(name: str) -> None:
    positions = [
        Position(make_variant(name)),
        random_play(name, 11, 7),
        pending_position(name, 12),
        random_play(name, 13, 30),
        pending_position(name, 14),
    ]
    levels = []
    for level, bot in quick_bots(name):
        for pos in positions:
            action = bot.choose(pos)  # type: ignore[attr-defined]
            assert pos.check(action) == action
        levels.append(level)
    assert "hard" in levels and ("perfect" in levels) == (name == "goff") != ("expert" in levels)


def test_a_bot_keeps_its_tree_below_the_position_it_is_asked_next() -> None:
    def game(bot: MCTSBot) -> Search:
        pos = Position(make_variant("squared"))
        answer = bot.choose(pos)
        searched = bot.tree._search
        assert searched is not None
        # The other side replies with the move the bot's own search looked at most.
        node = searched.root.children[searched.root.actions.index(answer)]
        reply = node.actions[max(range(len(node.children)), key=lambda i: node.children[i].visits)]
        pos = pos.play(answer).play(reply)
        bot.choose(pos)
        assert bot.tree._search is not None and bot.tree._search.root.pos == pos
        return bot.tree._search

    # The subtree it kept had visits before this answer's 500; a bot that keeps nothing has not.
    assert game(MCTSBot(Random(3), iterations=500)).root.visits > 500
    assert game(MCTSBot(Random(3), iterations=500, reuse=False)).root.visits == 500


def test_root_parallel_statistics_trust_a_proof_over_visits() -> None:
    a, b, c = Place(0, 1), Place(0, 2), Place(1, 2)
    assert pick([{a: (90, 10.0, None), b: (5, 5.0, None)}, {a: (10, 0.0, None)}]) == a
    # A win one tree proved beats any number of visits; a proven loss ranks below everything.
    assert pick([{a: (90, 10.0, None), b: (5, 5.0, None)}, {b: (1, 1.0, 1.0)}]) == b
    assert pick([{a: (90, 10.0, -1.0), c: (1, 0.0, None)}]) == c
    # Equal visits: the better results.
    assert pick([{a: (10, 1.0, None), b: (10, 3.0, None)}]) == b


def test_searches_that_split_the_root_offer_their_best_and_the_better_value_plays() -> None:
    a, b, c = Place(0, 1), Place(0, 2), Place(1, 2)
    # Visits do not compare between trees of different shares: b's mean (0.2) beats a's (0.1).
    assert pick_split([{a: (100, 10.0, None), c: (5, 4.0, None)}, {b: (50, 10.0, None)}]) == b
    assert pick_split([{a: (100, 10.0, None)}, {b: (50, 10.0, -1.0)}]) == a
    assert pick_split([{a: (100, 10.0, None)}, {b: (1, 1.0, 1.0)}]) == b
    # A search keeps what it grew below its share and grows only that share from then on.
    search = Search(Position(make_variant("squared")), Random(0))
    search.run(300)
    grown = dict(zip(search.root.actions, search.root.children, strict=True))
    untried = search.root.untried
    assert untried and len(grown) > 2
    share = [untried[0], *list(grown)[::2]]
    search.restrict(share)
    kept = [action for action in share if action in grown]
    assert search.root.children == [grown[action] for action in kept]
    search.run(300)
    assert set(search.statistics()) == set(share)
