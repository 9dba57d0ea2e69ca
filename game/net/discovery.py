"""Tables on the local network, found by themselves: the host advertises its table over mDNS
(DNS-SD, the `zeroconf` library) as a service of type `_chaintable._tcp.local.`, and a joining
app browses for them. The service's TXT properties say the table's room code, game, the host's
name, its open seats and the protocol version; its address and port are the table server's.

Neither side ever raises into the screens nor makes them wait: the network's work runs in a
background thread of each, and a machine with no network, or one whose network does not let
multicast through, gets an empty list and the reason in `problem` (joining by address still
works there). What a stranger on the network advertises under our type is read with suspicion:
a service whose properties are not a table's is left out."""

from __future__ import annotations

import logging
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from ..files import clean_name
from ..registry import GAMES
from ..session import NAME_LIMIT
from .hosting import PROTOCOL
from .hosting import ROOM_CODE_LENGTH, ROOM_LETTERS

SERVICE_TYPE = "_chaintable._tcp.local."
EVERY_ADDRESS = ("0.0.0.0", "")  # a table server listening on these listens on every address
MOST_SEATS = 8  # more open seats than any game has: a service claiming more is not a table
LOOK_UP_MS = 3000  # how long the browser asks for a table's details at once
LOOK_UP_TRIES = 3  # times it asks before leaving the table out (a busy network or computer answers late)
NO_MULTICAST = "Tables on the local network cannot be looked for here ({}): join by address and room code."
NOT_ADVERTISED = "Not advertised on the local network ({}): players join by address and room code."
NO_NETWORK = "this computer is on no network"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FoundTable:
    name: str  # the host's
    address: str
    port: int
    room: str
    game: str  # the game's registry name
    open_seats: int


def table_properties(name: str, room: str, game: str, open_seats: int) -> dict[str, str]:
    """The TXT properties a table is advertised with."""
    return {"room": room, "game": game, "name": clean_name(name, NAME_LIMIT), "open": str(open_seats),
            "version": str(PROTOCOL)}


def read_properties(properties: dict) -> dict[str, str] | None:
    """The TXT properties of a service as text, or None when they are not a table's of this
    protocol: a key missing, not UTF-8, another version, an unknown game, a room code or a count
    of seats that cannot be."""
    try:
        text = {key.decode(): value.decode() for key, value in properties.items() if value is not None}
    except (AttributeError, UnicodeDecodeError):
        return None
    if text.get("version") != str(PROTOCOL) or not text.keys() >= {"room", "game", "name", "open"}:
        return None
    room, seats = text["room"], text["open"]
    if len(room) != ROOM_CODE_LENGTH or not set(room) <= set(ROOM_LETTERS):
        return None
    if text["game"] not in {game.name for game in GAMES}:
        return None
    if not (seats.isascii() and seats.isdigit() and int(seats) <= MOST_SEATS):
        return None
    return text


def found_table(info: ServiceInfo) -> FoundTable | None:
    """The table a service stands for, or None when it is not one (garbage is left out)."""
    properties = read_properties(info.properties or {})
    addresses = info.parsed_addresses(IPVersion.V4Only) or info.parsed_addresses()
    if properties is None or not addresses or not 0 < (info.port or 0) < 65536:
        return None
    return FoundTable(name=clean_name(properties["name"], NAME_LIMIT) or "A player", address=addresses[0],
                      port=info.port, room=properties["room"], game=properties["game"],
                      open_seats=int(properties["open"]))


def advertiser(listening: str, name: str, port: int, room: str, game: str, open_seats: int) -> "Advertiser":
    """The advertiser of a table whose server listens on `listening`: to the whole local network
    when it listens on every address; else (a table for this computer alone, as in the tests) on
    that address only."""
    if listening in EVERY_ADDRESS:
        return Advertiser(name, port, room, game, open_seats)
    return Advertiser(name, port, room, game, open_seats, addresses=[listening], interfaces=[listening])


def browser(listening: str, on_change=None) -> "Browser":
    """The browser for tables where this app's own would be told of (see `advertiser`);
    `on_change()` is called from its thread when the tables found or its problem change."""
    interfaces = InterfaceChoice.All if listening in EVERY_ADDRESS else [listening]
    return Browser(interfaces, on_change)


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's network interfaces (ifaddr: zeroconf's own way)."""
    return sorted({ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4})


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses others on the local network can reach it by (not loopback)."""
    return [address for address in interface_addresses() if not address.startswith("127.")]


