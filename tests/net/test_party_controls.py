"""The party host's own controls, as the window that runs it calls them: pause and resume the
move clock, remove a player (who is told why), end the night early. A real host on 127.0.0.1,
a beginner party bot and two raw clients that never move (so the clock and the stand-in are
what moves for them)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from pathlib import Path

import pytest

from game.records import read_record
from game.rules import make_variant
from game.session import Notice
from net.client import TableClient, TableEvent
from net.host import HostHandle, new_table, start_host_thread
from net.party import ROUND_ROBIN, result_of, standings
from net.party_client import play_party_bot
from net.party_host import PartyConfig, PartyHost
from net.protocol import Party
from tests.net.conftest import host_config
from tests.net.test_party import reported, run, scoreboard


class Listener:
    """A raw table client whose events a test waits on."""

    def __init__(self, address: tuple[str, int], name: str) -> None:
        self.events: asyncio.Queue[TableEvent] = asyncio.Queue()
        self.client = TableClient(address, name, self.events.put_nowait, reconnect_for=0.5)
        self.running = asyncio.ensure_future(self.client.run())
        self.heard: list[TableEvent] = []

    async def until(self, check: Callable[[TableEvent], bool]) -> TableEvent:
        while True:
            event = await self.events.get()
            self.heard.append(event)
            if check(event):
                return event


def party(check: Callable[[Party], bool]) -> Callable[[TableEvent], bool]:
    return lambda e: isinstance(e, Party) and check(e)


def test_pause_kick_and_end_the_night(tmp_path: Path) -> None:
    config = PartyConfig(ROUND_ROBIN, clock=30.0, between=0.02, stand_in=0.02, seed=3)
    table = new_table(make_variant("goff"), "Den", tmp_path)
    handle: HostHandle = start_host_thread(
        table, host_config(tmp_path), functools.partial(PartyHost, party=config)
    )
    host = handle.host
    assert isinstance(host, PartyHost)

    async def evening() -> tuple[Party, list[TableEvent]]:
        ann = asyncio.ensure_future(play_party_bot(handle.address, "beginner", name="Ann", seed=1))
        bo = Listener(handle.address, "Bo")
        # Game 1: Ann against Bo; once the clock runs for Bo (who never moves), it is paused.
        await bo.until(party(lambda p: set(p.playing) == {"Ann", "Bo"}))
        watcher = Listener(handle.address, "Cy")  # he waits in the queue
        await bo.until(
            party(lambda p: p.left_ms > 0 and bo.client.position.to_play is bo.client.seat)
        )
        handle.call(host.pause, True)
        paused = await bo.until(party(lambda p: p.paused))
        assert isinstance(paused, Party) and 0 < paused.left_ms <= 30_000
        handle.call(host.pause, False)
        going = await bo.until(party(lambda p: not p.paused))
        assert isinstance(going, Party) and 0 < going.left_ms <= paused.left_ms
        # Removed: Bo is told why and his connection ends; a stand-in finishes his game.
        handle.call(host.kick, "Bo")
        why = await bo.running
        assert "removed you from the party" in why
        # Game 2: Ann against Cy, who never moves: the host ends the night during it.
        await watcher.until(party(lambda p: set(p.playing) == {"Ann", "Cy"}))
        handle.call(host.end_night)
        final = await ann
        await watcher.until(lambda e: isinstance(e, Notice) and "ended the night" in e.text)
        await watcher.client.close()
        await watcher.running
        return final, watcher.heard

    try:
        final, heard = run(evening())
    finally:
        handle.stop()
    notices = [e.text for e in heard if isinstance(e, Notice)]
    assert "the host removed Bo from the party" in notices
    assert any(n.startswith("the host ended the night: ") for n in notices)
    assert final.finished and not final.playing and final.games == 1
    # The unfinished second game counts for nobody; the standings are the records' sums.
    games = []
    for path in sorted(tmp_path.glob("party-den-game*.json")):
        record = read_record(path)
        final_pos = record.positions()[-1]
        info = record.extra["party"]
        scores = final_pos.outcome.scores if final_pos.outcome else None
        games.append({"x": info["x"], "o": info["o"], "scores": scores})
    assert len(games) == 2 and games[1]["scores"] is None
    assert reported(final) == scoreboard(games[:1])
    results = [
        r
        for p in sorted(tmp_path.glob("party-den-game*.json"))
        if (r := result_of(read_record(p), "Den"))
    ]
    assert [s.name for s in standings(r for _, r in results) if s.played] == [
        s.name for s in final.standings if s.played
    ]
    # Hosted again under its name, the night that ended greeted new guests with its
    # standings and never began a game: it is refused, and another name asked for.
    again = new_table(make_variant("goff"), "Den", tmp_path)
    with pytest.raises(ValueError, match=r"the party 'Den' in .* is over: give this evening"):
        start_host_thread(again, host_config(tmp_path), functools.partial(PartyHost, party=config))
