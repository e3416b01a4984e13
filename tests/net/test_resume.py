"""Crashes: a host killed mid-game resumes from its record, a dropped client comes back;
the game goes on from the last applied move on every screen."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from game.records import Record, RecordError, read_record, state_report
from game.rules import Place, Player, Position, make_variant
from game.session import Notice, Snapshot
from net.host import HostHandle, start_host_thread
from net.protocol import SPECTATOR
from net.session import NetworkSession
from net.table import Table, records_to_resume
from tests.net.conftest import Raw, committed, host_config, report_of, spawn
from tests.net.test_table import until


class HandPlayer:
    """This test's own seat: a window's session, moved by hand, one event loop turn at a time."""

    def __init__(self, address: tuple[str, int]) -> None:
        self.session = NetworkSession(address, name="Me", seat=Player.O, reconnect_for=15.0)
        self.position: Position | None = None
        self.notices: list[str] = []
        self.events: list[object] = []

    def pump(self, until: object, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.session.events():
                self.events.append(event)
                if isinstance(event, Snapshot):
                    self.position = event.position
                elif isinstance(event, Notice):
                    self.notices.append(event.text)
            if until(self):  # type: ignore[operator]
                return
            time.sleep(0.005)
        raise AssertionError(f"timed out; notices: {self.notices}")

    def play_while(self, keep_going: object) -> None:
        """Move whenever it is O's turn, while ``keep_going(position)``."""
        while True:
            self.pump(
                lambda me: me.position and (me.position.is_over or me.position.to_play is Player.O)
            )
            pos = self.position
            assert pos is not None
            if pos.is_over or not keep_going(pos):  # type: ignore[operator]
                return
            self.session.submit(pos.legal_actions()[-1])
            self.pump(lambda me, pos=pos: me.position is not pos)


def start_host(*args: str) -> tuple[subprocess.Popen[str], int, Path]:
    host = spawn(
        "host", "--headless", "--bind", "127.0.0.1", "--no-announce", "--grace", "15", *args
    )
    assert host.stdout is not None
    port, path = 0, None
    while path is None:
        line = host.stdout.readline()
        assert line, host.stderr.read() if host.stderr else "host ended"
        if line.startswith("hosting"):
            port = int(line.rsplit(":", 1)[1])
        elif line.startswith("saving the record to "):
            path = Path(line.removeprefix("saving the record to ").strip())
    return host, port, path


def test_a_host_killed_mid_game_resumes_from_its_record(tmp_path: Path) -> None:
    host, port, path = start_host("--port", "0", "--save-dir", str(tmp_path))
    me = HandPlayer(("127.0.0.1", port))
    bot = spawn(
        "join",
        f"127.0.0.1:{port}",
        "--bot",
        "beginner",
        "--headless",
        "--seat",
        "X",
        "--seed",
        "5",
        "--reconnect",
        "15",
    )
    resumed = None
    try:
        me.play_while(lambda pos: pos.move_number < 5)
        before = me.position
        assert before is not None and not before.is_over
        host.send_signal(signal.SIGKILL)
        host.wait(5)
        me.pump(lambda me: any("reconnecting" in n for n in me.notices))
        # Every move anyone was shown is on disk (staged, if the host died before the rename).
        assert Table.resume(path, None).position == before

        resumed, port2, path2 = start_host("--port", str(port), "--resume", str(path))
        assert (port2, path2) == (port, path)
        me.pump(lambda me: "reconnected" in me.notices)
        try:
            me.play_while(lambda pos: True)
        except AssertionError:
            resumed.terminate()
            bot.terminate()
            print("HOST", resumed.communicate(timeout=5))
            print("BOT", bot.communicate(timeout=5))
            raise
        out, err = bot.communicate(timeout=30)
        assert bot.returncode == 0, err
    finally:
        for process in (host, bot, resumed):
            if process and process.poll() is None:
                process.terminate()
                process.communicate(timeout=10)
        me.session.close()
    final = read_record(path).final()
    assert final.is_over
    assert me.position == final
    assert report_of(out) == state_report(final)
    assert json.loads(path.read_text())["table"]["seats"]["O"]["name"] == "Me"


