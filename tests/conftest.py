"""Shared test set-up: headless SDL for any test that opens pygame."""

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest


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
