"""Whole parties through a real host on 127.0.0.1: six beginner bots in each format, people
coming and going, the move clock, and a host restart. The scoreboard the host reports must
equal the one computed here from the games' records."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import shutil
import time
from collections.abc import Callable, Coroutine, Iterator
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any, TypeVar

import pytest

from game.records import read_record
from game.rules import Place, Player
from game.session import Notice, Snapshot
from net.client import TableClient, TableEvent
from net.host import HostHandle, new_table, start_host_thread
from net.party import KNOCKOUT, ROUND_ROBIN, WINNER_STAYS
from net.party_client import GG_AFTER, play_party_bot
from net.party_host import PartyConfig, PartyHost, party_record, party_records
from net.protocol import SPECTATOR, Emoted, Party, Queue
from tests.net.conftest import host_config
from tests.net.nights import party_game, write_night, x_wins

T = TypeVar("T")
FAST = {"between": 0.02, "stand_in": 0.02, "seed": 7}


@pytest.fixture
def party_host(tmp_path: Path) -> Iterator[Callable[..., HostHandle]]:
    handles: list[HostHandle] = []

    def start(fmt: str, name: str = "Kitchen", variant: str = "goff", **party: Any) -> HostHandle:
        from game.rules import make_variant

        table = new_table(make_variant(variant), name, tmp_path)
        make = functools.partial(PartyHost, party=PartyConfig(fmt, **{**FAST, **party}))
        # These parties are about who plays whom, not about silence: six bots think in one
        # process beside the host, and on a busy machine a bot's ping came 1.5 s late.
        config = host_config(tmp_path, idle_timeout=6.0)
        handles.append(start_host_thread(table, config, make))
        return handles[-1]

    yield start
    for handle in handles:
        handle.stop()


def run(coro: Coroutine[Any, Any, T], timeout: float = 20.0) -> T:
    return asyncio.run(asyncio.wait_for(coro, timeout))


def records(save_dir: Path, party: str = "Kitchen") -> list[dict[str, Any]]:
    """Each game of ``party`` on disk, in order: its players, points and whether it ended."""
    games = []
    for path in party_records(save_dir, party):
        record = read_record(path)
        final = record.positions()[-1]
        info = record.extra["party"]
        scores = final.outcome.scores if final.outcome else (0.0, 0.0)
        games.append({"x": info["x"], "o": info["o"], "scores": scores, "over": final.is_over})
    return games


def scoreboard(games: list[dict[str, Any]]) -> dict[str, tuple[int, int, int, int]]:
    """name -> (half points, played, wins, draws), summed straight from the records."""
    board: dict[str, list[int]] = {}
    for game in games:
        x, o = game["scores"]
        for name, mine, theirs in ((game["x"], x, o), (game["o"], o, x)):
            line = board.setdefault(name, [0, 0, 0, 0])
            line[0] += round(mine * 2)
            line[1] += 1
            line[2] += mine > theirs
            line[3] += mine == theirs
    return {name: (a, b, c, d) for name, (a, b, c, d) in board.items()}


def reported(party: Party) -> dict[str, tuple[int, int, int, int]]:
    return {s.name: (s.half_points, s.played, s.wins, s.draws) for s in party.standings if s.played}


async def party_of(address: tuple[str, int], names: list[str]) -> list[Party]:
    bots = [play_party_bot(address, "beginner", name=n, seed=i) for i, n in enumerate(names)]
    return list(await asyncio.gather(*bots))


SIX = [f"bot{i}" for i in range(6)]


async def stopped_once(host: HostHandle, names: list[str], when: Callable[[Party], bool]) -> None:
    """``names`` play a party at ``host`` until what a spectator sees satisfies ``when``;
    then the host stops, and the bots hear why."""
    eye = TableClient(host.address, "eye", lambda e: None, role=SPECTATOR)
    watching = asyncio.ensure_future(eye.run())
    bots = asyncio.ensure_future(party_of(host.address, names))
    while not (eye.party and when(eye.party)):
        await asyncio.sleep(0.002)
    await eye.close()
    await watching
    host.stop()
    with pytest.raises(Exception, match="the host closed the table"):
        await bots


def test_a_bot_says_gg_once_the_room_has_seen_the_game_end(
    party_host: Callable[..., HostHandle],
) -> None:
    # Said with the game's last move, the bot's "gg" bubble showed on the big screen while
    # the deciding collapse still flew home, telling the room the game was over.
    host = party_host(WINNER_STAYS, games=2, between=600.0)

    async def watch() -> tuple[float, dict[str, float]]:
        loop = asyncio.get_running_loop()
        over: list[float] = []
        said: dict[str, float] = {}

        def seen(event: TableEvent) -> None:
            if isinstance(event, Snapshot) and event.position.is_over and not over:
                over.append(loop.time())
            elif isinstance(event, Emoted) and event.emote == "gg":
                said.setdefault(event.by, loop.time())

        eye = TableClient(host.address, "eye", seen, role=SPECTATOR)
        watching = asyncio.ensure_future(eye.run())
        bots = asyncio.ensure_future(party_of(host.address, ["ann", "ben"]))
        while len(said) < 2:
            await asyncio.sleep(0.01)
        host.call(host.host.next_now)  # type: ignore[attr-defined]
        await bots  # the second game, the night's last: its "gg" comes as the bots leave
        await eye.close()
        await watching
        return over[0], said

    over, said = run(watch(), timeout=60)
    assert set(said) == {"ann", "ben"}
    assert all(at - over >= GG_AFTER * 0.9 for at in said.values())


@pytest.mark.parametrize(
    ("fmt", "options"),
    [(WINNER_STAYS, {"games": 8}), (ROUND_ROBIN, {}), (KNOCKOUT, {})],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_six_bots_play_a_party_to_the_end(
    party_host: Callable[..., HostHandle], tmp_path: Path, fmt: str, options: dict[str, Any]
) -> None:
    host = party_host(fmt, start_at=6, **options)
    finals = run(party_of(host.address, SIX))
    final = finals[0]
    assert all(f == final for f in finals) and final.finished
    # The bots hang up without a goodbye: after the last game nobody's place is kept.
    assert isinstance(host.host, PartyHost)
    deadline = time.monotonic() + 5.0
    while host.host.connections and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not host.host.connections and host.host.party.away == []
    host.stop()  # closed, a host has written every game to disk (it renames off its loop)
    games = records(tmp_path)
    assert all(g["over"] for g in games) and final.games == len(games)
    assert reported(final) == scoreboard(games)
    pairs = [frozenset((g["x"], g["o"])) for g in games]
    if fmt == WINNER_STAYS:
        assert len(games) == 8
        # After each decided game its winner sits in the next one.
        for before, after in pairwise(games):
            x, o = before["scores"]
            if x != o:
                assert (before["x"] if x > o else before["o"]) in (after["x"], after["o"])
    elif fmt == ROUND_ROBIN:
        assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(set, combinations(SIX, 2))))
        as_x = [sum(g["x"] == name for g in games) for name in SIX]
        assert max(as_x) - min(as_x) <= 1  # sides balanced
    else:
        # Five matches make a knockout of six (replays of drawn matches add games).
        decided = [g for g in games if g["scores"][0] != g["scores"][1]]
        assert len({frozenset((g["x"], g["o"])) for g in games}) == 5
        assert len(decided) <= 5
        champion = final.status.removesuffix(" wins the knockout")
        assert champion in SIX and champion in (games[-1]["x"], games[-1]["o"])


def test_people_come_and_go_and_the_table_never_stops(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """One leaves the queue, one's connection drops mid-game, one arrives late: the party
    still reaches its end, the dropped player's game is finished by the stand-in, and the
    scoreboard is the records' one."""
    # A pause between games long enough for Eve to join and leave during one game.
    host = party_host(ROUND_ROBIN, start_at=4, between=0.2)

    async def evening() -> tuple[Party, list[TableEvent]]:
        seen: list[TableEvent] = []
        eye = TableClient(host.address, "eye", seen.append, role=SPECTATOR)
        watching = asyncio.ensure_future(eye.run())
        bots = {
            name: asyncio.ensure_future(play_party_bot(host.address, "beginner", name=name))
            for name in ("ann", "ben", "cat", "dan")
        }

        async def until(check: Callable[[Party], bool]) -> None:
            while not (eye.party and check(eye.party)):
                await asyncio.sleep(0.002)

        # Eve queues as a game starts (she would never move), and leaves before her turn.
        await until(lambda p: p.games >= 1 and bool(p.playing))
        eve = TableClient(host.address, "eve", lambda e: None)
        eve_running = asyncio.ensure_future(eve.run())
        await until(lambda p: "eve" in p.queue)
        eve.send(Queue(False))
        await until(lambda p: "eve" not in p.queue)
        # Dan's connection drops in the middle of one of his games.
        await until(lambda p: "dan" in p.playing and bool(eye.moves))
        bots.pop("dan").cancel()
        await until(lambda p: "dan" not in p.playing)
        # Fay arrives late and joins the schedule.
        bots["fay"] = asyncio.ensure_future(play_party_bot(host.address, "beginner", name="fay"))
        finals = await asyncio.gather(*bots.values())
        for client in (eve, eye):
            await client.close()
        await asyncio.gather(eve_running, watching)
        return finals[0], seen

    final, seen = run(evening())
    host.stop()  # every game on disk
    games = records(tmp_path)
    assert final.finished and all(g["over"] for g in games)
    assert reported(final) == scoreboard(games)
    played = {name for g in games for name in (g["x"], g["o"])}
    assert "eve" not in played and {"dan", "fay"} <= played
    assert {s.name: s.here for s in final.standings}["dan"] is False
    notices = [e.text for e in seen if isinstance(e, Notice)]
    assert "eve leaves the queue to watch" in notices
    assert any(n.startswith("a stand-in plays for dan: ") for n in notices)
    # Everyone still here met everyone else still here.
    here = ["ann", "ben", "cat", "fay"]
    met = {frozenset((g["x"], g["o"])) for g in games}
    assert all(frozenset(pair) in met for pair in combinations(here, 2))


