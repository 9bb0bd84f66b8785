"""Fixtures for the server tests: one real server for the session, fresh ones where a test needs
its own (restart, rate limit)."""

import pytest

from .helpers import ServerProcess


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    proc = ServerProcess(tmp_path_factory.mktemp("server") / "tables.sqlite3", "--rate", "2000").start()
    yield proc
    proc.stop()


@pytest.fixture
def fresh_server(tmp_path):
    started = []

    def make(*extra, db=None):
        proc = ServerProcess(db or tmp_path / "tables.sqlite3", *extra).start()
        started.append(proc)
        return proc

    yield make
    for proc in started:
        proc.stop()


def pytest_configure(config):
    # websockets' sync client warns that connect() should be a context manager; ours close explicitly
    config.addinivalue_line("filterwarnings", "ignore:connect\\(\\) must be used:DeprecationWarning")
