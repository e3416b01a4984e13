"""Finding tables on the LAN with zeroconf (mDNS service type ``_qttt._tcp.local.``).

A host announces its table with an :class:`Advertiser`; its TXT properties
carry what the lobby shows (:class:`TableView`). The lobby browses with
:class:`LobbyBrowser` (a thread of its own; :meth:`LobbyBrowser.tables` never
blocks) and scripts with :func:`browse`. Both follow python-zeroconf's own
examples (``async_registration.py``, ``async_browser.py``): registration
allows a name change when two tables share a name, browser handlers only
schedule work, and the browser is always cancelled and the instance closed.

Questions are asked with ``DNSQuestionType.QM`` (multicast answers), so two
programs on one machine (a host and a lobby) both hear every answer at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import re
import threading
import uuid
from collections.abc import Coroutine
from dataclasses import asdict, dataclass

import ifaddr
from zeroconf import (
    DNSQuestionType,
    InterfaceChoice,
    IPVersion,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from game.rules import VARIANTS, RulesError, Variant, make_variant
from net.loopthread import LoopThread
from net.protocol import PROTOCOL_VERSION, SIDES, tidy_name

SERVICE_TYPE = "_qttt._tcp.local."
# A table's key as hosts make them (net.table: hex), or none from an older host.
_KEY = re.compile(r"[0-9A-Za-z_-]{0,64}")
_MOST = 100_000  # spectators a lobby believes a table has
_PORTS = range(1, 65536)
_NAME_BYTES = 200  # of a table's name in its announcement
RECHECK = 30.0  # seconds between two looks at a table already listed
ANY = "0.0.0.0"
_RESOLVE_MS = 3000
# TXT updates (a spectator arrives, a move starts the game) are sent at most this often.
_UPDATE_EVERY = 0.25


@dataclass(frozen=True, slots=True)
class TableView:
    """What the lobby shows of a table, as its host announces it."""

    name: str
    variant: str
    open_seats: tuple[str, ...]
    spectators: int
    spectator_limit: int
    running: bool
    key: str  # the table's identity (net.seats): the same after a restart elsewhere
    size: int | None  # an n×n board's side; ``None`` for other rules (or an older host)

    def properties(self) -> dict[str, str]:
        return {
            "v": str(PROTOCOL_VERSION),
            # A TXT string holds at most 255 bytes with its key; a table name needs far fewer.
            "name": self.name.encode()[:_NAME_BYTES].decode(errors="ignore"),
            "variant": self.variant,
            "open": ",".join(self.open_seats),
            "spectators": str(self.spectators),
            "limit": str(self.spectator_limit),
            "running": "1" if self.running else "0",
            "key": self.key,
        } | ({} if self.size is None else {"size": str(self.size)})

    # Static, not a classmethod: a FoundTable (a view plus an address) is never built from TXT.
    @staticmethod
    def from_properties(props: dict[bytes, bytes | None]) -> TableView | None:
        """The view a TXT record carries; ``None`` if it is not a table of this protocol, or
        says what no host says (anyone on the LAN can announce anything: it reaches a screen
        and a terminal)."""
        try:
            text = {k.decode(): (v or b"").decode() for k, v in props.items()}
            if text.get("v") != str(PROTOCOL_VERSION):
                return None
            view = TableView(
                name=tidy_name(text["name"], _NAME_BYTES),
                variant=text["variant"],
                open_seats=tuple(s for s in SIDES if s in text["open"].split(",")),
                spectators=_count(text["spectators"]),
                spectator_limit=_count(text["limit"]),
                running=text["running"] == "1",
                key=text.get("key", ""),
                size=int(text["size"]) if "size" in text else None,
            )
            # A size its rules do not take (or too big for them) is none a host announces.
            if view.size is not None and view.rules().options().get("size") != view.size:
                return None
        except (KeyError, ValueError, RulesError):
            return None
        if not view.name or view.variant not in VARIANTS or not _KEY.fullmatch(view.key):
            return None
        return view

    def rules(self) -> Variant:
        """The rules the table is played by, as far as the announcement says (an n×n board of
        an older host, which does not say its size, reads as the default 4×4)."""
        return make_variant(self.variant, {} if self.size is None else {"size": self.size})


@dataclass(frozen=True, slots=True)
class FoundTable(TableView):
    """A table seen in the lobby (its announced view), and where to join it.

    The address is what ``net.session.NetworkSession`` connects to.
    """

    host: str
    port: int
    service: str  # the mDNS instance name: unique on the LAN, even when names clash

    @property
    def address(self) -> tuple[str, int]:
        return self.host, self.port

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback: what a host announces for real play."""
    # From ifaddr, as python-zeroconf asks now that its get_all_addresses is deprecated.
    found = {ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4}
    return sorted(a for a in found if not ipaddress.ip_address(a).is_loopback)


