"""``qttt host --party``: a dedicated party host as a process, and its bad input in one line."""

from __future__ import annotations

import itertools
import re
import signal
import socket
import subprocess
from pathlib import Path

import pytest

from game.records import read_record
from net.party_host import party_record
from tests.net.conftest import LOOPBACK, qttt, report_of, spawn
from tests.net.nights import write_night, x_wins


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--resume", "x.json"], "qttt host: a party resumes by itself"),
        (["--start-at", "1"], "argument --start-at: must be a whole number from 2 to 100, not '1'"),
        # No more than 100 are let in: such a party never started.
        (["--start-at", "101"], "argument --start-at: must be a whole number from 2 to 100"),
        (["--games", "0"], "argument --games: must be a whole number of 1 or more, not '0'"),
        (["--clock", "nan"], "argument --clock: must be a number of seconds from 0 to 86400"),
        (["--clock", "inf"], "argument --clock: must be a number of seconds from 0 to 86400"),
        (["--pause", "-1"], "argument --pause: must be a number of seconds from 0 to 86400"),
        (["--port", "99999"], "argument --port: 99999 is not a port (0 to 65535)"),
        (["--grace", "nan"], "argument --grace: must be a number of seconds from 0 to 86400"),
        (["--spectators", "-1"], "argument --spectators: must be a whole number of 0 or more"),
        (["--format", "swiss"], "argument --format: invalid choice: 'swiss'"),
        # Taken without a word, and then did nothing.
        (
            ["--format", "knockout", "--games", "5"],
            "qttt host: --games ends a winner-stays evening; a knockout ends by itself",
        ),
    ],
)
def test_bad_party_options_are_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    assert message in refused(tmp_path, "--party", *args)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--clock", "30"], "qttt host: --clock only matters at a party: add --party"),
        (["--format", "knockout", "--pause", "0"], "qttt host: --format, --pause only matter"),
    ],
)
def test_party_options_at_a_plain_table_are_refused(
    args: list[str], message: str, tmp_path: Path
) -> None:
    # They were taken without a word, and did nothing.
    assert message in refused(tmp_path, *args)


