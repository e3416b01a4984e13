"""How a phone finds a table's page: the join address, and a QR code of it (segno).

The QR code is a matrix of modules, so any screen can draw it: ``qttt host``
prints it as text, the window and the big-screen view paint it
(``game/client/qr_panel.py``). No aiohttp here: a screen showing the code
needs none.
"""

from __future__ import annotations

import io

import segno

from net import discovery
from net.client import show_address

# The port a window's host serves the page on unless told otherwise (net.web falls back to
# any free port when another table on this machine has it).
DEFAULT_WEB_PORT = 7780


def join_urls(bind: str, port: int) -> list[str]:
    """Where phones open the page served on ``bind``:``port``: each LAN address, so a phone
    on the same Wi-Fi can reach it; loopback only when the machine has no other."""
    addresses = discovery.lan_addresses() if bind == discovery.ANY else [bind]
    return [f"http://{show_address((a, port))}/" for a in addresses or ["127.0.0.1"]]


def qr_matrix(url: str, border: int = 4) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``url``: rows of modules, True where dark, with a light ``border`` (the
    standard's quiet zone is four modules: a camera finds the code by it, and the screen
    around it is dark)."""
    code = segno.make(url, error="m", micro=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix_iter(border=border))


def qr_text(url: str) -> str:
    """The QR code of ``url`` in block characters, two rows of modules to a line, for a
    terminal (light modules are drawn, so it scans on a dark background)."""
    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")
