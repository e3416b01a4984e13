"""The host tells every client (the TV, the host's own window) where phones join."""

from __future__ import annotations

import time
from collections.abc import Callable

from net.host import HostHandle
from net.session import NetworkSession


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
