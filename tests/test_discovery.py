"""Tables found on the local network (game/net/discovery.py): what a table's service says and how
it is read back, garbage left out, failures kept in words. Only the last test touches a network,
and only 127.0.0.1 (skipped where multicast on loopback does not work)."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from game.net import discovery
from game.net.discovery import LOOK_UP_TRIES, SERVICE_TYPE, Advertiser, Browser, FoundTable, found_table, read_properties, \
    table_properties
from game.net.hosting import PROTOCOL


def service(properties: dict, addresses=("192.168.1.20",), port: int = 40123, name: str = "Chain Table ABCDE"):
    """A service as the browser would be told of it (made here: no network)."""
    encoded = {key.encode(): value if isinstance(value, bytes) else value.encode() for key, value in properties.items()}
    return discovery.ServiceInfo(SERVICE_TYPE, f"{name}.{SERVICE_TYPE}", port=port, properties=encoded,
                                 addresses=[socket.inet_aton(a) for a in addresses], server="chaintable-abcde.local.")


def test_a_table_advertised_is_read_back_as_it_was_told():
    properties = table_properties("Ana", "ABCDE", "sovereigns-chain", 2)
    assert properties == {"room": "ABCDE", "game": "sovereigns-chain", "name": "Ana", "open": "2",
                          "version": str(PROTOCOL)}
    assert found_table(service(properties)) == FoundTable(name="Ana", address="192.168.1.20", port=40123,
                                                          room="ABCDE", game="sovereigns-chain", open_seats=2)


def test_the_hosts_name_is_cleaned_and_cut_as_a_seats_name_is():
    properties = table_properties("  Ana \t  Maria   de la Cruz y Fernandez  ", "ABCDE", "chains", 1)
    assert properties["name"] == "Ana Maria de la Cruz"
    assert found_table(service({**properties, "name": "\u200b"})).name == "A player"


@pytest.mark.parametrize("change, why", [
    ({"version": str(PROTOCOL + 1)}, "another protocol version"),
    ({"room": "ABC"}, "a room code too short"),
    ({"room": "ABCD0"}, "a room code with a letter codes never have"),
    ({"game": "poker"}, "a game this table does not know"),
    ({"open": "-1"}, "seats below none"),
    ({"open": "99"}, "more seats than a table has"),
    ({"open": "٣"}, "a digit that is not 0-9"),
    ({"name": b"\xff\xfe"}, "a name that is not UTF-8"),
])
def test_a_service_whose_properties_are_not_a_tables_is_left_out(change, why):
    properties = {**table_properties("Ana", "ABCDE", "chains", 1), **change}
    assert found_table(service(properties)) is None, why


def test_a_service_missing_a_property_or_an_address_is_left_out():
    properties = table_properties("Ana", "ABCDE", "chains", 1)
    for key in properties:
        assert read_properties({k.encode(): v.encode() for k, v in properties.items() if k != key}) is None, key
    assert found_table(service(properties, addresses=())) is None


class FakeZeroconf:
    """Stands in for the network: answers the browser's look-ups from `services`."""

    def __init__(self, services: dict):
        self.services = services

    def get_service_info(self, type_, name, timeout):
        return self.services.get(name)


def test_the_browser_keeps_its_list_as_tables_come_change_and_go_and_tells_of_each_change():
    ana, ben = f"Chain Table ABCDE.{SERVICE_TYPE}", f"Chain Table FGHJK.{SERVICE_TYPE}"
    network = FakeZeroconf({ana: service(table_properties("Ana", "ABCDE", "chains", 2)),
                            ben: service(table_properties("Ben", "FGHJK", "linx", 1), name="Chain Table FGHJK")})
    told = []
    browser = Browser(on_change=lambda: told.append(len(browser.tables())))
    browser.add_service(network, SERVICE_TYPE, ben)
    browser.add_service(network, SERVICE_TYPE, ana)
    assert [(t.name, t.room, t.open_seats) for t in browser.tables()] == [("Ana", "ABCDE", 2), ("Ben", "FGHJK", 1)]
    network.services[ana] = service(table_properties("Ana", "ABCDE", "chains", 0))
    browser.update_service(network, SERVICE_TYPE, ana)
    assert [t.open_seats for t in browser.tables()] == [0, 1]
    network.services[ben] = service({"room": "garbage"})
    browser.update_service(network, SERVICE_TYPE, ben)
    browser.remove_service(network, SERVICE_TYPE, ana)
    assert browser.tables() == []
    assert told == [1, 2, 2, 1, 0], "each change is told (the join screen wakes for it)"
    browser.stop(wait=True)


class LateZeroconf(FakeZeroconf):
    """A busy network: a table's details come only at the `answers_at`-th time they are asked for."""

    def __init__(self, services: dict, answers_at: int):
        super().__init__(services)
        self.answers_at, self.asked = answers_at, 0

    def get_service_info(self, type_, name, timeout):
        self.asked += 1
        return super().get_service_info(type_, name, timeout) if self.asked >= self.answers_at else None


