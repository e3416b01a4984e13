"""Frames on a byte stream: msgpack is self-delimiting, so a frame is one packed message.

A :class:`FrameReader` wraps a streaming ``msgpack.Unpacker`` with hard limits
(msgpack-python's README, "Security"): a frame larger than
:data:`MAX_FRAME`, a string, array or map longer than the protocol ever
needs, binary or extension data (never sent), or bytes that are not msgpack
raise :class:`FrameError`. After that the stream is out of step for good, so
the owner closes the connection; an Unpacker is never reused after an error.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import msgpack

from net.protocol import MAX_STR, REASON_LIMIT, Message, decode

# A State of the longest game is far below this, and so is a party's message at its fullest
# (net.party_host.PARTY_GUESTS names, their rows): anything larger is hostile.
MAX_FRAME = 64 * 1024
# How many bytes to ask the socket for at once: with at most one partial frame
# held back, a read never overflows the Unpacker's buffer.
READ_SIZE = 32 * 1024
_BUFFER = READ_SIZE + 2 * MAX_FRAME
# The longest list and map a message may hold (and string: net.protocol's MAX_STR): no
# message comes close.
MAX_LIST = 512
MAX_MAP = 32
# What a frame past one of them is told, by msgpack's name of the limit: the phone page's
# socket (net.web) says the same.
OVER = {
    "str": f"a string over {MAX_STR} bytes",
    "array": f"a list over {MAX_LIST} items",
    "map": f"a map over {MAX_MAP} keys",
}
_OVER_FRAME = f"a frame over {MAX_FRAME} bytes"
_LIMIT = re.compile(r"\d+ exceeds max_(\w+)_len\(\d+\)")  # msgpack's words for one


class FrameError(ValueError):
    """The stream is not (or no longer) a sequence of frames; the text is the reason."""


def pack(message: Message) -> bytes:
    """One whole frame, to be written with a single write (testing.md: no Nagle stalls)."""
    return msgpack.packb(message.to_wire(), use_bin_type=True)


class FrameReader:
    """Feed it bytes as they arrive; it yields every message completed so far."""

    def __init__(self) -> None:
        self._unpacker = msgpack.Unpacker(
            raw=False,
            max_buffer_size=_BUFFER,
            max_str_len=MAX_STR,
            max_bin_len=0,
            max_ext_len=0,
            max_array_len=MAX_LIST,
            max_map_len=MAX_MAP,
            strict_map_key=True,
        )
        self._fed = 0  # bytes fed so far
        self._done = 0  # bytes of the frames completed so far

    def feed(self, data: bytes) -> Iterator[Message]:
        """The messages ``data`` completes, in order.

        Iterating raises :class:`FrameError` (or :class:`ProtocolError` for a
        frame that is msgpack but not a message) where the stream turns
        hostile, so the messages before that point are still handled.
        """
        try:
            self._unpacker.feed(data)
        except msgpack.BufferFull:
            raise FrameError(_OVER_FRAME) from None
        self._fed += len(data)
        return self._messages()

    def _messages(self) -> Iterator[Message]:
        while True:
            try:
                value = next(self._unpacker)
            except StopIteration:
                break
            except (ValueError, msgpack.UnpackException) as exc:
                raise FrameError(_why(exc)[:REASON_LIMIT]) from None
            # tell() counts the bytes of a partly parsed frame too: note it between frames.
            start, self._done = self._done, self._unpacker.tell()
            # However the bytes came: a frame that arrived whole is checked here, one still
            # arriving below.
            if self._done - start > MAX_FRAME:
                raise FrameError(_OVER_FRAME)
            yield decode(value)
        if self._fed - self._done > MAX_FRAME:
            raise FrameError(_OVER_FRAME)


def _why(exc: Exception) -> str:
    """What is wrong with a frame msgpack refused, in words: they reach a player's window and
    the operator's log ("5599 exceeds max_str_len(1024)" is msgpack's)."""
    if isinstance(exc, msgpack.StackError):
        return "a frame nested too deep"
    limit = _LIMIT.fullmatch(str(exc))
    if limit and limit[1] in OVER:
        return OVER[limit[1]]
    if limit:  # binary or extension data: no message has any
        return f"not a msgpack frame of this protocol ({limit[1]} data)"
    return f"not a msgpack frame ({str(exc) or type(exc).__name__})"
