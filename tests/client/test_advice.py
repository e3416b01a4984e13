"""Questions to the judge in a real worker: a question about a position left, or asked by a
screen that closes, stops its search instead of running to its time limit."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from game.ai.analysis import EstimateJudge
from game.client.advice import Question
from game.rules import Position, make_variant
from tests.rules.scenario import played

ULTIMATE = make_variant("ultimate")


@pytest.fixture
def worker() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(1) as pool:
        yield pool


def patient(began: threading.Event) -> object:
    """A question that thinks until told to stop, as a search with all the time it wants."""

    def think(stop: threading.Event) -> str:
        began.set()
        assert stop.wait(60), "never told to stop"
        return "stopped"

    return think


def test_a_question_about_a_position_left_stops_and_its_answer_is_dropped(
    worker: ThreadPoolExecutor,
) -> None:
    question: Question[str] = Question()
    asked, now = Position(ULTIMATE), played(ULTIMATE, "1.1-9.9")
    began = threading.Event()
    question.ask(asked, worker.submit, patient(began))  # type: ignore[arg-type]
    assert began.wait(10)
    assert question.take(asked) is None  # still thinking
    assert question.take(now) is None  # the board moved on: told to stop
    assert question.pending is not None
    assert question.pending.answer.result(timeout=10) == "stopped"
    assert question.take(now) is None and question.pending is None  # and dropped
    assert question.at(asked) is None


def test_a_screen_that_closes_stops_the_judges_search(worker: ThreadPoolExecutor) -> None:
    # Closing the window while a hint was thought of kept the process up to HINT_SECONDS.
    question: Question[object] = Question()
    pos = played(ULTIMATE, "1.1-9.9", "1.5-3.5")
    judge = EstimateJudge(iterations=10**9)  # a search that only its time or a stop ends
    began = threading.Event()

    def hint(stop: threading.Event) -> object:
        began.set()
        return judge.suggest(pos, stop)

    question.ask(pos, worker.submit, hint)
    assert began.wait(10)
    pending = question.pending
    assert pending is not None
    question.cancel()
    assert pending.stop.is_set()
    assert pos.check(pending.answer.result(timeout=10))  # its best so far


def test_a_stopped_study_has_what_the_search_saw() -> None:
    pos = played(ULTIMATE, "1.1-9.9", "1.5-3.5")
    stop = threading.Event()
    stop.set()
    study = EstimateJudge(iterations=10**9).study(pos, stop)
    # One batch of the search, not its seconds: still a lead for cells it tried, and only those.
    assert study and set(study) <= set(pos.open_cells())
