"""Fixtures for Daybook's browser tests (pytest + Selenium; headless Chromium, and WebKit — Safari's engine).

Each test gets a fresh `daybook serve` on a free port with an empty data
folder, and as many browsers as it asks for.  Server output goes to
artifacts/e2e-logs/<test>.log; screenshots to $DAYBOOK_SCREENSHOT_DIR or
artifacts/screenshots.

A test runs in both engines with `@pytest.mark.parametrize("engine", ENGINES)` (or `@both_engines`): the
`browser` factory then makes that engine's browser.  WebKit is Debian's WebKitGTK (WebKitWebDriver driving
MiniBrowser), which needs a display: when none is set, one Xvfb per test process is started here.  What
WebKitGTK cannot do that a test would want is raised as `EngineLimit` or reported with `engine_limit(...)`,
naming the reason, never skipped silently.
"""

from __future__ import annotations

import atexit
import fcntl
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait
from selenium.webdriver.webkitgtk.service import Service as WebKitService

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
LOG_DIR = ARTIFACTS / "e2e-logs"
CHROMIUM = os.environ.get("DAYBOOK_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DAYBOOK_CHROMEDRIVER", "/usr/bin/chromedriver")
WEBKITDRIVER = os.environ.get("DAYBOOK_WEBKITDRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("DAYBOOK_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
# The engines a phone meets: Chrome's on Android, Safari's (every browser) on an iPhone.
ENGINES = ["chromium", "webkit"]
both_engines = pytest.mark.parametrize("engine", ENGINES)
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
WAIT = 15.0

sys.path.insert(0, str(Path(__file__).resolve().parent))

import proxy  # noqa: E402 - HTTPS through a real Caddy, for the walks of a phone at home (see `home`)


# --------------------------------------------------------------------------
# The binary
# --------------------------------------------------------------------------

_built = False


def daybook_binary() -> Path:
    """DAYBOOK_BIN, or the debug build (built once if it is missing)."""
    global _built
    env = os.environ.get("DAYBOOK_BIN")
    if env:
        path = Path(env)
        if not path.is_absolute():
            path = ROOT / path
        return path
    path = ROOT / ".build" / "debug" / "daybook"
    if not path.exists() and not _built:
        _built = True
        subprocess.run(["swift", "build", "--product", "daybook"], cwd=ROOT, check=True)
    if not path.exists():
        pytest.fail(f"no daybook binary at {path}")
    return path


_handed_out: set[int] = set()


def free_port() -> int:
    """A port no other test process will pick: each pytest-xdist worker draws from its own block below
    Linux's ephemeral range (where the kernel picks ports for browsers and drivers), and checks it is free."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(worker[2:]) if worker[2:].isdigit() else 0
    first = 20000 + 500 * (index % 24)
    for port in range(first, first + 500):
        if port in _handed_out:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise RuntimeError(f"no free port in {first}–{first + 499}")


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120] or "test"


# --------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------

class ServerOutput:
    """A server's output, copied line by line into its log file as it comes; whoever waits for a line is woken when
    it arrives (or when the output ends, the server having exited)."""

    def __init__(self, stream, log) -> None:
        self._lines: list[str] = []
        self._ended = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._copy, args=(stream, log), daemon=True)
        self._thread.start()

    def _copy(self, stream, log) -> None:
        for line in iter(stream.readline, b""):
            log.write(line)
            log.flush()
            with self._changed:
                self._lines.append(line.decode(errors="replace"))
                self._changed.notify_all()
        log.close()
        with self._changed:
            self._ended = True
            self._changed.notify_all()

    def wait_for(self, *texts: str, timeout: float) -> bool:
        """Whether a line holding each of `texts` came within `timeout` seconds (False once the output ended)."""
        def seen() -> bool:
            return all(any(text in line for line in self._lines) for text in texts)
        with self._changed:
            self._changed.wait_for(lambda: seen() or self._ended, timeout)
            return seen()

    def close(self) -> None:
        """After the server exited: the last lines are in the log file."""
        self._thread.join(timeout=STOP_TIMEOUT)


@dataclass
class Server:
    url: str
    port: int
    data_dir: Path
    log_path: Path
    process: subprocess.Popen
    exit_code: int | None = None
    stopped_in: float | None = None
    # What it was started with besides the address and the data folder (a restart keeps them).
    extra_args: list[str] = field(default_factory=list)
    _output: ServerOutput | None = field(default=None, repr=False)

    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> int | None:
        """SIGTERM, then wait up to STOP_TIMEOUT.  Returns the exit code, or
        None when it did not exit in time (it is then killed)."""
        if self.stopped_in is not None or self.exit_code is not None:
            return self.exit_code
        start = time.monotonic()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                self.stopped_in = float("inf")
                self._close_log()
                return None
        self.stopped_in = time.monotonic() - start
        self.exit_code = self.process.returncode
        self._close_log()
        return self.exit_code

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def wait_for_line(self, text: str, timeout: float = START_TIMEOUT) -> bool:
        """Whether the server wrote a line holding `text` within `timeout` seconds."""
        return self._output is not None and self._output.wait_for(text, timeout=timeout)

    def _close_log(self) -> None:
        if self._output is not None:
            self._output.close()
            self._output = None


# What a starting server writes once it listens, and once its database is open (`LOG_LEVEL=notice` or finer).
LISTENING = "Daybook is running at"
DATABASE_OPEN = "the database is open"


# What a server writes once the ambient loops are in its data folder (`LOG_LEVEL=info`).
LOOPS_READY = "the ambient loops are ready"

# A data folder's first start makes the ambient loops in the background: about 2 s of processor time in a debug
# build, for each of the 150-odd servers a run starts on two cores. So servers start with the loops one first
# start made for the whole run, which is what any later start finds; a test marked `first_start` gets a folder
# without them, and its server makes them as a person's first start does.
_made_loops: Path | None = None
# Held (shared) while this test process may still link loops from its folder: a run of another build then leaves
# that folder alone when it clears away the loops of earlier builds.
_loops_in_use = None


def made_loops(binary: Path) -> Path:
    """The folder of ambient loops a first start of `binary` makes: made once, shared by the test processes."""
    global _made_loops, _loops_in_use
    if _made_loops is not None:
        return _made_loops
    folder = Path(tempfile.gettempdir()) / f"daybook-e2e-loops-{os.getuid()}-{binary.stat().st_mtime_ns}"
    in_use = open(f"{folder}.in-use", "w")
    fcntl.flock(in_use, fcntl.LOCK_SH)  # kept for as long as this process runs
    with open(f"{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not folder.is_dir():
            # The loops of earlier builds are of no more use, unless a run still going uses them.
            for old in folder.parent.glob(f"daybook-e2e-loops-{os.getuid()}-*"):
                if old.is_dir() and old != folder:
                    with open(f"{old}.in-use", "w") as old_in_use:
                        try:
                            fcntl.flock(old_in_use, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        except OSError:
                            continue
                        shutil.rmtree(old, ignore_errors=True)
            scratch = Path(tempfile.mkdtemp(prefix="daybook-first-start-"))
            server = start_server(binary, scratch / "data", LOG_DIR / "first-start-loops.log",
                                  env=dict(os.environ, LOG_LEVEL="info"), loops=False)
            try:
                if not server.wait_for_line(LOOPS_READY, timeout=120):
                    pytest.fail(f"a first start made no ambient loops\n{server.log()[-2000:]}")
            finally:
                server.stop()
            os.rename(scratch / "data" / "cache" / "sounds", folder)
            shutil.rmtree(scratch, ignore_errors=True)
    _loops_in_use = in_use
    _made_loops = folder
    return folder


def give_made_loops(binary: Path, data_dir: Path) -> None:
    """Puts the run's ambient loops in a data folder that has none (linked where the disk allows, else copied)."""
    sounds = data_dir / "cache" / "sounds"
    if sounds.exists():
        return
    made = made_loops(binary)
    sounds.mkdir(parents=True)
    for loop in made.iterdir():
        try:
            os.link(loop, sounds / loop.name)
        except OSError:
            shutil.copyfile(loop, sounds / loop.name)


def start_server(binary: Path, data_dir: Path, log_path: Path, *, cwd: Path | str = ROOT,
                 extra_args: list[str] | None = None, env: dict[str, str] | None = None,
                 port: int | None = None, loops: bool = True) -> Server:
    """`daybook serve` on `data_dir`, once it listens and its database is open. With `loops`, a folder without
    the ambient loops is given the run's (see `made_loops`); without, a first start makes its own."""
    port = port or free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    if loops:
        give_made_loops(binary, data_dir)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log = open(log_path, "wb")
    args = [str(binary), "serve", "--host", "127.0.0.1", "--port", str(port),
            "--data-dir", str(data_dir)] + (extra_args or [])
    log.write(("$ " + " ".join(args) + "\n").encode())
    log.flush()
    env = dict(os.environ if env is None else env)
    env.setdefault("LOG_LEVEL", "notice")
    process = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, env=env)
    server = Server(url=f"http://127.0.0.1:{port}", port=port, data_dir=data_dir, log_path=log_path,
                    process=process, extra_args=list(extra_args or []), _output=ServerOutput(process.stdout, log))
    if not server._output.wait_for(LISTENING, DATABASE_OPEN, timeout=START_TIMEOUT):
        exited = server.process.poll()
        server.stop()
        why = f"exited with code {exited}" if exited is not None else f"not ready within {START_TIMEOUT:.0f} s"
        pytest.fail(f"server {why}\n--- server log ---\n{server.log()[-4000:]}")
    return server


