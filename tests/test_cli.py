"""``qttt replay`` and friends as a user runs them: real processes, real files."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import cli
from game.commands import bench, bench_net

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


def test_a_bad_token_is_refused_on_one_line_whatever_characters_it_holds(
    tmp_path: Path,
) -> None:
    # records.md: "refused: exit status 2, one line on standard error ... nothing on
    # standard output", also for a token holding a line separator JSON does not escape.
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"variant": "goff", "moves": ["1-2", "2-3\u2028"]}))
    done = qttt("replay", str(path), "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ['token 2 "2-3\\u2028": tokens have no spaces']


# Bad record files, each with the end of the one line that refuses it.
BAD_FILES: dict[str, tuple[bytes, str]] = {
    "truncated": (
        json.dumps(SPEC).encode()[:30],
        "record: not JSON (Expecting value at line 1 column 31)",
    ),
    "binary": (bytes(range(256)) * 8, "record: not UTF-8 text (byte 0x80 on line 2)"),
    "utf-16": (
        json.dumps(SPEC).encode("utf-16"),
        "record: UTF-16 text, not UTF-8 (save it as UTF-8)",
    ),
    "latin-1": ('{"variant": "goff", "by": "Zoë"}'.encode("latin-1"), "(byte 0xeb on line 1)"),
    "empty": (b"", "record: the file is empty"),
    "illegal move": (
        json.dumps({"variant": "goff", "moves": ["1-2", "2-5", "5-9", "5-1", "3-3"]}).encode(),
        'token 5 "3-3": both halves in one cell only on move 9 into the last open cell',
    ),
    "move after the end": (
        json.dumps(
            {"variant": "goff", "moves": ["1-3", "4-7", "2-3", "1-7", "2-3", "5@2", "3-4"]}
        ).encode(),
        'token 7 "3-4": the game is over',
    ),
    "unknown variant": (b'{"variant": "chess", "moves": []}', "record: unknown variant 'chess'"),
    "huge": (b" " * (16 << 20) + b"{}", "is over 16 MB, no game's record"),
}
# Every command that reads a record file, as a user names it.
RECORD_COMMANDS = {
    "replay": ["replay", "--json"],
    "solve": ["solve"],
    "analyze": ["analyze"],
    "snapshot": ["snapshot", "--scene", "replay", "--out", "{tmp}/x.png", "--state"],
    "host": ["host", "--headless", "--no-announce", "--port", "0", "--resume"],
}


@pytest.mark.parametrize("command", list(RECORD_COMMANDS))
def test_every_command_refuses_every_bad_record_in_one_line(command: str, tmp_path: Path) -> None:
    # records.md: a record that cannot be read, or with an illegal token, "is refused: exit
    # status 2, one line on standard error, no traceback, and nothing on standard output".
    folder = tmp_path / "a folder.json"
    folder.mkdir()
    cases = {name: tmp_path / f"{name}.json" for name in BAD_FILES}
    for name, path in cases.items():
        path.write_bytes(BAD_FILES[name][0])
    expected = {name: BAD_FILES[name][1] for name in cases}
    cases["a folder"], expected["a folder"] = folder, "Is a directory"
    cases["missing"], expected["missing"] = tmp_path / "missing.json", "cannot read"
    args = [a.replace("{tmp}", str(tmp_path)) for a in RECORD_COMMANDS[command]]
    for name, path in cases.items():
        done = qttt(*args, str(path))
        assert done.returncode == 2 and done.stdout == "", (name, done.stderr)
        assert len(done.stderr.splitlines()) == 1, (name, done.stderr)
        assert expected[name] in done.stderr, (name, done.stderr)
    assert not (tmp_path / "x.png").exists()


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


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_help_is_plain_text(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # arena's read "(see :mod:`game.commands.ladder`)", the source's markup.
    with contextlib.suppress(SystemExit):  # argparse's --help ends with one
        cli.main([name, "--help"])
    out = capsys.readouterr().out
    assert out and "`" not in out


def test_bench_engine_prints_json() -> None:
    done = qttt("bench", "engine", "--json", "--runs", "1", "--seconds", "0.1")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["playouts_per_s"] > 0 and result["rollouts_per_s"] > 0
    assert result["legal_actions_us"] > 0


def test_bench_help_lists_every_benchmark() -> None:
    done = qttt("bench", "--help")
    assert done.returncode == 0 and done.stderr == ""
    for what in ("engine", "mcts", "render", "net", "idle", "analysis"):
        assert f"\n  {what} " in done.stdout


@pytest.mark.parametrize(
    ("what", "argv", "message"),
    [
        ("engine", ["--runs", "0"], "argument --runs: must be a whole number of 1 or more"),
        ("engine", ["--runs", "-1"], "argument --runs: must be a whole number of 1 or more"),
        ("engine", ["--seconds", "nan"], "argument --seconds: must be a number of seconds"),
        ("engine", ["--seconds", "inf"], "argument --seconds: must be a number of seconds"),
        ("engine", ["--seconds", "-1"], "argument --seconds: must be a number of seconds"),
        ("analysis", ["--games", "0"], "argument --games: must be a whole number of 1 or more"),
        ("analysis", ["--games", "-1"], "argument --games: must be a whole number of 1 or more"),
        ("net", ["--moves", "0"], "argument --moves: must be a whole number of 1 or more"),
        ("net", ["--moves", "-1"], "argument --moves: must be a whole number of 1 or more"),
        ("net", ["--runs", "0"], "argument --runs: must be a whole number of 1 or more"),
        ("net", ["--runs", "-1"], "argument --runs: must be a whole number of 1 or more"),
        ("net", ["--spectators", "-1"], "argument --spectators: must be a whole number of 0"),
    ],
)
def test_bench_refuses_counts_that_make_no_sense_in_a_line(
    what: str, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Refused while the arguments are read: nothing is measured, no host is started.
    with pytest.raises(SystemExit) as exit_:
        bench.main([what, *argv])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert err.splitlines()[-1].startswith(f"qttt bench {what}: error: argument --")


def test_bench_net_says_in_words_what_timed_out(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def times_out(*args: object, **kwargs: object) -> None:
        raise TimeoutError  # an OSError whose str() is empty

    monkeypatch.setattr(bench_net, "measure_latency", times_out)
    assert bench_net.main(["--runs", "1", "--moves", "5"]) == 1
    err = capsys.readouterr().err
    assert err == "qttt bench net: TimeoutError()\n"


@pytest.mark.parametrize("args", [[], ["join", "127.0.0.1:7777"], ["lobby"]])
def test_no_display_is_one_line_not_an_invisible_game(args: list[str]) -> None:
    done = qttt(*args, unset=frozenset({"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"}))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.endswith("no display to open a window on (DISPLAY is not set)\n")
    assert done.stderr.count("\n") == 1


@pytest.mark.parametrize("in_the_way", ["a-file", "/dev/null"])
def test_a_host_refuses_a_save_folder_that_is_a_file_before_it_starts(
    in_the_way: str, tmp_path: Path
) -> None:
    # Taken, every game went on unsaved ("File exists"), found out at the first move.
    folder = tmp_path / in_the_way if in_the_way == "a-file" else Path(in_the_way)
    if in_the_way == "a-file":
        folder.write_text("in the way")
    done = qttt("host", "--headless", "--no-announce", "--port", "0", "--save-dir", str(folder))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1].endswith(f"argument --save-dir: {folder} is not a folder")


def ctrl_c(*args: str, after: str = "", wait: float = 0.0) -> tuple[int, str, float]:
    """Run ``qttt args``, press Ctrl-C (SIGINT to its whole process group, as a terminal
    does) once ``after`` is on standard error and ``wait`` seconds more have passed; its
    status, standard error and how many seconds it took to end."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "game.cli", *args]
    # A suite started in the background (`pytest &` in a script) has SIGINT ignored, and an
    # ignored signal stays ignored in a child: the command would never hear the Ctrl-C. A
    # caught one is the default again in the child, so catch it while the child starts.
    ignored = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        started = subprocess.Popen(
            command, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
        )
    finally:
        signal.signal(signal.SIGINT, ignored)
    with started as done:
        assert done.stderr is not None
        seen = ""
        while after not in seen:
            line = done.stderr.readline()
            assert line, f"qttt ended before {after!r}: {seen}"
            seen += line
        time.sleep(wait)
        pressed = time.monotonic()
        os.killpg(done.pid, signal.SIGINT)
        try:
            seen += done.stderr.read()
            status = done.wait(timeout=60)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(done.pid, signal.SIGKILL)  # the search processes of a failed run
        return status, seen, time.monotonic() - pressed


