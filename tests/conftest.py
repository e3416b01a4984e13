"""Test-wide setup: no screen, no sound card, and no network but loopback.

The whole pytest process moves into a private network namespace that holds
only loopback, so zeroconf's multicast and every socket stay on this machine
(shared/testing.md). Each pytest-xdist worker then moves into one of its own,
so two workers' tables never meet in a lobby and fixed ports never collide.
pygame runs with SDL's dummy drivers.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

CLONE_NEWNET = 0x40000000


def _enter_private_netns() -> bool:
    ip = shutil.which("ip")
    if ip is None:  # a namespace whose loopback cannot be brought up would break every socket
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWNET) != 0:
        return False
    subprocess.run([ip, "link", "set", "lo", "up"], check=True)
    return True


def pytest_configure(config: object) -> None:
    # Children (a host, a bot client) inherit the namespace.
    private = os.geteuid() == 0 and _enter_private_netns()
    os.environ["QTTT_PRIVATE_NETNS"] = "1" if private else "0"
