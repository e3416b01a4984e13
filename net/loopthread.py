"""An asyncio loop on a thread of its own, for callers that must never wait on the network.

The pygame loop, a menu starting a host, and the lobby browser each own
one; they hand it coroutines and read results through thread-safe objects
(python-chess's ``engine.py`` runs its engines the same way).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """A daemon thread running one event loop until :meth:`stop`."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()
        # Let whatever stop() cancelled finish its cleanup before the loop closes.
        pending = asyncio.all_tasks(self.loop)
        if pending:
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        self.loop.close()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        """Run ``coro`` on the loop; the returned future is safe to poll from any thread."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, fn: Callable[..., object], *args: object) -> None:
        """Call ``fn(*args)`` on the loop soon; returns at once."""
        self.loop.call_soon_threadsafe(fn, *args)

    def stop(self, timeout: float = 5.0) -> None:
        """Cancel what still runs, stop the loop and wait for the thread (idempotent)."""
        if not self.running:
            return

        def cancel_and_stop() -> None:
            for task in asyncio.all_tasks(self.loop):
                task.cancel()
            self.loop.stop()

        self.loop.call_soon_threadsafe(cancel_and_stop)
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout)