def refused(tmp_path: Path, *args: str) -> str:
    """What ``qttt host --headless`` with ``args`` said as it refused them (in one line)."""
    done = subprocess.run(
        qttt("host", "--headless", "--save-dir", str(tmp_path), *args),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    return done.stderr


def run_host(
    tmp_path: Path, *args: str, said: list[str] | None = None
) -> tuple[subprocess.Popen[str], tuple[str, int]]:
    """The party host, once it listens; ``said`` gets what it printed before (its restore's
    lines)."""
    host = spawn(
        "host", "--headless", "--party", "--bind", LOOPBACK, "--port", "0", "--no-announce",
        "--save-dir", str(tmp_path), "--name", "Den", *args,
    )  # fmt: skip
    assert host.stdout is not None
    while (line := host.stdout.readline()) and not line.startswith("hosting "):
        if said is not None:
            said.append(line.rstrip("\n"))
    found = re.search(r"on 127\.0\.0\.1:(\d+)", line)
    assert found, line + (host.stderr.read() if host.stderr else "")
    return host, (LOOPBACK, int(found.group(1)))


def test_a_party_host_process_runs_a_party_of_join_bots_and_refuses_another_format(
    tmp_path: Path,
) -> None:
    host, address = run_host(tmp_path, "--format", "round-robin", "--start-at", "3", "--pause", "0")
    assert host.stdout is not None
    # Read before any bot comes: communicate() below does not see lines readline() buffered.
    saving = host.stdout.readline().rstrip("\n")
    where = f"{address[0]}:{address[1]}"
    try:
        bots = [
            spawn("join", where, "--bot", "beginner", "--headless", "--party", "--name", name)
            for name in ("ann", "ben", "cat")
        ]
        reports = [report_of(bot.communicate(timeout=30)[0]) for bot in bots]
    finally:
        host.send_signal(signal.SIGINT)
        out, err = host.communicate(timeout=10)
    assert host.returncode == 0, err
    assert all(bot.returncode == 0 for bot in bots)
    assert reports[0] == reports[1] == reports[2]
    report = reports[0]
    assert report["format"] == "round-robin" and report["games"] == 3
    # The scoreboard each bot printed is the one the records on disk add up to.
    board: dict[str, list[float]] = {}
    for path in tmp_path.glob("party-den-game*.json"):
        record = read_record(path)
        scores = record.positions()[-1].outcome.scores  # type: ignore[union-attr]
        info = record.extra["party"]
        for name, mine, theirs in ((info["x"], *scores), (info["o"], *scores[::-1])):
            line = board.setdefault(name, [0.0, 0, 0, 0])
            line[0] += mine
            line[1] += 1
            line[2] += mine > theirs
            line[3] += mine == theirs
    printed = {
        r["name"]: [r["points"], r["played"], r["wins"], r["draws"]] for r in report["standings"]
    }
    assert printed == board
    # Ranked as the host ranks them: by points, then wins, then fewer games; rows level on
    # all three share a place, and the next is skipped (1, 1, 3).
    level = [(-r["points"], -r["wins"], r["played"]) for r in report["standings"]]
    assert level == sorted(level)
    assert [r["rank"] for r in report["standings"]] == [1 + level.index(k) for k in level]
    assert [r["points"] for r in report["standings"]] == sorted(r[0] for r in board.values())[::-1]
    assert out.count(" joins the queue") == 3 and "the party is over: " in out
    # What the host said it keeps is what it wrote, and nothing else is in the save dir.
    standings = tmp_path / "party-den.json"
    assert saving == (
        f"keeping the party's standings in {standings} and each game's record beside it"
    )
    games = {party_record(tmp_path, "Den", n).name for n in (1, 2, 3)}
    assert {p.name for p in tmp_path.iterdir()} == {standings.name, *games}
    # Hosted again under its name: in another format, that is refused; in its own, the
    # night is over, and a new one is given another name.
    for kind, why in (("knockout", "is round-robin, not knockout"), ("round-robin", "is over")):
        done = subprocess.run(
            qttt("host", "--headless", "--party", "--format", kind, "--bind", LOOPBACK,
                 "--port", "0", "--no-announce", "--save-dir", str(tmp_path), "--name", "Den"),
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 2
        assert done.stderr.startswith("qttt host: the party 'Den' in ")
        assert done.stderr.endswith(f" {why}: give this evening another --name\n")


def test_a_party_host_killed_mid_party_carries_on_when_started_again(tmp_path: Path) -> None:
    """SIGKILL, then the same command again: the bots reconnect by themselves (a seated one
    to its seat in the game that was on), and the evening ends with every pair played once
    and a scoreboard equal to the records'."""
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    options = ("--format", "round-robin", "--start-at", "4", "--pause", "0.05", "--port", str(port))
    host, _ = run_host(tmp_path, *options)
    names = ["ann", "ben", "cat", "dan"]
    bots = [
        spawn("join", f"{LOOPBACK}:{port}", "--bot", "beginner", "--headless", "--party",
              "--name", name, "--seed", str(seed))
        for seed, name in enumerate(names)
    ]  # fmt: skip
    try:
        assert host.stdout is not None
        while "game 3: " not in host.stdout.readline():
            pass
        host.kill()
        host.wait(10)
        host, _ = run_host(tmp_path, *options)
        reports = [report_of(bot.communicate(timeout=30)[0]) for bot in bots]
        host.send_signal(signal.SIGINT)  # stopped, it has renamed every record into place
        host.communicate(timeout=10)
    finally:
        for process in (host, *bots):
            process.kill()
            process.wait(10)
    assert all(r == reports[0] for r in reports) and reports[0]["games"] == 6
    records = [read_record(p) for p in sorted(tmp_path.glob("party-den-game*.json"))]
    pairs = sorted(sorted((r.extra["party"]["x"], r.extra["party"]["o"])) for r in records)
    assert pairs == sorted(sorted(pair) for pair in itertools.combinations(names, 2))
    totals: dict[str, float] = {}
    for record in records:
        scores = record.positions()[-1].outcome.scores  # type: ignore[union-attr]
        players = (record.extra["party"]["x"], record.extra["party"]["o"])
        for name, points in zip(players, scores, strict=True):
            totals[name] = totals.get(name, 0.0) + points
    assert {r["name"]: r["points"] for r in reports[0]["standings"]} == totals


def test_a_party_bot_at_a_plain_table_says_so(tmp_path: Path) -> None:
    host = spawn(
        "host", "--headless", "--bind", LOOPBACK, "--port", "0", "--no-announce",
        "--save-dir", str(tmp_path),
    )  # fmt: skip
    try:
        assert host.stdout is not None
        found = re.search(r"on 127\.0\.0\.1:(\d+)", host.stdout.readline())
        assert found
        where = f"{LOOPBACK}:{found.group(1)}"
        party = spawn("join", where, "--bot", "beginner", "--headless", "--party")
        plain = spawn("join", where, "--bot", "beginner", "--headless")
        _, err = party.communicate(timeout=30)
        plain.communicate(timeout=30)
    finally:
        host.send_signal(signal.SIGINT)
        host.communicate(timeout=10)
    assert party.returncode == 1
    assert err == "qttt join: this table is not a party; join it without --party\n"


def test_a_party_host_says_which_records_it_skips_as_it_starts_again(tmp_path: Path) -> None:
    write_night(tmp_path, "Den", [("ann", "ben")], x_wins())
    party_record(tmp_path, "Den", 2).write_text("{ not a record")
    said: list[str] = []
    host, _ = run_host(tmp_path, "--pause", "0", said=said)
    host.send_signal(signal.SIGINT)
    host.communicate(timeout=10)
    assert [line.split(":")[0] for line in said] == ["skipping party-den-game000002.json"]


@pytest.mark.parametrize("attempt", range(3))
def test_a_host_started_with_sigint_ignored_closes_on_one_sent_once_it_is_hosting(
    tmp_path: Path, attempt: int
) -> None:
    # A script or a suite run in the background hands its children SIGINT ignored. The host
    # set its own handler only after its first lines, so a SIGINT sent as soon as "hosting"
    # was printed was lost (3 times in 8) and the host ran on.
    ignored = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        host, _ = run_host(tmp_path, "--pause", "0")
    finally:
        signal.signal(signal.SIGINT, ignored)
    try:
        host.send_signal(signal.SIGINT)
        host.communicate(timeout=10)
    finally:
        host.kill()
        host.wait(10)
    assert host.returncode == 0
