"""Every page a person reaches, opened on a phone in Chromium and in WebKit (Safari's engine): no page reports a
script error, an unhandled promise rejection or a console error.

What each engine lets a test see:
- Chromium: its console log (every error the page wrote or threw, from the first byte), read through the driver.
- WebKit: WebKitGTK's driver has no console log (nor WebDriver BiDi). Each page's modules are imported again
  once it has loaded — a module that threw or failed to parse while loading fails that import with the same
  error — and from then on errors, rejections and console.error are caught in the page while it settles.
  An error thrown asynchronously during loading and never again is therefore seen only in Chromium.
"""

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ENGINES, engine_limit, make_driver, quit_driver
from demo_pages import demo_pages, demo_server, load  # noqa: F401

LISTEN = """
    window.__walkErrors = [];
    const note = (what) => window.__walkErrors.push(String(what).slice(0, 300));
    addEventListener("error", (e) => note(e.message || (e.target && (e.target.src || e.target.href)) || e), true);
    addEventListener("unhandledrejection", (e) => note("unhandled rejection: " + (e.reason && e.reason.stack
        ? e.reason.message : e.reason)));
    const error = console.error.bind(console);
    console.error = (...args) => { note("console.error: " + args.join(" ")); error(...args); };
"""

REIMPORT = """
    const done = arguments[arguments.length - 1];
    const modules = [...document.querySelectorAll('script[type=module][src]')].map((s) => s.src);
    Promise.all(modules.map((src) => import(src).then(() => null, (e) => `${src}: ${e && e.message || e}`)))
        .then((failed) => done(failed.filter(Boolean)));
"""

SETTLED = """
    const done = arguments[arguments.length - 1];
    // Two frames, then a quiet moment with no resource still arriving.
    let seen = -1;
    const check = () => {
        const now = performance.getEntriesByType('resource').length;
        if (now === seen) { done(true); return; }
        seen = now;
        setTimeout(check, 250);
    };
    requestAnimationFrame(() => requestAnimationFrame(check));
"""


@pytest.fixture(scope="module", params=ENGINES)
def phone(request):
    """One phone-sized browser of each engine for the whole walk."""
    driver = make_driver("en-US", 390, 844, engine=request.param)
    yield driver
    quit_driver(driver)


def chromium_console_errors(driver) -> list[str]:
    return [entry["message"][:300] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def test_no_page_reports_a_script_error_on_a_phone(demo_server, phone):  # noqa: F811
    engine = phone.daybook_engine
    if engine == "webkit":
        engine_limit(phone, "errors thrown asynchronously while a page loads",
                     "WebKitGTK's WebDriver has no console log and no BiDi; the walk re-imports each page's modules "
                     "and listens from the moment the page has loaded")
    else:
        chromium_console_errors(phone)  # what the browser said before the walk is not the walk's
    problems = {}
    for name, path in demo_pages(demo_server).items():
        load(phone, demo_server, path)
        phone.execute_script(LISTEN)
        failed = phone.execute_async_script(REIMPORT)
        WebDriverWait(phone, 15).until(lambda d: d.execute_async_script(SETTLED))
        errors = failed + phone.execute_script("return window.__walkErrors")
        if engine == "chromium":
            errors += chromium_console_errors(phone)
        if errors:
            problems[name] = errors
    assert not problems, f"{engine}: pages reported errors: {problems}"
