"""Finding tables on the LAN with zeroconf (mDNS/DNS-SD), as python-zeroconf's async examples do.

``Advertiser`` publishes one host as ``_kotatsu._tcp.local.`` and refreshes its TXT record as
seats fill; ``Browser`` watches for tables and reports them through callbacks as they appear,
change and disappear. Both keep references to the tasks they start and close everything.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from zeroconf import (
    DNSQuestionType,
    InterfaceChoice,
    IPVersion,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
    get_all_addresses,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

import engine

from ..table.settings import SETTINGS
from ..wire.messages import PROTOCOL_VERSION, clean_text

if TYPE_CHECKING:
    from .host import Host

SERVICE_TYPE = "_kotatsu._tcp.local."
_LABEL_LIMIT = 40  # DNS labels are at most 63 bytes; leave room for a conflict suffix


@dataclass(frozen=True)
class TableInfo:
    """One advertised table, from its TXT record and address."""

    key: str  # the service instance name, stable while the table lives
    name: str
    game: str
    variant: str
    taken: int
    seats: int
    password: bool
    version: int
    address: str
    port: int
    #: the table's options that differ from the game's defaults, checked by the game
    options: tuple[tuple[str, Any], ...] = ()
    #: the table's settings (hints, clock, bank, takebacks) as its ``table`` info says them
    settings: tuple[tuple[str, Any], ...] = ()

    @property
    def endpoint(self) -> str:
        return f"{self.address}:{self.port}"


ANY_ADDRESS = ("0.0.0.0", "::", "")


def interfaces_for(bind: str | None) -> Any:
    if bind and bind not in ANY_ADDRESS:
        return [bind]
    return InterfaceChoice.All


def advertised_addresses(bind: str | None) -> list[bytes]:
    """The IPv4 addresses to publish: the bound one, or every non-loopback one we have."""
    if bind and bind not in ANY_ADDRESS:
        try:
            return [socket.inet_aton(bind)]
        except OSError:
            raise ValueError(f"discovery is IPv4 only; cannot advertise {bind}") from None
    found = [a for a in get_all_addresses() if not a.startswith("127.")]
    return [socket.inet_aton(a) for a in (found or ["127.0.0.1"])]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (what the doors' banners print)."""
    return [a for a in get_all_addresses() if not a.startswith("127.")]


def table_properties(host: Host) -> dict[str, str]:
    """The TXT record of a host: protocol, game, variant, seats taken/total, name, password,
    the game's options and the table's settings."""
    rules = host.table.rules
    variant = rules.game.options.get("variant", "")
    if isinstance(variant, list | tuple):
        variant = ",".join(map(str, variant))
    return {
        "v": str(PROTOCOL_VERSION),
        "game": rules.game_name,
        "variant": str(variant or ""),
        "seats": f"{rules.seating.taken_count}/{len(rules.seating)}",
        "name": rules.name,
        "pw": "1" if rules.locked else "0",
        "opts": options_text(rules.game_name, rules.game.options),
        "set": settings_text(rules.info),
    }


def settings_text(info: dict[str, Any]) -> str:
    """The declared settings a table tells everyone who connects (its ``hello``'s ``table``
    info), for the lobbies: ``hints=1 clock=30 bank=60 takebacks=ask`` (clock ``off``: none;
    one ``key=value`` a setting of net/table/settings.py ``SETTINGS``, each as its kind
    writes it)."""
    return " ".join(f"{s.key}={s.kind.text(info.get(s.key, s.default))}" for s in SETTINGS)


def settings_of(text: str) -> tuple[tuple[str, Any], ...]:
    """An advertised ``set`` back; a value that is not one a table can have is left out."""
    pairs = dict(pair.partition("=")[::2] for pair in text.split()[: 2 * len(SETTINGS)])
    out: list[tuple[str, Any]] = []
    for each in SETTINGS:
        if each.key in pairs:
            with contextlib.suppress(ValueError):
                out.append((each.key, each.kind.parse(pairs[each.key])))
    return tuple(out)


OPTIONS_LIMIT = 200  # bytes of the TXT record's "opts" (a TXT string holds 255)