def test_a_client_whose_connection_drops_reconnects_to_its_seat(host: HostHandle) -> None:
    me = HandPlayer(host.address)
    x = NetworkSession(host.address, name="Ada", seat=Player.X)
    try:
        me.pump(lambda me: me.position is not None)
        for conn in list(host.host.connections):  # cut O's connection, as a dead Wi-Fi would
            if conn.seat is Player.O:
                host.call(conn.writer.transport.abort)
        me.pump(lambda me: "you are back at O" in me.notices)
        assert me.session.local_sides == {Player.O}
        # The screen is shown the game again after the reconnect, though nothing moved.
        back = me.events.index(Notice("reconnected"))
        assert any(isinstance(e, Snapshot) for e in me.events[back:])
    finally:
        x.close()
        me.session.close()


def test_any_saved_game_can_be_hosted_to_finish_it(tmp_path: Path) -> None:
    """A record written by `qttt play` (no seats in it) resumes with both seats open."""
    record = tmp_path / "couch.json"
    record.write_text(json.dumps({"variant": "goff", "moves": ["1-2", "2-5"], "by": "couch"}))
    table = Table.resume(record, None)
    assert (table.name, table.record.moves, table.open_seats()) == (
        "couch",
        ["1-2", "2-5"],
        (Player.X, Player.O),
    )
    handle = start_host_thread(table, host_config(tmp_path))
    try:
        ada, bo = Raw(handle.address), Raw(handle.address)
        ada.hello(name="Ada")
        bo.hello(name="Bo")
        ada.move("X", 2, "5-9")
        assert bo.state(moves=3).moves == ("1-2", "2-5", "5-9")
        saved = committed(record, 3)
        assert saved.extra["by"] == "couch" and saved.moves == ["1-2", "2-5", "5-9"]
        ada.close()
        bo.close()
    finally:
        handle.stop()


def staged_table(tmp_path: Path) -> Table:
    """A table whose third move is staged but not committed, as a host killed between the two
    steps of a save leaves it."""
    table = Table("Den", Record(make_variant("goff")), tmp_path)
    table.sit("Ada", Player.X)
    table.sit("Bo", Player.O)
    for side, token in ((Player.X, "1-2"), (Player.O, "2-5")):
        assert table.move(side, len(table.record.moves), token) is None
        table.save()
    assert table.move(Player.X, 2, "5-9") is None
    table.stage()
    table.close()  # the renames of the first two moves are done; the third never happens
    return table


def test_a_move_staged_before_the_host_died_is_resumed(tmp_path: Path) -> None:
    table = staged_table(tmp_path)
    assert read_record(table.path).moves == ["1-2", "2-5"]  # what the record says alone
    resumed = Table.resume(table.path, None)
    assert resumed.record.moves == ["1-2", "2-5", "5-9"]
    assert read_record(table.path).moves == ["1-2", "2-5", "5-9"]
    assert [p.name for p in tmp_path.iterdir()] == [table.path.name]  # nothing left staged


def test_a_stray_file_named_like_a_staged_one_is_left_alone(tmp_path: Path) -> None:
    """ "²" is a digit to str.isdigit(), not to int(): such a name is no staged record, and the
    game resumes from its own files as if it were not there."""
    table = staged_table(tmp_path)
    stray = tmp_path / f".{table.path.name}.staged-²"
    stray.write_text("not a record")
    resumed = Table.resume(table.path, None)
    assert resumed.record.moves == ["1-2", "2-5", "5-9"]
    assert stray.exists()


