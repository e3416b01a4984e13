"""Whole games between headless bots through a real host, with spectators watching:
every client ends on exactly the host's final state."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

import pytest

from game.records import state_report
from game.rules import VARIANTS, Player, Position
from game.session import Snapshot
from net.bot import play_bot
from net.host import HostHandle
from net.protocol import SPECTATOR
from net.session import NetworkSession
from tests.net.conftest import committed, report_of, spawn

# Ultimate landed with the variants; the list says which rule sets the LAN games are tested on.
LAN_VARIANTS = ["goff", "ultimate"]


def test_every_lan_variant_exists() -> None:
    assert set(LAN_VARIANTS) <= set(VARIANTS)


def final_position(session: NetworkSession, timeout: float = 60.0) -> Position:
    """Drain ``session`` like a frame loop until a Snapshot of a finished game arrives."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for event in session.events():
            if isinstance(event, Snapshot) and event.position.is_over:
                return event.position
        time.sleep(0.005)
    raise AssertionError("the spectator never saw the game end")


@pytest.mark.parametrize("variant", LAN_VARIANTS)
def test_bots_play_a_whole_game_with_spectators(
    make_host: Callable[..., HostHandle], variant: str
) -> None:
    handle = make_host(variant=variant, idle_timeout=5.0)
    watchers = [
        NetworkSession(handle.address, name=f"watcher {i}", role=SPECTATOR) for i in range(3)
    ]
    address = f"{handle.address[0]}:{handle.address[1]}"
    try:
        # X: a separate process, exactly as a player would start it.
        process = spawn(
            "join", address, "--bot", "beginner", "--headless", "--seat", "X", "--seed", "7"
        )
        # O: a bot on this process's loop, through the same client code.
        mine = asyncio.run(
            asyncio.wait_for(play_bot(handle.address, "beginner", seat=Player.O, seed=8), 60)
        )
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0, err
        seen = [final_position(w) for w in watchers]
    finally:
        for w in watchers:
            w.close()
    host_final = handle.host.table.position
    expected = state_report(host_final)
    assert expected["over"] is True and expected["variant"] == variant
    assert report_of(out) == expected
    assert state_report(mine) == expected
    assert all(state_report(pos) == expected for pos in seen)
    # The saved record replays to the same state, as `qttt replay FILE --json` would print it.
    saved = committed(handle.host.table.path, len(handle.host.table.record.moves))
    assert json.loads(json.dumps(state_report(saved.final()))) == expected
