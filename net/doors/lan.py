"""The doors on the LAN: ``kotatsu serve`` (SSH) and ``kotatsu web`` (a browser), ways in for
players with nothing installed, advertised next to the tables (net/doors/discovery.py) and listed by
``kotatsu list``."""

from __future__ import annotations

import asyncio
import secrets
import socket
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from ..wire.messages import PROTOCOL_VERSION, clean_text
from .discovery import (
    ANY_ADDRESS,
    ASK,
    advertised_addresses,
    instance_label,
    interfaces_for,
    text_properties,
    withdraw,
)

SSH_SERVICE_TYPE = "_kotatsu-ssh._tcp.local."
WEB_SERVICE_TYPE = "_kotatsu-web._tcp.local."
DOOR_TYPES = {"ssh": SSH_SERVICE_TYPE, "web": WEB_SERVICE_TYPE}


@dataclass(frozen=True)
class SshServerInfo:
    """One advertised door: ``kotatsu serve`` (kind "ssh": where to point ``ssh``) or
    ``kotatsu web`` (kind "web": the address to open in a browser)."""

    key: str
    name: str
    password: bool
    address: str
    port: int
    kind: str = "ssh"

    @property
    def command(self) -> str:
        if self.kind == "web":
            return f"http://{self.address}:{self.port}/"
        return f"ssh -p {self.port} {self.address}"


class SshAdvertiser:
    """Publishes one door (``kind`` "ssh" or "web") on the LAN until closed."""

    def __init__(
        self, port: int, bind: str | None = None, *, closed: bool = False, kind: str = "ssh"
    ) -> None:
        self.port = port
        self.bind = bind if bind not in ANY_ADDRESS else None
        self.closed = closed  # a password or keys are needed
        self.kind = kind
        self.zeroconf: AsyncZeroconf | None = None
        self.info: ServiceInfo | None = None

    async def start(self) -> None:
        self.zeroconf = AsyncZeroconf(
            interfaces=interfaces_for(self.bind), ip_version=IPVersion.V4Only
        )
        service = DOOR_TYPES[self.kind]
        name = instance_label(f"kotatsu {self.kind} on {socket.gethostname()}")
        self.info = ServiceInfo(
            service,
            f"{name}.{service}",
            addresses=advertised_addresses(self.bind),
            port=self.port,
            properties={
                "v": str(PROTOCOL_VERSION),
                "name": name,
                "pw": "1" if self.closed else "0",
            },
            server=f"kotatsu-{secrets.token_hex(4)}.local.",
        )
        await (await self.zeroconf.async_register_service(self.info, allow_name_change=True))

    async def close(self) -> None:
        await withdraw(self.zeroconf, self.info)
        self.zeroconf = None


def parse_ssh_server(info: ServiceInfo, kind: str = "ssh") -> SshServerInfo | None:
    """An SshServerInfo from a resolved service, or None if it is not one of ours."""
    props = text_properties(info)
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not (addresses and info.port and props.get("v", "").isdigit()):
        return None
    return SshServerInfo(
        key=info.name,
        name=clean_text(props.get("name", ""), 64) or info.name.split(".")[0],
        password=props.get("pw") == "1",
        address=addresses[0],
        port=info.port,
        kind=kind,
    )


async def find_ssh_servers(
    timeout: float, bind: str | None = None, kinds: tuple[str, ...] = ("ssh",)
) -> list[SshServerInfo]:
    """Every door of ``kinds`` seen within ``timeout`` seconds (for ``kotatsu list``)."""
    names: set[tuple[str, str]] = set()
    kind_of = {service: kind for kind, service in DOOR_TYPES.items()}

    def seen(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            names.discard((service_type, name))
        else:
            names.add((service_type, name))

    aiozc = AsyncZeroconf(interfaces=interfaces_for(bind), ip_version=IPVersion.V4Only)
    types = [DOOR_TYPES[kind] for kind in kinds]
    browser = AsyncServiceBrowser(aiozc.zeroconf, types, handlers=[seen], question_type=ASK)
    try:
        await asyncio.sleep(timeout)
        found = []
        for service_type, name in sorted(names):
            info = AsyncServiceInfo(service_type, name)
            if await info.async_request(aiozc.zeroconf, 1000, question_type=ASK):
                server = parse_ssh_server(info, kind_of[service_type])
                if server is not None:
                    found.append(server)
        return found
    finally:
        await browser.async_cancel()
        await aiozc.async_close()