def test_a_torn_staged_record_is_dropped(tmp_path: Path) -> None:
    table = staged_table(tmp_path)
    staged = next(p for p in tmp_path.iterdir() if p != table.path)
    staged.write_text(staged.read_text()[:40])  # the host died while writing it
    resumed = Table.resume(table.path, None)
    assert resumed.record.moves == ["1-2", "2-5"]
    assert [p.name for p in tmp_path.iterdir()] == [table.path.name]


def test_a_record_never_renamed_into_place_is_found_and_resumed(tmp_path: Path) -> None:
    """Killed before a new game's first rename: only staged files say it exists."""
    table = Table("Den", Record(make_variant("goff")), tmp_path)
    table.sit("Ada", Player.X)
    table.sit("Bo", Player.O)
    table.close()
    table.path.unlink()  # as if the seats' saves had never been renamed into place
    assert table.move(Player.X, 0, "1-2") is None
    table.stage()  # the first move, staged alone
    assert records_to_resume(tmp_path, "*.json") == ({table.path}, {table.path})
    resumed = Table.resume(table.path, None)
    assert resumed.record.moves == ["1-2"] and resumed.seats[Player.O] is not None
    assert [p.name for p in tmp_path.iterdir()] == [table.path.name]


def test_no_record_at_all_is_a_plain_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"gone\.json: no such file"):
        Table.resume(tmp_path / "gone.json", None)


def test_a_record_s_counts_past_what_a_message_carries_are_not_taken(tmp_path: Path) -> None:
    # msgpack packs no integer past 64 bits: such a count made every state the host sent fail.
    path = tmp_path / "den.json"
    table = {"name": "Den", "game": 10**20, "series": {"Ada": 10**20, "Bo": True, "Cy": 2}}
    path.write_text(json.dumps({"variant": "goff", "moves": ["1-2"], "table": table}))
    resumed = Table.resume(path, None)
    assert resumed.game == 1 and resumed.series == {"Cy": 2}
    host, port, _ = start_host("--resume", str(path), "--save-dir", str(tmp_path))
    try:
        player = HandPlayer(("127.0.0.1", port))
        player.pump(lambda me: me.position is not None)
        assert player.position is not None and player.position.to_play is Player.O
        player.session.close()
    finally:
        host.send_signal(signal.SIGINT)
        _, err = host.communicate(timeout=15)
    assert "Traceback" not in err


def test_the_owner_seat_of_a_window_table_is_kept_and_follows_a_rematch(tmp_path: Path) -> None:
    from random import Random

    from game.rules.playout import random_tokens
    from net.table import interrupted_tables

    variant = make_variant("goff")
    table = Table("Ada's table", Record(variant), tmp_path)
    table.owner = Player.X  # hosted from Ada's window, who plays X
    table.sit("Ada", Player.X)
    table.sit("Bo", Player.O)
    assert table.move(Player.X, 0, "1-2") is None
    table.save()  # as the host does after every move
    table.close()
    # Left mid-game: listed to continue, and resumed with Ada's seat known as hers.
    [found] = interrupted_tables(tmp_path)
    assert (found.name, found.moves, found.owner, found.other) == ("Ada's table", 1, "X", "Bo")
    back = Table.resume(found.path, None)
    assert back.owner is Player.X and back.seats[Player.X].token == table.seats[Player.X].token
    for number, token in enumerate(random_tokens(back.position, Random(3)), start=1):
        assert back.move(back.position.to_play, number, token) is None
    back.save()
    back.close()
    assert back.position.is_over and interrupted_tables(tmp_path) == []
    # The rematch swaps the sides, and the owner's seat with them.
    back.ask_rematch(Player.X)
    back.ask_rematch(Player.O)
    assert back.owner is Player.O and back.seats[Player.O].name == "Ada"
    back.close()
    assert Table.resume(back.path, None).owner is Player.O