class _Background:
    """The network's work of an advertiser or a browser, one job after another in a thread of its
    own; a job that fails leaves its reason in `problem` (in `PROBLEM`'s words) instead of raising,
    and `on_change()` is called (from that thread): a screen may set it to be woken."""

    PROBLEM = NO_MULTICAST

    def __init__(self, interfaces, on_change=None) -> None:
        self.interfaces = interfaces
        self.on_change = on_change or (lambda: None)
        self.problem: str | None = None
        self.zeroconf: Zeroconf | None = None
        self._jobs = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table-discovery")
        self._stopped = False

    def _later(self, job, *args) -> None:
        """Do `job` after the jobs before it (nothing once stopped)."""
        if not self._stopped:
            self._jobs.submit(self._guarded, job, *args)

    def _guarded(self, job, *args) -> None:
        try:
            job(*args)
        except Exception as err:  # any failure of the network's stays here, told in words
            log.info("local network discovery: %s", err, exc_info=True)
            self.problem = self.PROBLEM.format(str(err) or type(err).__name__)
            self.on_change()

    def _open(self) -> Zeroconf:
        if self.zeroconf is None:
            self.zeroconf = Zeroconf(interfaces=self.interfaces)
        return self.zeroconf

    def _close(self) -> None:
        if self.zeroconf is not None:
            self.zeroconf.close()
            self.zeroconf = None

    def stop(self, wait: bool = False) -> None:
        """Stop in the background (`wait`: until it is done)."""
        self._later(self._finish)
        self._stopped = True
        self._jobs.shutdown(wait=wait)

    def _finish(self) -> None:
        self._close()


class Advertiser(_Background):
    """The host's table, told to the local network while it waits for players."""

    PROBLEM = NOT_ADVERTISED

    def __init__(self, name: str, port: int, room: str, game: str, open_seats: int,
                 addresses: list[str] | None = None, interfaces=InterfaceChoice.All) -> None:
        """`addresses`: the ones to advertise (default: this machine's on the local network);
        `interfaces`: where to advertise (default: every one; tests give ["127.0.0.1"])."""
        super().__init__(interfaces)
        self.name, self.port, self.room, self.game = name, port, room, game
        self.open_seats = open_seats
        self.addresses = addresses
        self._info: ServiceInfo | None = None

    def start(self) -> None:
        self._later(self._register)

    def update(self, open_seats: int) -> None:
        """Tell the network the table's open seats now."""
        self.open_seats = open_seats
        self._later(self._update)

    def service(self) -> ServiceInfo:
        """The service as advertised now (made here: no network)."""
        addresses = self.addresses if self.addresses is not None else lan_addresses()
        if not addresses:
            raise OSError(NO_NETWORK)
        return ServiceInfo(SERVICE_TYPE, f"Chain Table {self.room}.{SERVICE_TYPE}",
                           addresses=[socket.inet_aton(address) for address in addresses], port=self.port,
                           properties=table_properties(self.name, self.room, self.game, self.open_seats),
                           server=f"chaintable-{self.room.lower()}.local.")

    def _register(self) -> None:
        info = self.service()
        self._open().register_service(info)
        self._info = info

    def _update(self) -> None:
        if self._info is not None:
            self._info = self.service()
            self.zeroconf.update_service(self._info)

    def _finish(self) -> None:
        if self._info is not None:
            self.zeroconf.unregister_service(self._info)
            self._info = None
        self._close()


class Browser(_Background, ServiceListener):
    """The tables advertised on the local network, kept current as they come and go."""

    def __init__(self, interfaces=InterfaceChoice.All, on_change=None) -> None:
        super().__init__(interfaces, on_change)
        self._found: dict[str, FoundTable] = {}  # a service's name -> its table
        self._lock = threading.Lock()
        self._browser: ServiceBrowser | None = None

    def start(self) -> None:
        self._later(self._browse)

    def tables(self) -> list[FoundTable]:
        """The tables found so far, by host name; never waits."""
        with self._lock:
            return sorted(self._found.values(), key=lambda table: (table.name.casefold(), table.room))

    def _browse(self) -> None:
        """Look for tables; on every interface, only where this computer is on a network (else
        zeroconf would listen on loopback alone and find nothing, saying nothing)."""
        if self.interfaces == InterfaceChoice.All and not lan_addresses():
            raise OSError(NO_NETWORK)
        self._browser = ServiceBrowser(self._open(), SERVICE_TYPE, listener=self)

    def _finish(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
            self._browser = None
        self._close()
        with self._lock:
            self._found.clear()

    # -- the service browser's news, in its own thread

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = None
        for _try in range(LOOK_UP_TRIES):
            info = zc.get_service_info(type_, name, LOOK_UP_MS)
            if info is not None or self._stopped:
                break
        table = found_table(info) if info is not None else None
        with self._lock:
            if table is not None:
                self._found[name] = table
            else:
                self._found.pop(name, None)
        self.on_change()

    update_service = add_service

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)
        self.on_change()