def restart_server(stopped: Server) -> Server:
    """The same server started again on the same address and data folder (and with the same options), as after a
    reboot: the browser's service worker and IndexedDB belong to that origin, so it must not change."""
    assert not stopped.running(), "stop the server first"
    log_path = stopped.log_path.with_name(stopped.log_path.stem + "-restarted.log")
    return start_server(daybook_binary(), stopped.data_dir, log_path, port=stopped.port,
                        extra_args=stopped.extra_args)


@pytest.fixture
def server(request, tmp_path):
    """A fresh `daybook serve` with an empty data folder; a test marked `first_start` gets a folder without the
    ambient loops, as a person's first start has."""
    binary = daybook_binary()
    log_path = LOG_DIR / f"{safe_name(request.node.nodeid.split('::', 1)[-1])}.log"
    first_start = request.node.get_closest_marker("first_start") is not None
    srv = start_server(binary, tmp_path / "data", log_path, loops=not first_start)
    yield srv
    code = srv.stop()
    assert srv.stopped_in is not None and srv.stopped_in <= STOP_TIMEOUT, \
        f"server did not stop within {STOP_TIMEOUT:.0f} s of SIGTERM"
    assert code == 0, f"server exited with code {code} after SIGTERM\n{srv.log()[-2000:]}"