def _interfaces(bind: str | None) -> InterfaceChoice | list[str]:
    return InterfaceChoice.All if bind in (None, ANY) else [bind]


class _Tasks:
    """Work started on the event loop, held until done (the loop keeps only weak references
    to tasks), all cancelled by :meth:`cancel`."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[None]] = set()

    def spawn(self, coro: Coroutine[object, object, None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(coro)
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return task

    async def cancel(self) -> None:
        for task in self._running:
            task.cancel()
        await asyncio.gather(*self._running, return_exceptions=True)


class Advertiser:
    """Announces one table while it lives; :meth:`update` re-announces its TXT properties.

    Registration (mDNS probing, about 1.2 s) runs in the background, so a host
    accepts players at once.
    """

    def __init__(self, bind: str) -> None:
        self.addresses = lan_addresses() if bind == ANY else [bind]
        self._bind = bind
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._view: TableView | None = None
        self._registered = asyncio.Event()
        self._tasks = _Tasks()
        self._dirty = False

    async def start(self, name: str, port: int, view: TableView) -> None:
        """Begin announcing; does nothing when there is no address to announce."""
        if not self.addresses:
            return
        self._zc = AsyncZeroconf(interfaces=_interfaces(self._bind), ip_version=IPVersion.V4Only)
        self._view = view
        # A unique host name per table: several hosts may run on one machine.
        self._server = f"qttt-{uuid.uuid4().hex[:12]}.local."
        self._port = port
        self._info = self._service_info(f"{_instance(name)}.{SERVICE_TYPE}", view)
        self._tasks.spawn(self._register())

    def update(self, view: TableView) -> None:
        """Announce ``view`` soon (at most every 0.25 s); never waits."""
        if self._zc is None or view == self._view:
            return
        self._view = view
        if not self._dirty:
            self._dirty = True
            self._tasks.spawn(self._send_update())

    async def close(self) -> None:
        await self._tasks.cancel()
        if self._zc is None:
            return
        if self._registered.is_set() and self._info:
            with contextlib.suppress(Exception):
                # The goodbye goes out in a task: await it too, or closing cuts it off.
                await (await self._zc.async_unregister_service(self._info))
        await self._zc.async_close()
        self._zc = None

    @property
    def service(self) -> str | None:
        """The instance name announced (it may differ from the table's name after a clash)."""
        return self._info.name if self._info and self._registered.is_set() else None

    def _service_info(self, instance: str, view: TableView) -> AsyncServiceInfo:
        return AsyncServiceInfo(
            SERVICE_TYPE,
            instance,
            port=self._port,
            properties=view.properties(),
            server=self._server,
            parsed_addresses=self.addresses,
        )

    async def _register(self) -> None:
        assert self._zc and self._info
        await (await self._zc.async_register_service(self._info, allow_name_change=True))
        self._registered.set()

    async def _send_update(self) -> None:
        await self._registered.wait()
        await asyncio.sleep(_UPDATE_EVERY)
        self._dirty = False
        assert self._zc and self._info and self._view
        self._info = self._service_info(self._info.name, self._view)
        await (await self._zc.async_update_service(self._info))


def _count(text: str) -> int:
    """A count from TXT, a ValueError unless it is a plain one a host would send."""
    if not text.isdigit() or int(text) > _MOST:
        raise ValueError(text)
    return int(text)


def _instance(name: str) -> str:
    # An mDNS instance label is at most 63 bytes of no control characters (zeroconf refuses
    # them: a tab in --name ended the host), and dots would split it.
    label = tidy_name(name.replace(".", " ")) or "table"
    return label.encode()[:63].decode(errors="ignore")


class _Browse:
    """The tables heard so far on one event loop; ``found`` is guarded by a lock.

    A table goes when its host says goodbye. A host that cannot (killed, unplugged) stays
    announced for as long as its pointer record lives (75 minutes), so every ``recheck``
    seconds each announced table is resolved again: once its host's address records (2
    minutes) have run out unanswered, that fails and the table goes until it answers again.
    """

    def __init__(self, bind: str | None, recheck: float = RECHECK) -> None:
        self._bind = bind
        self._recheck = recheck
        self._lock = threading.Lock()
        self._found: dict[str, FoundTable] = {}
        self._announced: set[str] = set()  # every name announced and not yet said goodbye to
        self._resolving: dict[str, asyncio.Task[None]] = {}  # the look under way at each name
        self._again: set[str] = set()  # names that changed while being looked at
        self._tasks = _Tasks()
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name.lower(), t.service))

    async def start(self) -> None:
        self._zc = AsyncZeroconf(interfaces=_interfaces(self._bind), ip_version=IPVersion.V4Only)
        self._browser = AsyncServiceBrowser(
            self._zc.zeroconf,
            [SERVICE_TYPE],
            handlers=[self._on_change],
            question_type=DNSQuestionType.QM,
        )
        self._tasks.spawn(self._rechecking())

    async def close(self) -> None:
        if self._browser:
            await self._browser.async_cancel()
        await self._tasks.cancel()
        if self._zc:
            await self._zc.async_close()

    def _on_change(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        # A handler only schedules work (it runs inside zeroconf's own processing).
        self._look(name, state_change is not ServiceStateChange.Removed)

    def _look(self, name: str, present: bool) -> None:
        """Resolve ``name`` afresh (``present``), or forget it. A look under way at a table
        that changes is looked again once done (a busy table changes faster than an answer
        comes); at a table that leaves, it is dropped, so a late answer cannot bring it back."""
        if present:
            self._announced.add(name)
            if name in self._resolving:
                self._again.add(name)
            else:
                self._resolving[name] = self._tasks.spawn(self._resolve(name))
            return
        self._announced.discard(name)
        self._again.discard(name)
        if (under_way := self._resolving.pop(name, None)) is not None:
            under_way.cancel()
        with self._lock:
            self._found.pop(name, None)

    async def _rechecking(self) -> None:
        while True:
            await asyncio.sleep(self._recheck)
            for name in self._announced - self._resolving.keys():
                self._look(name, True)

    async def _resolve(self, name: str) -> None:
        assert self._zc is not None
        try:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            heard = await info.async_request(
                self._zc.zeroconf, _RESOLVE_MS, question_type=DNSQuestionType.QM
            )
            view = TableView.from_properties(info.properties) if heard else None
            addresses = info.parsed_addresses(IPVersion.V4Only)
            with self._lock:
                if view is None or not addresses or info.port not in _PORTS:
                    # Not (or no longer) a table one can join: a host gone, or a stranger's.
                    self._found.pop(name, None)
                else:
                    self._found[name] = FoundTable(
                        **asdict(view), host=addresses[0], port=info.port, service=name
                    )
        finally:
            if self._resolving.get(name) is asyncio.current_task():
                del self._resolving[name]
                if name in self._again:
                    self._again.discard(name)
                    self._look(name, True)


async def browse(timeout: float, bind: str | None = None) -> list[FoundTable]:
    """Every table heard within ``timeout`` seconds."""
    lobby = _Browse(bind)
    await lobby.start()
    try:
        await asyncio.sleep(timeout)
        return lobby.tables()
    finally:
        await lobby.close()


class LobbyBrowser:
    """The lobby's live list of tables, browsed on a thread of its own.

    ``bind``: the interface address to browse on (``None``: every interface).
    """

    def __init__(self, bind: str | None = None, recheck: float = RECHECK) -> None:
        self._browse = _Browse(bind, recheck)
        self._thread = LoopThread("qttt-lobby")
        self._thread.submit(self._browse.start()).result(10.0)

    def tables(self) -> list[FoundTable]:
        """The tables present now, sorted by name; never blocks."""
        return self._browse.tables()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._thread.submit(self._browse.close()).result(5.0)
        self._thread.stop()
