"""Shared test set-up: headless SDL for any test that opens pygame, and the session's own
bytecode folder where the environment forbids writing bytecode (see `_share_bytecode`)."""

import compileall
import contextlib
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: the session's private bytecode folder, when this process made one (see below)
_BYTECODE: str | None = None


def _link_installed_bytecode(folder: str) -> None:
    """A process with a prefix reads bytecode only there, not from the ``__pycache__``
    folders of the standard library and the installed packages: hard-link their compiled
    files into ``folder`` (where the prefix looks for them; a hard link costs a seventh of a
    symbolic one here), so that no process compiles those again. A file that cannot be
    linked is compiled by the first process that needs it."""
    tail = f".{sys.implementation.cache_tag}.pyc"  # not the optimized (.opt-N) files
    paths = sysconfig.get_paths()
    for root in {paths["stdlib"], paths["purelib"], paths["platlib"]}:
        for cache, _dirs, files in os.walk(root):
            if os.path.basename(cache) != "__pycache__":
                continue
            mirror = folder + os.path.dirname(os.path.abspath(cache))
            for name in [name for name in files if name.endswith(tail)]:
                with contextlib.suppress(OSError):
                    if not os.path.isdir(mirror):
                        os.makedirs(mirror)
                    os.link(os.path.join(cache, name), os.path.join(mirror, name))


def _share_bytecode() -> None:
    """Where ``PYTHONDONTWRITEBYTECODE`` is set (as in the environment that measures the
    suite), every Python process the tests start (the xdist workers, the app and server
    processes, the AI worker processes, the tools) would compile every module it imports
    from source, and pytest would rewrite every test module in each worker. Instead this
    session keeps bytecode in a temporary folder of its own, ``PYTHONPYCACHEPREFIX``, which
    its child processes inherit with leave to write there: the package is compiled once
    here, the installed bytecode is linked in, and any other module is compiled by the
    first process that imports it. Nothing is written into the source tree, and the folder
    is removed at the end. An environment that writes bytecode already, or names a prefix
    itself, is left as it is."""
    global _BYTECODE
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    _BYTECODE = tempfile.mkdtemp(prefix="tabletop-tests-bytecode-")
    _link_installed_bytecode(_BYTECODE)
    os.environ["PYTHONPYCACHEPREFIX"] = _BYTECODE
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    sys.pycache_prefix = _BYTECODE
    sys.dont_write_bytecode = False
    compileall.compile_dir(ROOT / "tabletop", quiet=1)


_share_bytecode()


def pytest_unconfigure(config: pytest.Config) -> None:
    if _BYTECODE is not None:
        sys.dont_write_bytecode = True  # (a module imported at exit must not make it again)
        shutil.rmtree(_BYTECODE, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server():
    """One real PostgreSQL server for this test worker (``tests/pg_helpers.py``); a test that
    needs it fails with the reason when it cannot be started."""
    from pg_helpers import PostgresServer

    server = PostgresServer()
    try:
        server.start()
    except Exception as e:
        server.stop()
        pytest.fail(f"PostgreSQL could not be started for this test: {e}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture
def pg(pg_server):
    """The address of a fresh, empty PostgreSQL database."""
    return pg_server.new_database()


@pytest.fixture(autouse=True)
def _text_scale_back_to_100():
    """A test that sets a text scale (an app made with one) leaves 100 % behind it, so the
    next test's fonts are the designed sizes."""
    yield
    fonts = sys.modules.get("tabletop.ui.fonts")  # (nothing to do where the UI never loaded)
    if fonts is not None:
        fonts.set_text_scale(100)
