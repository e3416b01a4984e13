"""A cache of drawn surfaces held to a budget of bytes, not a count of entries.

``functools.lru_cache(maxsize=N)`` suits images of one size. Rendered text is
not: one line of news is 0.2 MB at 1080p and 0.9 MB at 4K, and a TV left on
for an evening renders a new one every game, so 2,048 entries held 620 MB
there. :func:`by_bytes` keeps the most recently used surfaces whose pixels
fit the budget, and drops the least recently used beyond it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, NamedTuple, ParamSpec, TypeVar

import pygame

P = ParamSpec("P")
S = TypeVar("S", bound=pygame.Surface)


class CacheInfo(NamedTuple):
    """As ``functools.lru_cache``'s."""

    hits: int
    misses: int
    maxsize: int | None
    currsize: int


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SurfaceCache(Generic[P, S]):
    """``make`` with its results kept while their pixels fit ``budget`` bytes (the newest
    is kept whatever its size); ``cache_info`` and ``cache_clear`` as ``lru_cache`` has
    them (``maxsize`` is None: the budget is in bytes)."""

    def __init__(self, make: Callable[P, S], budget: int) -> None:
        self._make = make
        self.budget = budget
        self._held: OrderedDict[object, S] = OrderedDict()
        self.held_bytes = 0
        self._hits = self._misses = 0
        self._lock = threading.Lock()  # a worker may draw too (a snapshot, a preview)
        self.__doc__ = make.__doc__
        self.__wrapped__ = make

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> S:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        with self._lock:
            found = self._held.get(key)
            if found is not None:
                self._hits += 1
                self._held.move_to_end(key)
                return found
            self._misses += 1
        made = self._make(*args, **kwargs)
        with self._lock:
            if key not in self._held:
                self._held[key] = made
                self.held_bytes += _bytes(made)
            while self.held_bytes > self.budget and len(self._held) > 1:
                _, old = self._held.popitem(last=False)
                self.held_bytes -= _bytes(old)
        return made

    def cache_info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self._hits, self._misses, None, len(self._held))

    def cache_clear(self) -> None:
        with self._lock:
            self._held.clear()
            self.held_bytes = self._hits = self._misses = 0


def by_bytes(budget: int) -> Callable[[Callable[P, S]], SurfaceCache[P, S]]:
    """Decorate a function that draws a surface: its results are kept up to ``budget`` bytes."""

    def decorate(make: Callable[P, S]) -> SurfaceCache[P, S]:
        return SurfaceCache(make, budget)

    return decorate
