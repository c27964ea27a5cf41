"""scripts/install puts a working daybook in a prefix, as a self-hoster would run it."""

import os
import re
import subprocess
import sys
from pathlib import Path

from daybook_http import Client
from fixtures.paths import ROOT, LOG_DIR
from fixtures.servers import start_server, STOP_TIMEOUT


# scripts/test installs the debug build it has already made (DAYBOOK_INSTALL_CONFIGURATION=debug); run with
# release to check the self-contained release build self-hosters install (a fresh one takes ~14 min on 2 cores).
CONFIGURATION = os.environ.get("DAYBOOK_INSTALL_CONFIGURATION", "release")


def test_install_into_a_prefix(tmp_path):
    prefix = tmp_path / "prefix"
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ, HOME=str(home))
    env.pop("XDG_CONFIG_HOME", None)
    log = LOG_DIR / "install.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "wb") as out:
        result = subprocess.run(
            ["bash", str(ROOT / "scripts/install"), "--prefix", str(prefix),
             "--configuration", CONFIGURATION, "--systemd"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, timeout=1800)
    output = log.read_text(errors="replace")
    assert result.returncode == 0, f"scripts/install failed:\n{output[-3000:]}"

    binary = prefix / "bin" / "daybook"
    assert binary.is_file() and os.access(binary, os.X_OK)
    bundles = sorted(p.name for p in (prefix / "bin").glob("*.resources") if p.is_dir())
    assert "Daybook_DaybookWeb.resources" in bundles, bundles

    version = subprocess.run([str(binary), "--version"], cwd="/", capture_output=True,
                             text=True, timeout=30)
    assert version.returncode == 0, version.stderr
    assert re.search(r"\d+\.\d+", version.stdout), f"--version printed {version.stdout!r}"
    if sys.platform.startswith("linux") and CONFIGURATION == "release":
        # Self-contained: the Swift runtime and Foundation are inside, so it runs without a toolchain.
        libraries = subprocess.run(["ldd", str(binary)], capture_output=True, text=True).stdout
        assert "libswiftCore" not in libraries and "libFoundation" not in libraries, libraries

    bash = prefix / "share/bash-completion/completions/daybook"
    assert bash.is_file() and "daybook" in bash.read_text(), "no bash completion"
    assert (prefix / "share/zsh/site-functions/_daybook").is_file(), "no zsh completion"
    assert (prefix / "share/fish/vendor_completions.d/daybook.fish").is_file(), "no fish completion"

    unit = home / ".config/systemd/user/daybook.service"
    assert unit.is_file(), "no systemd user unit"
    unit_text = unit.read_text()
    assert f"ExecStart={binary} serve" in unit_text, unit_text
    assert "@BINDIR@" not in unit_text
    assert "systemctl --user daemon-reload" in output

    # Mark the installed stylesheet, so the test can tell the bundle beside the binary is the one in use
    # (a build also knows the absolute path of its build folder).
    stylesheet = prefix / "bin/Daybook_DaybookWeb.resources/Public/css/app.css"
    stylesheet.write_text(stylesheet.read_text() + "\n/* installed copy */\n")

    # Run from somewhere else entirely: it must find its resources beside itself.
    server = start_server(binary, tmp_path / "data", LOG_DIR / "install-serve.log", cwd="/",
                          env=env)
    try:
        page = Client(server.url).get("/onboarding")
        assert page.status == 200, f"/onboarding answered {page.status}"
        assert "onboarding-language" in page.text
        css = Client(server.url).get("/static/css/app.css")
        assert "installed copy" in css.text, "the server did not use the bundle installed beside it"
    finally:
        code = server.stop()
    assert server.stopped_in is not None and server.stopped_in <= STOP_TIMEOUT
    assert code == 0, f"installed server exited with {code}"
    assert Path(tmp_path / "data").is_dir()