def test_the_clock_plays_a_random_action_for_a_player_out_of_time(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    host = party_host(WINNER_STAYS, games=1, clock=0.05)

    async def game() -> tuple[Party, list[TableEvent], list[TableEvent]]:
        seen: list[TableEvent] = []
        told: list[TableEvent] = []
        eye = TableClient(host.address, "eye", seen.append, role=SPECTATOR)
        idle = TableClient(host.address, "idle", told.append)  # queues, never moves
        running = [asyncio.ensure_future(client.run()) for client in (eye, idle)]
        while not (idle.party and idle.party.queue and eye.party):
            await asyncio.sleep(0.005)
        final = await play_party_bot(host.address, "beginner", name="bot")
        for client in (eye, idle):
            await client.close()
        await asyncio.gather(*running)
        return final, seen, told

    final, seen, told = run(game())
    host.stop()  # the game on disk
    [played] = records(tmp_path)
    assert played["over"] and (played["x"], played["o"]) == ("idle", "bot")
    # Every one of idle's moves was the clock's (idle never moves), and the game still ended.
    [path] = tmp_path.glob("party-*-game*.json")
    record = read_record(path)
    idle_moves = [
        t
        for p, t in zip(record.positions()[:-1], record.moves, strict=True)
        if p.to_play is Player.X
    ]
    assert idle_moves
    # Watchers are told whose time it was; idle is told, in its own words, what was played
    # for it. The bot may run out of 50 ms too on a busy machine: its time-outs may be there.
    timed_out = [e.text for e in seen if isinstance(e, Notice) and "time is up" in e.text]
    assert [t for t in timed_out if t.startswith("time is up for idle: ")] == [
        f"time is up for idle: {token}" for token in idle_moves
    ]
    assert all(t.startswith(("time is up for idle: ", "time is up for bot: ")) for t in timed_out)
    own = [e.text for e in told if isinstance(e, Notice) and e.text.startswith("your time")]
    assert own == [f"your time ran out: {token} was played for you" for token in idle_moves]
    assert not [e for e in told if isinstance(e, Notice) and "time is up for idle" in e.text]
    clocks = [e for e in seen if isinstance(e, Party) and e.playing]
    assert all(e.clock_ms == 50 and 0 <= e.left_ms <= 50 for e in clocks)
    assert any(e.left_ms > 0 for e in clocks)
    assert reported(final) == scoreboard([played])


def test_the_standings_survive_a_host_restart(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    names = ["ann", "ben", "cat", "dan"]
    first = party_host(ROUND_ROBIN, start_at=4)

    # Mid-game or between games: either way the evening goes on.
    run(stopped_once(first, names, lambda party: party.games >= 3))
    before = records(tmp_path)
    second = party_host(ROUND_ROBIN, start_at=4)

    async def look_then_finish() -> tuple[Party, list[Party]]:
        seen: list[TableEvent] = []
        eye = TableClient(second.address, "eye", seen.append, role=SPECTATOR)
        watching = asyncio.ensure_future(eye.run())
        while eye.party is None:
            await asyncio.sleep(0.002)
        finals = await party_of(second.address, names)
        await eye.close()
        await watching
        return next(e for e in seen if isinstance(e, Party)), finals

    opening, finals = run(look_then_finish())
    assert reported(opening) == scoreboard([g for g in before if g["over"]])
    second.stop()  # every game on disk
    games = records(tmp_path)
    assert reported(finals[0]) == scoreboard(games) and finals[0].finished
    # The schedule survived too: six games, each pair once, across both hosts.
    assert sorted(sorted((g["x"], g["o"])) for g in games) == sorted(
        sorted(pair) for pair in combinations(names, 2)
    )


def test_a_night_past_game_999_lists_its_records_in_the_order_played(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """Games 999, 1000 and 1001: a listing of the folder sorted by name, as ls and the
    screens show it, is the evening's order, and a host started again carries on after 1001
    (the night stopped before its fourth and last game)."""
    first = party_host(WINNER_STAYS, start_at=2, games=4)
    host = first.host
    assert isinstance(host, PartyHost)
    first.call(setattr, host, "last_game", 998)  # as after a long night, before anyone came
    run(stopped_once(first, ["ann", "ben"], lambda p: p.games >= 3))
    listed = sorted(p.name for p in tmp_path.glob("party-kitchen-game*.json"))
    numbers = [read_record(tmp_path / name).extra["party"]["game"] for name in listed]
    assert numbers[:3] == [999, 1000, 1001]
    assert [p.name for p in party_records(tmp_path, "Kitchen")] == listed
    again = party_host(WINNER_STAYS, start_at=2, games=4).host
    assert isinstance(again, PartyHost)
    assert again.last_game == numbers[-1] and len(again.party.results) >= 3


def test_an_evening_saved_with_three_digit_names_carries_on_in_order(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """Records named as hosts named them before (``game001``): started again, the host reads
    them, renames them as it names games now, and the evening ends with every pair played.
    Another party whose name starts the same (Kitchen game) is none of its games."""
    other = party_host(WINNER_STAYS, name="Kitchen game", start_at=2, games=1)
    run(party_of(other.address, ["zed", "yan"]))
    other.stop()
    [others] = party_records(tmp_path, "Kitchen game")
    names = ["ann", "ben", "cat", "dan"]
    run(stopped_once(party_host(ROUND_ROBIN, start_at=4), names, lambda p: p.games >= 2))
    old = []
    for path in party_records(tmp_path, "Kitchen"):
        number = read_record(path).extra["party"]["game"]
        old.append(path.rename(path.with_name(f"party-kitchen-game{number:03d}.json")))
    assert party_records(tmp_path, "Kitchen") == old and others not in old
    second = party_host(ROUND_ROBIN, start_at=4)
    finals = run(party_of(second.address, names))
    second.stop()
    games = [read_record(p) for p in party_records(tmp_path, "Kitchen")]
    assert [r.extra["party"]["game"] for r in games] == list(range(1, 7))
    assert {p.name for p in tmp_path.glob("party-kitchen-game0*.json")} == {
        party_record(tmp_path, "Kitchen", n).name for n in range(1, 7)
    }
    assert reported(finals[0]) == scoreboard(records(tmp_path)) and finals[0].finished
    assert party_records(tmp_path, "Kitchen game") == [others]


def test_a_game_under_an_old_name_and_a_new_one_is_read_from_the_new(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """Game 1 under a new host's name (game000001: Ann beat Ben) and an old one's (game001:
    Ben beat Ann), as when an old evening's copy is put back beside the record renamed
    from it: the host and the night's results read the new name (which one the host read
    was chance, the order of a set; the results read the old one, and counted two games),
    and the old file is left as it was."""
    moves = x_wins()
    write_night(tmp_path, "Kitchen", [("ann", "ben")], moves)
    old = tmp_path / "party-kitchen-game001.json"
    old.write_text(party_game("Kitchen", 1, "ben", "ann", moves).to_json())
    kept = old.read_text()
    assert party_records(tmp_path, "Kitchen") == [party_record(tmp_path, "Kitchen", 1)]
    host = party_host(ROUND_ROBIN, start_at=3).host
    assert isinstance(host, PartyHost)
    assert [(r.x, r.winner) for r in host.party.results] == [("ann", "ann")]
    assert old.read_text() == kept


def test_a_game_whose_record_a_killed_host_had_only_staged_goes_on(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """Killed as a game began, before its record's first rename: the party's file already
    names the two at the table, the record is a staged file alone. Started again, the host
    takes that game up (it used to stop on an assertion, every time it was started)."""
    names = ["ann", "ben", "cat", "dan"]
    first = party_host(ROUND_ROBIN, start_at=4)

    run(stopped_once(first, names, lambda party: party.games >= 1 and bool(party.playing)))
    newest = max(tmp_path.glob("party-*-game*.json"))  # the game in hand, or just over
    newest.rename(newest.with_name(f".{newest.name}.staged-0"))  # as if never renamed
    second = party_host(ROUND_ROBIN, start_at=4)
    finals = run(party_of(second.address, names))
    second.stop()
    games = records(tmp_path)
    assert reported(finals[0]) == scoreboard(games) and finals[0].finished
    assert sorted(sorted((g["x"], g["o"])) for g in games) == sorted(
        sorted(pair) for pair in combinations(names, 2)
    )
    assert not list(tmp_path.glob(".*.staged-*"))  # taken up: renamed into place


def test_a_party_whose_disk_refuses_its_files_plays_on_and_says_so(
    party_host: Callable[..., HostHandle], tmp_path: Path
) -> None:
    """The save folder turns into a file mid-party (as a full disk refuses the saves): the
    night still ends, every game played, and everyone is told once that it goes unsaved."""
    names = ["ann", "ben", "cat", "dan"]
    host = party_host(ROUND_ROBIN, start_at=4)

    async def evening() -> tuple[list[Party], list[TableEvent]]:
        seen: list[TableEvent] = []
        eye = TableClient(host.address, "eye", seen.append, role=SPECTATOR)
        watching = asyncio.ensure_future(eye.run())
        bots = asyncio.ensure_future(party_of(host.address, names))
        while not (eye.party and eye.party.playing):
            await asyncio.sleep(0.002)
        while not tmp_path.is_file():  # the host may save (and make the folder) meanwhile
            shutil.rmtree(tmp_path, ignore_errors=True)
            with contextlib.suppress(OSError):
                tmp_path.write_text("not a folder")
        finals = await bots
        await eye.close()
        await watching
        return finals, seen

    finals, seen = run(evening())
    assert finals[0].finished and finals[0].games == 6
    told = [e.text for e in seen if isinstance(e, Notice) and "save" in e.text]
    assert len(told) == 1 and told[0].startswith("the host cannot save this game ("), told


def test_a_party_of_another_format_under_the_same_name_is_refused(
    party_host: Callable[..., HostHandle],
) -> None:
    party_host(KNOCKOUT).stop()
    with pytest.raises(ValueError, match="is knockout, not round-robin: give this evening"):
        party_host(ROUND_ROBIN)


def test_a_party_started_again_with_another_game_is_refused(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(WINNER_STAYS, start_at=2, clock=0.0)

    async def first_game() -> None:
        seated = [TableClient(host.address, name, lambda e: None) for name in ("ann", "ben")]
        running = [asyncio.ensure_future(c.run()) for c in seated]
        while not (seated[0].party and seated[0].party.playing and seated[0].position):
            await asyncio.sleep(0.002)
        mover = next(c for c in seated if c.seat is seated[0].position.to_play)
        mover.play(Place(0, 1))
        while not (seated[0].table and seated[0].table.moves):
            await asyncio.sleep(0.002)
        for client in seated:
            await client.close()
        await asyncio.gather(*running)

    run(first_game())
    host.stop()
    with pytest.raises(ValueError, match="plays goff, not ultimate: give this evening another"):
        party_host(WINNER_STAYS, variant="ultimate")
    party_host(WINNER_STAYS).stop()  # the same game carries on


def test_a_late_knockout_arrival_is_told_they_watch_this_bracket(
    party_host: Callable[..., HostHandle],
) -> None:
    host = party_host(KNOCKOUT, start_at=2, clock=0.0)
    told = "you came after the draw: watching till the next knockout"  # zed reads

    async def evening() -> Party | None:
        # Two who never move: their game (the whole bracket) stays on while Zed arrives.
        drawn = [TableClient(host.address, name, lambda e: None) for name in ("ann", "ben")]
        running = [asyncio.ensure_future(c.run()) for c in drawn]
        seen: list[TableEvent] = []
        zed = TableClient(host.address, "zed", seen.append)
        while not (drawn[0].party and drawn[0].party.playing):
            await asyncio.sleep(0.002)
        running.append(asyncio.ensure_future(zed.run()))
        # The host sends the new state before the sentence: wait for the sentence.
        while not any(isinstance(e, Notice) and e.text == told for e in seen):
            await asyncio.sleep(0.002)
        for client in (*drawn, zed):
            await client.close()
        await asyncio.gather(*running)
        return zed.party

    party = run(evening())
    assert party is not None and party.late == ("zed",) and party.queue == ()
