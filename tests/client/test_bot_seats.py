"""The bots at a game on this screen: asked in a real worker only once the board is still,
seen weighing a collapse's two outcomes, their pick held up a moment, a stale answer
dropped and a failure said in words."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.client.bot_seats import BotSeats, BotTurn
from game.client.collapse_show import FULL
from game.records import Record
from game.rules import Action, Goff, Player, Position

GOFF = Goff()
CYCLE = Record(GOFF, ["1-2", "1-2"]).final()  # X chooses how it collapses
HERE = frozenset({Player.X, Player.O})  # the sides played at this screen


@pytest.fixture
def worker() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(1) as pool:
        yield pool


def seats(worker: ThreadPoolExecutor, side: Player = Player.X) -> BotSeats:
    return BotSeats({side: "beginner"}, GOFF, random.Random(1), FULL, worker.submit)


def test_a_bot_is_seen_weighing_a_collapse_and_its_pick_is_held_up(
    worker: ThreadPoolExecutor,
) -> None:
    bots = seats(worker)
    assert bots.step(CYCLE, 0.0, HERE, ready=True) == BotTurn()  # it begins
    beat = [bots.step(CYCLE, i / 120, HERE, ready=True) for i in range(1, int(FULL.think * 120))]
    # However fast it really was, both outcomes take their turn and nothing is played.
    assert {turn.looking for turn in beat} == {0, 1}
    assert all(turn.action is None for turn in beat)
    now = FULL.think
    while (turn := bots.step(CYCLE, now, HERE, ready=True)).action is None and not bots.decided:
        assert now < 20, "no answer"
        now += 1 / 120
    assert bots.decided is not None and turn.action is None  # its pick is shown, held up
    action, until = bots.decided
    assert until == now + FULL.decided
    outcomes = [a for a, _ in CYCLE.collapse_outcomes()]
    assert turn.looking == outcomes.index(action)
    assert bots.step(CYCLE, until - 0.01, HERE, ready=True) == BotTurn()
    assert bots.step(CYCLE, until, HERE, ready=True) == BotTurn(action=action)
    assert bots.decided is None


def test_a_bot_begins_only_when_the_board_is_still_and_its_side_is_here(
    worker: ThreadPoolExecutor,
) -> None:
    pos = Position(GOFF)  # X to play
    assert seats(worker, Player.O).step(pos, 5.0, HERE, ready=True) == BotTurn()
    bots = seats(worker)
    for ready, here in ((False, {Player.X}), (True, {Player.O})):  # not still; not its side
        assert bots.step(pos, 5.0, here, ready) == BotTurn()
        assert bots._thinking is None
    assert bots.step(pos, 5.0, {Player.X}, ready=True) == BotTurn()
    assert bots._thinking is not None


def test_an_answer_for_a_position_gone_is_dropped(worker: ThreadPoolExecutor) -> None:
    bots = seats(worker)
    pos = Position(GOFF)
    bots.step(pos, 0.0, {Player.X}, ready=True)
    assert bots._thinking is not None
    bots._thinking[1].result(timeout=20)
    undone = Record(GOFF, ["1-2", "3-4"]).final()  # the game moved on (an undo, a redo)
    assert bots.step(undone, 1.0, {Player.X}, ready=True) == BotTurn()
    assert bots._thinking is None and bots.decided is None


class Broken:
    def choose(self, pos: Position, stop: object = None) -> None:
        raise RuntimeError("out of ideas")


class Patient:
    """Thinks until told to stop, as a search with all the time in the world would."""

    def __init__(self) -> None:
        self.began = threading.Event()

    def choose(self, pos: Position, stop: threading.Event | None = None) -> Action:
        self.began.set()
        assert stop is not None and stop.wait(60), "never told to stop"
        return pos.legal_actions()[0]


def test_an_undo_stops_the_search_for_the_position_gone(worker: ThreadPoolExecutor) -> None:
    bots = seats(worker)
    bots.bots[Player.X] = patient = Patient()  # type: ignore[assignment]
    pos = Position(GOFF)
    bots.step(pos, 0.0, HERE, ready=True)
    assert bots._thinking is not None and patient.began.wait(10)
    answer = bots._thinking.answer
    undone = Record(GOFF, ["1-2", "3-4"]).final()  # X to play again
    assert bots.step(undone, 0.1, HERE, ready=True) == BotTurn()
    answer.result(timeout=10)  # ended now, not at its time limit
    assert bots.step(undone, 0.2, HERE, ready=True) == BotTurn()  # the stale answer dropped
    assert bots._thinking is None
    bots.step(undone, 0.3, HERE, ready=True)  # and the bot thinks about the game as it is
    assert bots._thinking is not None and bots._thinking.asked == undone
    bots.cancel()


def test_a_screen_that_closes_stops_the_search(worker: ThreadPoolExecutor) -> None:
    bots = seats(worker)
    bots.bots[Player.X] = patient = Patient()  # type: ignore[assignment]
    bots.step(Position(GOFF), 0.0, HERE, ready=True)
    assert bots._thinking is not None and patient.began.wait(10)
    answer = bots._thinking.answer
    bots.cancel()
    assert answer.result(timeout=10) in Position(GOFF).legal_actions()


def test_a_bot_that_fails_says_so_and_plays_nothing(worker: ThreadPoolExecutor) -> None:
    bots = seats(worker)
    bots.bots[Player.X] = Broken()  # type: ignore[assignment]
    pos = Position(GOFF)
    bots.step(pos, 0.0, HERE, ready=True)
    assert bots._thinking is not None
    with pytest.raises(RuntimeError):
        bots._thinking[1].result(timeout=20)
    turn = bots.step(pos, 0.1, HERE, ready=True)
    assert turn == BotTurn(failed="the X bot failed: out of ideas")
