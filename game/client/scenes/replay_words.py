"""What the replay viewer says of a step: what it did, and how the analysis judged it.

The words of the viewer's side panel, in the move list's terms ("X5 1 & 9",
"X3 in 5"), never the record's tokens ("1-9", "3@5"), which a player never
sees.
"""

from __future__ import annotations

from game.client.move_list import action_cells
from game.client.prose import Para, mark_name, result
from game.client.theme import Palette
from game.client.value_graph import GameAnalysis, grade_color
from game.rules import Action, Collapse, Place, Player, Position, Variant
from game.textview import points


def say_step(before: Position, after: Position, token: str) -> tuple[str, Player]:
    """What one token did, in words, and who did it."""
    variant = before.variant
    label = variant.label
    action = variant.parse_token(token)
    who = before.to_play or Player.X
    if isinstance(action, Place):
        closed = ", closing a cycle" if after.awaiting_collapse else ""
        return f"{who}{before.move_number} {action_cells(variant, action)}{closed}", who
    assert isinstance(action, Collapse)
    landed = [
        f"{mark_name(k)} in {label(cell)}"
        for cell, k in sorted(enumerate(after.cells), key=lambda ck: ck[1])
        if k and not before.cells[cell]
    ]
    return f"{who} collapses: {', '.join(landed)}", who


def headline(pos: Position, index: int, total: int) -> str:
    """Where the viewer is in a game of ``total`` steps."""
    if pos.is_over:
        return f"End: {result(pos)}"
    if index == 0:
        return f"The start · {total} steps to watch"
    return f"Step {index} of {total}"


def judged(
    analysis: GameAnalysis, variant: Variant, index: int, pos: Position, palette: Palette
) -> list[Para]:
    """What the analysis says of the step just made (to ``positions[index]``, ``pos``) and of
    the position shown."""
    found = []
    label = analysis.label_of(index - 1) if index else None
    if label is not None:
        ply = analysis.plies[index - 1]
        color = palette.dim if label == "best" else grade_color(label, palette)
        # Exact: what it gave up, in points; else a search's guess, and said to be one.
        lost = f", gave up {points(ply.loss)}" if ply.loss else ""
        lost = lost if analysis.exact else " (estimate)"
        said = {"best": "the best", "inaccuracy": "an inaccuracy"}.get(label, f"a {label}")
        found.append(Para(f"That was {said}{lost}", color, bold=True, space_before=0.3))
        if label != "best":  # what the learner asks next: what should it have been?
            better = some_of(variant, ply.before.best)
            found.append(Para(f"{ply.mover.value} had better: {better}", palette.dim))
    best = analysis.best_at(index)
    if best is not None and not pos.is_over:
        # Named, as the ghost on the board is the next mover's, not the step's just made.
        ply = analysis.plies[index]
        kind = "exact" if analysis.exact else "estimate"
        shown = some_of(variant, ply.before.best)
        found.append(
            Para(
                f"Best for {ply.mover.value} now ({kind}): {shown}",
                palette.dim,
                space_before=0.3,
            )
        )
    return found


def some_of(variant: Variant, best: tuple[Action, ...]) -> str:
    """Up to three of the equally ``best`` actions, and an ellipsis if there are more."""
    words = [action_cells(variant, action) for action in best[:3]]
    return " or ".join(words) + (" …" if len(best) > 3 else "")