def test_ctrl_c_ends_a_ladder_at_once() -> None:
    # Its queued games (about 25 s of them) were all played before it ended.
    args = ["arena", "--ladder", "--levels", "medium,hard", "--games", "30", "--jobs", "2"]
    status, err, took = ctrl_c(*args, after="[1/30]")
    assert status == 130 and "Traceback" not in err, (status, err)
    assert took < 5


def test_a_ladder_run_in_the_background_ignores_ctrl_c_workers_and_all() -> None:
    # A terminal's Ctrl-C reaches a job started with `&` with SIGINT ignored. Its workers
    # took it as before (the default) and died: the ladder failed with BrokenProcessPool.
    args = ["arena", "--ladder", "--levels", "medium,hard", "--games", "30", "--jobs", "2"]
    heard = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        started = subprocess.Popen(
            [sys.executable, "-m", "game.cli", *args],
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            start_new_session=True,
        )
    finally:
        signal.signal(signal.SIGINT, heard)
    with started as ladder:
        try:
            assert ladder.stderr is not None
            assert "[1/30]" in ladder.stderr.readline()
            os.killpg(ladder.pid, signal.SIGINT)
            with pytest.raises(subprocess.TimeoutExpired):
                ladder.wait(timeout=3)  # still playing
            os.killpg(ladder.pid, signal.SIGINT)
            assert "[2/30]" in ladder.stderr.readline()
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(ladder.pid, signal.SIGKILL)


