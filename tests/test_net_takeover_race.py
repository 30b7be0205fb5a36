"""A client that reaches a process just as its table changes hands is sent to the new owner.

The process asks who owns the table (the old owner is found dead: nobody), then tries to
claim it, but another process adopted it in between.  It must redirect the client there: an
error would leave the client connected to a live process that never serves its table (the
stall issue 33's cluster test met).
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.net import server as net_server


class _Raced:
    """Storage in which another process adopts the table between the two questions."""

    def __init__(self) -> None:
        self.asked = 0

    def owner_address(self, code: str) -> str | None:
        self.asked += 1
        return None if self.asked == 1 else "ws://127.0.0.1:9/"

    def claim(self, code: str) -> bool:
        return False

    def close(self) -> None:
        pass


class _Conn:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send(self, msg: Any) -> None:
        self.sent.append(msg)


def test_a_table_adopted_elsewhere_while_claiming_redirects_the_client() -> None:
    srv = net_server.Server(net_server.ServerOptions(ai_workers=0), storage=_Raced())  # type: ignore[arg-type]
    conn = _Conn()
    with pytest.raises(net_server._Redirected):
        srv._find(conn, "ABCDEF", {"type": "join", "ref": 4})  # type: ignore[arg-type]
    assert conn.sent == [
        {"type": "redirect", "code": "ABCDEF", "address": "ws://127.0.0.1:9/", "ref": 4}
    ]
