"""Seat tokens kept in the user's data folder, so a seat outlives the program that took it.

A host gives each player a token that takes their seat back (and at a party,
their place in the standings). :class:`SeatStore` keeps the tokens in
the user's data folder (``game.client.paths.seats_file()``: on Linux
``$XDG_DATA_HOME/qttt/seats.json``, beside the records), under the table's
identity (its key: a table continued on another port or address is still the
same table) and the player's name, so the same window or the same headless
command, started again after a crash or a SIGKILL, offers the token and is
back in its seat. A client that joins by address finds the table's key by the
address it was last seen at; one that joins from the lobby is told the key by
the table's announcement. Anyone on the LAN can announce a table's key, so a
token is offered only on a machine where its table was seen (on any port: a
window continuing its table where 7777 is taken), never to a stranger.

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
    a file that cannot be read or written is treated as empty (a seat is then simply new).

    ``table`` arguments are a table's key (``Welcome.key``, the lobby's ``FoundTable.key``).
    """

    def __init__(self, path: Path) -> None:
        self.path = path  # game.client.paths.seats_file() for a player's own

    @staticmethod
    def key(table: str, name: str) -> str:
        return f"{' '.join(name.split())}@{table}"

    def table_at(self, address: tuple[str, int]) -> str | None:
        """The key of the table last seen at ``address``, if any was."""
        with _lock:
            found = self._read()["at"].get(_where(address))
        return found if isinstance(found, str) else None

    def seen_on(self, table: str, host: str) -> bool:
        """Whether ``table`` was ever seen on the machine at ``host`` (on any port)."""
        with _lock:
            return _seen_on(self._read(), table, host)

    def kept_at(self, table: str, host: str, name: str) -> bool:
        """Whether a seat of ``name`` at ``table``, announced from the machine at ``host``, is
        kept here and no live client holds it: the token a client joining it would offer."""
        with _lock:
            data = self._read()
            return _seen_on(data, table, host) and _free(data, self.key(table, name)) is not None

    def kept(self, address: tuple[str, int], name: str) -> bool:
        """Whether a seat of ``name`` at the table last seen at ``address`` is kept here and
        no live client holds it: a window started again may take it back."""
        with _lock:
            data = self._read()
            table = data["at"].get(_where(address))
            return isinstance(table, str) and _free(data, self.key(table, name)) is not None

    def take(self, table: str, name: str) -> str | None:
        """The token kept for ``name`` at ``table``, now held by this client (until
        :meth:`release`); ``None`` if there is none or another live client holds it."""
        key = self.key(table, name)
        with _lock:
            data = self._read()
            token = _free(data, key)
            if token is None:
                return None
            _held.add(key)
            data["seats"][key] = {"token": token, "pid": os.getpid()}
            self._write(data)
            return token

    def keep(
        self, table: str, name: str, token: str | None, address: tuple[str, int] | None = None
    ) -> None:
        """Remember ``token`` (or forget it, for ``None``) as held by this client, and that
        ``table`` is at ``address``."""
        key = self.key(table, name)
        with _lock:
            data = self._read()
            seats = data["seats"]
            seats.pop(key, None)
            if token is None:
                _held.discard(key)
            else:
                _held.add(key)
                seats[key] = {"token": token, "pid": os.getpid()}
            if address is not None:
                data["at"].pop(_where(address), None)
                data["at"][_where(address)] = table
            self._write(data)

    def forget(self, table: str, name: str, token: str) -> None:
        """Forget ``token``, a seat given up; not the token of another client of the same
        name (a second window on this machine) kept under the same key since."""
        key = self.key(table, name)
        with _lock:
            data = self._read()
            entry = data["seats"].get(key)
            if isinstance(entry, dict) and entry.get("token") == token:
                del data["seats"][key]
                self._write(data)

    def release(self, table: str, name: str) -> None:
        """This client is done with the token (it stays on disk for the next start)."""
        key = self.key(table, name)
        with _lock:
            if key not in _held:
                return
            _held.discard(key)
            data = self._read()
            entry = data["seats"].get(key)
            if isinstance(entry, dict) and entry.get("pid") == os.getpid():
                data["seats"][key] = {"token": entry.get("token"), "pid": None}
                self._write(data)

    def _read(self) -> dict[str, dict[str, Any]]:
        """``{"seats": {name@table: {"token", "pid"}}, "at": {host:port: table}}``; what a
        file holds that is not that (damaged, or from before tables had keys) reads as empty."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            data = None
        parts = data if isinstance(data, dict) else {}
        return {
            part: found if isinstance(found := parts.get(part), dict) else {}
            for part in ("seats", "at")
        }

    def _write(self, data: dict[str, dict[str, Any]]) -> None:
        # The newest entries only (dicts keep their order: the oldest come first).
        data = {part: dict(list(entries.items())[-MAX_ENTRIES:]) for part, entries in data.items()}
        # Atomic: a reader in another process sees the old file or the new one, never half.
        temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.{threading.get_ident()}")
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # tokens are secrets
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1)
            os.replace(temp, self.path)


def _free(data: dict[str, dict[str, Any]], key: str) -> str | None:
    """The token ``data`` keeps under ``key``, if no client holds it: none of this process
    (``_held``, under the lock) and no other live process."""
    entry = data["seats"].get(key)
    if key in _held or not isinstance(entry, dict) or not isinstance(entry.get("token"), str):
        return None
    return None if running_elsewhere(entry.get("pid")) else entry["token"]


def _seen_on(data: dict[str, dict[str, Any]], table: str, host: str) -> bool:
    return any(at.rpartition(":")[0] == host and key == table for at, key in data["at"].items())


def _where(address: tuple[str, int]) -> str:
    return f"{address[0]}:{address[1]}"
