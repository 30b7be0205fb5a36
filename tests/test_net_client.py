"""The client side of network play without a game: addresses, links and an absent host."""

from __future__ import annotations

import socket

import pytest
from net_helpers import wait_for

from tabletop.net.client import CONNECTING, NetClient, parse_address, table_link


@pytest.mark.parametrize(
    ("typed", "url", "code"),
    [
        ("192.168.1.20", "ws://192.168.1.20:8765", ""),
        ("192.168.1.20:9000", "ws://192.168.1.20:9000", ""),
        ("  ws://example.org:80 ", "ws://example.org:80", ""),
        ("wss://example.org", "wss://example.org:8765", ""),
        ("tabletop://10.0.0.5:8765/k7qx-2m", "ws://10.0.0.5:8765", "K7QX2M"),
        ("tabletops://cards.example.org:443/K7QX2M", "wss://cards.example.org:443", "K7QX2M"),
        ("[::1]:8765", "ws://[::1]:8765", ""),
        ("[::1]", "ws://[::1]:8765", ""),
    ],
)
def test_an_address_as_typed_or_pasted(typed: str, url: str, code: str) -> None:
    assert parse_address(typed) == (url, code)


def test_a_link_reads_back_as_its_address_and_code() -> None:
    link = table_link("ws://192.168.1.20:8765", "K7QX2M")
    assert link == "tabletop://192.168.1.20:8765/K7QX2M"
    assert parse_address(link) == ("ws://192.168.1.20:8765", "K7QX2M")
    assert parse_address(table_link("wss://a.example:443", "ABCDEF"))[0] == "wss://a.example:443"


def test_an_empty_address_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="address"):
        parse_address("  ")


def test_no_server_at_the_address_is_said_in_words_and_tried_again() -> None:
    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    c = NetClient(f"ws://127.0.0.1:{port}")
    try:
        wait_for(lambda: bool(c.reason), 10)
        assert c.status == CONNECTING  # it keeps trying, with a growing pause
        assert "No table server answers" in c.reason
        assert c.connects == 0
    finally:
        c.close()
