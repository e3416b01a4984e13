"""A position as text for a person: a board of boxes, then whose turn it is and what is awaited."""

from __future__ import annotations

from game.records import state_report
from game.rules import Position, Scores
from game.rules.outcome import Player

_HALF = "½"


def points(x: float) -> str:
    """Goff's points as people write them: 1, ½, 1½, 2."""
    whole = int(x)
    half = x - whole >= 0.5
    if half:
        return f"{whole}{_HALF}" if whole else _HALF
    return str(whole)


def kept(scores: Scores, variant: str, short: bool = False) -> str:
    """What perfect play keeps, as people say it: "X 1 – O ½". The shared-win game's solver
    values a draw (0–0) and a shared win (1–1) alike (each player plays for the difference),
    so there that value is "a draw or a shared win" ("level", ``short``)."""
    if variant == "shared" and scores.x == scores.o == 0:
        return "level" if short else "a draw or a shared win"
    return f"X {points(scores.x)} – O {points(scores.o)}"


def _cell_lines(pos: Position, cell: int, width: int) -> list[str]:
    variant = pos.variant
    k = pos.classical(cell)
    label = variant.label(cell)
    if k:
        return [label.ljust(width), f"[{Player.of_mark(k)}{k}]".center(width)]
    lines = [label.ljust(width)]
    row = ""
    for mark in pos.spooky_in(cell):
        piece = f"{Player.of_mark(mark).lower()}{mark}"
        if row and len(row) + 1 + len(piece) > width:
            lines.append(row.ljust(width))
            row = piece
        else:
            row = f"{row} {piece}" if row else piece
    if row:
        lines.append(row.ljust(width))
    return lines


def status_line(pos: Position) -> str:
    """What the game waits for, in words."""
    outcome = pos.outcome
    if outcome is not None:
        s = outcome.scores
        return f"Game over: {outcome.termination.value}. Score X {points(s.x)}, O {points(s.o)}."
    who = pos.to_play
    if pos.awaiting_collapse:
        cycle = " ".join(f"{Player.of_mark(k)}{k}" for k in pos.cycle())
        return f"Move {pos.move_number}: {who} chooses the collapse of the cycle {cycle}."
    return f"Move {pos.move_number}: {who} to play a spooky move."


def render(pos: Position) -> str:
    """The board as boxes: a label in each cell's corner, ``[X1]`` classical, ``x3`` spooky."""
    grid = pos.variant.grid()
    side = pos.variant.mini_board_side or len(grid)  # "#" and "=" between mini-boards
    width = max(7, max(len(pos.variant.label(c)) for c in range(pos.variant.cell_count)) + 5)
    rule = "+" + "+".join("-" * width for _ in grid[0]) + "+"
    out = [rule]
    for r, row in enumerate(grid, start=1):
        boxes = [_cell_lines(pos, cell, width) for cell in row]
        height = max(3, *(len(b) for b in boxes))
        for i in range(height):
            line = "|"
            for c, box in enumerate(boxes, start=1):
                line += box[i] if i < len(box) else " " * width
                line += "#" if c % side == 0 and c < len(boxes) else "|"
            out.append(line)
        out.append(rule.replace("-", "=") if r % side == 0 and r < len(grid) else rule)
    out.append("[X1] classical, x3 spooky.")
    out.extend(_variant_lines(pos))
    out.append(status_line(pos))
    return "\n".join(out)


def _variant_lines(pos: Position) -> list[str]:
    """What the variant adds to the state report, in words: won mini-boards, where to play."""
    report = state_report(pos)
    lines = []
    boards = report.get("boards")
    if isinstance(boards, dict):
        won = [f"{n} {'+'.join(who)}" for n, who in boards.items() if who]
        lines.append(f"Mini-boards won: {', '.join(won) if won else 'none yet'}.")
    sent = report.get("sent_to")
    if isinstance(sent, list):
        where = " and ".join(sent)
        lines.append(f"The next pair must span mini-board{'s' if len(sent) > 1 else ''} {where}.")
    return lines
