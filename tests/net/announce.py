"""Made-up tables announced on loopback by a process of their own until it is killed, as a
stranger on the LAN could: :func:`announce` starts one, :func:`properties` makes what a table
announces. ``python -m tests.net.announce '[{"name", "port", "properties", "host_ttl"}, …]'``
prints ``announced`` once all are."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys

from zeroconf import IPVersion, ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

from net.discovery import SERVICE_TYPE
from net.protocol import PROTOCOL_VERSION
from tests.net.conftest import LOOPBACK


def properties(**fields: str) -> dict[str, str]:
    """A table's announcement as a host makes it, but for ``fields``."""
    base = {"v": str(PROTOCOL_VERSION), "name": "Den", "variant": "goff", "open": "X,O"}
    return {**base, "spectators": "0", "limit": "16", "running": "0", "key": "ab12", **fields}


def announce(tables: list[dict[str, object]]) -> subprocess.Popen[str]:
    """A stranger's process announcing ``tables`` (tests/net/announce.py) until killed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.net.announce", json.dumps(tables)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline() == "announced\n"
    return process


async def main(tables: list[dict[str, object]]) -> None:
    zc = AsyncZeroconf(interfaces=[LOOPBACK], ip_version=IPVersion.V4Only)
    infos = [
        ServiceInfo(
            SERVICE_TYPE,
            f"{table['name']}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(LOOPBACK)],
            port=int(table["port"]),  # type: ignore[call-overload]
            properties=table["properties"],  # type: ignore[arg-type]
            server=f"stranger-{i}.local.",
            host_ttl=int(table.get("host_ttl", 120)),  # type: ignore[call-overload]
        )
        for i, table in enumerate(tables)
    ]
    # Unprobed (a stranger does not ask first): probing takes a second a table.
    await asyncio.gather(
        *[await zc.async_register_service(info, cooperating_responders=True) for info in infos]
    )
    print("announced", flush=True)
    await asyncio.Event().wait()  # until killed: no goodbye is sent


if __name__ == "__main__":
    asyncio.run(main(json.loads(sys.argv[1])))
