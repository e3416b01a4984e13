"""The host never sends what its own clients refuse: every frame here is read by a
:class:`~tests.net.conftest.Raw`, whose reader holds the host to the limits a window's and a
bot's do (net.framing), with the longest names, the most of them, and the longest intents a
peer may send for the host to quote back."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.rules import make_variant
from net.host import HostHandle, new_table, start_host_thread
from net.party import WINNER_STAYS, GameResult
from net.party import Party as Evening
from net.party_host import PARTY_GUESTS, PartyConfig, PartyHost, party_file
from net.protocol import (
    MAX_STR,
    NAME_LIMIT,
    PROTOCOL_VERSION,
    SPECTATOR,
    TABLE_NAME_LIMIT,
    Emote,
    Hello,
    Move,
    Notice,
    Party,
    Refused,
    Sit,
)
from tests.net.conftest import Raw, host_config

# A full party of the longest names a table gives: 32 characters of 4 bytes each.
LONGEST = [chr(0x1F300 + i) * NAME_LIMIT for i in range(PARTY_GUESTS)]
# The longest string a peer may send, every byte of which its quoting would make four.
CONTROLS = "\x01" * MAX_STR


@pytest.fixture
def party_host(tmp_path: Path) -> Iterator[Callable[..., HostHandle]]:
    handles: list[HostHandle] = []

    def start(**party: object) -> HostHandle:
        table = new_table(make_variant("goff"), "Party", tmp_path)
        make = functools.partial(PartyHost, party=PartyConfig(**party))  # type: ignore[arg-type]
        handles.append(start_host_thread(table, host_config(tmp_path), make))
        return handles[-1]

    yield start
    for handle in handles:
        handle.stop()


def listed(names: list[str]) -> str:
    """How a sentence names a crowd: four of them, and how many more."""
    return f"{', '.join(names[:4])} and {len(names) - 4} more"


def test_a_party_restarted_without_its_crowd_names_four_and_counts_the_rest(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    # A party host restarted with 70 guests of 16 characters away once sent a status of every
    # name, over a kilobyte: every window and bot took it for a broken protocol and gave up.
    crowd = LONGEST[:-1]  # and a place for Cy
    members = {name: f"token {i}" for i, name in enumerate(crowd)}
    Evening(WINNER_STAYS, present=list(crowd), members=members).save(party_file(tmp_path, "Party"))
    host = party_host()
    cy = Raw(host.address)
    cy.hello(name="Cy")
    status = cy.expect(Party).status  # type: ignore[attr-defined]
    assert status == f"waiting for {listed(crowd)} to come back"
    cy.close()


def test_a_night_shared_by_a_crowd_names_four_and_counts_the_rest(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(start_at=1000)
    for name in LONGEST:
        guest = Raw(host.address)
        guest.hello(name=name)
        guest.close()
    level = [GameResult(x, o, 0, 0) for x, o in zip(LONGEST[::2], LONGEST[1::2], strict=True)]
    assert isinstance(host.host, PartyHost)
    host.call(setattr, host.host.party, "results", level)
    zed = Raw(host.address)
    zed.hello(name="zed")
    host.call(host.host.end_night)
    shared = f"{listed(LONGEST)} share the night"
    ended = zed.expect(Notice, lambda n: "ended the night" in n.text)  # type: ignore[attr-defined]
    assert ended.text == f"the host ended the night: {shared}"  # type: ignore[attr-defined]
    assert zed.expect(Party, lambda p: p.finished).status == shared  # type: ignore[attr-defined]
    zed.close()


def test_a_table_named_past_the_limit_is_refused_and_the_longest_name_is_read(
    tmp_path: Path, make_host: Callable[..., HostHandle]
) -> None:
    with pytest.raises(ValueError, match=f"a table's name is at most {TABLE_NAME_LIMIT} char"):
        new_table(make_variant("goff"), "Ω" * 600, tmp_path)
    longest = chr(0x1F300) * TABLE_NAME_LIMIT
    assert Raw(make_host(name=longest).address).hello().table == longest


def seated(host: HostHandle) -> tuple[Raw, Raw]:
    """The connections at X and O."""
    x, o = Raw(host.address), Raw(host.address)
    x.hello(name="Ada")
    o.hello(name="Bo")
    return x, o


@pytest.mark.parametrize(
    ("token", "said"),
    [
        ("1" * 1020 + "@1", "there is no mark 111111111…"),
        ("1-" + "1" * 1020, "there is no cell 111111111… on a 3×3 board"),
    ],
    ids=["mark", "cell"],
)
def test_a_refusal_quotes_a_long_token_short(
    make_host: Callable[..., HostHandle], token: str, said: str
) -> None:
    x, _ = seated(make_host())
    x.send(Move("X", 0, token))
    assert x.expect(Refused).reason == said  # type: ignore[attr-defined]


def test_a_party_refuses_an_emote_of_no_name_quoting_it_short(
    party_host: Callable[..., HostHandle],
) -> None:
    ada = Raw(party_host().address)
    ada.hello(name="Ada")
    ada.send(Emote(CONTROLS))
    reason = ada.expect(Refused).reason  # type: ignore[attr-defined]
    assert reason.startswith(r"there is no emote '\x01") and reason.endswith("gg"), reason
    assert len(reason) < 150, reason


@pytest.mark.parametrize("how", ["hello", "sit", "move"])
def test_a_seat_of_no_name_is_quoted_short_in_the_bye(
    make_host: Callable[..., HostHandle], how: str
) -> None:
    host = make_host()
    peer = Raw(host.address)
    if how == "hello":
        peer.send(Hello(PROTOCOL_VERSION, "player", "Ada", CONTROLS))
    elif how == "sit":
        peer.hello(role=SPECTATOR, name="Ada")
        peer.send(Sit(CONTROLS))
    else:
        peer, _ = seated(host)
        peer.send(Move(CONTROLS, 0, "1-2"))
    reason, _ = peer.closed_with()
    assert reason is not None and reason.startswith(r"there is no seat '\x01"), reason
    assert reason.endswith("the seats are X and O") and len(reason) < 100, reason
