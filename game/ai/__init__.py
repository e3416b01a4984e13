"""Bots: given a position, which action? Standard library only.

A bot takes its random generator from outside, so a game with bots can be
replayed exactly. Bots keep no global state and may run in a worker thread;
every level but *perfect* stops by its time limit as well as its budget.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random
from typing import Protocol

from game.rules import Action, Goff, Player, Position, Variant


class Stop(Protocol):
    """Set when nobody waits for the answer any more (a ``threading.Event``)."""

    def is_set(self) -> bool: ...


class Bot(Protocol):
    def choose(self, pos: Position, stop: Stop | None = None) -> Action:
        """A legal action in ``pos``, which must await one (not over); a search ends soon
        after ``stop`` is set (the game moved on, the window closed) with its best so far."""
        ...


class RandomBot:
    """The beginner: uniformly random legal actions."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng

    def choose(self, pos: Position, stop: Stop | None = None) -> Action:
        return self.rng.choice(pos.legal_actions())


@dataclass(frozen=True)
class Strength:
    """A search level: its budget of iterations, the most seconds one answer may take,
    how much worse than nothing a draw is to it (see :mod:`game.ai.mcts`), how many
    processes search at once (0: one per core, :mod:`game.ai.parallel`), whether it
    reads pressure where the variant has it (:mod:`game.ai.pressure`,
    :mod:`game.ai.windows`), and on a solved game whether it searches only the actions
    that keep the game's value (``exact``, :mod:`game.ai.keeping`) and how much worse
    than nothing a draw is to it where it does (``safe_contempt``: it cannot lose there,
    so it may play harder for the other side's mistakes), whether only the openings
    tables restrict it (``tables_only``: no solver time beyond them), and for which side
    alone (``exact_side``; None: both)."""

    iterations: int
    time_limit: float
    contempt: float
    processes: int = 1
    pressure: bool = True
    exact: bool = False
    safe_contempt: float | None = None
    tables_only: bool = False
    exact_side: Player | None = None


# Wide gaps: on Goff's game X's first move is worth so much that a level must
# search far more than the one below to beat it as O. Easy and medium play
# for a win at almost any risk (a draw is nearly a loss to them), hard keeps
# a draw worth having: where good play draws, only a reckless player below
# gives the level above its wins (measured with qttt arena).
STRENGTHS: dict[str, Strength] = {
    "easy": Strength(iterations=16, time_limit=0.25, contempt=0.9),
    "medium": Strength(iterations=400, time_limit=0.5, contempt=0.9),
    # The clock is read between batches of iterations: 0.9 s keeps answers under a second.
    "hard": Strength(iterations=20000, time_limit=0.9, contempt=0.3),
    # Every core for up to 5 s (the first answer's time includes starting the processes).
    "expert": Strength(iterations=1_000_000, time_limit=4.6, contempt=0.3, processes=0),
}

# Easy and medium as they searched before pressure: random playouts over every placement.
PLAYING_OUT = {level: replace(STRENGTHS[level], pressure=False) for level in ("easy", "medium")}

VARIANT_STRENGTHS: dict[str, dict[str, Strength]] = {
    # Goff's hard dropped the value mostly at its first two moves (21 of 84 actions in 8 games
    # against itself), where the shipped tables know every keeping action: it plays those
    # there, a lookup, and searches freely after with all its time. As O only: X wins with
    # perfect play, and a hard keeping X's value from the first move won every game as X
    # against perfect (20 of 20; 12 of 12 with the table for X's first move alone), so perfect
    # no longer beat it; as O it lost 6 of 20 to medium before, none after.
    "goff": {"hard": replace(STRENGTHS["hard"], exact=True, tables_only=True, exact_side=Player.O)},
    # The n×n board's lower levels keep their random playouts: the window pressure is hard's.
    "nxn": PLAYING_OUT,
    # With the pressure prior even 16 iterations mostly play the prior's best pair, and easy,
    # medium and hard stopped being a ladder on Squared (4 games a pair: medium 50% against
    # easy, hard 38% against medium): the two lower levels search as they did before.
    "squared": PLAYING_OUT,
    # Text 004's shared wins make a drawn game of every opening: levels a step
    # apart play alike unless easy searches more and medium treats a draw as a loss.
    "shared": {
        "easy": Strength(iterations=24, time_limit=0.25, contempt=0.9),
        "medium": Strength(iterations=2000, time_limit=0.5, contempt=1.0),
        # Never losing a drawn game; among the keeping moves the search picks the one with
        # most chances, a draw nearly a loss to it. Against the public engine at equal time:
        # 11 won, 49 drawn, none lost in 60 games; with a draw 0.3 worse there, 4 won in 36.
        "hard": Strength(
            iterations=20000, time_limit=0.9, contempt=0.3, exact=True, safe_contempt=0.9
        ),
        "expert": Strength(
            iterations=1_000_000,
            time_limit=4.6,
            contempt=0.3,
            processes=0,
            exact=True,
            safe_contempt=0.9,
        ),
    },
}


