"""Pairing a phone by a one-time link: `daybook pair` prints it with its QR code, the phone opening it is signed in
and lands on Today with the Home Screen steps, Settings → Devices lists it, and the link works only once."""

from __future__ import annotations

import os
import re
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from fixtures.engines import both_engines
from fixtures.pages import WAIT, call, open_page, path_of, wait_for
from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, start_server

PUBLIC_URL = "https://daybook.home.arpa:18443"
PHONE = (390, 844)


def run_pair(data, *args, env_extra=None):
    env = {k: v for k, v in os.environ.items() if k != "DAYBOOK_PUBLIC_URL"}
    env.update(env_extra or {})
    return subprocess.run([str(daybook_binary()), "pair", "--data-dir", str(data), *args], capture_output=True,
                          text=True, env=env, stdin=subprocess.DEVNULL, timeout=60)


def set_passphrase(data):
    subprocess.run([str(daybook_binary()), "passphrase", "set", "--stdin", "--data-dir", str(data)],
                   input="correct horse battery\n", text=True, check=True, capture_output=True, timeout=60)


def test_daybook_pair_prints_a_link_and_its_qr_code(tmp_path):
    data = tmp_path / "data"
    set_passphrase(data)
    missing = run_pair(data)
    assert missing.returncode != 0 and "--public-url" in missing.stderr
    plain = run_pair(data, "--public-url", "http://box.example")
    assert plain.returncode != 0 and "https://" in plain.stderr

    printed = run_pair(data, "--public-url", PUBLIC_URL + "/")
    assert printed.returncode == 0, printed.stderr
    assert re.search(r"^https://daybook\.home\.arpa:18443/pair#[A-Za-z0-9_-]{43}$", printed.stdout, re.M)
    block = [line for line in printed.stdout.splitlines() if "\x1b[48;5;231m" in line]
    assert len(block) >= 15 and any("▀" in line or "▄" in line for line in block)

    # The server notes its public address in the data folder; the environment comes before it.
    (data / "public-url").write_text("https://noted.example\n")
    assert "https://noted.example/pair#" in run_pair(data).stdout
    assert "https://env.example/pair#" in run_pair(data, env_extra={"DAYBOOK_PUBLIC_URL": "https://env.example"}).stdout


@both_engines
def test_a_phone_pairs_once_and_is_listed(browser, engine, tmp_path):
    binary = daybook_binary()
    data = tmp_path / "data"
    # Set up on this computer first, then locked and served to the network.
    local = start_server(binary, data, LOG_DIR / f"pairing-local-{engine}.log")
    try:
        call(local, "PATCH", "/api/v1/settings", {"name": "Mina", "journalName": "Pages"})
    finally:
        local.stop()
    set_passphrase(data)
    exposed = start_server(binary, data, LOG_DIR / f"pairing-{engine}.log", extra_args=["--host", "0.0.0.0"])
    try:
        printed = run_pair(data, "--public-url", PUBLIC_URL)
        assert printed.returncode == 0, printed.stderr
        code = re.search(r"/pair#([A-Za-z0-9_-]+)", printed.stdout).group(1)

        phone = browser(width=PHONE[0], height=PHONE[1])
        open_page(phone, f"{exposed.url}/pair#{code}")
        WebDriverWait(phone, WAIT).until(lambda d: path_of(d) == "/")
        welcome = wait_for(phone, "#paired-welcome")
        assert "Share → Add to Home Screen" in welcome.text
        assert "Install app" in welcome.text

        open_page(phone, f"{exposed.url}/settings")
        link = wait_for(phone, "#devices-link")
        # Below the fold, under the phone's bottom bar until scrolled up.
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
        link.click()
        WebDriverWait(phone, WAIT).until(lambda d: path_of(d) == "/settings/devices")
        devices = wait_for(phone, "#device-list")
        assert "This device" in devices.text
        assert len(devices.find_elements(By.CSS_SELECTOR, "li[data-device]")) == 1
        unavailable = phone.find_element(By.ID, "add-phone-unavailable").text
        assert "--public-url" in unavailable, "a server started without --public-url makes no link"

        again = browser(width=PHONE[0], height=PHONE[1])
        open_page(again, f"{exposed.url}/pair#{code}")
        error = wait_for(again, "#pair-error")
        assert "already used" in error.text
        assert "#" not in again.current_url, "the code stays in the address bar"
        open_page(again, f"{exposed.url}/")
        assert path_of(again) == "/login"
    finally:
        exposed.stop()
