"""A party: many players, one table, a format that says who plays next, and the standings.

Pure logic, no sockets and no clock: :class:`Party` is told who arrives and
leaves and how each game ended, and answers who plays next (and on which
side) and whether the evening is over. The standings are a function of the
games' records alone (:func:`result_of`, :func:`standings`), in Goff's
points: each game adds what the outcome scored (1 for a first row, ½ for a
later one, so a game is worth 1, ½, 1½ or 2 to a player).

Formats:

- *winner stays*: the winner keeps the seat and the first in the queue
  challenges; the loser goes to the back. A draw sends the champion to the
  back (nobody keeps a seat without winning). Ends after ``games`` games
  (never, if none is given).
- *round robin*: everyone present plays everyone present once; the pair
  with the fewest games and the longest wait plays next. The sides are
  planned at the start (:func:`balanced_sides`) so that nobody has one side
  more than once more often than the other; in a late arrival's games the
  side a player has had less often is theirs. A leaver's games are dropped.
  Ends when no pair of present players is left to play.
- *knockout*: the players present at the start form the bracket in order
  of arrival (a bye for an odd one out). A drawn match is replayed with the
  sides swapped; after :data:`KNOCKOUT_DRAWS` draws the higher seed goes
  through. A player who is gone when their match comes loses it unplayed.

Nothing starts until ``start_at`` players are present. A player who drops (a phone that
sleeps, a window that crashes) is *away*: they keep their place in the queue, and their
row, until they are back or the host gives up on them. Winner stays and round robin play on
without them meanwhile; a knockout match waits for its two players.
"""

from __future__ import annotations

import json
import secrets
import typing
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.records import Record
from net.protocol import checked

WINNER_STAYS = "winner-stays"
ROUND_ROBIN = "round-robin"
KNOCKOUT = "knockout"
FORMATS = (WINNER_STAYS, ROUND_ROBIN, KNOCKOUT)

# The record field naming a party game's players (the rules ignore it).
RECORD_FIELD = "party"
# A drawn knockout match is replayed, sides swapped, this many times before the seed goes on.
KNOCKOUT_DRAWS = 2
# Names a sentence lists before it counts the rest ("A, B, C, D and 66 more"): a status is one
# line on the big screen, and a string of a message (five of the longest names fit in one).
LISTED = 4


# -- what the records say -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished party game: who played which side and what each scored."""

    x: str
    o: str
    x_points: float
    o_points: float

    @property
    def players(self) -> tuple[str, str]:
        return self.x, self.o

    @property
    def winner(self) -> str | None:
        if self.x_points == self.o_points:
            return None
        return self.x if self.x_points > self.o_points else self.o

    @property
    def loser(self) -> str | None:
        winner = self.winner
        return None if winner is None else (self.o if winner == self.x else self.x)


def party_field(party: str, game: int, x: str, o: str) -> dict[str, object]:
    """What a party game's record carries under :data:`RECORD_FIELD`."""
    return {"party": party, "game": game, "x": x, "o": o}


def result_of(record: Record, party: str) -> tuple[int, GameResult] | None:
    """The game number and result of ``record`` if it is a finished game of ``party``."""
    info = record.extra.get(RECORD_FIELD)
    if not isinstance(info, dict) or info.get("party") != party:
        return None
    game, x, o = info.get("game"), info.get("x"), info.get("o")
    if type(game) is not int or not isinstance(x, str) or not isinstance(o, str):
        return None
    outcome = record.positions()[-1].outcome
    if outcome is None:
        return None
    return game, GameResult(x, o, outcome.scores.x, outcome.scores.o)


@dataclass(slots=True)
class Standing:
    """One player's evening so far."""

    name: str
    points: float = 0.0
    played: int = 0
    wins: int = 0
    draws: int = 0
    rank: int = 0  # the place :func:`standings` gives: 1 for the best; the level share one

    @property
    def losses(self) -> int:
        return self.played - self.wins - self.draws


