"""Debian's nginx, started by a test module in a folder of its own with a configuration the
module writes, and stopped (the folder removed) at the end: the proxy tests and the cluster's."""

from __future__ import annotations

import http.client
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

BINARY = shutil.which("nginx") or "/usr/sbin/nginx"


class NginxProcess:
    """`configuration` is a template with `{folder}` (pid, logs, temp paths) and whatever else
    `values` fill in; nginx counts as started once `port` accepts a connection."""

    def __init__(self, configuration: str, port: int, prefix: str, **values):
        self.folder = Path(tempfile.mkdtemp(prefix=prefix))
        self.port = port
        (self.folder / "nginx.conf").write_text(configuration.format(folder=self.folder, port=port, **values))
        self.process = subprocess.Popen([BINARY, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf")], stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"nginx exited: {self.process.stderr.read().decode()}"
            try:
                http.client.HTTPConnection("127.0.0.1", port, timeout=1).connect()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise AssertionError("nginx did not start listening within 10 s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.keep_logs()
        shutil.rmtree(self.folder, ignore_errors=True)

    def keep_logs(self) -> None:
        """Called before the folder goes: a subclass copies what it wants to keep."""
