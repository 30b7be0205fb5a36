"""The server hosted from inside the app: ``tabletop serve`` in a child process that dies with
the app, and tells the app its address once it listens.

The app never waits for it: :meth:`HostedServer.start` returns at once, a reader thread
watches the child's output, and the menus poll :attr:`HostedServer.address` and
:attr:`HostedServer.error`.  The tables live in the user's data folder, so a game the host
closed mid-way comes back when they host again.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tabletop.net.protocol import READY


def die_with(parent_pid: int) -> None:
    """In the server process: end when the app that started it ends, however it ends."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if not _alive(parent_pid):
                os._exit(0)

    threading.Thread(target=watch, name="tabletop-host-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    if os.name == "posix":
        return os.getppid() == pid
    try:  # Windows: is the parent still running?
        import ctypes

        handle = ctypes.windll.kernel32.OpenProcess(0x1000, False, pid)  # type: ignore[attr-defined]
        if not handle:
            return False
        code = ctypes.c_ulong()
        ctypes.windll.kernel32.GetExitCodeProcess(handle, ctypes.byref(code))  # type: ignore[attr-defined]
        ctypes.windll.kernel32.CloseHandle(handle)  # type: ignore[attr-defined]
        return code.value == 259  # STILL_ACTIVE
    except (OSError, AttributeError):
        return True


def serve_command() -> list[str]:
    """How to start ``tabletop serve`` from this app (a frozen bundle runs itself)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "serve"]
    return [sys.executable, "-m", "tabletop", "serve"]


class HostedServer:
    """A server child process of the app (see the module docstring)."""

    def __init__(
        self,
        host: str = "0.0.0.0",
        port: int = 8765,
        data: Path | None = None,
        extra: list[str] | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.data = data
        self.extra = list(extra or [])
        self.address = ""  # ws://host:port once listening
        self.error = ""  # why it stopped or could not start, in words
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> None:
        """Start the child (returns at once)."""
        cmd = [*serve_command(), "--host", self.host, "--port", str(self.port)]
        cmd += ["--parent-pid", str(os.getpid())]
        if self.data is not None:
            cmd += ["--data", str(self.data)]
        cmd += self.extra
        try:
            self.proc = subprocess.Popen(
                cmd,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                errors="replace",
            )
        except OSError as e:
            self.error = f"The server could not start: {e.strerror or e}"
            return
        threading.Thread(target=self._read, name="tabletop-host-read", daemon=True).start()

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        last = ""
        for line in self.proc.stdout:
            line = line.strip()
            if line.startswith(READY):
                self.address = line[len(READY) :]
            elif line:
                last = line
        code = self.proc.wait()
        if not self.error:
            said = last.removeprefix("tabletop serve: ")
            self.error = said or f"The server stopped (exit code {code})."

    @property
    def running(self) -> bool:
        """True while the child lives."""
        return self.proc is not None and self.proc.poll() is None

    def wait_ready(self, timeout: float = 20.0) -> bool:
        """Wait until the server listens (for tools and tests; the app polls instead)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.address:
                return True
            if self.error or (self.proc is not None and self.proc.poll() is not None):
                time.sleep(0.05)
                return bool(self.address)
            time.sleep(0.02)
        return False

    def stop(self) -> None:
        """End the child."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
