"""``qttt arena --ladder``: every level of a variant against every other, and an Elo for each.

Each pair of levels plays ``--games`` games, the colours alternating (the
lower level is X in the even games). Game ``g`` of pair ``p`` is seeded
from ``--seed``, ``p`` and ``g``, so a ladder replays exactly with any
number of ``--jobs``. A line on standard error follows each game.
"""

from __future__ import annotations

import json
import multiprocessing
import signal
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

from game.ai.arena import Rating, elo_ratings, play_game
from game.ai.parallel import cores
from game.rules import make_variant

T = TypeVar("T")
POLL = 0.05  # seconds between looks at the games in play
_pressed = threading.Event()  # Ctrl-C, heard while a pool's games run (see finished)


@dataclass(frozen=True)
class Game:
    """One ladder game: the variant (name and record fields), which pair, which game of it,
    who is X, its seed, and whether time limits count CPU seconds."""

    variant: str
    fields: dict[str, object]
    pair: int
    number: int
    x: str
    o: str
    seed: int
    cpu_time: bool = False


@dataclass
class Result:
    """A played game: X's and O's points and the seconds each of their answers took."""

    game: Game
    x_points: float
    o_points: float
    x_answers: list[float]
    o_answers: list[float]


def play(game: Game) -> Result:
    answers: tuple[list[float], list[float]] = ([], [])
    variant = make_variant(game.variant, game.fields)
    pos = play_game(variant, game.x, game.o, game.seed, answers, game.cpu_time)
    scores = pos.scores()
    return Result(game, scores.x, scores.o, *answers)


def schedule(
    variant: str,
    fields: dict[str, object],
    levels: list[str],
    games: int,
    seed: int,
    cpu_time: bool = False,
) -> list[Game]:
    """Round robin: for each pair (lower, higher), ``games`` games with the colours alternating."""
    out = []
    for p, (low, high) in enumerate(combinations(levels, 2)):
        for g in range(games):
            x, o = (low, high) if g % 2 == 0 else (high, low)
            seeded = seed * 1_000_003 + p * 10_007 + g
            out.append(Game(variant, fields, p, g, x, o, seeded, cpu_time))
    return out


@dataclass
class PairTally:
    """A pair's games from the higher level's side, split by the colour it played."""

    low: str
    high: str
    as_x: list[int] = field(default_factory=lambda: [0, 0, 0])  # wins, draws, losses
    as_o: list[int] = field(default_factory=lambda: [0, 0, 0])

    def add(self, result: Result) -> None:
        high_is_x = result.game.x == self.high
        mine, theirs = (
            (result.x_points, result.o_points) if high_is_x else (result.o_points, result.x_points)
        )
        tally = self.as_x if high_is_x else self.as_o
        tally[0 if mine > theirs else 1 if mine == theirs else 2] += 1

    @property
    def games(self) -> int:
        return sum(self.as_x) + sum(self.as_o)

    @property
    def points(self) -> float:
        """The higher level's points: a win 1, a draw ½."""
        return self.as_x[0] + self.as_o[0] + (self.as_x[1] + self.as_o[1]) / 2


def run_ladder(
    variant: str,
    fields: dict[str, object],
    levels: list[str],
    games: int,
    seed: int,
    jobs: int,
    cpu_time: bool = False,
) -> dict[str, object]:
    """Play the round robin and return the ladder as data (what ``--json`` prints)."""
    plan = schedule(variant, fields, levels, games, seed, cpu_time)
    pairs = [PairTally(low, high) for low, high in combinations(levels, 2)]
    answers: dict[str, list[float]] = {level: [] for level in levels}
    began = time.perf_counter()
    for done, result in enumerate(_results(plan, jobs), 1):
        pairs[result.game.pair].add(result)
        answers[result.game.x] += result.x_answers
        answers[result.game.o] += result.o_answers
        g = result.game
        print(
            f"[{done}/{len(plan)}] {variant}: X {g.x} vs O {g.o} (game {g.number + 1}): "
            f"{_verdict(result)}, {time.perf_counter() - began:.0f} s so far",
            file=sys.stderr,
            flush=True,
        )
    ratings = elo_ratings(levels, {(p.high, p.low): (p.points, p.games) for p in pairs})
    return {
        "variant": variant,
        **fields,
        "games_per_pair": games,
        "seed": seed,
        "clock": "cpu" if cpu_time else "wall",
        "seconds": round(time.perf_counter() - began, 1),
        "levels": [
            _level(level, r, answers[level]) for level, r in zip(levels, ratings, strict=True)
        ],
        "pairs": [
            {
                "higher": p.high,
                "lower": p.low,
                "games": p.games,
                "score": round(p.points / p.games, 4),
                "as_x": dict(zip(("wins", "draws", "losses"), p.as_x, strict=True)),
                "as_o": dict(zip(("wins", "draws", "losses"), p.as_o, strict=True)),
            }
            for p in pairs
        ],
    }


