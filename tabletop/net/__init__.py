"""Network play: an authoritative server that keeps each table's state and sends every seat
only its view, and the client side the table draws from (:class:`RemoteMatch`).

- :mod:`~tabletop.net.protocol` — the versioned JSON messages, checked on receipt;
- :mod:`~tabletop.net.wire` — actions, events and views as they travel;
- :mod:`~tabletop.net.storage` — where tables, seats and moves are kept (SQLite);
- :mod:`~tabletop.net.table` — one table on the server: a :class:`~tabletop.controller.Match`,
  its seats and tokens, and what each seat is sent;
- :mod:`~tabletop.net.ai_pool` — the server's AI seats in worker processes (views only);
- :mod:`~tabletop.net.server` — the asyncio server (``tabletop serve``);
- :mod:`~tabletop.net.client` — the connection thread of a client (never blocks a frame);
- :mod:`~tabletop.net.remote_match` — the :class:`~tabletop.controller.Match` look-alike;
- :mod:`~tabletop.net.host` — the server started from inside the app.

Nothing here imports pygame.
"""
