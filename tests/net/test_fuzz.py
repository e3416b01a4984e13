"""A live host under a storm of generated hostile frames: it answers each bad connection with a
reason and closes it, and the game and its players never notice.

CI throws 100 batches of 100 frames (10,000). For a longer run outside CI:
``QTTT_FUZZ_BATCHES=5000 pytest tests/net/test_fuzz.py`` (half a million frames).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import make_variant
from net.framing import MAX_FRAME, FrameReader, pack
from net.host import HostHandle, new_table, start_host_thread
from net.protocol import MESSAGES, PROTOCOL_VERSION, SPECTATOR, Bye, Hello, Move, Ping, Pong, Sit
from tests.net.conftest import Raw, host_config

BATCHES = int(os.environ.get("QTTT_FUZZ_BATCHES", "100"))
BATCH = 100
# After the hostile frame: bytes msgpack never uses, more than a frame may hold. Whatever the
# frame left half-parsed, this ends the connection at once instead of at a timeout.
FLUSH = b"\xc1" * (MAX_FRAME + 1)

FIELD_NAMES = [
    "t",
    "version",
    "role",
    "name",
    "seat",
    "token",
    "side",
    "ply",
    "game",
    "variant",
    "moves",
    "seats",
    "spectators",
    "rematch",
    "reason",
    "text",
    "table",
    "ping_ms",
]

# Keys from a small alphabet: drawing unique keys then never needs retries.
keys = st.sampled_from(["t", "x", "", "moves", "name", "\u00e9"])
wire_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=12)
    | st.binary(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=4,
)
message_shaped = st.builds(
    lambda tag, fields: msgpack.packb({**fields, "t": tag}),
    st.sampled_from(sorted(MESSAGES)) | st.text(max_size=6),
    st.dictionaries(st.sampled_from(FIELD_NAMES), wire_values, max_size=7),
)
tokens = st.text(alphabet="0123456789.-@ xo", max_size=9)
intents = st.one_of(
    st.builds(Move, st.sampled_from(["X", "O", "", "x", "Ω"]), st.integers(-3, 12), tokens),
    st.builds(Sit, st.sampled_from(["X", "O", "?"])),
    st.builds(
        Hello,
        st.integers(-1, 3),
        st.sampled_from(["player", SPECTATOR, "host"]),
        st.text(max_size=40),
        st.sampled_from([None, "X", "O", "Q"]),
        st.none() | st.text(max_size=24),
    ),
).map(pack)


def _flip(frame: bytes, at: int, byte: int) -> bytes:
    at %= len(frame)
    return frame[:at] + bytes([byte]) + frame[at + 1 :]


mutated = st.builds(_flip, intents, st.integers(0, 200), st.integers(0, 255))
frames = st.tuples(
    st.booleans(),  # say a valid hello first (as a spectator), or not
    st.one_of(
        st.binary(min_size=1, max_size=80),
        st.builds(msgpack.packb, wire_values),
        message_shaped,
        intents,
        mutated,
    ),
)


@pytest.fixture(scope="module")
def table_under_fire(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[HostHandle, Raw]]:
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    handle = start_host_thread(
        new_table(make_variant("goff"), "Fuzz", tmp),
        host_config(tmp, spectator_limit=BATCH * 2, idle_timeout=30.0, hello_timeout=5.0),
    )
    x, o = Raw(handle.address), Raw(handle.address)
    x.hello(name="Ada", seat="X")
    o.hello(name="Bo", seat="O")
    for ply, (player, side, token) in enumerate([(x, "X", "1-2"), (o, "O", "1-2")]):
        player.move(side, ply, token)
        o.state(moves=ply + 1)
    yield handle, o
    x.close()
    o.close()
    handle.stop()


async def _attack(address: tuple[str, int], hello: bool, frame: bytes) -> str | None:
    """Send one hostile frame on a fresh connection; the reason in the host's Bye, if one came."""
    reader, writer = await asyncio.open_connection(*address)
    first = pack(Hello(PROTOCOL_VERSION, SPECTATOR, "fuzz")) if hello else b""
    writer.write(first + frame + FLUSH)
    frames, reason = FrameReader(), None
    try:
        while data := await asyncio.wait_for(reader.read(65536), 5.0):
            for message in frames.feed(data):
                if isinstance(message, Bye):
                    reason = message.reason
    except ConnectionError:
        pass
    finally:
        writer.close()
    return reason


async def _volley(address: tuple[str, int], batch: list[tuple[bool, bytes]]) -> list[str | None]:
    # Fewer connections at once than the listen backlog (100): beyond it the kernel drops
    # SYNs and each dropped one costs a 1 s retransmit.
    room = asyncio.Semaphore(32)

    async def one(hello: bool, frame: bytes) -> str | None:
        async with room:
            return await _attack(address, hello, frame)

    return list(await asyncio.gather(*(one(h, f) for h, f in batch)))


# Ten thousand connections take half a minute alone and minutes on a busy machine.
@pytest.mark.timeout(600)
@settings(
    max_examples=BATCHES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
    ],
)
@given(batch=st.lists(frames, min_size=BATCH, max_size=BATCH))
def test_hostile_frames_never_hurt_the_table(
    table_under_fire: tuple[HostHandle, Raw], batch: list[tuple[bool, bytes]]
) -> None:
    handle, o = table_under_fire
    reasons = asyncio.run(_volley(handle.address, batch))
    # Every hostile connection was told why it was closed (an unhandled error would say nothing).
    assert all(isinstance(r, str) and r for r in reasons), reasons
    # The game is unchanged and its players are still served at once.
    assert [m for m in handle.host.table.record.moves] == ["1-2", "1-2"]
    o.send(Ping())
    o.expect(Pong)
    assert {c.name for c in handle.host.connections} <= {"Ada", "Bo", "fuzz"}
