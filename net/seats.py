"""Seat tokens kept in the user's data folder, so a seat outlives the program that took it.

A host gives each player a token that takes their seat back (and at a party,
their place in the standings). :class:`SeatStore` keeps the tokens in
the user's data folder (``game.client.paths.seats_file()``: on Linux
``$XDG_DATA_HOME/qttt/seats.json``, beside the records), keyed by the table's
address and the player's name, so the same window or the same headless
command, started again after a crash or a SIGKILL, offers the token and is
back in its seat.

A token is handed to one client at a time: while a live process (or another
client in this one) holds it, :meth:`SeatStore.take` does not hand it out
again, so two bots of one name on one machine never take each other's seat.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from net.processes import running_elsewhere

MAX_ENTRIES = 200  # the oldest are dropped beyond this: tables of evenings long gone

# Keys held by clients of this process (a pid says nothing between two of them).
_held: set[str] = set()
_lock = threading.Lock()


class SeatStore:
    """The seat tokens of one user, on disk. Every method is safe to call from any thread;
    a file that cannot be read or written is treated as empty (a seat is then simply new)."""

    def __init__(self, path: Path) -> None:
        self.path = path  # game.client.paths.seats_file() for a player's own

    @staticmethod
    def key(address: tuple[str, int], name: str) -> str:
        return f"{' '.join(name.split())}@{address[0]}:{address[1]}"

    def take(self, address: tuple[str, int], name: str) -> str | None:
        """The token kept for ``name`` at ``address``, now held by this client (until
        :meth:`release`); ``None`` if there is none or another live client holds it."""
        key = self.key(address, name)
        with _lock:
            if key in _held:
                return None
            entries = self._read()
            entry = entries.get(key)
            if not isinstance(entry, dict) or not isinstance(entry.get("token"), str):
                return None
            if running_elsewhere(entry.get("pid")):
                return None
            _held.add(key)
            entries[key] = {"token": entry["token"], "pid": os.getpid()}
            self._write(entries)
            return entry["token"]

    def keep(self, address: tuple[str, int], name: str, token: str | None) -> None:
        """Remember ``token`` (or forget it, for ``None``) as held by this client."""
        key = self.key(address, name)
        with _lock:
            entries = self._read()
            entries.pop(key, None)
            if token is None:
                _held.discard(key)
            else:
                _held.add(key)
                entries[key] = {"token": token, "pid": os.getpid()}
            self._write(dict(list(entries.items())[-MAX_ENTRIES:]))

    def release(self, address: tuple[str, int], name: str) -> None:
        """This client is done with the token (it stays on disk for the next start)."""
        key = self.key(address, name)
        with _lock:
            if key not in _held:
                return
            _held.discard(key)
            entries = self._read()
            entry = entries.get(key)
            if isinstance(entry, dict) and entry.get("pid") == os.getpid():
                entries[key] = {"token": entry.get("token"), "pid": None}
                self._write(entries)

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, entries: dict[str, Any]) -> None:
        # Atomic: a reader in another process sees the old file or the new one, never half.
        temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.{threading.get_ident()}")
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # tokens are secrets
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(entries, out, indent=1)
            os.replace(temp, self.path)