# --------------------------------------------------------------------------
# At home, behind a TLS proxy
# --------------------------------------------------------------------------

HOME_PASSPHRASE = "the harbour at dawn"


def set_passphrase(binary: Path, data_dir: Path, passphrase: str = HOME_PASSPHRASE) -> None:
    """`daybook passphrase set --stdin`: the owner's passphrase an exposed server needs before it starts."""
    done = subprocess.run([str(binary), "passphrase", "set", "--stdin", "--data-dir", str(data_dir)],
                          input=passphrase + "\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


@dataclass
class Home:
    """A Daybook on loopback behind Caddy (`tls internal`) at https://daybook.home.arpa:PORT, started with
    `--public-url` and locked by the owner's passphrase: how a phone at home reaches it (see proxy.py)."""
    server: Server
    caddy: proxy.Caddy
    passphrase: str = HOME_PASSPHRASE

    @property
    def url(self) -> str:
        return self.caddy.url

    @property
    def authority(self) -> proxy.Authority:
        return self.caddy.authority

    def token(self) -> str:
        """The command line's token, kept by the server in its data folder for the owner only."""
        path = self.server.data_dir / "cli-token"
        assert path.exists(), f"the server keeps no command-line token at {path}"
        return path.read_text().strip()

    def api(self, method: str, path: str, body=None):
        """A JSON API request straight to Daybook's loopback port, with the command line's token."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.server.url + path, data=data, method=method, headers={
            "Content-Type": "application/json", "Accept": "application/json",
            "Authorization": f"Bearer {self.token()}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return json.loads(text) if text else None

    def restart_daybook(self) -> None:
        """Daybook started again on the same port, data folder and public URL (Caddy stayed up)."""
        self.server = restart_server(self.server)


def start_home(name: str, folder: Path):
    """Starts a Daybook behind a real Caddy in `folder` (logs named after `name`); stop it with `stop_home`."""
    binary = daybook_binary()
    try:
        authority = proxy.authority(free_port, LOG_DIR)
    except proxy.ProxyUnavailable as why:
        pytest.fail(str(why))
    data_dir = folder / "data"
    data_dir.mkdir(parents=True)
    set_passphrase(binary, data_dir)
    port, https_port = free_port(), free_port()
    # Caddy starts while Daybook does.
    caddy = proxy.launch_caddy(authority, port, https_port, free_port(), LOG_DIR / f"{name}-caddy.log",
                               folder / "caddy")
    try:
        server = start_server(binary, data_dir, LOG_DIR / f"{name}.log", port=port,
                              extra_args=["--public-url", caddy.url])
        caddy.wait_ready()
    except proxy.ProxyUnavailable as why:
        pytest.fail(str(why))
    except BaseException:
        caddy.stop()
        raise
    return Home(server=server, caddy=caddy)


def stop_home(place: Home) -> None:
    place.caddy.stop()
    code = place.server.stop()
    assert code == 0, f"server exited with code {code} after SIGTERM\n{place.server.log()[-2000:]}"


@pytest.fixture
def home(request, tmp_path):
    """A Daybook behind a real Caddy, as a phone at home reaches it (`Home`), for one test."""
    place = start_home(safe_name(request.node.nodeid.split("::", 1)[-1]), tmp_path)
    yield place
    stop_home(place)


@pytest.fixture(scope="module")
def shared_home(request, tmp_path_factory):
    """One `home` for the tests of a module that only send requests and leave nothing another would trip on
    (one server start instead of one each)."""
    place = start_home(safe_name(request.module.__name__), tmp_path_factory.mktemp("home"))
    yield place
    stop_home(place)


def phone_at_home(browser, home: Home, engine: str) -> WebDriver:
    """A phone (390 x 844) that trusts the home's Caddy and finds daybook.home.arpa: Chromium through the NSS
    database in the HOME it is given and a host-resolver rule; WebKitGTK through the system store and /etc/hosts."""
    if engine == "webkit":
        problem = home.authority.system_trust_problem
        if problem:
            if os.environ.get("CI"):
                pytest.fail(f"CI runs as root and must trust the test's Caddy in the system store: {problem}")
            pytest.skip(f"WebKitGTK trusts only the system store: {problem}")
        return browser("en-US", width=390, height=844, engine="webkit")
    return browser("en-US", width=390, height=844, engine=engine,
                   args=[f"--host-resolver-rules=MAP {proxy.NAME} 127.0.0.1"],
                   env={"HOME": str(home.authority.browser_home)})


# --------------------------------------------------------------------------
# Browsers
# --------------------------------------------------------------------------

def make_driver(lang: str = "en-US", width: int = 1280, height: int = 900,
                mobile: bool | None = None, profile: Path | None = None, engine: str = "chromium",
                args: list[str] | None = None, env: dict[str, str] | None = None) -> WebDriver:
    """Headless Chromium (or WebKit, engine="webkit") speaking `lang`, with a `width` x `height` viewport.

    Phone widths (mobile=None and width < 600) are emulated as a phone: a
    touch device of that CSS size that honours <meta name="viewport">.
    `profile` puts the browser's own data (its storage quota follows that disk) in a folder of the test's.
    `args` are more of Chromium's switches; `env` is set for the browser's process (HOME, for its NSS database).
    """
    if engine == "webkit":
        return make_webkit_driver(lang, width, height, mobile, profile, env)
    if engine != "chromium":
        raise ValueError(f"no browser engine {engine!r}; the engines are {ENGINES}")
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).exists():
            pytest.fail(f"{path} is missing (scripts/test installs chromium and chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", f"--lang={lang}",
                "--no-first-run", "--no-default-browser-check",
                "--disable-background-networking", "--disable-sync",
                "--disable-component-update", "--hide-scrollbars"):
        options.add_argument(arg)
    if profile is not None:
        options.add_argument(f"--user-data-dir={profile}")
    for arg in args or []:
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    service = Service(executable_path=CHROMEDRIVER, env=dict(os.environ, **env) if env else None)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    if mobile is None:
        mobile = width < 600
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1,
        "mobile": mobile,
    })
    if mobile:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.daybook_urls = []  # type: ignore[attr-defined]
    driver.daybook_events = []  # type: ignore[attr-defined]
    driver.daybook_engine = "chromium"  # type: ignore[attr-defined]
    return driver


class EngineLimit(Exception):
    """Something a test asked of the browser that this engine's driver cannot do, and why."""


def engine_of(driver: WebDriver) -> str:
    return getattr(driver, "daybook_engine", "chromium")


def engine_limit(driver_or_engine, what: str, why: str) -> None:
    """Says, in the test's report, what part of a test this engine cannot run and why (a warning pytest lists
    at the end of the run), so that nothing is left out silently."""
    engine = driver_or_engine if isinstance(driver_or_engine, str) else engine_of(driver_or_engine)
    warnings.warn(EngineLimitWarning(f"{engine}: {what} — not checked here: {why}"), stacklevel=2)


class EngineLimitWarning(UserWarning):
    pass


def webkit_cannot(engine: str, what: str, why: str) -> None:
    """The WebKit run of a test whose point WebKitGTK cannot reach: skipped, with what and why in the report."""
    if engine == "webkit":
        pytest.skip(f"WebKitGTK cannot {what}: {why}")


# ---- WebKit (WebKitGTK's MiniBrowser under WebKitWebDriver) ---------------------------------------

# MiniBrowser's tool bar would keep its window at least ~450 px wide (a phone is 390): its own chrome is
# shrunk to nothing; pages are drawn by WebKit, not GTK, so they are unchanged.
_WEBKIT_GTK_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n"
_display: subprocess.Popen | None = None


def ensure_display() -> str:
    """$DISPLAY, or an Xvfb of this test process's own (started once, stopped at exit): MiniBrowser is a
    GTK program and needs an X display even when nobody looks."""
    global _display
    if os.environ.get("DISPLAY"):
        return os.environ["DISPLAY"]
    if not shutil.which("Xvfb"):
        pytest.fail("WebKit needs a display: install xvfb (scripts/test does) or set DISPLAY")
    read, write = os.pipe()
    _display = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten",
                                 "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        pytest.fail("Xvfb did not start")
    atexit.register(_display.terminate)
    os.environ["DISPLAY"] = f":{number}"
    return os.environ["DISPLAY"]


def make_webkit_driver(lang: str, width: int, height: int, mobile: bool | None,
                       profile: Path | None, extra_env: dict[str, str] | None = None) -> WebDriver:
    """WebKitGTK's MiniBrowser in a window whose page area is `width` x `height` CSS pixels.

    What it cannot be asked (EngineLimit or engine_limit when a test needs it):
    - its languages: MiniBrowser has no way to set them and keeps English; tests set the owner's language;
    - a phone's touch screen and pixel density: it is a desktop window of a phone's width (no touch events,
      `pointer: fine`, device pixel ratio 1);
    - a folder for its data: an automation session keeps its storage in memory, so `profile` (a small disk)
      cannot apply;
    - a network log or emulated offline: the tests stop the server process instead.
    """
    for path in (WEBKITDRIVER, MINIBROWSER):
        if not Path(path).exists():
            pytest.fail(f"{path} is missing (scripts/test installs webkit2gtk-driver and xvfb)")
    display = ensure_display()
    home = Path(tempfile.mkdtemp(prefix="daybook-webkit-"))
    (home / "config" / "gtk-3.0").mkdir(parents=True)
    (home / "config" / "gtk-3.0" / "gtk.css").write_text(_WEBKIT_GTK_CSS)
    # GStreamer's list of its plugins is made once for all the browsers of a run, not in each one's cache.
    env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"),
               GST_REGISTRY_1_0=str(Path(tempfile.gettempdir()) / f"daybook-gstreamer-{os.getuid()}.bin"),
               LANGUAGE=lang.replace("-", "_"), GTK_A11Y="none", NO_AT_BRIDGE="1", **(extra_env or {}))
    options = webdriver.WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    # Safari has had the Storage API (persist, estimate) since 17; WebKitGTK has it behind a flag.
    options.add_argument("--features=+StorageAPI,+StorageAPIEstimate")
    driver = webdriver.WebKitGTK(options=options, service=WebKitService(executable_path=WEBKITDRIVER, env=env))
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    driver.daybook_urls = []  # type: ignore[attr-defined]
    driver.daybook_events = []  # type: ignore[attr-defined]
    driver.daybook_engine = "webkit"  # type: ignore[attr-defined]
    driver.daybook_home = home  # type: ignore[attr-defined]
    set_webkit_viewport(driver, width, height)
    if (width < 600 if mobile is None else mobile):
        engine_limit("webkit", "a phone's touch screen and pixel density",
                     "WebKitGTK is a desktop engine: a window of the phone's width, mouse events, pixel ratio 1")
    if profile is not None:
        engine_limit("webkit", f"the browser's data in {profile}",
                     "WebKitGTK's automation session keeps website data in memory, not in a folder")
    return driver


