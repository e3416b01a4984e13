"""``qttt bench WHAT [--json]``: benchmarks that print numbers (medians, percentiles)."""

from __future__ import annotations

import importlib
import sys

# what -> module with ``main(argv) -> int``
BENCHES: dict[str, str] = {
    "engine": "game.commands.bench_engine",
    "mcts": "game.commands.bench_mcts",
    "render": "game.commands.bench_render",
    "net": "game.commands.bench_net",
    "idle": "game.commands.bench_idle",
    "analysis": "game.commands.bench_analysis",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHES:
        print(f"usage: qttt bench {{{','.join(BENCHES)}}} [--json] ...", file=sys.stderr)
        return 2
    return int(importlib.import_module(BENCHES[argv[0]]).main(argv[1:]) or 0)
