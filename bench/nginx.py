"""nginx as the reference reverse proxy: the harness starts its own, with a generated config.

Install it from Debian's packages (``apt-get install -y nginx-light``); the harness never installs
anything and reports nginx's rows as skipped when no binary is found. The config is what a tuned
deployment in front of an MCP server would use: one worker, keep-alive connections to the upstream,
HTTP/1.1 upstream, no response buffering (so SSE streams), no access log.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from procstat import children

CANDIDATES = ("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx")

CONFIG = """\
worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
{user}
events {{
    worker_connections 4096;
}}
http {{
    access_log off;
    keepalive_requests 1000000;  # the default (1000) would close the client's connection mid-run
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream mcp {{
        server 127.0.0.1:{upstream_port};
        keepalive 256;
        keepalive_requests 1000000;
    }}
    server {{
        listen 127.0.0.1:{port} backlog=1024;
        location / {{
            proxy_pass http://mcp;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_buffering off;
            proxy_read_timeout 60s;
        }}
    }}
}}
"""


def find_nginx() -> str | None:
    found = shutil.which("nginx")
    if found:
        return found
    return next((path for path in CANDIDATES if os.access(path, os.X_OK)), None)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Nginx:
    """One nginx master with one worker, reverse-proxying 127.0.0.1:port to the upstream."""

    def __init__(self, binary: str, upstream_port: int) -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="eg-bench-nginx-")
        self.port = free_port()
        conf = Path(self.dir.name) / "nginx.conf"
        # As root the worker would switch to "nobody", who cannot use our private temp folder.
        user = "user root;" if os.geteuid() == 0 else ""
        conf.write_text(CONFIG.format(dir=self.dir.name, upstream_port=upstream_port, port=self.port, user=user))
        self.proc = subprocess.Popen([binary, "-p", self.dir.name, "-c", str(conf), "-e", f"{self.dir.name}/error.log"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 15
        while True:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise RuntimeError(f"nginx exited with {self.proc.returncode}: {err.strip()[:400]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("nginx did not start listening within 15 s") from None
                time.sleep(0.05)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def pids(self) -> list[int]:
        """Master and workers: the proxy's CPU is theirs together."""
        return [self.proc.pid, *children(self.proc.pid)]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: fast shutdown of master and workers
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        if self.proc.stderr:
            self.proc.stderr.close()
        self.dir.cleanup()
