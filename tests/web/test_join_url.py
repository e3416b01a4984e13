"""Where phones join: the host tells every client (the TV, the host's own window), and
``qttt host --web`` prints it with its QR code."""

from __future__ import annotations

import re
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from net.host import HostHandle
from net.session import NetworkSession
from tests.net.conftest import qttt, spawn


def test_a_window_at_the_table_learns_where_phones_join(
    web_host: Callable[..., HostHandle],
) -> None:
    handle = web_host("goff")
    assert handle.host.web is not None
    session = NetworkSession(handle.address, name="Big screen", role="spectator")
    try:
        deadline = time.monotonic() + 5
        while session.join_url is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert session.join_url == f"http://127.0.0.1:{handle.host.web.port}/"
    finally:
        session.close()


def test_qttt_host_serves_the_page_and_prints_where_with_its_qr_code(tmp_path: Path) -> None:
    host = spawn(
        "host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--web", "0",
        "--no-announce", "--save-dir", str(tmp_path),
    )  # fmt: skip
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(4)]
        said = next(line for line in lines if line.startswith("phones join at"))
        url = said.split()[3]
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url)
        # The QR code follows as block characters, square-ish, a line per two module rows.
        code = [host.stdout.readline().rstrip("\n") for _ in range(3)]
        assert all(set(row) <= set("█▀▄ ") and len(row) == len(code[0]) for row in code)
        with urllib.request.urlopen(url, timeout=5) as page:
            assert page.status == 200 and b'name="name"' in page.read()
    finally:
        host.terminate()
        host.communicate(timeout=10)


def test_a_bad_web_port_is_refused_in_words() -> None:
    done = subprocess.run(qttt("host", "--headless", "--web", "soon"), capture_output=True,
                          text=True, timeout=30)  # fmt: skip
    assert done.returncode == 2
    assert "argument --web: 'soon' is not a port number or off" in done.stderr
    assert "Traceback" not in done.stderr
