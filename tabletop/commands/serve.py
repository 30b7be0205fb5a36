"""``tabletop serve``: run the network table server (see ``docs/network.md``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "serve"
HELP = "host tables for friends over the network (loopback only unless --host says otherwise)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The address, the data folder, TLS, and each limit."""
    from tabletop.net.server import ServerOptions

    d = ServerOptions()
    parser.add_argument("--host", default=d.host, help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=d.port, help="port (0: any free one)")
    parser.add_argument("--data", type=Path, help="folder of the tables database")
    parser.add_argument("--tls-cert", type=Path, help="PEM certificate: serve wss://")
    parser.add_argument("--tls-key", type=Path, help="PEM private key of --tls-cert")
    parser.add_argument("--grace", type=float, default=d.grace,
                        help="seconds a dropped player's seat waits before the host may hand "
                        "it to the AI (default 120)")  # fmt: skip
    parser.add_argument("--ai-workers", type=int, default=d.ai_workers,
                        help="AI worker processes (0: in the server's own threads)")  # fmt: skip
    parser.add_argument("--ai-delay", type=float, default=d.ai_delay,
                        help="seconds between AI moves, so people can follow (default 0.4)")  # fmt: skip
    parser.add_argument("--max-frame", type=int, default=d.max_frame, help="bytes per message")
    parser.add_argument("--rate", type=float, default=d.rate, help="messages per second")
    parser.add_argument("--burst", type=int, default=d.burst, help="messages at once")
    parser.add_argument("--max-bad", type=int, default=d.max_bad,
                        help="bad messages before a connection is closed")  # fmt: skip
    parser.add_argument("--tables-per-address", type=int, default=d.tables_per_address)
    parser.add_argument("--max-tables", type=int, default=d.max_tables)
    parser.add_argument("--compress", action="store_true",
                        help="compress messages (less traffic, more server CPU)")  # fmt: skip
    parser.add_argument("--db", metavar="ADDRESS",
                        help="postgresql://user@host/db: share tables with other processes "
                        "(needs psycopg: pip install 'tabletop[postgres]'); or a SQLite file")  # fmt: skip
    parser.add_argument("--advertise", metavar="URL",
                        help="the address players reach this process at, when it shares a "
                        "database with others (default: the one it listens on)")  # fmt: skip
    parser.add_argument("--lease", type=float, default=d.lease,
                        help="seconds a silent process keeps its tables before another takes "
                        "them over (default 10; with --db postgresql://)")  # fmt: skip
    parser.add_argument("--health", action="store_true",
                        help="ask the server at --host/--port whether it is healthy and exit "
                        "(0: yes) — for a load balancer's check")  # fmt: skip
    parser.add_argument("--parent-pid", type=int, help=argparse.SUPPRESS)  # hosted by the app


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from tabletop.net import protocol
    from tabletop.net.server import ServerOptions, run_server

    if (args.tls_cert is None) != (args.tls_key is None):
        print("tabletop serve: give both --tls-cert and --tls-key, or neither", file=sys.stderr)
        return 2
    if args.health:
        return _health(args)
    if args.lease <= 0:
        print("tabletop serve: --lease must be more than 0 seconds", file=sys.stderr)
        return 2
    if args.parent_pid:
        from tabletop.net.host import die_with

        die_with(args.parent_pid)
    options = ServerOptions(
        host=args.host,
        port=args.port,
        data=args.data,
        tls_cert=args.tls_cert,
        tls_key=args.tls_key,
        grace=args.grace,
        ai_workers=args.ai_workers,
        ai_delay=args.ai_delay,
        max_frame=args.max_frame,
        rate=args.rate,
        burst=args.burst,
        max_bad=args.max_bad,
        tables_per_address=args.tables_per_address,
        max_tables=args.max_tables,
        compress=args.compress,
        db=args.db,
        advertise=args.advertise,
        lease=args.lease,
    )

    def ready(address: str) -> None:
        print(protocol.READY + address, flush=True)

    try:
        run_server(options, ready)
    except OSError as e:
        print(f"tabletop serve: cannot listen on {args.host}:{args.port}: {e.strerror or e}",
              file=sys.stderr)  # fmt: skip
        return 1
    except RuntimeError as e:
        print(f"tabletop serve: {e}", file=sys.stderr)
        return 1
    return 0


def _health(args: argparse.Namespace) -> int:
    """``GET /health`` of a running server: print its answer; 0 when it is healthy."""
    import http.client
    import ssl

    host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    if args.tls_cert:
        ctx = ssl.create_default_context()
        ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE  # our own server
        conn: http.client.HTTPConnection = http.client.HTTPSConnection(
            host, args.port, timeout=5, context=ctx
        )
    else:
        conn = http.client.HTTPConnection(host, args.port, timeout=5)
    try:
        conn.request("GET", "/health")
        answer = conn.getresponse()
        text = answer.read().decode("utf-8", "replace").strip()
    except OSError as e:
        print(f"unhealthy: no server answers at {host}:{args.port} ({e.strerror or e})")
        return 1
    finally:
        conn.close()
    print(("healthy: " if answer.status == 200 else "unhealthy: ") + text)
    return 0 if answer.status == 200 else 1
