"""What each ply of a game was worth: the value before and after it, the best actions, the loss.

Goff's game and the shared-win game are judged **exactly**: values are what
perfect play reaches, as score pairs (X 1 – O ½), by the solver with the
table of early values (:mod:`game.ai.openings`). The other variants are
judged by Monte Carlo tree search with a fixed budget of
:data:`ESTIMATE_ITERATIONS` iterations a position (no clock, so the same
record always gets the same answer): a value is then an **expected score**,
1 for a win, ½ for an even game, 0 for a loss (the search's mean result,
rescaled: a capped score difference, or below a win the line or window pressure
where the search reads it), with a confidence: 1 minus the half-width of a 95%
interval on it (results lie in [−1, 1], so their spread is at most 1 and
the interval at most ±1.96·½/√n after n visits).

A ply's **loss** is how much the mover's score minus the other's dropped
with it (never negative), in points; its label follows :data:`LABELS`:
best below ¼ point, inaccuracy below ¾, mistake below 1½, blunder from
1½. Exact losses come in halves: ½ is an inaccuracy (a Goff win of 1–½
let go to a draw), 1 a mistake (a draw let go to a loss), 1½ or more a
blunder. An estimate's loss is shown as the mover's expected score given
up (:func:`shown_loss`: half that drop), with its grades' floors halved.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Protocol

from game.ai.mcts import Node, Search, result_of
from game.ai.openings import action_values, best_actions, load_openings
from game.ai.openings import value as opening_value
from game.ai.perfect import load_book
from game.ai.solver import RULES, Solver
from game.rules import Action, Place, Player, Position, Scores, Variant

if TYPE_CHECKING:
    from game.ai import Stop

ESTIMATE_ITERATIONS = 1000
# A hint off the solved games searches this long (the client asks in a worker; 2 s at most).
HINT_SECONDS = 1.5
# (label, the smallest loss in points it takes), from the worst down.
LABELS: tuple[tuple[str, float], ...] = (
    ("blunder", 1.5),
    ("mistake", 0.75),
    ("inaccuracy", 0.25),
    ("best", 0.0),
)


def label_of(loss: float) -> str:
    """The grade of a ply that gave up ``loss`` points (see :data:`LABELS`)."""
    return next(name for name, floor in LABELS if loss >= floor)


def shown_loss(loss: float, exact: bool) -> float:
    """A ply's ``loss`` in the terms its values are shown in: exact, points; an estimate, the
    mover's expected score it gave up, which is half the loss (what one side's expected
    score loses, the other's gains), so 0.49 to 0.00 is a loss of 0.49, not 0.98."""
    return loss if exact else loss / 2


@dataclass(frozen=True)
class Judgement:
    """What a position is worth and which actions keep that worth."""

    value: Scores  # the score pair perfect play reaches, or the expected scores of an estimate
    lead: float  # X's points minus O's that the value stands for (an estimate's is in [-1, 1])
    best: tuple[Action, ...]  # every action that keeps the value (an estimate: its best one)
    confidence: float = 1.0


class Judge(Protocol):
    exact: bool

    def judge(self, pos: Position) -> Judgement:
        """The value of ``pos`` and its best actions."""
        ...

    def value(self, pos: Position) -> Judgement:
        """The value of ``pos`` alone (``best`` may be empty): all a game's last position needs."""
        ...

    def suggest(self, pos: Position, stop: Stop | None = None) -> Action:
        """One best action in ``pos`` (not over), as fast as the judge can: a hint; a search
        ends soon after ``stop`` is set (the position was left, the window closed)."""
        ...

    def study(self, pos: Position, stop: Stop | None = None) -> dict[int, float]:
        """Each cell a placement in ``pos`` may use, with the best lead one using it keeps.

        The lead is the mover's points minus the other's (an estimate's in [-1, 1]). A
        position awaiting a collapse gives each outcome's on the cell it settles the
        closing mark in (its two outcomes, its two cells). ``stop``: as for :meth:`suggest`.
        """
        ...