def _typed(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_text(game: str, options: dict[str, Any]) -> str:
    """The options that differ from the game's defaults: ``variant=ace rounds=3``."""
    schema = engine.GAMES[game].OPTIONS if game in engine.GAMES else {}
    pairs = []
    for key, value in options.items():
        option = schema.get(key)
        if option is None or value is None or _same(value, option.default):
            continue
        pairs.append(f"{key}={_typed(value)}")
    text = " ".join(pairs)
    while len(text.encode("utf-8")) > OPTIONS_LIMIT:
        text = text.rpartition(" ")[0]  # whole pairs only
    return text


def _same(value: Any, default: Any) -> bool:
    listed = (list, tuple)
    if isinstance(value, listed) and isinstance(default, listed):
        return list(value) == list(default)
    return bool(value == default)


def options_of(game: str, text: str) -> tuple[tuple[str, Any], ...]:
    """An advertised ``opts`` back, checked by the game's own option checks (anything it
    does not accept is left out: a hostile record shows nothing wrong)."""
    schema = engine.GAMES[game].OPTIONS if game in engine.GAMES else {}
    out = []
    for pair in text.split()[:32]:
        key, sep, value = pair.partition("=")
        option = schema.get(key)
        if not sep or option is None:
            continue
        try:
            checked = option.check(value)
        except (ValueError, TypeError):
            continue
        if not _same(checked, option.default):
            out.append((key, tuple(checked) if isinstance(checked, list) else checked))
    return tuple(out)


def instance_label(name: str) -> str:
    label = clean_text(name, _LABEL_LIMIT).replace(".", " ").strip()
    while len(label.encode("utf-8")) > _LABEL_LIMIT:
        label = label[:-1]
    return label or "kotatsu table"


# How long a table's address (its SRV and A records) lives in the lobbies' caches before they
# must ask for it again. A table's name lives far longer (python-zeroconf keeps a name at least
# 1125 s whatever its host says), so a host gone without a goodbye (killed, unplugged) would be
# listed for twenty minutes: the lobbies ask each listed table for its address again once this
# has run out (``Browser``), and drop the tables that no longer answer.
TABLE_TTL = 120  # s


class Advertiser:
    """Publishes one host on the LAN until closed (``ttl``: its address's life, in s)."""

    def __init__(
        self, host: Host, port: int, bind: str | None = None, ttl: int = TABLE_TTL
    ) -> None:
        self.host = host
        self.port = port
        self.bind = bind
        self.ttl = ttl
        self.zeroconf: AsyncZeroconf | None = None
        self.info: ServiceInfo | None = None
        self._tasks: set[asyncio.Task] = set()
        self._dirty = asyncio.Event()

    async def start(self) -> None:
        self.zeroconf = AsyncZeroconf(
            interfaces=interfaces_for(self.bind), ip_version=IPVersion.V4Only
        )
        self.info = self._service_info()
        registered = await self.zeroconf.async_register_service(self.info, allow_name_change=True)
        await registered  # the first awaits the queueing, this one the announcement
        self.host.listeners.append(self._changed)
        task = asyncio.get_running_loop().create_task(self._refresh())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _service_info(self) -> ServiceInfo:
        label = instance_label(self.host.table.rules.name)
        return ServiceInfo(
            SERVICE_TYPE,
            f"{label}.{SERVICE_TYPE}",
            addresses=advertised_addresses(self.bind),
            port=self.port,
            properties=table_properties(self.host),
            server=f"kotatsu-{secrets.token_hex(4)}.local.",
            host_ttl=self.ttl,
        )

    def _changed(self, _host: Host) -> None:
        self._dirty.set()

    async def _refresh(self) -> None:
        """Coalesce seating changes into TXT updates (one in flight at a time)."""
        while True:
            await self._dirty.wait()
            self._dirty.clear()
            if self.zeroconf is None or self.info is None:
                return
            properties = table_properties(self.host)
            if properties == {
                k.decode(): (v or b"").decode() for k, v in self.info.properties.items()
            }:
                continue
            self.info = ServiceInfo(
                SERVICE_TYPE,
                self.info.name,
                addresses=self.info.addresses,
                port=self.port,
                properties=properties,
                server=self.info.server,
                host_ttl=self.ttl,
            )
            with contextlib.suppress(Exception):
                await (await self.zeroconf.async_update_service(self.info))

    async def close(self) -> None:
        if self._changed in self.host.listeners:
            self.host.listeners.remove(self._changed)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await withdraw(self.zeroconf, self.info)
        self.zeroconf = None


async def withdraw(zeroconf: AsyncZeroconf | None, info: ServiceInfo | None) -> None:
    """Unregister ``info`` (if it was registered) and close ``zeroconf``, never raising on the
    way out."""
    if zeroconf is None:
        return
    with contextlib.suppress(Exception):
        if info is not None:
            await (await zeroconf.async_unregister_service(info))
    await zeroconf.async_close()


def text_properties(info: ServiceInfo) -> dict[str, str]:
    """A service's TXT properties as text."""
    return {
        k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
        for k, v in (info.properties or {}).items()
    }


def parse_table(info: ServiceInfo) -> TableInfo | None:
    """A TableInfo from a resolved service, or None if it does not look like one of ours."""
    props = text_properties(info)
    taken, _, seats = props.get("seats", "").partition("/")
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not (taken.isdigit() and seats.isdigit() and props.get("v", "").isdigit() and addresses):
        return None
    if not info.port:
        return None
    try:
        ipaddress.ip_address(addresses[0])
    except ValueError:
        return None
    return TableInfo(
        key=info.name,
        name=clean_text(props.get("name", ""), 64) or info.name.split(".")[0],
        game=clean_text(props.get("game", ""), 16),
        variant=clean_text(props.get("variant", ""), 64),
        taken=int(taken),
        seats=int(seats),
        password=props.get("pw") == "1",
        version=int(props["v"]),
        address=addresses[0],
        port=info.port,
        options=options_of(clean_text(props.get("game", ""), 16), props.get("opts", "")[:255]),
        settings=settings_of(props.get("set", "")[:255]),
    )


# Every question is asked for a multicast answer (QM). A first question asking for a unicast
# answer (QU, zeroconf's default) is answered to port 5353 of the asker's address, and where
# several programs share that port on one machine (a door's sessions, two terminals, the
# tests) the kernel hands the answer to any one of them: the asker may never see it, and
# the others, who heard the question, wait for an answer that never comes their way.
ASK = DNSQuestionType.QM
RESOLVE_TIMEOUTS = (3000, 3000, 6000)  # ms: a table's details, asked for up to three times
ALIVE_EVERY = 20.0  # s between two looks at whether the listed tables still answer
ALIVE_TIMEOUTS = (3000, 3000)  # ms: a listed table is dropped when both go unanswered
# zeroconf asks who is there four times in the first 14 s, then only as names run out (after
# twenty minutes and more): a table whose answers were all lost (multicast over Wi-Fi loses
# packets) would stay unlisted that long. The lobby asks afresh this often.
ASK_AGAIN_EVERY = 60.0  # s


class Browser:
    """Watches the LAN for tables: ``on_added(table)`` for new or changed tables,
    ``on_removed(key)`` when one goes away (a goodbye, or no answer once its address ran
    out: every ``alive_every`` seconds the listed tables are looked at, each asked at most
    for ``alive_timeouts`` ms)."""

    def __init__(
        self,
        on_added: Callable[[TableInfo], None],
        on_removed: Callable[[str], None],
        bind: str | None = None,
        alive_every: float = ALIVE_EVERY,
        alive_timeouts: tuple[int, ...] = ALIVE_TIMEOUTS,
        ask_again_every: float = ASK_AGAIN_EVERY,
    ) -> None:
        self.on_added = on_added
        self.on_removed = on_removed
        self.bind = bind
        self.alive_every = alive_every
        self.alive_timeouts = alive_timeouts
        self.ask_again_every = ask_again_every
        self.zeroconf: AsyncZeroconf | None = None
        self.browser: AsyncServiceBrowser | None = None
        self.tables: dict[str, TableInfo] = {}
        self._resolving: dict[str, asyncio.Task] = {}
        self._tasks: set[asyncio.Task] = set()

    async def start(self) -> None:
        self.zeroconf = AsyncZeroconf(
            interfaces=interfaces_for(self.bind), ip_version=IPVersion.V4Only
        )
        self._browse()
        self._keep(self._watch_alive())
        self._keep(self._ask_again())

    def _browse(self) -> None:
        """A fresh zeroconf browser: it asks who is there at once (and a few times more),
        and tells again of every table it has heard of (each resolved from the cache)."""
        assert self.zeroconf is not None
        self.browser = AsyncServiceBrowser(
            self.zeroconf.zeroconf, SERVICE_TYPE, handlers=[self._on_change], question_type=ASK
        )

    async def _ask_again(self) -> None:
        """Every ``ask_again_every`` seconds, ask afresh who is there (``ASK_AGAIN_EVERY``)."""
        while True:
            await asyncio.sleep(self.ask_again_every)
            if self.zeroconf is None or self.browser is None:
                return
            browser, self.browser = self.browser, None
            await browser.async_cancel()
            if self.zeroconf is not None:
                self._browse()

    def _keep(self, coro: Any) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _watch_alive(self) -> None:
        """Drop the listed tables that no longer answer. A table's address is answered from
        the cache (nothing sent) until it runs out (``TABLE_TTL``); then it is asked for, and
        a host that is gone without a goodbye does not answer."""
        while True:
            await asyncio.sleep(self.alive_every)
            zeroconf = self.zeroconf
            if zeroconf is None:
                return
            for name in [n for n in self.tables if n not in self._resolving]:
                gone = not await self._answers(zeroconf.zeroconf, name)
                # a change heard meanwhile is newer news than the silence
                if gone and name not in self._resolving and name in self.tables:
                    del self.tables[name]
                    self.on_removed(name)

    async def _answers(self, zeroconf: Zeroconf, name: str) -> bool:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        for timeout in self.alive_timeouts:
            if await info.async_request(zeroconf, timeout, question_type=ASK):
                return True
        return False

    def _on_change(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        """Called by zeroconf synchronously: schedule the async work, keep the task (one
        resolution of a name at a time: the newest change restarts it)."""
        if (pending := self._resolving.pop(name, None)) is not None:
            pending.cancel()
        if state_change is ServiceStateChange.Removed:
            if self.tables.pop(name, None) is not None:
                self.on_removed(name)
            return
        task = self._keep(self._resolve(zeroconf, service_type, name))
        self._resolving[name] = task
        task.add_done_callback(lambda done: self._forget(name, done))

    def _forget(self, name: str, task: asyncio.Task) -> None:
        if self._resolving.get(name) is task:
            del self._resolving[name]

    async def _resolve(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        """Ask for the table's details until they come: an answer lost on a busy machine
        is asked for again (zeroconf would not tell of the name a second time)."""
        info = AsyncServiceInfo(service_type, name)
        for timeout in RESOLVE_TIMEOUTS:
            if await info.async_request(zeroconf, timeout, question_type=ASK):
                break
        else:
            return
        table = parse_table(info)
        if table is not None and self.tables.get(name) != table:
            self.tables[name] = table
            self.on_added(table)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.browser is not None:
            await self.browser.async_cancel()
            self.browser = None
        if self.zeroconf is not None:
            await self.zeroconf.async_close()
            self.zeroconf = None


async def find_tables(timeout: float, bind: str | None = None) -> list[TableInfo]:
    """Every table seen within ``timeout`` seconds (for ``kotatsu list``). A table seen in
    the window whose details are still on their way is waited for (at most the 3 s bound of
    one request), not dropped: on a busy machine the answer often comes just after."""
    browser = Browser(lambda table: None, lambda key: None, bind)
    await browser.start()
    try:
        await asyncio.sleep(timeout)
        if browser._resolving:
            pending = list(browser._resolving.values())
            await asyncio.wait(pending, timeout=RESOLVE_TIMEOUTS[0] / 1000)
        return sorted(browser.tables.values(), key=lambda t: (t.name, t.key))
    finally:
        await browser.close()


def lan_address(bind: str = "0.0.0.0") -> str:
    """The address others on the LAN reach us at (a UDP connect sends no packet)."""
    if bind not in ("0.0.0.0", "::", ""):
        return bind
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
