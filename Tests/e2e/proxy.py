"""HTTPS through a real proxy, as a phone at home reaches Daybook: Caddy with its own certificate authority
(`tls internal`) at https://daybook.home.arpa:PORT, in front of a Daybook on loopback.

One authority serves every test of a run (and of the next runs: its folder is kept in the temporary folder): its
data folder is the `XDG_DATA_HOME` of every Caddy the tests start, so its root is made once and trusted once —
by Chromium through an NSS database in the HOME its browsers are given (and `--host-resolver-rules` for the
name), by WebKitGTK through the system store (and /etc/hosts for the name), which needs root, as CI has. Each
test still runs its own Caddy, on ports of its own, with its own log in artifacts/e2e-logs.

Nothing here waits a fixed time: a Caddy is ready once its authority's root exists and a TLS handshake for the
name, checked against that root, succeeds on its port.
"""

from __future__ import annotations

import fcntl
import http.client
import os
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

NAME = "daybook.home.arpa"
CADDY = os.environ.get("DAYBOOK_CADDY", "caddy")
CERTUTIL = "certutil"
# Where the system store takes local roots (Debian's `update-ca-certificates`).
SYSTEM_ROOT = Path("/usr/local/share/ca-certificates/daybook-test-caddy.crt")
HOSTS = Path("/etc/hosts")
READY_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0


class ProxyUnavailable(Exception):
    """What the tests through a proxy need and this machine lacks (Caddy, certutil, root for the system store)."""


@dataclass
class Authority:
    """Caddy's local certificate authority, shared by every Caddy of the run."""
    folder: Path
    # Why the system store (WebKit, Python's default context) does not trust the root; None when it does.
    system_trust_problem: str | None = None

    @property
    def data(self) -> Path:
        """The `XDG_DATA_HOME` of every Caddy: its storage (the authority, the certificates, their locks)."""
        return self.folder / "data"

    @property
    def root(self) -> Path:
        return self.data / "caddy" / "pki" / "authorities" / "local" / "root.crt"

    @property
    def browser_home(self) -> Path:
        """A HOME whose NSS database (`.pki/nssdb`) trusts the root: Chromium's, given as its HOME."""
        return self.folder / "browser-home"

    @property
    def nssdb(self) -> Path:
        return self.browser_home / ".pki" / "nssdb"

    def context(self) -> ssl.SSLContext:
        """A TLS context that trusts this authority's root and nothing else."""
        return ssl.create_default_context(cafile=str(self.root))


@dataclass
class Caddy:
    """One Caddy process: https://daybook.home.arpa:`port` → http://127.0.0.1:`upstream`."""
    port: int
    http_port: int
    upstream: int
    log_path: Path
    process: subprocess.Popen
    authority: Authority
    _log: object = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"https://{NAME}:{self.port}"

    def running(self) -> bool:
        return self.process.poll() is None

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def wait_ready(self, timeout: float = READY_TIMEOUT) -> None:
        """Until the root exists and a handshake for the name, checked against it, succeeds on the port."""
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise ProxyUnavailable(f"caddy exited with code {self.process.returncode}\n{self.log()[-3000:]}")
            if self.authority.root.exists() and handshake(self.port, self.authority):
                return
            if time.monotonic() > deadline:
                self.stop()
                raise ProxyUnavailable(f"caddy was not ready within {timeout:.0f} s\n{self.log()[-3000:]}")
            try:
                self.process.wait(timeout=0.05)  # returns at once if caddy exits; else the handshake is tried again
            except subprocess.TimeoutExpired:
                pass

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._log is not None:
            self._log.close()
            self._log = None
        return self.process.returncode