def by_cell(leads: Mapping[Action, float], mover: Player) -> dict[int, float]:
    """The best of ``leads`` (X's points minus O's after each action) among the actions
    that use each cell (a placement's two, a collapse's one), seen from ``mover``'s side."""
    side = 1 if mover is Player.X else -1
    found: dict[int, float] = {}
    for action, lead in leads.items():
        cells = (action.a, action.b) if isinstance(action, Place) else (action.cell,)
        for cell in cells:
            found[cell] = max(found.get(cell, -math.inf), side * lead + 0.0)  # never −0
    return found


def _final(pos: Position) -> Judgement:
    scores = pos.scores()
    return Judgement(scores, scores.x - scores.o, ())


class ExactJudge:
    """Perfect play's verdict on Goff or shared positions; keeps its solver warm between them."""

    exact = True

    def __init__(self, variant: Variant) -> None:
        self.rules = RULES[variant.name]
        self.solver = Solver(load_book() if variant.name == "goff" else None, self.rules)
        self.openings = load_openings(self.rules)

    def judge(self, pos: Position) -> Judgement:
        if pos.is_over:
            return _final(pos)
        values = action_values(self.openings, pos)
        if values is None:
            known = opening_value(self.openings, pos)
            listed = best_actions(self.openings, pos)
            if known is not None and listed is not None:
                found, best = known, listed
            else:
                found, best = self.solver.best_actions(pos, known)
        else:
            pick = max if pos.to_play is Player.X else min
            found = pick(values.values())
            best = tuple(action for action, v in values.items() if v == found)
        return self._judgement(found, best)

    def value(self, pos: Position) -> Judgement:
        if pos.is_over:
            return _final(pos)
        found = opening_value(self.openings, pos)
        return self._judgement(self.solver.value_of(pos) if found is None else found, ())

    def suggest(self, pos: Position, stop: Stop | None = None) -> Action:
        values = action_values(self.openings, pos)  # tables, or the solver's: nothing to stop
        if values is None:
            listed = best_actions(self.openings, pos)
            if listed:
                return listed[0]
            return self.solver.best_action(pos, value=opening_value(self.openings, pos))
        pick = max if pos.to_play is Player.X else min
        return pick(values, key=values.__getitem__)

    def study(self, pos: Position, stop: Stop | None = None) -> dict[int, float]:
        if pos.is_over or pos.to_play is None:
            return {}
        values = action_values(self.openings, pos)
        if values is None:
            values = self.solver.action_values(pos)
        return by_cell({action: value / 2 for action, value in values.items()}, pos.to_play)

    def _judgement(self, value: int, best: tuple[Action, ...]) -> Judgement:
        return Judgement(self.rules.scores(value), value / 2, best)


class EstimateJudge:
    """A search's verdict: :data:`ESTIMATE_ITERATIONS` iterations from a fixed seed."""

    exact = False

    def __init__(self, iterations: int = ESTIMATE_ITERATIONS, seed: int = 0) -> None:
        self.iterations = iterations
        self.seed = seed

    def judge(self, pos: Position) -> Judgement:
        if pos.is_over:
            # A finished game in the estimates' own terms: 1 a win, ½ a draw, 0 a loss.
            lead = result_of(pos)
            return Judgement(Scores((1.0 + lead) / 2, (1.0 - lead) / 2), lead, ())
        search = Search(pos, Random(self.seed))
        search.run(self.iterations)
        best = search.best()
        child = search.root.children[search.root.actions.index(best)]
        lead = _lead(child)
        confidence = (
            1.0 if child.proven is not None else max(0.0, 1.0 - 0.98 / math.sqrt(child.visits))
        )
        expected = (1.0 + lead) / 2
        return Judgement(Scores(expected, 1.0 - expected), lead, (best,), confidence)

    value = judge

    def suggest(self, pos: Position, stop: Stop | None = None) -> Action:
        return self._search(pos, stop).best()

    def study(self, pos: Position, stop: Stop | None = None) -> dict[int, float]:
        if pos.is_over or pos.to_play is None:
            return {}
        root = self._search(pos, stop).root
        # Placements the search never tried (pruned by its prior, or out of time) have no lead.
        leads = {a: _lead(c) for a, c in zip(root.actions, root.children, strict=True) if c.visits}
        return by_cell(leads, pos.to_play)

    def _search(self, pos: Position, stop: Stop | None) -> Search:
        """A hint's search: :data:`HINT_SECONDS` at most, or until ``stop`` is set."""
        search = Search(pos, Random(self.seed))
        search.run(10 * self.iterations, time.perf_counter() + HINT_SECONDS, stop=stop)
        return search


