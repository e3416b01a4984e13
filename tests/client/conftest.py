"""The real game window for a test, at 1280×720, closed after it (tests/client/driver.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.client.driver import Driver


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path)
    yield d
    d.close()