def standings(results: Iterable[GameResult], players: Iterable[str] = ()) -> list[Standing]:
    """Everyone's points, games, wins and draws, best first, each with their place.

    ``players`` adds those who have not played yet: they are listed, after everyone who
    has (no place is earned without a game). Rows level on all that orders them
    (:func:`_level`) share a place, the next one skipped (1, 1, 3), as the night's end
    says they share it: names only list them in a fixed order."""
    table: dict[str, Standing] = {name: Standing(name) for name in players}
    for result in results:
        winner = result.winner
        for name, points in ((result.x, result.x_points), (result.o, result.o_points)):
            line = table.setdefault(name, Standing(name))
            line.points += points
            line.played += 1
            line.wins += name == winner
            line.draws += winner is None
    rows = sorted(table.values(), key=lambda s: (*_level(s), s.name))
    for place, line in enumerate(rows, start=1):
        above = rows[place - 2] if place > 1 else None
        line.rank = above.rank if above and _level(above) == _level(line) else place
    return rows


def _level(line: Standing) -> tuple[bool, float, int, int]:
    """What orders the standings: having played, then more points, more wins, fewer games."""
    return line.played == 0, -line.points, -line.wins, line.played


def listed(names: list[str]) -> str:
    """``names`` as a sentence says them ("A", "A and B", "A, B and C"); past one more than
    :data:`LISTED`, the first few and how many more."""
    said = names if len(names) <= LISTED + 1 else [*names[:LISTED], f"{len(names) - LISTED} more"]
    return f"{', '.join(said[:-1])} and {said[-1]}" if len(said) > 1 else said[0]


# -- the format ------------------------------------------------------------------------------