def _lead(child: Node) -> float:
    """X's lead after the action into ``child``: proven, or the mean of the results seen."""
    if child.proven is not None:
        return child.proven
    # A child's total is its results seen by the mover: turn it back to X's side.
    return child.total / child.visits * child.sign


def judge_for(variant: Variant) -> Judge:
    """The exact judge where the solver plays the variant, the search elsewhere."""
    return ExactJudge(variant) if variant.name in RULES else EstimateJudge()


@dataclass(frozen=True)
class Ply:
    """One ply of a game, judged."""

    ply: int  # counted from 1
    token: str
    mover: Player  # who made it (the chooser, for a collapse)
    before: Judgement
    after: Judgement

    @property
    def loss(self) -> float:
        """Points of the mover's score minus the other's that this ply gave up."""
        drop = self.before.lead - self.after.lead
        return max(0.0, drop if self.mover is Player.X else -drop)

    @property
    def label(self) -> str:
        return label_of(self.loss)

    def best_tokens(self, variant: Variant) -> list[str]:
        return [variant.token(action) for action in self.before.best]


@dataclass
class Analysis:
    """A whole game judged ply by ply."""

    variant: Variant
    exact: bool
    plies: list[Ply] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """The object ``qttt analyze --json`` prints."""
        plies = []
        for ply in self.plies:
            entry: dict[str, object] = {
                "ply": ply.ply,
                "token": ply.token,
                "mover": str(ply.mover),
                "before": score_pair(ply.before.value),
                "after": score_pair(ply.after.value),
                "best": ply.best_tokens(self.variant),
                "loss": _number(shown_loss(ply.loss, self.exact)),
                "label": ply.label,
            }
            if not self.exact:
                entry["confidence"] = round(min(ply.before.confidence, ply.after.confidence), 3)
            plies.append(entry)
        found: dict[str, object] = {"variant": self.variant.name, "exact": self.exact}
        if not self.exact:
            found["iterations"] = ESTIMATE_ITERATIONS
        found["plies"] = plies
        return found


def judge_plies(
    positions: list[Position], tokens: list[str], judge: Judge, start: int = 0
) -> Iterator[Ply]:
    """Each ply of a game as it is judged, from ply ``start`` + 1 on.

    ``positions`` are the positions before the first token and after each.
    """
    last = len(tokens)
    before = judge.judge(positions[start]) if start < last else None
    for number in range(start + 1, last + 1):
        pos = positions[number - 1]
        nxt = positions[number]
        after = judge.judge(nxt) if number < last else judge.value(nxt)
        mover = pos.to_play
        assert before is not None and mover is not None  # a record plays no token on a game over
        yield Ply(number, tokens[number - 1], mover, before, after)
        before = after


def analyse(variant: Variant, positions: list[Position], tokens: list[str]) -> Analysis:
    """A whole game judged: exactly on Goff and shared boards, by search elsewhere."""
    judge = judge_for(variant)
    return Analysis(variant, judge.exact, list(judge_plies(positions, tokens, judge)))


def _number(x: float) -> float | int:
    return int(x) if x == int(x) else round(x, 3)


def score_pair(scores: Scores) -> dict[str, float | int]:
    """A score pair as JSON numbers: ``{"X": 1, "O": 0.5}``."""
    return {"X": _number(scores.x), "O": _number(scores.o)}
