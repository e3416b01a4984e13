"""Messages and frames: every message round-trips, every malformed one is refused with a reason."""

from __future__ import annotations

import random
import re

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Position, make_variant
from net.framing import MAX_FRAME, FrameError, FrameReader, pack
from net.protocol import (
    MAX_STR,
    MESSAGES,
    PROTOCOL_VERSION,
    Bye,
    Hello,
    Move,
    Notice,
    Ping,
    Pong,
    ProtocolError,
    Refused,
    Rematch,
    SeatView,
    Sit,
    State,
    Welcome,
    decode,
)
from tests.net.test_party_protocol import PARTY_EXAMPLES

EXAMPLES = [
    Hello(PROTOCOL_VERSION, "player", "Ada", "X", None),
    Hello(PROTOCOL_VERSION, "spectator", "Bo", None, "tok"),
    Move("O", 4, "4@5"),
    Sit("X"),
    Rematch(),
    Ping(),
    Welcome(PROTOCOL_VERSION, "Kitchen", "player", "O", "tok", 5000),
    State(
        3,
        {"variant": "nxn", "size": 4},
        ("1-2", "2-5"),
        (SeatView("X", "Ada", True), SeatView("O", None, False)),
        2,
        ("X",),
        {"X": "Ada", "O": "Bo"},
    ),
    Refused("it is O's turn"),
    Notice("Ada sits at X"),
    Bye("protocol version 9 is not spoken here"),
    Pong(),
    *PARTY_EXAMPLES,
]


def test_every_message_has_an_example() -> None:
    assert {type(m) for m in EXAMPLES} == set(MESSAGES.values())


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: m.TAG)
def test_round_trip(message: object) -> None:
    assert decode(msgpack.unpackb(pack(message), raw=False)) == message  # type: ignore[arg-type]


def test_frames_fed_one_byte_at_a_time() -> None:
    stream = b"".join(pack(m) for m in EXAMPLES)
    reader = FrameReader()
    got = [m for i in range(len(stream)) for m in reader.feed(stream[i : i + 1])]
    assert got == EXAMPLES


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ([1, 2], "a message is a map, not a list"),
        ({"x": 1}, "unknown message type None"),
        ({"t": "launch"}, "unknown message type 'launch'"),
        ({"t": "move", "side": "X", "ply": 0}, "move: missing token"),
        ({"t": "move", "side": "X", "ply": 0, "token": "1-2", "k": 1}, "move: unknown 'k'"),
        ({"t": "move", "side": "X", "ply": "0", "token": "1-2"}, "move.ply must be an integer"),
        ({"t": "move", "side": "X", "ply": True, "token": "1-2"}, "not a boolean"),
        ({"t": "move", "side": 1.5, "ply": 0, "token": "1-2"}, "move.side must be a string"),
        (
            {
                "t": "state",
                "game": 1,
                "variant": {},
                "moves": [1],
                "seats": [],
                "spectators": 0,
                "rematch": [],
                "players": {},
            },
            "state.moves[0] must be a string",
        ),
        (
            {
                "t": "state",
                "game": 1,
                "variant": {},
                "moves": [],
                "seats": [{"t": "pong"}],
                "spectators": 0,
                "rematch": [],
                "players": {},
            },
            "state.seats[0] must be a seat",
        ),
    ],
)
def test_malformed_messages_are_refused_with_a_reason(value: object, reason: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(reason)):
        decode(value)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"\xc1", "not a msgpack frame"),  # a byte msgpack never uses
        # Past a limit: said in words, not msgpack's ("2000 exceeds max_str_len(1024)").
        (msgpack.packb("x" * 2000), "^a string over 1024 bytes$"),  # longer than any we send
        (msgpack.packb(list(range(600))), "^a list over 512 items$"),
        (msgpack.packb({str(k): k for k in range(40)}), "^a map over 32 keys$"),
        (msgpack.packb(b"bytes"), r"^not a msgpack frame of this protocol \(bin data\)$"),
        (msgpack.packb({1: 2}), "not a msgpack frame"),  # keys are strings
        (b"\x91" * 2000, "^a frame nested too deep$"),
    ],
)
def test_hostile_bytes_are_frame_errors(data: bytes, reason: str) -> None:
    with pytest.raises(FrameError, match=reason):
        list(FrameReader().feed(data))