def search_bot(
    chosen: Strength, rng: Random, cpu_time: bool = False, variant: Variant | None = None
) -> Bot:
    """The searching bot of a strength: one process, or root parallel over several.

    ``cpu_time`` counts its time limit in CPU seconds of each search process
    instead of seconds on the wall: on a loaded machine a level then searches
    as much as it would on an idle one (``qttt arena --cpu``). ``variant`` is the
    game it plays, needed by an ``exact`` strength.
    """
    keeping = None
    if chosen.exact and variant is not None:
        from game.ai.keeping import Keeping

        keeping = Keeping(variant, chosen.tables_only, chosen.exact_side)
    if chosen.processes == 1:
        from game.ai.mcts import MCTSBot

        return MCTSBot(
            rng,
            chosen.iterations,
            chosen.time_limit,
            chosen.contempt,
            pressure=chosen.pressure,
            cpu_time=cpu_time,
            keeping=keeping,
            safe_contempt=chosen.safe_contempt,
        )
    from game.ai.parallel import ParallelBot

    return ParallelBot(
        rng,
        chosen.iterations,
        chosen.time_limit,
        chosen.contempt,
        chosen.processes or None,
        cpu_time=cpu_time,
        keeping=keeping,
        safe_contempt=chosen.safe_contempt,
    )


def strength(level: str, variant: Variant) -> Strength:
    """The search level ``level`` plays ``variant`` at (a level of :data:`STRENGTHS`)."""
    return VARIANT_STRENGTHS.get(variant.name, {}).get(level) or STRENGTHS[level]


LEVELS: tuple[str, ...] = ("beginner", "easy", "medium", "hard", "expert", "perfect")


def refusal(level: str, variant: Variant) -> str | None:
    """Why ``level`` does not play ``variant``, in words a menu can show (None: it does).
    *perfect* plays Goff's game only (it is solved), and *expert* every other game."""
    if level == "expert" and isinstance(variant, Goff):
        return "on Goff's 3×3 game the strongest bot is perfect, not expert"
    if level == "perfect" and not isinstance(variant, Goff):
        return "the perfect bot plays Goff's 3×3 game only"
    return None


def levels_for(variant: Variant) -> tuple[str, ...]:
    """The levels that play ``variant``, weakest first: what a menu offers for it."""
    return tuple(level for level in LEVELS if refusal(level, variant) is None)


def make_bot(level: str, variant: Variant, rng: Random, cpu_time: bool = False) -> Bot:
    """The bot of a level a player can pick; ``ValueError`` for an unknown one, or one
    that does not play ``variant`` (:func:`refusal`). ``cpu_time``: see :func:`search_bot`.
    """
    if (why := refusal(level, variant)) is not None:
        raise ValueError(why)
    if level == "beginner":
        return RandomBot(rng)
    if level in STRENGTHS:
        return search_bot(strength(level, variant), rng, cpu_time, variant)
    if level == "perfect":
        from game.ai.perfect import PerfectBot

        return PerfectBot(rng)
    raise ValueError(f"unknown bot level {level!r}; the levels are {', '.join(LEVELS)}")
