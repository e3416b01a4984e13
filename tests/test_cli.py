"""``qttt replay`` and friends as a user runs them: real processes, real files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SPEC = {"variant": "goff", "moves": ["1-2", "2-5", "5-9", "5-1", "4@5", "3-7"]}


def qttt(
    *args: str, unset: frozenset[str] = frozenset({"PYGAME_HIDE_SUPPORT_PROMPT"})
) -> subprocess.CompletedProcess[str]:
    """Run ``qttt args`` in a fresh interpreter, without the environment variables ``unset``."""
    env = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "-m", "game.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


@pytest.fixture
def spec_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SPEC))
    return path


def test_replay_json_prints_the_report_and_nothing_else(spec_file: Path) -> None:
    done = qttt("replay", str(spec_file), "--json")
    assert done.returncode == 0 and done.stderr == ""
    report = json.loads(done.stdout)
    assert report["classical"] == {"1": "X1", "2": "O2", "5": "O4", "9": "X3"}
    assert report["to_play"] == "O"


def test_replay_for_a_person_shows_the_board(spec_file: Path) -> None:
    done = qttt("replay", str(spec_file))
    assert done.returncode == 0
    assert "[X1]" in done.stdout and "[O4]" in done.stdout and "x5" in done.stdout
    assert "Move 6: O to play a spooky move." in done.stdout


def test_replay_of_a_bad_record_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"variant": "goff", "moves": ["1-2", "2-5", "5-9", "5-1", "3-3"]}))
    done = qttt("replay", str(path), "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        'token 5 "3-3": both halves in one cell only on move 9 into the last open cell\n'
    )


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    done = qttt("replay", str(tmp_path / "nope.json"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("record: cannot read") and done.stderr.count("\n") == 1


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_output_that_cannot_be_written_is_one_line(spec_file: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "game.cli", "replay", str(spec_file), "--json"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stderr == "qttt replay: cannot write the output: No space left on device\n"


def test_replay_never_imports_pygame(spec_file: Path) -> None:
    code = (
        "import sys; from game.cli import main; main(['replay', sys.argv[1], '--json']);"
        "assert 'pygame' not in sys.modules, 'pygame imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(spec_file)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


def test_unknown_command_is_a_usage_error() -> None:
    done = qttt("frobnicate")
    assert done.returncode == 2 and "unknown command" in done.stderr


def test_bench_engine_prints_json() -> None:
    done = qttt("bench", "engine", "--json", "--runs", "1", "--seconds", "0.1")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["playouts_per_s"] > 0 and result["rollouts_per_s"] > 0
    assert result["legal_actions_us"] > 0


@pytest.mark.parametrize("args", [[], ["join", "127.0.0.1:7777"], ["lobby"]])
def test_no_display_is_one_line_not_an_invisible_game(args: list[str]) -> None:
    done = qttt(*args, unset=frozenset({"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"}))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.endswith("no display to open a window on (DISPLAY is not set)\n")
    assert done.stderr.count("\n") == 1
