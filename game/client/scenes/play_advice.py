"""Hints and the study overlay on the play screen, and what the screen says of them.

They are for a person's turn in a game on this screen: a LAN table's or a
party's game is told why not. The judge's answers come in a worker
(:class:`~game.client.advice.Advice`); a hint is said as the board shows it.
"""

from __future__ import annotations

from game.client.advice import Advice
from game.client.prose import action_words
from game.client.scenes.seating import Seating
from game.client.toast import Say
from game.rules import Position


class Coach:
    """Hints and study from ``advice`` for the people of ``seating``; ``local``: the game is
    on this screen (the only one they are for); ``say`` tells the player."""

    def __init__(self, advice: Advice, seating: Seating, local: bool, say: Say) -> None:
        self.advice = advice
        self.seating = seating
        self.local = local
        self._say = say

    def hint(self, pos: Position) -> None:
        """The best action at ``pos``, from the solver or a short search in a worker."""
        if not self.local:
            self._say(self.seating.not_here("hints"))
        elif not self.advised(pos):
            self._say("A hint is for a person's turn")
        elif not self.advice.hints.asking_about(pos):
            self.advice.ask_hint(pos)
            if not self.advice.exact:
                self._say("Thinking of a hint…", warning=False)

    def study(self, pos: Position) -> None:
        """Turn the study overlay on or off: every open cell's best result, for a person's turn
        (at a collapse, ``pos``'s, each outcome's, on the cell where it settles the mark)."""
        if not self.local:
            self._say(self.seating.not_here("study"))
            return
        self.advice.studying = not self.advice.studying
        if not self.advice.studying:
            self._say("Study off", warning=False)
            return
        if pos.awaiting_collapse:
            what = "its best result" if self.advice.exact else "a search's expected score"
            said = f"Study: each outcome shows {what} on the cell it settles the mark in"
        elif self.advice.exact:
            said = "Study: each cell shows the best result a move there keeps"
        else:
            said = "Study: each cell shows a search's best expected score there"
        self._say(said, warning=False)

    def advised(self, pos: Position) -> bool:
        """Hints and study are for a person's turn in a game on this screen."""
        return self.local and not pos.is_over and pos.to_play in self.seating.people()

    def update(self, pos: Position) -> None:
        """Take the judge's finished answers; ask for the study of ``pos``, the one shown."""
        hint = self.advice.update(pos, study=self.advised(pos))
        if hint is not None:
            # As the board shows it ("X5 in cells 1 and 8"), not the record's "1-8".
            self._say(f"Hint: {action_words(pos, hint)}", warning=False)
