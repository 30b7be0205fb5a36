"""A real PostgreSQL server for the tests: ``initdb`` and ``pg_ctl`` from the ``postgresql``
package, in a temporary folder, listening on 127.0.0.1 only (and a socket in that folder).

A test that needs it asks for the ``pg`` fixture (``tests/conftest.py``): one server per test
worker, one fresh database per test.  When the server cannot be started the test fails with the
reason — it never skips silently — so a CI machine without PostgreSQL is told what to install.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

START_TIMEOUT = 60.0


def find_bin(name: str) -> str:
    """The path of a PostgreSQL server program, or a RuntimeError saying what to install."""
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        path = Path(folder) / name
        if path.exists():
            return str(path)
    raise RuntimeError(
        f"PostgreSQL's {name} was not found: install the server (Debian: apt-get install "
        "postgresql) to run the PostgreSQL tests."
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    """One throw-away PostgreSQL server (see the module docstring)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="tabletop-pg-", dir="/tmp"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.user = "tabletop"
        self._as: list[str] = []
        self._dbs = 0

    def _run(self, *cmd: str, timeout: float = START_TIMEOUT) -> None:
        done = subprocess.run(
            [*self._as, *cmd], capture_output=True, text=True, timeout=timeout, cwd=self.folder
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"{Path(cmd[0]).name} failed ({done.returncode}): {done.stderr.strip()[-800:]}"
            )

    def start(self) -> PostgresServer:
        """initdb, then pg_ctl start; RuntimeError with the reason when it cannot."""
        initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root: run it as its own user
            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                raise RuntimeError(
                    "running as root and there is no 'postgres' user to run PostgreSQL as"
                ) from None
            os.chown(self.folder, pw.pw_uid, pw.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self._run(initdb, "-D", str(self.data), "-U", self.user, "--auth=trust",
                  "--no-sync", "-E", "UTF8")  # fmt: skip
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=on -c max_connections=200"
        )
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l",
                  str(self.folder / "log"), "-w", "-t", str(int(START_TIMEOUT)), "start")  # fmt: skip
        return self

    def url(self, db: str = "postgres") -> str:
        """A connection address of database ``db`` over loopback TCP."""
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh, empty database: its address."""
        import psycopg

        self._dbs += 1
        name = f"t{os.getpid()}_{self._dbs}_{int(time.time() * 1000) % 100000}"
        with psycopg.connect(self.url(), autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop at once and delete everything."""
        with contextlib.suppress(Exception):
            self._run(find_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop",
                      timeout=30)  # fmt: skip
        shutil.rmtree(self.folder, ignore_errors=True)