def test_a_frame_over_the_limit_is_refused_before_it_ends() -> None:
    reader = FrameReader()
    # An array header promising many strings, then strings that never stop coming.
    assert list(reader.feed(b"\xdc\x01\x00")) == []
    with pytest.raises(FrameError, match=f"a frame over {MAX_FRAME} bytes"):
        for _ in range(MAX_FRAME // 1000 + 5):
            list(reader.feed(msgpack.packb("y" * 1000)))


@pytest.mark.parametrize("kind", [Notice, Refused, Bye])
def test_a_sentence_too_long_to_read_is_cut_to_what_a_reader_takes(kind: type) -> None:
    # Whatever a host builds a sentence of (names, a path the disk refused, what a peer sent),
    # its clients read it: cut short, never inside a character, rather than refused whole.
    message = kind("é" * MAX_STR)
    text = message.to_wire().popitem()[1]
    assert len(text.encode()) <= MAX_STR and text == "é" * (MAX_STR // 2 - 2) + "…"
    assert list(FrameReader().feed(pack(message))) == [message]


def frame_of(size: int) -> bytes:
    """A ping of ``size`` bytes (``MAX_FRAME`` give or take a few), padded with a field it
    does not have, every string and list of it within their limits."""
    # 511 strings of 125 bytes (each 2 more on the wire) and one longer (3 more), and the map.
    frame = msgpack.packb({"t": "ping", "pad": ["y" * 125] * 511 + ["y" * (size - 64915)]})
    assert len(frame) == size
    return frame


@pytest.mark.parametrize("chunk", [1000, 32 * 1024, 128 * 1024], ids=["1000", "32K", "whole"])
def test_a_frame_over_the_limit_is_refused_however_its_bytes_arrive(chunk: int) -> None:
    # Checked only while the frame was incomplete, one that arrived whole (or ended in the
    # read after the limit) was read, and answered with whatever was wrong with its fields.
    stream = pack(Ping()) + frame_of(MAX_FRAME + 1)
    reader = FrameReader()
    got = []
    with pytest.raises(FrameError, match=f"^a frame over {MAX_FRAME} bytes$"):
        for start in range(0, len(stream), chunk):
            got.extend(reader.feed(stream[start : start + chunk]))
    assert got == [Ping()]
    # One of the limit's size is read (and refused for its field).
    with pytest.raises(ProtocolError, match="ping: unknown 'pad'"):
        list(FrameReader().feed(pack(Ping()) + frame_of(MAX_FRAME)))


def test_messages_before_the_bad_bytes_are_still_delivered() -> None:
    reader = FrameReader()
    got = []
    with pytest.raises(FrameError):
        for message in reader.feed(pack(Ping()) + pack(Sit("O")) + b"\xc1"):
            got.append(message)
    assert got == [Ping(), Sit("O")]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["goff", "nxn", "ultimate"]))
def test_states_of_random_games_round_trip_at_every_ply(seed: int, variant: str) -> None:
    pos = Position(make_variant(variant))
    rng = random.Random(seed)
    moves: list[str] = []
    reader = FrameReader()
    while not pos.is_over:
        action = rng.choice(pos.legal_actions())
        moves.append(pos.variant.token(action))
        pos = pos.play(action)
        fields = {"variant": pos.variant.name, **pos.variant.options()}
        state = State(len(moves), fields, tuple(moves), (SeatView("X", "a", True),), 0, (), {})
        frame = pack(state)
        assert len(frame) < MAX_FRAME
        assert list(reader.feed(frame)) == [state]