@dataclass
class Party:
    """Who is here, who plays, who waits, and what the format decides next.

    ``present`` is the queue order of everyone here (the players of the game
    running included); ``playing`` is ``(x, o)`` while a game runs.
    """

    format: str
    start_at: int = 2
    games: int | None = None  # winner stays: how many games make the evening
    roster: list[str] = field(default_factory=list)  # everyone who came, in arrival order
    present: list[str] = field(default_factory=list)
    playing: tuple[str, str] | None = None
    results: list[GameResult] = field(default_factory=list)
    started: bool = False
    finished: bool = False
    champion: str | None = None  # winner stays: who holds the seat
    # Knockout: this round's players still to play (in bracket order), and who went through.
    bracket: list[str] = field(default_factory=list)
    advanced: list[str] = field(default_factory=list)
    knockout_round: int = 0
    match_draws: int = 0
    # Round robin: the sides of every game among those there at the start, as [x, o].
    sides: list[list[str]] = field(default_factory=list)
    # After a restart: who was here then, waited for before the next game (see load).
    expected: list[str] = field(default_factory=list)
    # Present but not connected: their place is kept while the formats pick those here.
    away: list[str] = field(default_factory=list)
    # Everyone's party-long token, by name: it brings them back as themselves (their seat in
    # the game on, their row in the standings), whatever connection or restart came between.
    members: dict[str, str] = field(default_factory=dict)
    # The evening's identity (net.seats keeps its members' tokens under it), kept on restarts.
    key: str = field(default_factory=lambda: secrets.token_hex(8))

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"no party format {self.format!r}; choose {', '.join(FORMATS)}")
        if self.start_at < 2:
            raise ValueError("a party starts with at least 2 players")

    # -- people ------------------------------------------------------------------------

    def join(self, name: str) -> None:
        """``name`` arrives and waits at the back of the queue, or comes back to the place
        kept for them while they were away."""
        if name not in self.roster:
            self.roster.append(name)
        if name not in self.present:
            self.present.append(name)
        for waited in (self.expected, self.away):
            if name in waited:
                waited.remove(name)

    def drop(self, name: str) -> None:
        """``name``, in the queue, is cut off: away, their place kept until they :meth:`join`
        again or :meth:`leave`."""
        if name in self.present and name not in self.away:
            self.away.append(name)

    def leave(self, name: str) -> None:
        """``name`` leaves the queue (a game in hand is still finished, by a stand-in); after
        a restart, the party no longer waits for them."""
        for waited in (self.present, self.expected, self.away):
            if name in waited:
                waited.remove(name)

    @property
    def here(self) -> list[str]:
        """The present who are connected, in queue order: those the formats may seat."""
        return [name for name in self.present if name not in self.away]

    def forget_passers_by(self, keep: int, here: Iterable[str] = ()) -> bool:
        """Forget all but the ``keep`` latest to come of those gone (not present, expected or
        ``here``) having taken no part in the evening (no game played or in hand, no place in
        the bracket or the round robin's plan): their tokens and their rows of no games.
        Kept for good, a peer coming and going under new names without end would grow the
        roster, the members and the party's file (written on every change) without bound.
        Whether anyone was forgotten."""
        busy = {*self.present, *self.expected, *here, *(self.playing or ())}
        busy.update(self.bracket, self.advanced, (self.champion,))
        busy.update(name for pair in self.sides for name in pair)
        busy.update(name for result in self.results for name in result.players)
        gone = [name for name in self.roster if name not in busy]
        forgotten = set(gone[: max(0, len(gone) - keep)])
        if not forgotten:
            return False
        self.roster = [name for name in self.roster if name not in forgotten]
        for name in forgotten:
            self.members.pop(name, None)
        return True

    @property
    def queue(self) -> list[str]:
        """Who waits, first first (for a knockout: the bracket's order), those away in their
        places. Winner stays: not the champion between games, who keeps the seat (the big
        screen's "next up" named them)."""
        busy = self.playing or ((self.champion,) if self.format == WINNER_STAYS else ())
        waiting = [name for name in self.present if name not in busy]
        if self.format == KNOCKOUT and self.started:
            # Those still in, in the bracket's order (the others are out, or came too late).
            return [name for name in self.bracket + self.advanced if name in waiting]
        return waiting

    @property
    def late(self) -> list[str]:
        """Knockout: who is here but came after the bracket was drawn. They watch this
        bracket (a knockout's draw is never redone) and play in the next evening's."""
        if self.format != KNOCKOUT or not self.started:
            return []
        drawn = {name for result in self.results for name in result.players}
        drawn.update(self.bracket, self.advanced, self.playing or ())
        return [name for name in self.present if name not in drawn]

    # -- games ---------------------------------------------------------------------------

    def next_game(self) -> tuple[str, str] | None:
        """The next game's ``(x, o)``, now marked as playing; ``None`` if none can start yet
        (or the party is over: see :attr:`finished`)."""
        if self.playing or self.finished or self.expected:
            return None
        if not self.started:
            if len(self.here) < self.start_at:
                return None
            self.started = True
            if self.format == KNOCKOUT:
                self.bracket = list(self.present)
                self.knockout_round = 1
            elif self.format == ROUND_ROBIN:
                self.sides = balanced_sides(self.present)
        pick = {
            WINNER_STAYS: self._winner_stays,
            ROUND_ROBIN: self._round_robin,
            KNOCKOUT: self._knockout,
        }[self.format]()
        self.playing = pick
        return pick

    def finish_game(self, result: GameResult) -> None:
        """The game in hand ended with ``result``: move people along the queue."""
        assert self.playing == result.players, "a result for a game that is not playing"
        self.results.append(result)
        self.playing = None
        if self.format == WINNER_STAYS:
            self._after_winner_stays(result)
        elif self.format == KNOCKOUT:
            self._after_knockout(result)
        else:
            # Both go to the back, so those who waited play first.
            for name in result.players:
                if name in self.present:
                    self.present.remove(name)
                    self.present.append(name)
        if self.format == WINNER_STAYS and self.games and len(self.results) >= self.games:
            self.finished = True

    def end(self) -> None:
        """The host ends the evening now: a game in hand counts for nobody."""
        self.playing = None
        self.finished = True

    def status(self) -> str:
        """One sentence for the big screen."""
        if self.finished:
            best = standings(self.results, self.roster)
            if self.format == KNOCKOUT and self.champion:
                return f"{self.champion} wins the knockout"
            if not best or not best[0].played:
                return "party over"
            # Level on points, wins and games: they share first place, so none wins alone.
            level = [s.name for s in best if s.rank == 1]
            if len(level) > 1:
                return f"{listed(level)} share the night"
            return f"{best[0].name} wins the night"
        if self.playing:
            x, o = self.playing
            where = f"round {self.knockout_round}: " if self.format == KNOCKOUT else ""
            return f"{where}{x} (X) against {o} (O)"
        if self.expected:
            return f"waiting for {listed(self.expected)} to come back"
        missing = self.start_at - len(self.here)
        if not self.started and missing > 0:
            return f"waiting for {missing} more player{'s' * (missing > 1)}"
        if held := self._held_by():
            return f"waiting for {listed(held)} to come back"
        return "next game in a moment" if len(self.here) >= 2 else "waiting for players"

    def _held_by(self) -> list[str]:
        """Those away whom the next game waits for: none while a game can start without
        them."""
        if self.started and self.format == KNOCKOUT:
            return [name for name in self.bracket[:2] if name in self.away]
        if self.started and self.format == ROUND_ROBIN:
            if self._unplayed(self.here):
                return []
            owed = {name for pair in self._unplayed(self.present) for name in pair}
            return [name for name in self.away if name in owed]
        return self.away if len(self.here) < 2 <= len(self.present) else []

    # -- winner stays ------------------------------------------------------------------------

    def _winner_stays(self) -> tuple[str, str] | None:
        waiting = [name for name in self.queue if name not in self.away]
        if self.champion in self.here and waiting:
            return waiting[0], self.champion  # the challenger moves first
        return (waiting[0], waiting[1]) if len(waiting) >= 2 else None

    def _after_winner_stays(self, result: GameResult) -> None:
        self.champion = result.winner
        back = [name for name in result.players if name != self.champion]
        if self.champion is None:  # a draw: the champion goes to the back after the challenger
            back = [result.x, result.o]
        for name in back:
            if name in self.present:
                self.present.remove(name)
                self.present.append(name)

    # -- round robin ----------------------------------------------------------------------------

    def _unplayed(self, names: list[str]) -> list[tuple[str, str]]:
        """The pairs among ``names`` (in their order) who have not played each other."""
        played = {frozenset(r.players) for r in self.results}
        return [
            (a, b)
            for i, a in enumerate(names)
            for b in names[i + 1 :]
            if frozenset((a, b)) not in played
        ]

    def _round_robin(self) -> tuple[str, str] | None:
        waiting = self.here
        pairs = self._unplayed(waiting)
        if not pairs:
            # Over once nobody present has a game left, away or not.
            self.finished = not self._unplayed(self.present)
            return None
        games = {name: 0 for name in waiting}
        balance = dict(games)  # games as X minus games as O
        for r in self.results:
            for name, side in ((r.x, 1), (r.o, -1)):
                if name in games:
                    games[name] += 1
                    balance[name] += side

        def rank(pair: tuple[str, str]) -> tuple[int, int, int]:
            a, b = sorted(pair, key=balance.__getitem__)  # a takes X
            # The fewest games between them; then the smallest lean to one side that either
            # is left with; then the longest wait (earliest in the queue).
            return (
                games[a] + games[b],
                max(abs(balance[a] + 1), abs(balance[b] - 1)),
                waiting.index(a) + waiting.index(b),
            )

        a, b = min(pairs, key=rank)
        planned = next((s for s in self.sides if set(s) == {a, b}), None)
        if planned:
            return planned[0], planned[1]
        # A late arrival's game: the one who has been X less often (relative to O) is X.
        return (a, b) if balance[a] <= balance[b] else (b, a)

    # -- knockout ---------------------------------------------------------------------------------

    def _knockout(self) -> tuple[str, str] | None:
        while True:
            if len(self.bracket) >= 2:
                a, b = self.bracket[0], self.bracket[1]
                here = [name for name in (a, b) if name in self.present]
                if len(here) == 2:
                    if a in self.away or b in self.away:
                        return None  # a match waits for its players (the host gives up in time)
                    # Replays of a drawn match swap the sides.
                    return (a, b) if self.match_draws % 2 == 0 else (b, a)
                del self.bracket[:2]
                self.match_draws = 0
                self.advanced.extend(here)  # a walkover (or nobody, if both are gone)
                continue
            self.advanced.extend(self.bracket)  # a bye for an odd one out
            self.bracket = []
            if len(self.advanced) <= 1:
                self.champion = self.advanced[0] if self.advanced else None
                self.finished = True
                return None
            self.bracket, self.advanced = self.advanced, []
            self.knockout_round += 1

    def _after_knockout(self, result: GameResult) -> None:
        winner = result.winner
        if winner is None:
            self.match_draws += 1
            if self.match_draws <= KNOCKOUT_DRAWS:
                return  # replayed, sides swapped
            winner = self.bracket[0]  # the higher seed
        del self.bracket[:2]
        self.match_draws = 0
        self.advanced.append(winner)
        # Find out now whether that was the final, so the party ends with its last game.
        if not self.bracket and len(self.advanced) == 1:
            self.champion = winner
            self.finished = True

    # -- surviving a restart ----------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write everything but the results (the records hold those) to ``path``."""
        data = asdict(self)
        del data["results"]
        data["playing"] = list(self.playing) if self.playing else None
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(".tmp")
        temp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        temp.replace(path)

    @classmethod
    def load(cls, path: Path, results: list[GameResult]) -> Party:
        """The party saved at ``path``, with ``results`` read back from its records.

        Everyone present is away until they reconnect, in their place in the queue, and no
        game starts until everyone who was present is back (or :attr:`expected` is
        cleared): otherwise the first to reconnect would find nobody to play, and a round
        robin would end there.
        ``ValueError`` if the file is not a saved party."""
        try:
            data: Any = json.loads(path.read_text(encoding="utf-8"))
            check_fields(cls, data)
            playing = data.pop("playing")
            party = cls(**data, results=results)
        except (OSError, TypeError, ValueError, KeyError, RecursionError) as exc:
            # RecursionError: arrays nested deeper than the parser goes.
            raise ValueError(f"{path} is not a saved party ({exc})") from None
        party.playing = (playing[0], playing[1]) if playing else None
        # Everyone is away until they reconnect, each in their place in the queue.
        party.expected = list(party.present)
        party.away = list(party.present)
        return party


