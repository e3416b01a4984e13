"""The direction of dependencies: rules <- ai <- net <- client."""

from __future__ import annotations

import subprocess
import sys


def imported_after(modules: str) -> set[str]:
    code = f"import sys; import {modules}; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    return set(done.stdout.split())


def test_rules_and_ai_use_the_standard_library_only() -> None:
    loaded = imported_after("game.rules, game.ai, game.records, game.session, game.textview")
    for forbidden in ("pygame", "msgpack", "zeroconf"):
        assert not any(m == forbidden or m.startswith(forbidden + ".") for m in loaded), forbidden


def test_net_never_imports_pygame() -> None:
    loaded = imported_after("net")
    assert not any(m == "pygame" or m.startswith("pygame.") for m in loaded)
