"""Whole games between headless bots through a real host, with spectators watching:
every client ends on exactly the host's final state."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from random import Random

import pytest

from game.records import state_report
from game.rules import VARIANTS, Player, Position
from game.session import Snapshot
from net.bot import BotGameError, play_bot
from net.host import HostHandle
from net.loopthread import LoopThread
from net.protocol import SPECTATOR
from net.session import NetworkSession
from tests.net.conftest import Screen, committed, report_of, spawn

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


def test_a_bot_that_cannot_play_the_table_frees_its_seat_at_once(
    make_host: Callable[..., HostHandle],
) -> None:
    handle = make_host(reconnect_grace=60.0)
    ada = Screen(NetworkSession(handle.address, name="Ada", seat=Player.X))
    try:
        ada.snapshot(0)
        with pytest.raises(BotGameError, match="strongest bot is perfect"):
            asyncio.run(asyncio.wait_for(play_bot(handle.address, "expert", seat=Player.O), 30))
        # It sat down before it learnt the variant; it does not keep the seat from anyone.
        ada.notice("bot (expert) left; seat O is open", timeout=30)
        assert not handle.host.table.seats[Player.O]
    finally:
        ada.session.close()


def test_a_bot_stopped_from_outside_has_its_seat_held(
    make_host: Callable[..., HostHandle],
) -> None:
    handle = make_host(reconnect_grace=60.0)
    ada = Screen(NetworkSession(handle.address, name="Ada", seat=Player.X))
    bot = LoopThread("test-bot")
    try:
        ada.notice("you sit at X")  # before the bot comes: its sitting down is news to her
        bot.submit(play_bot(handle.address, "beginner", seat=Player.O))
        ada.notice("bot (beginner) sits at O", timeout=30)
        bot.stop()  # as Ctrl-C stops `qttt join --bot`: the same command started again sits back
        ada.notice("bot (beginner) dropped; seat O is held for 60 s", timeout=30)
    finally:
        bot.stop()
        ada.session.close()


def test_a_window_s_own_bot_plays_every_rematch(make_host: Callable[..., HostHandle]) -> None:
    handle = make_host()
    ada = Screen(NetworkSession(handle.address, name="Ada", seat=Player.X))
    bot = LoopThread("test-bot")
    rng = Random(3)
    try:
        ada.notice("you sit at X")  # before the bot comes: its sitting down is news to her
        bot.submit(play_bot(handle.address, "beginner", seat=Player.O, seed=4, rematches=True))
        ada.notice("bot (beginner) sits at O", timeout=30)
        for game in (1, 2):
            mine = Player.X if game == 1 else Player.O
            known = 0
            while True:
                snap: Snapshot = ada.wait(
                    lambda e, known=known, game=game: (
                        isinstance(e, Snapshot) and e.game == game and len(e.moves) >= known
                    ),
                    timeout=30,
                )  # type: ignore[assignment]
                known = len(snap.moves) + 1
                if snap.position.is_over:
                    break
                if snap.position.to_play is mine:
                    ada.session.submit(rng.choice(snap.position.legal_actions()))
            # The bot leaves the choice to Ada, and follows her ask.
            assert ada.session.table is not None and ada.session.table.rematch == ()
            ada.session.rematch()
            ada.notice(f"game {game + 1}: sides swapped", timeout=30)
        assert ada.session.local_sides == {Player.X}  # back where she began, after two swaps
    finally:
        bot.stop()
        ada.session.close()