def pool_size(asked: int, games: int) -> int:
    """The processes to play ``games`` games on when ``asked`` for: no more than the games,
    nor than the cores (a bot's game keeps one busy; --jobs 3000 forked 770 workers)."""
    return max(1, min(asked, games, cores()))


@contextmanager
def pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` processes to play games on, which Ctrl-C ends: by default a worker would take
    it as its game's error and go on to the next game queued to it, and leaving the pool
    would wait for every game queued."""
    heard = signal.getsignal(signal.SIGINT)
    ignored = heard is signal.SIG_IGN  # a run in the background: its workers ignore it too
    workers = ProcessPoolExecutor(
        jobs,
        initializer=signal.signal,
        initargs=(signal.SIGINT, signal.SIG_IGN if ignored else signal.SIG_DFL),
    )
    _pressed.clear()
    if not ignored:
        signal.signal(signal.SIGINT, lambda signum, frame: _pressed.set())
    try:
        yield workers
    except KeyboardInterrupt:
        # The games in hand end with their workers. The pool's own thread then fails every
        # game left: cancelling them here too races it, and CPython 3.11 prints its
        # InvalidStateError on the way out.
        for worker in multiprocessing.active_children():
            worker.terminate()
        workers.shutdown()
        raise
    except BaseException:
        workers.shutdown(cancel_futures=True)
        raise
    finally:
        signal.signal(signal.SIGINT, heard)
    workers.shutdown()


def _results(plan: list[Game], jobs: int) -> Iterator[Result]:
    """The games' results as they finish (in plan order with one job)."""
    jobs = pool_size(jobs, len(plan))
    if jobs == 1:
        yield from map(play, plan)
        return
    with pool(jobs) as workers:
        for future in finished([workers.submit(play, game) for game in plan]):
            yield future.result()


def finished(futures: list[Future[T]]) -> Iterator[Future[T]]:
    """``futures`` of a :func:`pool` as they finish, looked at every POLL seconds.

    A Ctrl-C raised wherever it lands could land inside the pool's own locking (in
    ``as_completed``, a ``result()``, even ``done()``), where CPython 3.11 can turn it into
    "RuntimeError: release unlocked lock": while the pool runs it is only noted, and raised
    here, between two looks."""
    left = list(futures)
    while left:
        if _pressed.is_set():
            raise KeyboardInterrupt
        done = [future for future in left if future.done()]
        for future in done:
            left.remove(future)
            yield future
        if left:
            time.sleep(POLL)


def _verdict(result: Result) -> str:
    if result.x_points > result.o_points:
        return f"{result.game.x} (X) won"
    if result.o_points > result.x_points:
        return f"{result.game.o} (O) won"
    return "drawn"


def _level(level: str, rating: Rating, answers: list[float]) -> dict[str, object]:
    ordered = sorted(answers)
    at = lambda q: round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)  # noqa: E731
    return {
        "level": level,
        "elo": round(rating.elo),
        "ci95": round(rating.ci95),
        "answers": len(ordered),
        "answer_ms": {"p50": at(0.5), "p99": at(0.99)} if ordered else None,
        "answer_ms_mean": round(statistics.fmean(ordered) * 1000, 1) if ordered else None,
    }


def print_table(ladder: dict[str, object]) -> None:
    levels = ladder["levels"]
    pairs = ladder["pairs"]
    assert isinstance(levels, list) and isinstance(pairs, list)
    size = f" {ladder['size']}×{ladder['size']}" if "size" in ladder else ""
    print(
        f"{ladder['variant']}{size} ladder: {len(levels)} levels, {ladder['games_per_pair']} games "
        f"a pair, seed {ladder['seed']}, {ladder['seconds']} s"
        f"{', CPU-time limits' if ladder.get('clock') == 'cpu' else ''}"
    )
    print(f"  {'level':<10} {'Elo':>6} {'±95%':>6}  {'answer p50':>11} {'p99':>9}")
    for row in levels:
        ms = row["answer_ms"]
        p50, p99 = (f"{ms['p50']:.0f} ms", f"{ms['p99']:.0f} ms") if ms else ("-", "-")
        ci = f"±{row['ci95']}" if row["ci95"] else "anchor"
        print(f"  {row['level']:<10} {row['elo']:>6} {ci:>6}  {p50:>11} {p99:>9}")
    print("  pairs (higher level's wins–draws–losses as X / as O):")
    for p in pairs:
        x, o = p["as_x"], p["as_o"]
        print(
            f"    {p['higher']} vs {p['lower']}: {p['score']:.0%} "
            f"({x['wins']}–{x['draws']}–{x['losses']} / {o['wins']}–{o['draws']}–{o['losses']})"
        )


def report(ladder: dict[str, object], as_json: bool) -> None:
    if as_json:
        print(json.dumps(ladder))
    else:
        print_table(ladder)
