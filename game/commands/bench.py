"""``qttt bench WHAT [--json]``: benchmarks that print numbers (medians, percentiles)."""

from __future__ import annotations

import importlib
import sys

# what -> (module with ``main(argv) -> int``, one line for ``qttt bench --help``)
BENCHES: dict[str, tuple[str, str]] = {
    "engine": ("game.commands.bench_engine", "random complete games a second, and listing time"),
    "mcts": ("game.commands.bench_mcts", "search speed and the bots' answer times"),
    "render": ("game.commands.bench_render", "a frame's cost during the biggest collapse"),
    "net": ("game.commands.bench_net", "how fast a move reaches every screen, and the lobby"),
    "idle": ("game.commands.bench_idle", "a window's CPU when nobody moves"),
    "analysis": ("game.commands.bench_analysis", "how fast games are judged"),
}
USAGE = f"usage: qttt bench {{{','.join(BENCHES)}}} [--json] ..."


def _help() -> str:
    lines = [USAGE, "", "Benchmarks that print numbers (medians, percentiles).", ""]
    lines += [f"  {what:<9} {text}" for what, (_, text) in BENCHES.items()]
    lines += ["", "qttt bench WHAT --help tells more."]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(_help())
        return 0
    if not argv or argv[0] not in BENCHES:
        why = f"unknown benchmark {argv[0]!r}" if argv else "which benchmark?"
        print(f"qttt bench: {why}\n{USAGE}", file=sys.stderr)
        return 2
    return int(importlib.import_module(BENCHES[argv[0]][0]).main(argv[1:]) or 0)