def test_a_window_s_table_left_before_its_first_move_is_not_offered_to_continue(
    tmp_path: Path,
) -> None:
    """Nothing was played: nothing to continue. Offered all the same, a host screen opened
    and backed out of three times pushed a game left mid-way off the host menu's rows."""
    from net.table import interrupted_tables

    left = Table("Ada's table", Record(make_variant("goff")), tmp_path)
    left.owner = Player.X
    left.sit("Ada", Player.X)
    left.sit("Bo", Player.O)
    assert left.move(Player.X, 0, "1-2") is None
    left.save()
    left.close()
    for _ in range(3):
        unplayed = Table("Ada's table", Record(make_variant("goff")), tmp_path)
        unplayed.owner = Player.X
        unplayed.sit("Ada", Player.X)
        unplayed.close()
    assert [found.path for found in interrupted_tables(tmp_path)] == [left.path]


def test_the_guests_of_a_window_s_table_closed_mid_game_are_told_it_may_come_back(
    tmp_path: Path,
) -> None:
    """A window that leaves its table mid-game can continue it (its host screen's "Continue"):
    its guests read that, and not a bare "closed", so they wait for it rather than go home."""
    table = Table("Ada's table", Record(make_variant("goff")), tmp_path)
    table.owner = Player.X  # hosted from Ada's window
    host = start_host_thread(table, host_config(tmp_path))
    ada = NetworkSession(host.address, name="Ada", seat=Player.X)
    bo = NetworkSession(host.address, name="Bo", seat=Player.O)
    eve = NetworkSession(host.address, name="Eve", role=SPECTATOR)
    try:
        for session in (ada, bo, eve):
            until(lambda session=session: session.table is not None)
        until(lambda: all(seat.name for seat in eve.table.seats))  # type: ignore[union-attr]
        ada.submit(Place(0, 1))
        until(lambda: eve.table is not None and len(eve.table.moves) == 1)
        host.stop()
        until(lambda: bo.ended is not None and eve.ended is not None)
        assert (
            bo.ended == "the host closed the table mid-game, to be continued later, your seat kept"
        )
        assert eve.ended == "the host closed the table mid-game, to be continued later"
    finally:
        for session in (ada, bo, eve):
            session.close()
        host.stop()


def test_a_table_another_window_still_hosts_is_not_offered_to_continue(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    from net.table import RECORD_FIELD, interrupted_tables

    table = Table("Ada's table", Record(make_variant("goff")), tmp_path)
    table.owner = Player.X
    table.sit("Ada", Player.X)
    table.sit("Bo", Player.O)
    assert table.move(Player.X, 0, "1-2") is None
    table.save()
    table.close()
    # As if another window, still running, had written the record.
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        data = json.loads(table.path.read_text())
        data[RECORD_FIELD]["pid"] = other.pid
        table.path.write_text(json.dumps(data))
        assert interrupted_tables(tmp_path) == []
    finally:
        other.kill()
        other.wait()
    [found] = interrupted_tables(tmp_path)  # that window has gone: it can be continued
    assert found.path == table.path


def test_a_record_keeps_who_played_it_not_who_sat_down_after(tmp_path: Path) -> None:
    """The record names its players for the replay list; a guest who sits down once the game
    is over (for the next one) is not one of them."""
    table = Table("Den", Record(make_variant("goff")), tmp_path)
    table.sit("Ada", Player.X)
    table.sit("Bo", Player.O)
    # A whole game (the last collapse gives O a row), saved after every move as the host does.
    game = ["4-8", "5-6", "1-4", "3-5", "6-9", "6-8", "4-9", "7@9", "2-7", "2-7", "9@2"]
    for ply, token in enumerate(game):
        assert table.move(table.position.to_play, ply, token) is None
        table.save()
    assert table.position.is_over
    table.release(Player.X)  # both leave, as two bots do when the game is over
    table.release(Player.O)
    finished = table.path
    assert table.sit("Cy", Player.X) is Player.X  # a guest, for the next game
    assert table.path != finished  # ...which has a record of its own
    table.save()
    table.close()  # the renames into place are done on a thread of their own: wait for them
    assert read_record(finished).players() == {Player.X: "Ada", Player.O: "Bo"}
