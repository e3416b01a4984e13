"""The commands' edges: bad input is one clear line and an exit status, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import net
from game.ai.parallel import cores
from game.commands import ladder
from game.records import state_report
from game.rules import make_variant
from net.host import HostHandle, new_table, start_host_thread
from net.protocol import SPECTATOR
from net.session import NetworkSession
from tests.net.conftest import LOOPBACK, Raw, Screen, host_config, qttt, spawn


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(qttt(*args), capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["join", "nowhere"], 2, "qttt join: 'nowhere' is not HOST:PORT"),
        (["join", "127.0.0.1:99999", "--bot", "beginner", "--headless"], 2, "is not HOST:PORT"),
        (
            ["join", "127.0.0.1:9", "--bot", "beginner", "--headless", "--reconnect", "0"],
            1,
            "qttt join: cannot reach 127.0.0.1:9",
        ),
        # int() refused the superscript digit isdigit() took, in its own words.
        (["join", "127.0.0.1:²"], 2, "qttt join: '127.0.0.1:²' is not HOST:PORT"),
        # These were looked up as names, and "cannot reach" said nothing of the brackets.
        (["join", "::1"], 2, "'::1' is not HOST:PORT (an IPv6 address goes in brackets"),
        (["join", "127.0.0.1:7777:1"], 2, "is not HOST:PORT (an IPv6 address goes in brackets"),
        (["watch", "::1"], 2, "qttt watch: '::1' is not HOST:PORT (an IPv6 address goes in"),
        (
            ["host", "--headless", "--resume", "/nonexistent.json"],
            2,
            "qttt host: record: cannot read /nonexistent.json",
        ),
        (["host", "--headless", "--size", "5"], 2, "qttt host: --size is the nxn board's side"),
        (["host", "--headless", "--variant", "nxn", "--size", "9"], 2, "qttt host: "),
        # It started, and every guest's client refused the Welcome that carried it.
        (
            ["host", "--headless", "--name", "Ω" * 600, "--bind", LOOPBACK, "--no-announce"],
            2,
            "qttt host: a table's name is at most 64 characters, not 600",
        ),
    ],
)
def test_bad_input_is_one_line(args: list[str], status: int, message: str) -> None:
    done = run(*args)
    assert done.returncode == status
    assert message in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_resume_refuses_an_illegal_record(tmp_path: Path) -> None:
    record = tmp_path / "bad.json"
    record.write_text(json.dumps({"variant": "goff", "moves": ["1-2", "3-3"]}))
    done = run("host", "--headless", "--resume", str(record), "--port", "0")
    assert done.returncode == 2
    assert done.stderr.strip().startswith('qttt host: token 2 "3-3": both halves in one cell')


def test_a_taken_port_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run(
            "host",
            "--headless",
            "--bind",
            LOOPBACK,
            "--port",
            str(port),
            "--no-announce",
            "--save-dir",
            str(tmp_path),
        )
    assert done.returncode == 1
    assert done.stderr.startswith(f"qttt host: cannot serve on {LOOPBACK}:{port}")


@pytest.mark.skipif(os.environ.get("QTTT_PRIVATE_NETNS") != "1", reason="needs the private netns")
def test_bench_net_prints_its_numbers() -> None:
    done = run("bench", "net", "--json", "--moves", "30", "--runs", "1", timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["moves"] == 30 and result["spectators"] == 16
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    phones = result["with_phones"]
    assert phones["moves"] == 30 and phones["phones"] == 9  # O and 8 of the 16 spectators
    assert 0 < phones["p50_ms"] <= phones["p99_ms"] <= phones["max_ms"]
    assert 0 < result["discovery_s"] < 30


def test_no_net_module_imports_pygame() -> None:
    modules = sorted(f"net.{p.stem}" for p in Path(net.__file__).parent.glob("[!_]*.py"))
    assert "net.session" in modules
    code = f"import sys, {', '.join(modules)}; print('pygame' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "False"


def test_a_bot_at_a_full_table_says_so(host: HostHandle) -> None:
    seated = [Raw(host.address) for _ in range(2)]
    for raw in seated:
        raw.hello(name="sitter")
    done = run("join", f"{LOOPBACK}:{host.address[1]}", "--bot", "beginner", "--headless")
    assert done.returncode == 1
    assert done.stderr.strip() == ("qttt join: no seat is open at this table")
    assert done.stdout == ""
    for raw in seated:
        raw.close()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["host", "--headless", "--port", "99999"], "99999 is not a port (0 to 65535)"),
        (["host", "--headless", "--grace", "inf"], "must be a number of seconds from 0 to 86400"),
        (["lobby", "--list", "--bind", "1.2.3"], "'1.2.3' is not an IP address"),
        # It was looked up as a host name, where lobby --bind refuses one.
        (["host", "--headless", "--bind", "notahost"], "'notahost' is not an IP address"),
        (["lobby", "--list", "--timeout", "nan"], "must be a number of seconds from 0 to"),
        # With nan a bot tried to reconnect for ever.
        (["join", "127.0.0.1:9", "--reconnect", "nan"], "argument --reconnect: must be a number"),
        (["join", "127.0.0.1:9", "--reconnect", "-5"], "argument --reconnect: must be a number"),
        (["join", "127.0.0.1:9", "--reconnect", "inf"], "argument --reconnect: must be a number"),
    ],
)
def test_an_option_out_of_its_range_is_a_usage_error(args: list[str], message: str) -> None:
    done = run(*args)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert message in done.stderr.strip().splitlines()[-1]  # argparse's line, after the usage


def test_lobby_json_lists_the_tables_without_a_window() -> None:
    # Without --list it opened the lobby window, which prints no JSON.
    no_window = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run(
        qttt("lobby", "--json", "--bind", LOOPBACK, "--timeout", "0.3"),
        capture_output=True,
        text=True,
        env=no_window,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert isinstance(json.loads(done.stdout), list)


def test_a_bot_of_a_level_the_tables_variant_has_not_says_so(make_host: Any) -> None:
    host = make_host("squared")  # the perfect bot plays Goff's game only
    done = run("join", f"{LOOPBACK}:{host.address[1]}", "--bot", "perfect", "--headless")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip() == "qttt join: the perfect bot plays Goff's 3×3 game only"


def test_a_table_named_with_a_control_character_is_announced(tmp_path: Path) -> None:
    # zeroconf refuses control characters in a service's name: the host ended in a traceback.
    table = new_table(make_variant("goff"), "Den\tnight", tmp_path)
    handle = start_host_thread(table, host_config(tmp_path, advertise=True))
    try:
        assert handle.host.announced
    finally:
        handle.stop()


def test_two_tables_of_one_name_opened_at_once_keep_a_record_each(tmp_path: Path) -> None:
    first, second = (new_table(make_variant("goff"), "Den", tmp_path) for _ in range(2))
    assert first.path != second.path  # two hosts started in the same second wrote one file


def test_an_arena_forks_no_more_workers_than_games_or_cores() -> None:
    assert ladder.pool_size(3000, 2) == min(2, cores())
    assert ladder.pool_size(1, 100) == 1


def test_a_host_plays_nxn_on_the_side_asked(tmp_path: Path) -> None:
    where = ("--bind", LOOPBACK, "--port", "0", "--no-announce", "--save-dir", str(tmp_path))
    host = spawn("host", "--headless", "--variant", "nxn", "--size", "5", *where)
    assert host.stdout is not None
    try:
        while not (line := host.stdout.readline()).startswith("hosting"):
            assert line, "the host ended"
        watcher = NetworkSession((LOOPBACK, int(line.rsplit(":", 1)[1])), name="W", role=SPECTATOR)
        try:
            assert state_report(Screen(watcher).snapshot(0).position)["size"] == 5
        finally:
            watcher.close()
    finally:
        host.send_signal(signal.SIGINT)
        host.communicate(timeout=15)