def test_ctrl_c_ends_an_arena_at_once() -> None:
    # Without the ladder too: it played on the games in hand (76 s of them here) first.
    args = ["arena", "--x", "hard", "--o", "hard", "--variant", "ultimate", "--games", "9"]
    args += ["--jobs", "2"]
    status, err, took = ctrl_c(*args, wait=2)
    assert status == 130 and err == "", (status, err)
    assert took < 5


def test_ctrl_c_while_a_command_loads_ends_it_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A command's imports take a second or two on a busy machine: a Ctrl-C in them printed
    # a traceback through importlib. Python raises it where the import is, as here.
    (tmp_path / "loading_command.py").write_text("raise KeyboardInterrupt\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(cli.COMMANDS, "loading", ("loading_command", "a command still loading"))
    assert cli.main(["loading"]) == 130


def test_ctrl_c_ends_the_expert_bots_search_processes_quietly() -> None:
    # Each of them printed "Process SpawnProcess-2: Traceback ... KeyboardInterrupt".
    args = ["arena", "--x", "expert", "--o", "beginner", "--variant", "squared", "--games", "1"]
    status, err, _ = ctrl_c(*args, wait=3)  # into the first answer's 4.6 s search
    assert status == 130, (status, err)
    assert err == ""


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("a folder", "Is a directory"),
        ("a full disk", "No space left on device"),
        ("in no folder", "No such file or directory"),
    ],
)
def test_a_snapshot_that_cannot_be_written_is_one_line(
    where: str, message: str, tmp_path: Path
) -> None:
    # Each was a pygame.error traceback.
    out = tmp_path / "shot.png"
    if where == "a folder":
        out.mkdir()
    elif where == "a full disk":
        out.symlink_to("/dev/full")
    else:
        out = tmp_path / "missing" / "shot.png"
    done = qttt("snapshot", "--scene", "title", "--size", "320x240", "--out", str(out))
    assert done.returncode == 1
    assert done.stderr == f"qttt snapshot: cannot write: {message}\n"


@pytest.mark.parametrize("name", ["shot", "shot.jpg"])
def test_a_snapshot_is_refused_a_name_that_is_not_a_pngs(name: str, tmp_path: Path) -> None:
    # "shot" was written as a Targa picture and "shot.jpg" as a JPEG.
    out = tmp_path / name
    done = qttt("snapshot", "--scene", "title", "--size", "320x240", "--out", str(out))
    assert done.returncode == 2 and not out.exists()
    assert done.stderr.splitlines()[-1].endswith(
        f"argument --out: {str(out)!r} is not a PNG's name (FILE.png)"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", [["--help"], ["bench", "--help"]])
def test_help_that_cannot_be_written_is_one_line(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "game.cli", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert done.stderr.endswith(": cannot write the output: No space left on device\n")
    assert done.stderr.count("\n") == 1


def test_output_a_terminal_cannot_encode_is_replaced_not_a_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game.cli", "puzzle", "1"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=60,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert b"?" in done.stdout  # the puzzle's dash


@pytest.mark.parametrize(("args", "why"), [([], "which benchmark?"), (["bogus"], "'bogus'")])
def test_bench_without_a_known_benchmark_says_why(args: list[str], why: str) -> None:
    done = qttt("bench", *args)
    assert done.returncode == 2 and done.stderr.startswith("qttt bench: ")
    assert why in done.stderr.splitlines()[0]


def test_a_snapshot_of_a_record_is_refused_another_variant(tmp_path: Path) -> None:
    # It drew the record's game and said nothing of the --variant left unread.
    record = tmp_path / "game.json"
    record.write_text(json.dumps(SPEC))
    out = tmp_path / "shot.png"
    args = ("snapshot", "--scene", "play", "--state", str(record), "--out", str(out))
    done = qttt(*args, "--variant", "ultimate")
    assert done.returncode == 2 and not out.exists()
    assert done.stderr == f"qttt snapshot: {record} records a game of goff, not of ultimate\n"
    assert qttt(*args, "--variant", "goff").returncode == 0 and out.exists()
