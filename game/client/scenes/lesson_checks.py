"""A lesson's step on the board: what it accepts, and why it refuses anything else.

The tutorial (:mod:`game.client.scenes.tutorial`) asks these of every pick and
choice; a refusal is a sentence for the player: the engine's own reason when
the rules forbid the action, the step's reason (:attr:`Step.why`) when the
rules allow it but the lesson wants something else.
"""

from __future__ import annotations

from game.client import prose
from game.client.scenes.lessons import Step
from game.rules import Action, Place, Position, RulesError


def expected(pos: Position, step: Step) -> Action:
    """The action ``step`` asks for in ``pos`` (an example, for a step that takes any)."""
    return pos.check(pos.variant.parse_token(step.expect))


def first_half(pos: Position, step: Step, cell: int) -> str | None:
    """Why ``cell`` cannot be the first half of the step's placement; None if it can."""
    label = pos.variant.label
    if not pos.is_open(cell):
        return classical(pos, cell)
    partners = [a for a in pos.legal_actions() if isinstance(a, Place) and cell in a]
    if not partners:
        return engine_reason(pos, cell) or f"No move can use cell {label(cell)} now."
    if step.any_legal or cell in expected(pos, step):
        return None
    return f"Not cell {label(cell)}. {step.why}"


def placement(pos: Position, step: Step, first: int, cell: int) -> Action | str:
    """The placement of ``first`` and ``cell`` if the step takes it, else why not."""
    if not pos.is_open(cell):
        return classical(pos, cell)
    try:
        action = pos.check(Place(first, cell))
    except RulesError as exc:
        return f"{prose.sentence(str(exc))}."
    if not step.any_legal and action != expected(pos, step):
        return f"Not cell {pos.variant.label(cell)}. {step.why}"
    return action


def collapse(pos: Position, step: Step, action: Action) -> Action | str:
    """The collapse choice ``action`` if the step takes it, else why not."""
    try:
        action = pos.check(action)
    except RulesError as exc:
        return f"{prose.sentence(str(exc))}: only the marks on the lit cycle can choose."
    if not step.any_legal and action != expected(pos, step):
        return step.why
    return action


def classical(pos: Position, cell: int) -> str:
    return f"Cell {pos.variant.label(cell)} is classical: no new mark may go there."


def engine_reason(pos: Position, cell: int) -> str | None:
    """The rules' own reason why no placement may use ``cell``, in the rules' words."""
    for other in pos.open_cells():
        if other != cell:
            try:
                pos.check(Place(cell, other))
            except RulesError as exc:
                return f"{prose.sentence(str(exc))}."
    return None


def targets(pos: Position, step: Step, picked: int | None) -> tuple[int, ...]:
    """The cells a placement step still asks for (``picked`` held), marked as a hint."""
    if step.any_legal or pos.awaiting_collapse:
        return ()
    action = expected(pos, step)
    if not isinstance(action, Place):
        return ()
    if picked is None:
        return tuple(sorted(set(action)))
    rest = list(action)
    rest.remove(picked)
    return tuple(rest)
