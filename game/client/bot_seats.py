"""The bots seated at a game on this screen, played so that people can follow them.

A bot is asked in a worker, never inside a frame, and only once the board has been still a
moment (:data:`BOT_PAUSE`). One choosing a collapse is seen weighing the two outcomes for a
beat of the show's pace, however fast it really was, and its pick is held up a moment
before it happens. The play scene asks :meth:`BotSeats.step` every fixed step and does what
the answer says; the bots never touch the session themselves.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import NamedTuple

from game.ai import Bot, make_bot
from game.client.asked import Asked, Worker
from game.client.collapse_show import Pace
from game.rules import Action, Player, Position, Variant

BOT_PAUSE = 0.5  # seconds a bot waits after a change, so people can follow its moves


class BotTurn(NamedTuple):
    """What a step of the bots asks of the screen."""

    action: Action | None = None  # to play now
    looking: int | None = None  # the collapse outcome the bot is seen weighing, or chose
    failed: str = ""  # why no answer came (the game goes on for the people)


class BotSeats:
    """The bots of a game, by side, and the one thinking or holding up its pick."""

    def __init__(
        self,
        levels: dict[Player, str | None],
        variant: Variant,
        rng: random.Random,
        pace: Pace,
        run_in_worker: Worker,
    ) -> None:
        self.bots: dict[Player, Bot] = {
            side: make_bot(level, variant, random.Random(rng.randrange(2**32)))
            for side, level in levels.items()
            if level is not None
        }
        self.pace = pace
        self._run = run_in_worker
        self._thinking: Asked[Action] | None = None
        self._since = 0.0  # when the bot thinking began
        self.decided: tuple[Action, float] | None = None  # a collapse held up until then

    def __contains__(self, side: object) -> bool:
        return side in self.bots

    def step(self, pos: Position, now: float, here: Collection[Player], ready: bool) -> BotTurn:
        """The bots' part at ``now`` in the game at ``pos``, whose sides ``here`` are played at
        this screen: a bot to move begins thinking only when the board is ``ready`` (still)."""
        if self.decided is not None:
            action, until = self.decided
            if now < until:
                return BotTurn()
            self.decided = None
            return BotTurn(action=action)
        if self._thinking is not None:
            return self._think(pos, now)
        side = pos.to_play
        if ready and side in self.bots and side in here:
            bot = self.bots[side]
            self._since = now
            self._thinking = Asked.ask(pos, self._run, lambda stop: bot.choose(pos, stop))
        return BotTurn()

    def _think(self, pos: Position, now: float) -> BotTurn:
        assert self._thinking is not None
        asked, future, stop = self._thinking
        if asked != pos:
            stop.set()  # the game moved on (an undo): the bot to move next need not wait for it
        looking = None
        if pos.awaiting_collapse:
            # The bot is seen weighing the two outcomes, however fast it really was.
            looking = int((now - self._since) / self.pace.flip) % 2
            if now - self._since < self.pace.think:
                return BotTurn(looking=looking)
        if not future.done():
            return BotTurn(looking=looking)
        self._thinking = None
        if asked != pos:
            return BotTurn()  # the game moved on (an undo): the answer is stale
        try:
            action = future.result()
        except Exception as exc:  # a bot's failure must not end the game for the people
            return BotTurn(failed=f"the {pos.to_play} bot failed: {exc}")
        if not pos.awaiting_collapse:
            return BotTurn(action=action)
        # Its pick is held up in the previews a moment before it happens.
        outcomes = [a for a, _ in pos.collapse_outcomes()]
        self.decided = (action, now + self.pace.decided)
        return BotTurn(looking=outcomes.index(action) if action in outcomes else None)

    def cancel(self) -> None:
        """Nobody waits for the answer being thought of (the screen closes): its search ends
        now, not at its time limit (the expert's 4.6 s kept a closed window's process alive)."""
        if self._thinking is not None:
            self._thinking.cancel()