def set_webkit_viewport(driver: WebDriver, width: int, height: int) -> None:
    """Sizes the window so that the page itself is `width` x `height` (the window's own bar is taken off)."""
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    if inner != [width, height]:
        driver.set_window_size(width + width - inner[0], height + height - inner[1])


def set_viewport(driver: WebDriver, width: int, height: int) -> None:
    """Makes the page a phone (below 600 px wide) or a desktop, in either engine."""
    if engine_of(driver) == "webkit":
        set_webkit_viewport(driver, width, height)
        return
    mobile = width < 600
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5})


def quit_driver(driver: WebDriver) -> None:
    try:
        driver.quit()
    finally:
        home = getattr(driver, "daybook_home", None)
        if home is not None:
            shutil.rmtree(home, ignore_errors=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def engine():
    """The browser engine of a test: Chromium unless the test is parametrized over ENGINES."""
    return "chromium"


@pytest.fixture
def browser(request, engine):
    """Factory: browser(lang="en-US", width=1280, height=900, engine=<the test's engine>) -> WebDriver.

    Every browser made is closed at the end of the test; when the test failed
    each one leaves a screenshot named failed-<test>-<n>.png first."""
    drivers: list[WebDriver] = []

    def factory(lang: str = "en-US", width: int = 1280, height: int = 900,
                mobile: bool | None = None, profile: Path | None = None, engine: str = engine,
                args: list[str] | None = None, env: dict[str, str] | None = None) -> WebDriver:
        driver = make_driver(lang, width, height, mobile, profile, engine, args, env)
        drivers.append(driver)
        return driver

    yield factory
    failed = getattr(request.node, "report_call", None) is not None and request.node.report_call.failed
    for n, driver in enumerate(drivers):
        try:
            if failed:
                screenshot(driver, f"failed-{safe_name(request.node.name)}-{n}")
        except Exception:  # noqa: BLE001 - best effort on the way out
            pass
        finally:
            quit_driver(driver)


def screenshot_dir() -> Path:
    path = Path(os.environ.get("DAYBOOK_SCREENSHOT_DIR") or ARTIFACTS / "screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def screenshot(driver: WebDriver, name: str) -> Path:
    """Saves what the page shows as <name>.png; WebKit's pictures are named webkit-<name>.png beside Chromium's."""
    engine = engine_of(driver)
    if engine != "chromium" and not name.startswith(f"{engine}-"):
        name = f"{engine}-{name}"
    path = screenshot_dir() / f"{name}.png"
    if engine == "webkit":
        # WebKitGTK under Xvfb now and then hands back an all-black frame taken before the page was composited
        # again: wait for the next frames and take it anew (a few times at most).
        for _ in range(5):
            picture = driver.get_screenshot_as_png()
            if not _all_black(picture):
                break
            driver.execute_async_script(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")
        path.write_bytes(picture)
        return path
    if not driver.save_screenshot(str(path)):
        raise AssertionError(f"could not save screenshot {path}")
    return path


def png_image_data(png: bytes) -> bytes:
    """A PNG's image data (each row's filter byte, then its pixels), decompressed; raises zlib.error if damaged."""
    import struct
    import zlib
    pos, data = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    return zlib.decompress(data)


def _all_black(png: bytes) -> bool:
    """Whether a PNG's pixels are all zero (its rows' filter bytes aside)."""
    import zlib
    try:
        return set(png_image_data(png)) <= {0, 1, 2, 3, 4}
    except zlib.error:
        return False


def _drain_performance_log(driver: WebDriver) -> None:
    if engine_of(driver) == "webkit":
        raise EngineLimit("WebKitGTK's WebDriver keeps no network log (Chromium's comes from its DevTools "
                          "protocol): use current_page_urls(driver) for what the open page loaded")
    for entry in driver.get_log("performance"):
        try:
            message = json.loads(entry["message"])["message"]
        except (KeyError, ValueError):
            continue
        driver.daybook_events.append(message)  # type: ignore[attr-defined]
        if message.get("method") == "Network.requestWillBeSent":
            url = message.get("params", {}).get("request", {}).get("url")
            if url:
                driver.daybook_urls.append(url)  # type: ignore[attr-defined]


def requested_urls(driver: WebDriver) -> list[str]:
    """Every URL the browser has requested so far (from the performance log)."""
    _drain_performance_log(driver)
    return list(driver.daybook_urls)  # type: ignore[attr-defined]


def current_page_urls(driver: WebDriver) -> list[str]:
    """What the open page loaded (its own address and its resources, from the page's Resource Timing); in
    both engines, but only since this page was opened and without requests the page's worker made."""
    return driver.execute_script(
        "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".map((e) => e.name)")


def document_statuses(driver: WebDriver) -> list[tuple[str, int]]:
    """(url, status) of every page (document) response received so far."""
    _drain_performance_log(driver)
    out = []
    for message in driver.daybook_events:  # type: ignore[attr-defined]
        if message.get("method") == "Network.responseReceived":
            params = message.get("params", {})
            if params.get("type") == "Document":
                resp = params.get("response", {})
                out.append((resp.get("url", ""), int(resp.get("status", 0))))
    return out


# --------------------------------------------------------------------------
# A year of demo data, and what the walks over its pages share
# --------------------------------------------------------------------------

def run_folder(tmp_path_factory) -> Path:
    """A folder of this run that all its test processes see (pytest-xdist gives each worker one below it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_demo_data(tmp_path_factory) -> Path:
    """A year of demo data with a few photos (`daybook demo --years 1 --photos 3`): made once for the run and shared
    by its test processes, which run their servers on copies of it (the same seed makes the same data)."""
    folder = run_folder(tmp_path_factory) / "demo-data"
    with open(f"{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not folder.is_dir():
            scratch = folder.with_name("demo-data-making")
            shutil.rmtree(scratch, ignore_errors=True)
            subprocess.run([str(daybook_binary()), "demo", "--years", "1", "--photos", "3", "--data-dir",
                            str(scratch)], check=True, capture_output=True, timeout=300)
            os.rename(scratch, folder)
    return folder


def start_demo_server(tmp_path_factory, name: str) -> Server:
    """`daybook serve` on a copy of the run's demo data of its own."""
    data = tmp_path_factory.mktemp("demo") / "data"
    shutil.copytree(made_demo_data(tmp_path_factory), data)
    return start_server(daybook_binary(), data, LOG_DIR / f"demo-{name}.log")


def worker_name() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


@pytest.fixture(scope="session")
def demo_server(tmp_path_factory):
    """`daybook serve` over a year of demo data, one for each test process, shared by the tests that only read it:
    the walks over every page, the screenshots, the phone bar. They change nothing but the owner's language and
    appearance (which every page follows), and each sets those first."""
    server = start_demo_server(tmp_path_factory, f"shared-{worker_name()}")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def own_demo_server(request, tmp_path_factory):
    """A server over a copy of the demo data for the tests of one module that write to it (entries, a focus
    session, a tracker's tick), so that the shared `demo_server` shows every walk the same data."""
    server = start_demo_server(tmp_path_factory, f"{safe_name(request.module.__name__)}-{worker_name()}")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def _shared_chromium():
    driver = make_driver("en-US", 390, 844)
    yield driver
    quit_driver(driver)


@pytest.fixture(scope="session")
def _shared_webkit():
    driver = make_driver("en-US", 390, 844, engine="webkit")
    yield driver
    quit_driver(driver)


def park(driver: WebDriver) -> None:
    """Leaves a page for an empty one: a browser kept for later tests does not go on running an app page's timers
    and drawing (WebKitGTK spends a fifth of a processor on an idle Today, either engine half of one on Focus)."""
    try:
        driver.get("about:blank")
    except WebDriverException:
        pass


@pytest.fixture
def resizable_browser(_shared_chromium):
    """One headless Chromium for each test process, handed to each test that asks as a 390 x 844 phone with the
    browser's own text size and no emulated media features; `set_viewport` makes it another phone or a desktop."""
    driver = _shared_chromium
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16}})
    set_viewport(driver, 390, 844)
    yield driver
    park(driver)


@pytest.fixture
def webkit_phone(_shared_webkit):
    """One WebKit (Safari's engine) window of a phone's width (390 x 844) for each test process, for the walks over
    the demo pages that only read them."""
    yield _shared_webkit
    park(_shared_webkit)


# --------------------------------------------------------------------------
# Page helpers
# --------------------------------------------------------------------------

def call(server, method: str, path: str, body=None):
    """A JSON API request; the decoded answer, or None for an empty one."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read()
        return json.loads(text) if text else None


def wait_for(driver: WebDriver, css: str, timeout: float = WAIT) -> WebElement:
    return WebDriverWait(driver, timeout).until(
        EC.presence_of_element_located((By.CSS_SELECTOR, css)),
        message=f"no {css} on {driver.current_url}")


def wait_ready(driver: WebDriver, timeout: float = WAIT) -> None:
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script("return document.readyState") == "complete")


def open_page(driver: WebDriver, url: str) -> None:
    driver.get(url)
    wait_ready(driver)


def tap(driver: WebDriver, element: WebElement) -> None:
    """A tap where a person taps: at the element's centre, brought into view first as a finger scrolls to it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    ActionChains(driver).move_to_element(element).click().perform()


def click_and_wait(driver: WebDriver, element: WebElement, timeout: float = WAIT) -> None:
    """Click something that loads a new page, and wait for that page."""
    old = driver.find_element(By.TAG_NAME, "html")
    element.click()
    WebDriverWait(driver, timeout).until(lambda d: _gone(old),
                                         message="the click did not load a new page")
    wait_ready(driver, timeout)


def _gone(element: WebElement) -> bool:
    """True once the element left the document. While the next page is being swapped in,
    Chrome can answer with "Node ... does not belong to the document" instead of a stale
    reference; that also means the old page is gone."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True
    except WebDriverException as error:
        if "does not belong to the document" in str(error):
            return True
        raise


def assert_page_ok(driver: WebDriver, what: str) -> None:
    """Fail with the server's own words when the page just loaded is an error page."""
    if engine_of(driver) == "webkit":
        # No status codes in WebKitGTK's driver (nor in its Navigation Timing): Daybook's error page says it.
        if driver.find_elements(By.ID, "error-page"):
            text = " ".join(driver.find_element(By.TAG_NAME, "body").text.split())[:300]
            raise AssertionError(f"{what}: {driver.current_url} answered with an error page: {text!r}")
        return
    statuses = document_statuses(driver)
    if statuses and statuses[-1][1] >= 400:
        url, status = statuses[-1]
        text = " ".join(driver.find_element(By.TAG_NAME, "body").text.split())[:300]
        raise AssertionError(f"{what}: {url} answered {status}: {text!r}")


def html_lang(driver: WebDriver) -> str:
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang") or ""


def path_of(driver: WebDriver) -> str:
    from urllib.parse import urlsplit
    return urlsplit(driver.current_url).path


def set_value(driver: WebDriver, element: WebElement, value: str) -> None:
    """Replace a field's text the way typing would."""
    element.clear()
    if value:
        element.send_keys(value)
    if (element.get_attribute("value") or "") != value:
        # Fields that do not take keys (e.g. some IME or colour inputs).
        driver.execute_script(
            "arguments[0].value = arguments[1];"
            "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
            "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
            element, value)


def nav_link(driver: WebDriver, path: str) -> WebElement:
    """The link of #app-nav that goes to `path`."""
    from urllib.parse import urlsplit
    nav = driver.find_element(By.ID, "app-nav")
    for link in nav.find_elements(By.TAG_NAME, "a"):
        if urlsplit(link.get_attribute("href") or "").path == path:
            return link
    raise AssertionError(f"#app-nav has no link to {path}")


def accent(driver: WebDriver) -> str:
    return driver.execute_script(
        "return getComputedStyle(document.documentElement).getPropertyValue('--accent')").strip()


ONBOARDING_NAMES = {
    "en": ("Alex", "My days"),
    "ko": ("지민", "나의 하루"),
    "ja": ("ゆい", "わたしの毎日"),
    "zh-Hans": ("小明", "我的日子"),
}


def complete_onboarding(driver: WebDriver, server: Server, language: str | None = None,
                        name: str | None = None, journal: str | None = None,
                        shoot: str | None = None) -> None:
    """Walk through onboarding in the browser and land on Today.

    language: the value to pick in the welcome step (None keeps what the
    server preselected).  shoot: a screenshot name prefix; when given, each
    step is saved as <shoot>-onboarding[-name|-journal].png."""
    open_page(driver, server.url + "/")
    wait_for(driver, "form#onboarding-language")
    if shoot:
        screenshot(driver, f"{shoot}-onboarding")
    select = Select(driver.find_element(By.ID, "language"))
    if language is not None:
        select.select_by_value(language)
    chosen = select.first_selected_option.get_attribute("value") or "en"
    default_name, default_journal = ONBOARDING_NAMES.get(chosen, ONBOARDING_NAMES["en"])
    click_and_wait(driver, driver.find_element(By.ID, "onboarding-begin"))
    assert_page_ok(driver, "choosing the language")

    def fill_and_submit(form, field, value, shot_suffix, button, what):
        wait_for(driver, f"form#{form}")
        set_value(driver, driver.find_element(By.ID, field), value)
        if shoot:
            screenshot(driver, f"{shoot}-onboarding-{shot_suffix}")
        click_and_wait(driver, driver.find_element(By.ID, button))
        assert_page_ok(driver, what)

    fill_and_submit("onboarding-name", "name", name or default_name, "name", "onboarding-next", "giving a name")
    fill_and_submit("onboarding-journal", "journalName", journal or default_journal, "journal",
                    "onboarding-finish", "naming the journal")
    wait_for(driver, "#greeting")
    assert path_of(driver) == "/", f"onboarding ended on {driver.current_url}"


# The slowest tests, slowest first (their seconds in a run on 2 cores with 3 test processes). They start first, so
# that none of them is left running alone at the end while the other test processes have finished: scripts/test
# hands out tests one at a time in this order (`--dist load --maxschedchunk 1`). A name without its parameters
# stands for each of them. Others keep their order after these.
# How long each test took when the test command last recorded it (`scripts/test --record-durations` rewrites
# durations.json from the run's JUnit report): the slowest start first, so that none of them starts last and keeps
# the run waiting. A test the file does not name yet runs after them, in its place.
DURATIONS = Path(__file__).with_name("durations.json")


def recorded_durations() -> dict[str, float]:
    try:
        return json.loads(DURATIONS.read_text())["seconds"]
    except (OSError, ValueError, KeyError):
        return {}


def pytest_collection_modifyitems(session, config, items):
    """The slowest tests first (durations.json), the others in their order after them."""
    seconds = recorded_durations()
    order = {id(item): n for n, item in enumerate(items)}

    def slowest_first(item) -> tuple[float, int]:
        name = item.nodeid.rsplit("/", 1)[-1].split("[", 1)[0]
        return (-seconds.get(name, 0.0), order[id(item)])

    items.sort(key=slowest_first)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "first_start: the test's server starts on a folder without the ambient loops and makes them")


def pytest_sessionstart(session):
    LOG_DIR.mkdir(parents=True, exist_ok=True)
