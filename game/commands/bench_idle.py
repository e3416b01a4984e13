"""``qttt bench idle [--seconds S] [--size WxH] [--json]``: a window's CPU when nobody moves.

Two real windows are opened in turn, each in a process of its own: a Goff
board waiting for the first click (nothing moves), and the title screen
(its marks drift). After the window has settled, the CPU time the process
spends (user and system, read from ``/proc/PID/stat`` from outside it, so
every thread and the drawing all count) is divided by the wall time that
passed: ``board_cpu_percent`` and ``title_cpu_percent``, in percent of one
core. The pointer rests over the board, as a hand left on a mouse would.

The window opens on ``$DISPLAY``; without one, on a private Xvfb started
for the run (``Xvfb`` must be installed). Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from game.commands.arguments import duration, parse_size
from game.commands.bench_render import SIZE

SCREENS = ("board", "title")
SETTLE = 8.0  # seconds a window is given to open, draw and settle (a hover stops breathing)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds process ``pid`` has used so far, every thread counted."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # After the command's name: state is field 3, utime and stime are fields 14 and 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def display(size: tuple[int, int]) -> Iterator[str]:
    """``$DISPLAY`` if there is one, else a private Xvfb of ``size`` for as long as needed."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise SystemExit("qttt bench idle: no DISPLAY, and no Xvfb to start one")
    read, write = os.pipe()
    server = subprocess.Popen(
        [
            xvfb,
            "-displayfd",
            str(write),
            "-screen",
            "0",
            f"{size[0]}x{size[1]}x24",
            "-nolisten",
            "tcp",
        ],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()  # Xvfb writes its display number once it listens
    try:
        if not number:
            raise SystemExit("qttt bench idle: Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def measure(screen: str, size: tuple[int, int], seconds: float, settle: float, where: str) -> float:
    """Percent of one core the window showing ``screen`` uses over ``seconds``, once settled."""
    env = dict(os.environ, DISPLAY=where, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("SDL_VIDEODRIVER", None)  # a real window
    command = [sys.executable, "-m", "game.commands.bench_idle", "--show", screen]
    child = subprocess.Popen([*command, "--size", f"{size[0]}x{size[1]}"], env=env)
    try:
        time.sleep(settle)
        if child.poll() is not None:
            raise SystemExit(
                f"qttt bench idle: the {screen} window closed (status {child.returncode})"
            )
        began, began_cpu = time.monotonic(), cpu_seconds(child.pid)
        time.sleep(seconds)
        used = cpu_seconds(child.pid) - began_cpu
        return round(100 * used / (time.monotonic() - began), 1)
    finally:
        child.terminate()
        child.wait(10)


def show(screen: str, size: tuple[int, int]) -> int:
    """The window a measurement watches (run in its own process by :func:`measure`)."""
    import tempfile
    from pathlib import Path

    import pygame

    from game.client.app import App
    from game.client.scene import SceneName
    from game.rules import make_variant

    with tempfile.TemporaryDirectory() as home:
        app = App(size=size, settings_path=Path(home) / "settings.json")
        if screen == "board":
            app.go(SceneName.PLAY, variant=make_variant("goff"), seats={})
        w, h = app.size
        pygame.mouse.set_pos(w // 3, h // 2)  # resting over the board
        app.run()
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="qttt bench idle", description=__doc__)
    parser.add_argument("--seconds", type=duration, default=5.0, help="measured per window")
    parser.add_argument("--settle", type=duration, default=SETTLE, help="seconds before measuring")
    parser.add_argument("--size", type=parse_size, default=SIZE, help="WxH, e.g. 1280x720")
    parser.add_argument("--show", choices=SCREENS, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.show:
        return show(args.show, args.size)
    if not sys.platform.startswith("linux"):
        print("qttt bench idle: needs Linux (/proc)", file=sys.stderr)
        return 2
    with display(args.size) as where:
        result = {
            f"{screen}_cpu_percent": measure(screen, args.size, args.seconds, args.settle, where)
            for screen in SCREENS
        }
    result = {"size": f"{args.size[0]}x{args.size[1]}", "seconds": args.seconds, **result}
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"idle {result['size']}, {args.seconds:g} s each, CPU of one core: "
            f"still board {result['board_cpu_percent']}%, title {result['title_cpu_percent']}%"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
