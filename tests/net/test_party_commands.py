"""``qttt host --party``: a dedicated party host as a process, and its bad input in one line."""

from __future__ import annotations

import re
import signal
import subprocess
from pathlib import Path

import pytest

from game.records import read_record
from tests.net.conftest import LOOPBACK, qttt, report_of, spawn


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--resume", "x.json"], "qttt host: a party resumes by itself"),
        (["--start-at", "1"], "qttt host: --clock and --pause must be 0 or more"),
        (["--format", "swiss"], "argument --format: invalid choice: 'swiss'"),
    ],
)
def test_bad_party_options_are_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    done = subprocess.run(
        qttt("host", "--headless", "--party", "--save-dir", str(tmp_path), *args),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr


def run_host(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], tuple[str, int]]:
    host = spawn(
        "host", "--headless", "--party", "--bind", LOOPBACK, "--port", "0", "--no-announce",
        "--save-dir", str(tmp_path), "--name", "Den", *args,
    )  # fmt: skip
    assert host.stdout is not None
    first = host.stdout.readline()
    found = re.search(r"on 127\.0\.0\.1:(\d+)", first)
    assert found, first + (host.stderr.read() if host.stderr else "")
    return host, (LOOPBACK, int(found.group(1)))


def test_a_party_host_process_runs_a_party_of_join_bots_and_refuses_another_format(
    tmp_path: Path,
) -> None:
    host, address = run_host(tmp_path, "--format", "round-robin", "--start-at", "3", "--pause", "0")
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
    assert out.count(" joins the queue") == 3 and "the party is over: " in out
    done = subprocess.run(
        qttt("host", "--headless", "--party", "--format", "knockout", "--bind", LOOPBACK,
             "--port", "0", "--no-announce", "--save-dir", str(tmp_path), "--name", "Den"),
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("qttt host: the party 'Den' in ")
    assert "is round-robin, not knockout" in done.stderr
