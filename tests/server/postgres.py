"""A throwaway PostgreSQL cluster for the tests: initdb into a fresh directory, started with pg_ctl
on a free loopback port (no Unix socket), trusted on loopback only, removed afterwards.

When the tests run as root, the cluster runs as the ``postgres`` user (PostgreSQL refuses to run
as root); otherwise as the user running the tests. The binaries are looked for in
``$TABLETOME_PG_BIN``, then ``/usr/lib/postgresql/15/bin``, then any other
``/usr/lib/postgresql/*/bin``: a missing PostgreSQL is an error naming what to install, never a
skip (CI installs Debian's ``postgresql`` package).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from .helpers import free_port


def pg_bin() -> Path:
    candidates = []
    if os.environ.get("TABLETOME_PG_BIN"):
        candidates.append(os.environ["TABLETOME_PG_BIN"])
    candidates.append("/usr/lib/postgresql/15/bin")
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for c in candidates:
        if (Path(c) / "initdb").is_file() and (Path(c) / "pg_ctl").is_file():
            return Path(c)
    raise RuntimeError("PostgreSQL's initdb and pg_ctl were not found in $TABLETOME_PG_BIN or "
                       "/usr/lib/postgresql/*/bin: install Debian's 'postgresql' package (apt-get install postgresql)")


class PostgresCluster:
    """One cluster: ``start()``, ``new_database()`` for each test that wants a clean one, ``stop()``."""

    def __init__(self):
        self.bin = pg_bin()
        self.port = None
        self.dir = None
        self.user = None        # run the server processes as this user (None: as ourselves)

    def _run(self, *cmd, check=True):
        kwargs = {}
        if self.user is not None:
            kwargs["user"] = self.user
            kwargs["group"] = pwd.getpwnam(self.user).pw_gid
            kwargs["extra_groups"] = []
        return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, check=check,
                              cwd=self.dir, **kwargs)

    def start(self) -> "PostgresCluster":
        self.dir = Path(tempfile.mkdtemp(prefix="tabletome-pg-"))
        if os.geteuid() == 0:
            self.user = "postgres"
            entry = pwd.getpwnam(self.user)
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)
        data = self.dir / "data"
        try:
            self._run(self.bin / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                      "--no-sync", "--no-instructions")
        except subprocess.CalledProcessError as exc:
            raise RuntimeError(f"initdb failed: {exc.stderr[-2000:]}") from None
        last = ""
        for _ in range(5):           # a port found free may be taken before the server binds it
            self.port = free_port()
            # fsync off: the tests kill tabletome's processes, never PostgreSQL or the machine
            opts = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' "
                    "-c fsync=off -c full_page_writes=off -c max_connections=200")
            r = self._run(self.bin / "pg_ctl", "-D", data, "-l", self.dir / "log", "-w", "-t", "60",
                          "-o", opts, "start", check=False)
            if r.returncode == 0:
                return self
            last = r.stderr + (self.dir / "log").read_text()[-2000:]
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"PostgreSQL did not start: {last}")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def new_database(self) -> str:
        """A fresh, empty database in this cluster; its connection URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        if self.dir is None:
            return
        if (self.dir / "data" / "postmaster.pid").exists():
            self._run(self.bin / "pg_ctl", "-D", self.dir / "data", "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None
