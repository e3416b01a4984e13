"""``qttt bench render --json`` measures real frames of a real burst and prints the keys;
``qttt bench idle`` measures real windows from outside."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from random import Random

import pytest

from game.commands import bench_idle, bench_render
from game.commands.arguments import duration, seconds, whole
from game.records import Record
from game.rules import make_variant


def test_bench_render_prints_percentiles_of_a_real_burst(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_render.main(["--json", "--bursts", "1", "--games", "30"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["size"] == "1280x720"
    assert result["frames"] > 60  # the burst lasts longer than a second at 60 fps
    assert result["peak_particles"] > 100
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert 0 < result["wall_p50_ms"] <= result["wall_p99_ms"]
    assert result["bare_p50_ms"] > 0  # the floor, measured in the same run


def test_bench_render_sizes_the_window_and_shows_the_tv(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--json", "--bursts", "1", "--games", "30", "--scene", "tv", "--size", "640x360"]
    assert bench_render.main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["scene"], result["size"]) == ("tv", "640x360")
    assert result["peak_particles"] > 100  # the TV shows the burst too
    assert result["bare_p50_ms"] > 0 and 0 < result["p50_ms"] <= result["p99_ms"]


@pytest.mark.parametrize(
    "size", ["big", "1920", "0x100", "1920x1080x2", "5x-5", "100x100", "1920x108²"]
)
def test_a_size_that_is_not_one_is_refused_in_a_line(
    size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        bench_render.main(["--size", size])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "is not a size from 320x240 to 7680x4320" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("main", "argv", "message"),
    [
        (bench_render.main, ["--bursts", "0"], "argument --bursts: must be a whole number of 1"),
        (bench_render.main, ["--bursts", "-1"], "argument --bursts: must be a whole number of 1"),
        (bench_render.main, ["--games", "-1"], "argument --games: must be a whole number of 1"),
        (bench_render.main, ["--games", "many"], "argument --games: must be a whole number of 1"),
        (bench_idle.main, ["--seconds", "-1"], "argument --seconds: must be a number of seconds"),
        (bench_idle.main, ["--seconds", "nan"], "argument --seconds: must be a number of seconds"),
        (
            bench_idle.main,
            ["--seconds", "1e300"],
            "argument --seconds: must be a number of seconds",
        ),
        (bench_idle.main, ["--settle", "-1"], "argument --settle: must be a number of seconds"),
        (bench_idle.main, ["--settle", "0"], "argument --settle: must be a number of seconds"),
    ],
)
def test_a_count_or_a_duration_that_makes_no_sense_is_refused_in_a_line(
    main: Callable[[list[str]], int],
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert err.splitlines()[-1].startswith("qttt bench ")  # the error is the last line


def test_the_option_types_take_what_makes_sense() -> None:
    assert whole(1)("3") == 3 and whole(0)("0") == 0 and whole(0, 9)("9") == 9
    assert duration("0.25") == 0.25 and duration("86400") == 86400
    assert seconds("0") == 0  # a clock of 0: none; a bench of 0 s measures nothing
    for bad in ("0", "2.5", "x", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            whole(1)(bad)
    with pytest.raises(argparse.ArgumentTypeError, match="from 0 to 9"):
        whole(0, 9)("10")
    for bad in ("0", "-0.5", "nan", "inf", "-inf", "86401", "soon"):
        with pytest.raises(argparse.ArgumentTypeError):
            duration(bad)
    for bad in ("-0.5", "nan", "inf", "1e309", "86401"):
        with pytest.raises(argparse.ArgumentTypeError):
            seconds(bad)


def test_the_burst_searched_for_is_an_awaited_collapse() -> None:
    variant = make_variant("goff")
    tokens = bench_render.biggest_collapse(variant, 50, Random(0))
    pos = Record(variant, tokens).final()
    assert pos.awaiting_collapse
    assert len(pos.entanglement()) >= 5


needs_xvfb = pytest.mark.skipif(
    shutil.which("Xvfb") is None and os.environ.get("CI") != "true",
    reason="qttt bench idle opens real windows on an Xvfb of its own (apt-get install xvfb)",
)


@needs_xvfb
def test_bench_idle_measures_a_still_board_and_the_title_in_real_windows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)  # its own Xvfb, never the desktop's
    assert bench_idle.main(["--json", "--seconds", "0.5", "--settle", "1.5"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["size"] == "1280x720"
    # Both windows were alive when measured (a window that failed would have ended the run).
    assert result["board_cpu_percent"] >= 0 and result["title_cpu_percent"] >= 0


def test_cpu_seconds_counts_every_thread_of_another_process() -> None:
    busy = "import threading\nwhile True: pass"
    child = subprocess.Popen([sys.executable, "-c", busy])
    try:
        first = bench_idle.cpu_seconds(child.pid)
        while bench_idle.cpu_seconds(child.pid) <= first:
            time.sleep(0.05)
    finally:
        child.kill()
        child.wait()
