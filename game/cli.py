"""The ``qttt`` command: a window by default, or one of the subcommands below.

Each subcommand lives in its own module and is imported only when named,
so ``qttt replay`` never pays for (or prints the banner of) pygame.
"""

from __future__ import annotations

import importlib
import sys

# name -> (module with ``main(argv) -> int``, one line for ``qttt --help``)
COMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("game.commands.replay", "print the position a game record reaches"),
    "bench": ("game.commands.bench", "measure the engine, bots, renderer or network"),
}


def _usage() -> str:
    lines = ["usage: qttt [COMMAND] [ARGS...]", "", "With no command, opens the game window.", ""]
    lines += [f"  {name:<8} {text}" for name, (_, text) in COMMANDS.items()]
    lines += ["", "qttt COMMAND --help tells more."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        return _run("play", [])
    name, rest = args[0], args[1:]
    if name in ("-h", "--help"):
        print(_usage())
        return 0
    if name not in COMMANDS:
        print(f"qttt: unknown command {name!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    return _run(name, rest)


def _run(name: str, rest: list[str]) -> int:
    if name == "play" and "play" not in COMMANDS:
        print("qttt: the game window is not built yet; try qttt --help", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    try:
        return int(module.main(rest) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
