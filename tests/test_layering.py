"""The direction of dependencies: rules <- ai <- net <- client."""

from __future__ import annotations

import subprocess
import sys


def imported_after(statements: str) -> set[str]:
    """The modules a fresh interpreter holds after ``statements`` (which must not fail)."""
    code = f"import sys; {statements}; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    return set(done.stdout.split())


def holds(loaded: set[str], package: str) -> bool:
    """Whether ``package`` or any module in it is among ``loaded``."""
    return any(m == package or m.startswith(package + ".") for m in loaded)


def test_rules_and_ai_use_the_standard_library_only() -> None:
    loaded = imported_after("import game.rules, game.ai, game.records, game.session, game.textview")
    for forbidden in ("pygame", "msgpack", "zeroconf"):
        assert not holds(loaded, forbidden), forbidden


def test_net_never_imports_pygame() -> None:
    assert not holds(imported_after("import net"), "pygame")
