"""Parallel search: a process per core grows its own tree of the position.

Where the search reads pressure (boards of mini-boards, the n×n board) it is all but
deterministic: the prior ranks the same placements, the same leaves get the
same values, so two processes searching the whole position would grow two
copies of one tree. There the bot deals the root's kept placements out
between the processes, best first in turn, so each grows a tree twice as
deep over its share, and the best offer by value plays
(:func:`game.ai.mcts.pick_split`). Elsewhere random playouts make the trees
differ, and the bot plays what their root statistics say together
(:func:`game.ai.mcts.pick`, root parallel). A collapse has two choices:
every process searches both.

Each worker keeps its tree between moves (:class:`game.ai.mcts.Tree`), is
told which action the bot played, and searches on its own generator, so a
game is reproducible move for move only as far as the clock allows: the
workers stop at a deadline, or at once when the caller stops waiting (an
event they share halts them). Workers are started with ``spawn`` (a window
asks its bots from a thread, and forking a process with threads is unsafe)
on the first answer and stop with the bot, or with the program.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
import weakref
from multiprocessing.connection import Connection, wait
from multiprocessing.synchronize import Event
from random import Random
from typing import TYPE_CHECKING

from game.ai.mcts import Statistics, Tree, kept, pick, pick_split, pressure_of
from game.rules import Action, Position, make_variant
from game.rules.variant import Variant

if TYPE_CHECKING:
    from game.ai import Stop
    from game.ai.keeping import Keeping

STOP_POLL = 0.05  # seconds between looks at the caller's stop while the workers search

# What crosses the pipe: the variant by name and options, and the position's own fields.
State = tuple[str, dict[str, object], tuple[object, ...]]
_FIELDS = ("_cells", "_spooky", "_comp", "_open", "_turn", "_pending", "_last", "_mark_bits")


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def state_of(pos: Position) -> State:
    """A small picklable copy of a position that is not over (a variant carries big tables)."""
    return pos.variant.name, pos.variant.options(), tuple(getattr(pos, f) for f in _FIELDS)


def position_of(state: State, variants: dict[tuple[str, str], Variant]) -> Position:
    name, options, fields = state
    key = (name, repr(sorted(options.items())))
    variant = variants.get(key)
    if variant is None:
        variant = variants[key] = make_variant(name, options)
    pos = object.__new__(Position)
    pos.variant = variant
    for field, value in zip(_FIELDS, fields, strict=True):
        setattr(pos, field, value)
    pos._outcome = None
    return pos


Request = tuple[Action | None, State, int, float, float | None, list[Action] | None, bool]
"""What a worker is asked: the action played in its last position (if any), the position, its
budget of iterations, the deadline on the ``time.monotonic`` clock (one clock for all the
processes of a machine), to count CPU time instead the CPU seconds it may spend, its share
of the root's actions (worst first; ``None``: all of them), and whether that share holds
only actions that cannot lose (it is searched with the safe contempt)."""


def _serve(conn: Connection, seed: int, contempt: float, safe_contempt: float, halt: Event) -> None:
    """A worker: answer each request with its tree's root statistics, until ``None``; a
    search ends early when ``halt`` is set (the bot's caller stopped waiting)."""
    # Ctrl-C reaches every process of the terminal: this one ends quietly, not in a traceback
    # (the bot's own process hears it too, and says what happens next).
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    rng = Random(seed)
    trees = {False: Tree(rng, contempt), True: Tree(rng, safe_contempt)}
    tree = trees[False]
    variants: dict[tuple[str, str], Variant] = {}
    while True:
        request: Request | None = conn.recv()
        if request is None:
            return
        played, state, iterations, deadline, cpu, share, safe = request
        if played is not None:
            tree.played(played)  # the tree that searched last
        tree = trees[safe]
        pos = position_of(state, variants)
        if cpu is None:
            # The search reads perf_counter: carry over what is left of the time.
            left = time.perf_counter() + deadline - time.monotonic()
            search = tree.search(pos, iterations, left, share=share, stop=halt)
        else:
            cpu_deadline = time.process_time() + cpu
            search = tree.search(pos, iterations, cpu_deadline, time.process_time, share, halt)
        conn.send(search.statistics())


def _stop(workers: list[tuple[multiprocessing.process.BaseProcess, Connection]]) -> None:
    for process, conn in workers:
        with contextlib.suppress(BrokenPipeError, OSError):
            conn.send(None)
        process.join(timeout=1)
        if process.is_alive():
            process.kill()


class ParallelBot:
    """Searches with ``processes`` workers (every core by default), each ``iterations`` times or
    until ``time_limit`` seconds have passed (of its own CPU time with ``cpu_time``)."""

    def __init__(
        self,
        rng: Random,
        iterations: int,
        time_limit: float,
        contempt: float = 0.0,
        processes: int | None = None,
        cpu_time: bool = False,
        keeping: Keeping | None = None,
        safe_contempt: float | None = None,
    ) -> None:
        self.rng = rng
        self.keeping = keeping
        self.iterations = iterations
        self.time_limit = time_limit
        self.contempt = contempt
        # Where ``keeping`` left only actions that cannot lose (see MCTSBot).
        self.safe_contempt = contempt if safe_contempt is None else safe_contempt
        self.processes = processes or cores()
        self.cpu_time = cpu_time
        self._workers: list[tuple[multiprocessing.process.BaseProcess, Connection]] = []
        self._halt: Event | None = None  # set: every worker ends its search and answers
        self._played: Action | None = None

    def _start(self) -> list[tuple[multiprocessing.process.BaseProcess, Connection]]:
        if not self._workers:
            context = multiprocessing.get_context("spawn")
            self._halt = context.Event()
            for _ in range(self.processes):
                mine, theirs = context.Pipe()
                seed = self.rng.randrange(2**32)
                process = context.Process(
                    target=_serve,
                    args=(theirs, seed, self.contempt, self.safe_contempt, self._halt),
                    daemon=True,
                )
                process.start()
                theirs.close()
                self._workers.append((process, mine))
            weakref.finalize(self, _stop, self._workers)
        return self._workers

    def choose(self, pos: Position, stop: Stop | None = None) -> Action:
        actions = pos.legal_actions()
        if len(actions) == 1:
            return actions[0]
        # The clock starts now: starting the workers (on the first answer) is part of the time.
        deadline = time.monotonic() + self.time_limit
        workers = self._start()
        state = state_of(pos)
        cpu = self.time_limit if self.cpu_time else None
        keep = kept(self.keeping, pos, self.time_limit)
        if keep is not None and len(keep) == 1:
            return keep[0]
        # Every worker searches all the kept actions, or its own share of the root's.
        shares = [keep] * len(workers) if keep else self._shares(pos, len(workers))
        for (_, conn), share in zip(workers, shares, strict=True):
            conn.send((self._played, state, self.iterations, deadline, cpu, share, bool(keep)))
        statistics = self._answers([conn for _, conn in workers], stop)
        self._played = (pick if keep or shares[0] is None else pick_split)(statistics)
        return self._played

    def _answers(self, conns: list[Connection], stop: Stop | None) -> list[Statistics]:
        """Each worker's answer; the workers are halted (and answer with what they have) once
        ``stop`` is set."""
        assert self._halt is not None
        waiting = list(conns)
        while stop is not None and waiting:
            ready = wait(waiting, timeout=STOP_POLL)
            waiting = [conn for conn in waiting if conn not in ready]
            if waiting and stop.is_set():
                self._halt.set()
                break
        answers: list[Statistics] = [conn.recv() for conn in conns]
        self._halt.clear()  # every search has ended: the next one runs its course
        return answers

    def _shares(self, pos: Position, n: int) -> list[list[Action] | None]:
        """Each worker's share of the root's actions (see the module's text), worst first."""
        pressure = pressure_of(pos.variant)
        if n == 1 or pos._pending or pressure is None:
            return [None] * n
        kept, _ = pressure.candidates(pos, self.rng)
        if len(kept) < 2 * n:
            return [None] * n
        best_first = kept[::-1]
        return [best_first[i::n][::-1] for i in range(n)]
