"""``qttt host --party``: a dedicated party host as a process, and its bad input in one line."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
from pathlib import Path

import pytest

from net.party_client import play_party_bot
from net.protocol import Party
from tests.net.conftest import LOOPBACK, qttt, spawn


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


def test_a_party_host_process_runs_a_party_and_refuses_another_format(tmp_path: Path) -> None:
    host, address = run_host(tmp_path, "--format", "winner-stays", "--games", "2", "--pause", "0.1")
    try:

        async def party() -> list[Party]:
            names = ["ann", "ben", "cat"]
            bots = (play_party_bot(address, "beginner", name=n) for n in names)
            return list(await asyncio.gather(*bots))

        finals = asyncio.run(asyncio.wait_for(party(), 20))
        assert finals[0].finished and finals[0].games == 2
    finally:
        host.send_signal(signal.SIGINT)
        out, err = host.communicate(timeout=10)
    assert host.returncode == 0, err
    assert "game 1: ann (X) against ben (O)" in out and "game 2: " in out
    assert len(list(tmp_path.glob("party-den-game*.json"))) == 2
    done = subprocess.run(
        qttt("host", "--headless", "--party", "--format", "knockout", "--bind", LOOPBACK,
             "--port", "0", "--no-announce", "--save-dir", str(tmp_path), "--name", "Den"),
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith("qttt host: the party 'Den' in ")
    assert "is winner-stays, not knockout" in done.stderr
