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


def test_net_never_imports_the_client() -> None:
    """Every module of ``net``, not only the package: a host runs where no window can."""
    statements = (
        "import importlib, pkgutil, net; "
        "[importlib.import_module(m.name) for m in pkgutil.walk_packages(net.__path__, 'net.')]"
    )
    loaded = imported_after(statements)
    assert holds(loaded, "net.web")  # the walk did reach the modules
    for forbidden in ("pygame", "game.client"):
        assert not holds(loaded, forbidden), forbidden
