"""What the tutorial's panel says: where the player is, what the step asks, what happened.

:func:`paras` is a function of a :class:`Moment` (the lesson and step reached,
the position, the device in hand, the last refusal), so the panel can lay out
every step of a lesson ahead and draw them all at one size.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.client import prose
from game.client.board_layout import sent_boards
from game.client.intents import Device
from game.client.prose import Para
from game.client.scenes.lessons import Lesson
from game.client.theme import Palette
from game.rules import Position
from game.textview import points


@dataclass(frozen=True, slots=True)
class Moment:
    """All that the lesson's words depend on."""

    lessons: tuple[Lesson, ...]
    lesson: int
    step: int
    pos: Position
    device: Device
    message: str | None  # said under the step: a refusal, or a warning before leaving
    resumed: bool  # opened where the player left off, and still at that lesson

    @property
    def last(self) -> bool:
        return is_last(self.lessons, self.lesson, self.step)


def is_last(lessons: tuple[Lesson, ...], lesson: int, step: int) -> bool:
    """Whether ``step`` of ``lesson`` is the tutorial's last."""
    return lesson == len(lessons) - 1 and step == len(lessons[lesson].steps) - 1


def paras(at: Moment, palette: Palette, step: int, done: bool) -> list[Para]:
    """The words of step ``step`` of the lesson reached, before or after it is made."""
    plan = at.lessons[at.lesson]
    where = f"Lesson {at.lesson + 1} of {len(at.lessons)}"
    if len(plan.steps) > 1:
        where += f" · step {step + 1} of {len(plan.steps)}"
    said = plan.steps[step]
    # The heading says what the step asks for; once it is made, that it is made (the
    # position's next turn belongs to the next step, not this one).
    heading = status(at.pos) if step == at.step and not done else "Done"
    if done and step == len(plan.steps) - 1:
        heading = "Lesson done" if not at.last else "Tutorial done"
    paras = [
        Para(where, palette.dim),
        Para(plan.title, palette.text, 1.4, bold=True),
        Para(heading, palette.accent, bold=True, space_before=0.5),
    ]
    if done:
        # The instruction is met: what happened takes its place.
        paras.append(Para(said.done or "Done.", palette.highlight, space_before=0.6))
        paras.append(Para(next_hint(at), palette.dim, 0.9, space_before=0.6))
    else:
        paras.append(Para(said.say, palette.text, space_before=0.6))
        how = prose.how_to_pick(at.device, at.pos.awaiting_collapse)
        paras.append(Para(how, palette.dim, 0.9, space_before=0.4))
        if at.message is not None and step == at.step:
            paras.append(Para(at.message, palette.warning, space_before=0.6))
        elif at.resumed:
            again = "Welcome back: you left off here. Lesson 1, below, starts again."
            paras.append(Para(again, palette.dim, 0.9, space_before=0.6))
    return paras


def next_hint(at: Moment) -> str:
    """How to go on once the step is made, and to what."""
    device = at.device
    go_on = "Click the board" if device is Device.MOUSE else prose.sentence(prose.press(device))
    if at.last:
        return f"{go_on} to set up a game of your own."
    plan = at.lessons[at.lesson]
    if at.step + 1 < len(plan.steps):
        return f"{go_on} for step {at.step + 2} of {len(plan.steps)}."
    return f"{go_on} for the next lesson: {at.lessons[at.lesson + 1].title}."


def status(pos: Position) -> str:
    """Whose turn and what is awaited, or how the game ended."""
    outcome = pos.outcome
    if outcome is not None:
        x, o = (points(s) for s in outcome.scores)
        return f"Game over: X {x}, O {o}"
    if pos.awaiting_collapse:
        return f"{pos.to_play} chooses the collapse"
    said = f"{pos.to_play} to play: mark {pos.to_play}{pos.move_number}"
    boards = sent_boards(pos)
    if boards:
        where = " and ".join(str(b + 1) for b in boards)
        said += f", in board{'s' if len(boards) > 1 else ''} {where}"
    return said
