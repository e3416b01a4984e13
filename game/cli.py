"""The ``qttt`` command: a window by default, or one of the subcommands below.

Each subcommand lives in its own module and is imported only when named,
so ``qttt replay`` never pays for (or prints the banner of) pygame.
"""

from __future__ import annotations

import errno
import importlib
import io
import os
import sys

# name -> (module with ``main(argv) -> int``, one line for ``qttt --help``)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.commands.play", "open the game window (the default)"),
    "replay": ("game.commands.replay", "print the position a game record reaches"),
    "solve": ("game.commands.solve", "exact values of a Goff or shared position and its actions"),
    "analyze": ("game.commands.analyze", "judge every ply of a game record: values, best moves"),
    "puzzle": ("game.commands.puzzle", "a position with one best action, to find"),
    "arena": ("game.commands.arena", "play bots against each other and count the results"),
    "host": ("game.commands.host", "host a LAN table (with or without a window)"),
    "join": ("game.commands.join", "join a table by address, as a window or a headless bot"),
    "lobby": ("game.commands.lobby", "list the tables on the LAN"),
    "watch": ("game.commands.watch", "watch a table, or show it on a big screen (--tv)"),
    "snapshot": ("game.commands.snapshot", "draw any screen in a given state to a PNG, no window"),
    "bench": ("game.commands.bench", "measure the engine, bots, renderer or network"),
}


def _usage() -> str:
    lines = ["usage: qttt [COMMAND] [ARGS...]", "", "With no command, opens the game window.", ""]
    lines += [f"  {name:<8} {text}" for name, (_, text) in COMMANDS.items()]
    lines += ["", "qttt COMMAND --help tells more."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    # A terminal or pipe that takes no UTF-8 (a board's "½", a puzzle's "–") gets "?" for
    # what it cannot show, not a traceback.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
    if not args:
        return _run("play", [])
    name, rest = args[0], args[1:]
    if name in ("-h", "--help"):
        return _run("--help", [])
    if name not in COMMANDS:
        print(f"qttt: unknown command {name!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    return _run(name, rest)


def _run(name: str, rest: list[str]) -> int:
    try:
        try:
            if name == "--help":
                print(_usage())
                return 0
            # Loading a command takes a while (numpy, pygame): a Ctrl-C then is as quiet as later.
            module = importlib.import_module(COMMANDS[name][0])
            return int(module.main(rest) or 0)
        finally:
            sys.stdout.flush()  # what is left is written here, where a full disk is caught
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``qttt replay F | head``): not an error worth a traceback.
        _stdout_gone()
        return 1
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EFBIG):
            raise
        # The output could not be written (a full disk, /dev/full): say so, on one line.
        _stdout_gone()
        print(f"qttt {name}: cannot write the output: {exc.strerror}", file=sys.stderr)
        return 1


def _stdout_gone() -> None:
    """Point standard output at nothing, so the exit's flush of what is left is quiet."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