@pytest.mark.parametrize("answers_at, found", [(LOOK_UP_TRIES, 1), (LOOK_UP_TRIES + 1, 0)])
def test_a_table_whose_details_come_late_is_asked_for_again_before_it_is_left_out(answers_at, found):
    ana = f"Chain Table ABCDE.{SERVICE_TYPE}"
    network = LateZeroconf({ana: service(table_properties("Ana", "ABCDE", "chains", 2))}, answers_at)
    browser = Browser()
    browser.add_service(network, SERVICE_TYPE, ana)
    assert len(browser.tables()) == found and network.asked == min(answers_at, LOOK_UP_TRIES)
    assert browser.problem is None
    browser.stop(wait=True)


def test_where_multicast_fails_the_browser_finds_nothing_and_says_why(monkeypatch):
    def no_multicast(interfaces):
        raise OSError("[Errno 19] No such device")

    monkeypatch.setattr(discovery, "Zeroconf", no_multicast)
    told = []
    browser = Browser(on_change=lambda: told.append(browser.problem))
    browser.start()
    browser.stop(wait=True)
    assert browser.tables() == [] and told == [browser.problem]
    assert browser.problem == discovery.NO_MULTICAST.format("[Errno 19] No such device")


def test_starting_never_makes_the_caller_wait_for_the_network(monkeypatch):
    """The network's start waits here until the test lets it go: start() must return before."""
    let_go, finished = threading.Event(), []

    def slow_network(interfaces):
        let_go.wait(10)
        finished.append(True)
        raise OSError("no network")

    monkeypatch.setattr(discovery, "Zeroconf", slow_network)
    browser, advertiser = Browser(), Advertiser("Ana", 40123, "ABCDE", "chains", 1, addresses=["192.168.1.20"])
    browser.start()
    advertiser.start()
    assert finished == [] and browser.tables() == []
    let_go.set()
    browser.stop(wait=True)
    advertiser.stop(wait=True)
    assert finished == [True, True] and browser.problem and advertiser.problem


def test_a_computer_on_no_network_advertises_nothing_and_says_so(monkeypatch):
    monkeypatch.setattr(discovery, "Zeroconf", lambda interfaces: pytest.fail("no network to advertise on"))
    advertiser = Advertiser("Ana", 40123, "ABCDE", "chains", 1, addresses=[])
    advertiser.start()
    advertiser.update(0)
    advertiser.stop(wait=True)
    advertiser.update(1)  # after the stop: nothing, and nothing raised
    assert advertiser.problem == "Not advertised on the local network (this computer is on no network): players join " \
        "by address and room code."


class BrowsingNetwork:
    """Stands in for zeroconf where a browser would start: it records where it was asked to."""

    opened: list = []

    def __init__(self, interfaces):
        self.opened.append(interfaces)

    def close(self):
        pass


class QuietBrowsing:
    """A service browser that finds nothing."""

    def __init__(self, zc, type_, listener):
        pass

    def cancel(self):
        pass


@pytest.mark.parametrize("addresses, problem", [
    (["127.0.0.1"], discovery.NO_MULTICAST.format("this computer is on no network")),
    (["127.0.0.1", "192.168.1.20"], None),
])
def test_a_browser_on_a_computer_on_no_network_says_so_instead_of_looking_for_ever(monkeypatch, addresses, problem):
    """Zeroconf itself starts on loopback alone and finds nothing without a word: the browser
    looks for a network first (and with one, browses as ever)."""
    monkeypatch.setattr(discovery, "interface_addresses", lambda: addresses)
    monkeypatch.setattr(discovery, "Zeroconf", BrowsingNetwork)
    monkeypatch.setattr(BrowsingNetwork, "opened", [])
    monkeypatch.setattr(discovery, "ServiceBrowser", QuietBrowsing)
    told = []
    browser = discovery.browser("0.0.0.0", on_change=lambda: told.append(browser.problem))
    browser.start()
    browser.stop(wait=True)
    assert browser.problem == problem and told == ([problem] if problem else [])
    assert BrowsingNetwork.opened == ([] if problem else [discovery.InterfaceChoice.All])


def wait_until(check, seconds: float):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.1)
    return None


def test_a_table_advertised_on_loopback_is_found_updated_and_gone():
    loopback = ["127.0.0.1"]
    browser = Browser(interfaces=loopback)
    advertiser = Advertiser("Ana", 40123, "BCDEF", "chains", 2, addresses=loopback, interfaces=loopback)
    browser.start()
    advertiser.start()
    try:
        ours = lambda: [t for t in browser.tables() if t.room == "BCDEF"]  # noqa: E731
        if not wait_until(ours, 10):
            why = advertiser.problem or browser.problem or "no answer"
            pytest.skip(f"multicast on loopback does not work here: {why}")
        assert ours() == [FoundTable("Ana", "127.0.0.1", 40123, "BCDEF", "chains", 2)]
        advertiser.update(0)
        assert wait_until(lambda: [t.open_seats for t in ours()] == [0], 10)
        advertiser.stop(wait=True)
        assert wait_until(lambda: not ours(), 10)
    finally:
        advertiser.stop(wait=True)
        browser.stop(wait=True)
    assert browser.problem is None and advertiser.problem is None