def handshake(port: int, authority: Authority) -> bool:
    """Whether a TLS handshake for NAME on 127.0.0.1:`port` succeeds, checked against the authority's root."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
            with authority.context().wrap_socket(sock, server_hostname=NAME):
                return True
    except (OSError, ssl.SSLError):
        return False


def caddyfile(upstream: int, port: int, http_port: int) -> str:
    return (
        "{\n"
        "\tlocal_certs\n"
        "\tskip_install_trust\n"
        "\tadmin off\n"
        f"\thttp_port {http_port}\n"
        f"\thttps_port {port}\n"
        "}\n\n"
        f"{NAME}:{port} {{\n"
        f"\treverse_proxy 127.0.0.1:{upstream}\n"
        "}\n")


def launch_caddy(authority: Authority, upstream: int, port: int, http_port: int, log_path: Path,
                 scratch: Path) -> Caddy:
    """Starts a Caddy in front of `upstream` (call `wait_ready` before using it): its Caddyfile, HOME and
    configuration in `scratch`, its storage the shared authority's."""
    if shutil.which(CADDY) is None:
        raise ProxyUnavailable("caddy is missing (scripts/test installs it from apt)")
    scratch.mkdir(parents=True, exist_ok=True)
    config = scratch / "Caddyfile"
    config.write_text(caddyfile(upstream, port, http_port))
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "wb")
    env = dict(os.environ, HOME=str(scratch), XDG_DATA_HOME=str(authority.data),
               XDG_CONFIG_HOME=str(scratch / "config"))
    process = subprocess.Popen([CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
                               stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    return Caddy(port=port, http_port=http_port, upstream=upstream, log_path=log_path, process=process,
                 authority=authority, _log=log)


_authority: Authority | None = None


def authority(free_port: Callable[[], int], log_dir: Path) -> Authority:
    """The run's authority, made the first time any test process asks (a file lock keeps it to one), with its
    root in the NSS database Chromium is given and, where this user may, in the system store."""
    global _authority
    if _authority is not None:
        return _authority
    for tool in (CADDY, CERTUTIL):
        if shutil.which(tool) is None:
            raise ProxyUnavailable(f"{tool} is missing (scripts/test installs caddy and libnss3-tools from apt)")
    folder = Path(tempfile.gettempdir()) / f"daybook-e2e-caddy-{os.getuid()}"
    made = Authority(folder)
    with open(f"{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.root.exists() or not (made.nssdb / "cert9.db").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(mode=0o700)
            # Caddy makes its authority when a site first asks it for a certificate.
            first = launch_caddy(made, free_port(), free_port(), free_port(), log_dir / "caddy-authority.log",
                                 folder / "first")
            try:
                first.wait_ready()
            finally:
                first.stop()
            made.nssdb.mkdir(parents=True)
            for args in (["-N", "--empty-password"], ["-A", "-t", "C,,", "-n", "daybook-test-caddy", "-i", str(made.root)]):
                subprocess.run([CERTUTIL, *args, "-d", f"sql:{made.nssdb}"], check=True, capture_output=True)
        made.system_trust_problem = trust_in_system(made)
    _authority = made
    return made


def trust_in_system(made: Authority) -> str | None:
    """Puts the root in the system store and the name in /etc/hosts (as root; only what is missing or changed).
    Returns why it could not, or None."""
    root = made.root.read_bytes()
    try:
        if not SYSTEM_ROOT.exists() or SYSTEM_ROOT.read_bytes() != root:
            SYSTEM_ROOT.parent.mkdir(parents=True, exist_ok=True)
            SYSTEM_ROOT.write_bytes(root)
            subprocess.run(["update-ca-certificates"], check=True, capture_output=True)
        lines = HOSTS.read_text().splitlines()
        if not any(line.split()[:1] == ["127.0.0.1"] and NAME in line.split()[1:] for line in lines):
            with HOSTS.open("a") as hosts:
                hosts.write(f"\n127.0.0.1 {NAME}\n")
    except (OSError, subprocess.CalledProcessError) as error:
        return f"the system store and /etc/hosts need root: {error}"
    return None


# --------------------------------------------------------------------------
# Requests through the proxy, as `curl --resolve NAME:PORT:127.0.0.1 --cacert ROOT [--interface ADDRESS]`
# --------------------------------------------------------------------------

class _Connection(http.client.HTTPSConnection):
    """HTTPS to NAME:`port` at 127.0.0.1, from the loopback address `source`, trusting only the authority."""

    def __init__(self, port: int, authority: Authority, source: str, timeout: float) -> None:
        super().__init__(NAME, port, context=authority.context(), timeout=timeout, source_address=(source, 0))

    def connect(self) -> None:
        sock = socket.create_connection(("127.0.0.1", self.port), self.timeout, self.source_address)
        self.sock = self._context.wrap_socket(sock, server_hostname=NAME)


@dataclass
class Answer:
    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        return next((value for key, value in self.headers if key.lower() == name.lower()), None)

    def all(self, name: str) -> list[str]:
        return [value for key, value in self.headers if key.lower() == name.lower()]

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")


def through(caddy: Caddy, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None, source: str = "127.0.0.1", timeout: float = 15) -> Answer:
    """One request through the proxy, from the loopback address `source` (its X-Forwarded-For is that)."""
    connection = _Connection(caddy.port, caddy.authority, source, timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return Answer(response.status, response.getheaders(), response.read())
    finally:
        connection.close()
