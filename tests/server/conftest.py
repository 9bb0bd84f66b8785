"""Fixtures for the server tests: one real server for the session, fresh ones where a test needs
its own (restart, rate limit), one on a thread of the test's process (``thread_server``: the test
can reach into it), and a throwaway PostgreSQL cluster (``postgres``) with a fresh
database for each test that asks for ``pg_db``."""

import os
import signal

import pytest

from .helpers import ServerProcess, ServerThread
from .postgres import PostgresCluster


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


@pytest.fixture
def thread_server(tmp_path):
    """``make(db=None, **options)``: a real uvicorn server with ``create_app(db, **options)`` on a
    thread of the test's own process (``ServerThread``), on the test's SQLite file unless ``db``
    names another; call it again for another server. All are stopped after the test."""
    started = []

    def make(db=None, **options):
        proc = ServerThread(db or tmp_path / "tables.sqlite3", **options).start()
        started.append(proc)
        return proc

    yield make
    for proc in started:
        proc.stop()


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL cluster of our own (initdb + pg_ctl, as the postgres user when we are root) on a
    free loopback port, for the whole session (each xdist worker starts its own); removed at the end."""
    cluster = PostgresCluster().start()
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_db(postgres):
    """The URL of a new, empty database in the session's cluster."""
    return postgres.new_database()


@pytest.fixture
def pg_servers(pg_db, tmp_path):
    """``make(*extra)``: a `tabletome serve` process on the test's PostgreSQL database; call it
    again for another process on the same database. All are stopped after the test."""
    started = []

    def make(*extra):
        proc = ServerProcess(pg_db, *extra, log=tmp_path / f"server{len(started)}.log").start()
        started.append(proc)
        return proc

    yield make
    for proc in started:
        try:
            os.killpg(proc.proc.pid, signal.SIGCONT)      # a paused one must be able to stop
        except (ProcessLookupError, AttributeError):
            pass
        proc.stop()


def pytest_configure(config):
    # websockets' sync client warns that connect() should be a context manager; ours close explicitly
    config.addinivalue_line("filterwarnings", "ignore:connect\\(\\) must be used:DeprecationWarning")