# -- files read back ----------------------------------------------------------------------------


def check_fields(cls: type, data: object) -> None:
    """``ValueError`` unless ``data``, read back from JSON, holds the dataclass ``cls``'s fields
    with the types they are annotated with, as a message's are held (``cls(**data)`` then
    refuses any other key).

    A file that says ``"present": 5`` would otherwise load, and fail far from here, on the
    host's loop, on every message after."""
    if not isinstance(data, dict):
        raise ValueError(f"not the fields of a {cls.__name__}")
    hints = typing.get_type_hints(cls)
    for each in fields(cls):
        if each.name in data:
            checked(hints[each.name], data[each.name], each.name)


def balanced_sides(players: list[str]) -> list[list[str]]:
    """Every pair of ``players`` as ``[x, o]``, so that each is X as often as O (or once more
    one way, when each plays an odd number of games).

    The complete graph's edges oriented along an Euler circuit enter each vertex as often
    as they leave it. With an even number of players every degree is odd, so made-up edges
    (a matching) even them out first and are dropped after.
    """
    games = [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]
    evens = [] if len(players) % 2 else list(zip(players[::2], players[1::2], strict=True))
    edges = games + evens
    unused: dict[str, list[int]] = {name: [] for name in players}
    for index, (a, b) in enumerate(edges):
        unused[a].append(index)
        unused[b].append(index)
    walked = [False] * len(edges)
    sides: list[list[str]] = []
    # Hierholzer's walk: each edge is oriented the way it is walked.
    stack = players[:1]
    while stack:
        here = stack[-1]
        while unused[here] and walked[unused[here][-1]]:
            unused[here].pop()
        if not unused[here]:
            stack.pop()
            continue
        index = unused[here].pop()
        walked[index] = True
        a, b = edges[index]
        there = b if here == a else a
        if index < len(games):
            sides.append([here, there])
        stack.append(there)
    # Reversed, every lean stays as small: turn it so that the first two to come play
    # the first to come as X.
    if players[1:2] and [players[1], players[0]] in sides:
        sides = [[o, x] for x, o in sides]
    return sides


# The reactions anyone may send, by wire name: what the screens show.
EMOTES: dict[str, str] = {
    "bravo": "Bravo!",
    "wow": "Wow!",
    "haha": "Ha ha!",
    "oops": "Oops!",
    "hmm": "Hmm...",
    "gg": "Good game!",
}


class RateLimit:
    """A token bucket: ``burst`` at once, then one every ``every`` seconds (times are given)."""

    def __init__(self, burst: int, every: float) -> None:
        self.burst = burst
        self.every = every
        self._tokens: dict[object, tuple[float, float]] = {}  # who: (tokens, at time)

    def allow(self, who: object, now: float) -> bool:
        tokens, then = self._tokens.get(who, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) / self.every)
        allowed = tokens >= 1.0
        self._tokens[who] = (tokens - allowed, now)
        return allowed

    def forget(self, who: object) -> None:
        self._tokens.pop(who, None)
