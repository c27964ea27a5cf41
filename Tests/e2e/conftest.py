"""Fixtures for Daybook's browser tests (pytest + Selenium; headless Chromium, and WebKit — Safari's engine).

Each test gets a fresh `daybook serve` on a free port with an empty data folder, and as many browsers as it asks
for.  Server output goes to artifacts/e2e-logs/<test>.log; screenshots to $DAYBOOK_SCREENSHOT_DIR or
artifacts/screenshots.

A test runs in both engines with `@pytest.mark.parametrize("engine", ENGINES)` (or `@both_engines`): the
`browser` factory then makes that engine's browser.  WebKit is Debian's WebKitGTK (WebKitWebDriver driving
MiniBrowser), which needs a display: when none is set, each test process starts an Xvfb of its own.  What
WebKitGTK cannot do that a test would want is raised as `EngineLimit` or reported with `engine_limit(...)`,
naming the reason, never skipped silently.

The fixtures, the helpers and the hooks live in the modules of `fixtures/`, one job each (its `__init__.py` lists
them); tests import helpers from the module that has them (`from fixtures.pages import open_page`).
"""

import sys
from pathlib import Path

import pytest

# The fixtures package and the helper modules beside this file (proxy.py, demo_pages.py, ...) import as top-level
# modules.
sys.path.insert(0, str(Path(__file__).resolve().parent))

# Their asserts report like a test's own.
pytest.register_assert_rewrite("fixtures")

FIXTURES = [
    "fixtures.paths",
    "fixtures.servers",
    "fixtures.homes",
    "fixtures.engines",
    "fixtures.browsers",
    "fixtures.shots",
    "fixtures.network",
    "fixtures.demo",
    "fixtures.pages",
    "fixtures.ordering",
]


def pytest_configure(config):
    """Registers the fixtures' modules as plugins. Not with `pytest_plugins`, which pytest takes only from the
    rootdir's conftest: a `pytest` run from the repository's root (which collects scripts/ too) would stop."""
    for name in FIXTURES:
        config.pluginmanager.import_plugin(name)
