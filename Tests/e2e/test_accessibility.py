"""Every page with a year of demo data, on phones and a desktop, in English and Korean, light and dark.

What a person would notice: a page that scrolls sideways, a navigation label cut short, a bottom bar with more
places than fit, a control too small to hit, what axe-core (the engine most accessibility audits use) calls
critical or serious, a blank screen, and a script error. The walks share one server and one browser in each test
process and load each page once at a width, language and appearance for every check made there (the phone's walk
also takes the screenshots, <lang>-phone-page-<name>.png); the moderate findings are printed.
"""

from __future__ import annotations

import subprocess
import time
from collections import defaultdict

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from demo_pages import (LANGUAGES, WIDTHS, check_nav, chromium_console_errors, demo_pages, listen_for_script_errors,
                        load, script_errors_once_settled, set_owner, shoot)
from fixtures.browsers import set_viewport
from fixtures.pages import call, click_and_wait, open_page, path_of
from fixtures.paths import LOG_DIR
from fixtures.servers import daybook_binary, start_server

# A phone widens its layout to fit a page too wide for it (innerWidth grows too), so the screen's own width is
# what the page must fit: it is passed in.
OVERFLOW = """
const width = arguments[0];
const root = document.documentElement;
// A row that scrolls on its own (the Journal's filter chips) may hold more than its width.
const insideScroller = e => {
  for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(p).overflowX)) return true;
  }
  return false;
};
const wide = [...document.querySelectorAll('body *')].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.right > width + 1 && getComputedStyle(e).position !== 'fixed'
    && !e.closest('.map, .visually-hidden, .skip-link, [hidden], details:not([open]) > :not(summary)')
    && !insideScroller(e);
}).slice(0, 3).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && e.className.baseVal === undefined
  ? '.' + String(e.className).trim().split(/\\s+/).join('.') : ''));
return {scroll: root.scrollWidth, inner: width, wide};
"""

# Visible nav labels, and the places the bar shows.
NAV = """
const items = [...document.querySelectorAll('#app-nav ul a')].filter(a => a.offsetParent !== null);
return items.map(a => {
  const label = a.querySelector('span');
  return {href: a.getAttribute('href'), text: label.textContent, current: a.getAttribute('aria-current'),
          cut: label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
          width: a.getBoundingClientRect().width, height: a.getBoundingClientRect().height};
});
"""

# Controls smaller than 44×44 CSS px (WCAG 2.5.5). Links inside running text are exempt, as the rule says.
SMALL_TARGETS = """
const controls = document.querySelectorAll(
  'button, select, summary, input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]),' +
  '.button, #app-nav a, label.check');
return [...controls].filter(e => {
  if (e.offsetParent === null && getComputedStyle(e).position !== 'fixed') return false;
  if (e.closest('.map-markers, .visually-hidden, [hidden]')) return false;
  const r = e.getBoundingClientRect();
  return r.width > 0 && (r.width < 43.5 || r.height < 43.5);
}).slice(0, 5).map(e => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} ${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`);
"""


def axe_source(driver) -> str:
    with open(Axe(driver).script_url, encoding="utf-8") as file:
        return file.read()


class Findings:
    """What a walk found, by what a person would notice; the moderate axe findings are only printed."""

    def __init__(self) -> None:
        self.problems: dict[str, list[str]] = defaultdict(list)
        self.moderate: dict[str, set[str]] = defaultdict(set)

    def add(self, kind: str, text: str) -> None:
        self.problems[kind].append(text)

    def report(self, label: str) -> None:
        for rule, names in sorted(self.moderate.items()):
            print(f"axe ({label}): {rule}: {', '.join(sorted(names))}")
        assert not self.problems, "\n".join(f"{kind}:\n  " + "\n  ".join(texts)
                                            for kind, texts in self.problems.items())


def walk(server, driver, lang: str, width_name: str, *, appearance: str = "light", small_targets: bool = False,
         axe: bool = False, photograph: bool = False, script_errors: bool = False) -> Findings:
    """Loads every demo page once in `lang` at `width_name` and checks on it: that it does not scroll sideways,
    and with the options its controls' size, axe, a screenshot with the tab bar at the bottom, its script errors."""
    findings = Findings()
    set_owner(server, language=lang, appearance=appearance)
    width, height = WIDTHS[width_name]
    set_viewport(driver, width, height)
    script = axe_source(driver) if axe else None
    if script_errors:
        chromium_console_errors(driver)  # what the browser said before the walk is not the walk's
    for name, path in demo_pages(server).items():
        where = f"{lang} {width_name} {appearance} {name}"
        load(driver, server, path)
        failed_imports = listen_for_script_errors(driver) if script_errors else []
        found = driver.execute_script(OVERFLOW, width)
        if found["scroll"] > found["inner"] or found["wide"]:
            findings.add("pages that scroll sideways", f"{where}: page is {found['scroll']} px wide in "
                         f"{found['inner']} px, past the edge: {found['wide']}")
        if small_targets:
            small = driver.execute_script(SMALL_TARGETS)
            if small:
                findings.add("controls under 44×44 px", f"{where}: {small}")
        if photograph:
            try:
                shoot(driver, f"{lang}-phone-page-{name}")
                if name not in ("focus", "offline"):  # Focus Mode fills the screen; the offline page stands alone
                    check_nav(driver, "phone", name)
            except AssertionError as problem:
                findings.add("screens that look wrong", f"{where}: {problem}")
        if script_errors:
            errors = script_errors_once_settled(driver, failed_imports)
            if errors:
                findings.add("pages that report script errors", f"{where}: {errors}")
        if script is not None:
            for violation in axe_findings(driver, script):
                targets = [" ".join(map(str, n["target"])) for n in violation["nodes"][:3]]
                if violation["impact"] in ("critical", "serious"):
                    findings.add("what axe calls critical or serious", f"{where}: {violation['impact']} "
                                 f"{violation['id']} — {violation['help']}: {targets}")
                else:
                    findings.moderate[f"{violation['impact']} {violation['id']} — {violation['help']}"].add(name)
    return findings


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_phone_every_page_fits_is_easy_to_tap_passes_axe_and_shows_no_script_error(demo_server,
                                                                                         resizable_browser, lang):
    """At 390 px, light: no page scrolls sideways, no control is under 44×44 px, axe finds nothing critical or
    serious, and each page is photographed (<lang>-phone-page-<name>.png: not blank, the tab bar along the bottom).
    In English no page reports a script error in Chromium (test_page_walk.py walks WebKit)."""
    walk(demo_server, resizable_browser, lang, "390", small_targets=True, axe=True, photograph=True,
         script_errors=lang == "en").report(f"light, {lang}, phone")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_on_a_desktop_every_page_fits_and_passes_axe(demo_server, resizable_browser, lang):
    """At 1280 px, light: no page scrolls sideways and axe finds nothing critical or serious."""
    walk(demo_server, resizable_browser, lang, "desktop", axe=True).report(f"light, {lang}, desktop")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width_name", ["320", "768"])
def test_no_page_scrolls_sideways_on_a_small_phone_or_a_tablet(demo_server, resizable_browser, width_name, lang):
    walk(demo_server, resizable_browser, lang, width_name).report(f"light, {lang}, {width_name} px")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_in_dark_mode_every_page_on_a_phone_passes_axe(demo_server, resizable_browser, lang):
    """At 390 px, dark: axe finds nothing critical or serious (and no page scrolls sideways)."""
    walk(demo_server, resizable_browser, lang, "390", appearance="dark", axe=True).report(f"dark, {lang}, phone")


def test_phone_bar_holds_five_whole_labels_and_marks_the_current_place(demo_server, resizable_browser):
    driver = resizable_browser
    problems = []
    for lang in ("en", "ko", "ja", "zh-Hans"):
        set_owner(demo_server, language=lang, appearance="light")
        for path, current in (("/", "/"), ("/trackers", "/trackers"), ("/stats", "/more"), ("/more", "/more")):
            # Each page loads once; the text size and the width then change under it, as when a person turns the
            # phone or sets a larger text, and the bar is measured once the page has laid itself out again.
            driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16}})
            set_viewport(driver, 320, 700)
            load(driver, demo_server, path)
            for text_size in (16, 32):  # the browser's text size at 100% and 200%
                driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": text_size}})
                for width in (320, 390):
                    set_viewport(driver, width, 700)
                    driver.execute_async_script(
                        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")
                    items = driver.execute_script(NAV)
                    where = f"{lang} {width} px, text {text_size * 100 // 16}%, {path}"
                    hrefs = [i["href"] for i in items]
                    if hrefs != ["/", "/journal", "/focus", "/trackers", "/more"]:
                        problems.append(f"{where}: the bar shows {hrefs}")
                    problems += [f"{where}: label {i['text']!r} is cut off" for i in items if i["cut"]]
                    problems += [f"{where}: {i['text']!r} is {i['width']:.0f}×{i['height']:.0f} px"
                                 for i in items if i["width"] < 44 or i["height"] < 44]
                    marked = [i["href"] for i in items if i["current"]]
                    if marked != [current]:
                        problems.append(f"{where}: marked as current: {marked}")
    driver.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": {"standard": 16}})
    assert not problems, "\n".join(problems)

    # The desktop keeps every place in its side navigation, with no "More".
    set_owner(demo_server, language="en")
    set_viewport(driver, *WIDTHS["desktop"])
    load(driver, demo_server, "/stats")
    hrefs = [i["href"] for i in driver.execute_script(NAV)]
    assert hrefs == ["/", "/journal", "/focus", "/trackers", "/timeline", "/calendar", "/map", "/stats", "/settings"]
    assert [i["href"] for i in driver.execute_script(NAV) if i["current"] == "page"] == ["/stats"]

    # The phone's "More" leads to the rest.
    set_viewport(driver, 390, 844)
    load(driver, demo_server, "/more")
    places = [a.get_attribute("href").split("/", 3)[-1] for a in
              driver.find_elements(By.CSS_SELECTOR, "#more-places a")]
    for place in ("timeline", "calendar", "map", "stats", "settings", "search", "log"):
        assert place in places, f"More has no {place}: {places}"

    # Keyboard: the first Tab shows the skip link, which takes focus past the navigation.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    skip = driver.switch_to.active_element
    assert "skip-link" in skip.get_attribute("class") and skip.is_displayed()
    assert skip.rect["y"] >= 0, "the skip link stays off screen when focused"
    skip.send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.get_attribute("id") == "main"


def axe_findings(driver, script: str) -> list[dict]:
    driver.execute_script(script)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done(String(e)));")
    assert isinstance(result, list), f"axe did not run: {result}"
    return result


def serious_findings(driver, script: str, where: str) -> list[str]:
    return [f"{where}: {v['impact']} {v['id']} — {v['help']}: {[n['target'] for n in v['nodes'][:3]]}"
            for v in axe_findings(driver, script) if v["impact"] in ("critical", "serious")]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_onboarding_and_sign_in_pass_axe(tmp_path, browser, lang):
    """The pages before the navigation: onboarding's three steps, and the sign-in of an exposed server."""
    binary = daybook_binary()
    data = tmp_path / "data"
    server = start_server(binary, data, LOG_DIR / f"accessibility-onboarding-{lang}.log")
    serious = []
    try:
        driver = browser(LANGUAGES[lang], 390, 844)
        script = open(Axe(driver).script_url, encoding="utf-8").read()
        open_page(driver, server.url + "/onboarding")
        serious += serious_findings(driver, script, "welcome")
        click_and_wait(driver, driver.find_element(By.ID, "onboarding-begin"))
        serious += serious_findings(driver, script, "name step")
        # A step refused shows its error next to the field it names, and says it at once.
        click_and_wait(driver, driver.find_element(By.ID, "onboarding-next"))
        field = driver.find_element(By.ID, "name")
        assert field.get_attribute("aria-invalid") == "true"
        assert "name-error" in (field.get_attribute("aria-describedby") or "")
        serious += serious_findings(driver, script, "name step, refused")
    finally:
        server.stop()

    # Bound to every address, the server asks for the passphrase first.
    subprocess.run([str(binary), "passphrase", "set", "--stdin", "--data-dir", str(data)],
                   input="correct horse battery\n", text=True, check=True, capture_output=True, timeout=60)
    exposed = start_server(binary, data, LOG_DIR / f"accessibility-login-{lang}.log", extra_args=["--host", "0.0.0.0"])
    try:
        open_page(driver, exposed.url + "/")
        assert path_of(driver) == "/login", f"an exposed server opened {driver.current_url}"
        serious += serious_findings(driver, script, "sign-in")
    finally:
        exposed.stop()
    assert not serious, "\n".join(serious)


def test_a_tick_on_today_shows_at_once_on_a_slow_connection(own_demo_server, resizable_browser):
    """The tick answers the finger before the server does; the server's answer then settles it."""
    driver = resizable_browser
    set_owner(own_demo_server, language="en", appearance="light")
    set_viewport(driver, *WIDTHS["390"])
    load(driver, own_demo_server, "/")
    toggle = driver.find_element(By.CSS_SELECTOR, ".tracker-slot[data-kind=boolean] .toggle")
    # Where a tracker falls depends on the day's demo data; one under the tab bar is scrolled up before the tap.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", toggle)
    slot_id = toggle.get_attribute("id").removeprefix("toggle-")
    before = toggle.get_attribute("aria-pressed")
    expected = "false" if before == "true" else "true"
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        started = time.monotonic()
        toggle.click()
        shown = driver.execute_script(
            "return document.getElementById(arguments[0]).getAttribute('aria-pressed')", f"toggle-{slot_id}")
        assert shown == expected and time.monotonic() - started < 1.5, "the tick waited for the server"
        WebDriverWait(driver, 15).until(
            lambda d: d.execute_script("return !document.querySelector('form[aria-busy]')"),
            message="the server's answer never came")
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    settled = driver.find_element(By.ID, f"toggle-{slot_id}").get_attribute("aria-pressed")
    assert settled == expected, "the server's answer undid the tick"
    stored = call(own_demo_server, "GET", f"/api/v1/trackers/{slot_id}")["today"]
    assert stored.get("met") is (expected == "true"), f"the server kept {stored}"


# Elements that would animate or ease from one state to the next (the focus ring, the map's markers and sheet).
MOVING = """
return [...document.querySelectorAll('*')].filter(e => {
  const style = getComputedStyle(e);
  return style.animationName !== 'none' || style.transitionDuration.split(',').some(d => parseFloat(d) > 0);
}).slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : ''));
"""


def test_reduced_motion_stops_the_animations(demo_server, resizable_browser):
    """With "reduce motion" asked for, the map's markers and the panels appear without moving."""
    driver = resizable_browser
    set_owner(demo_server, language="en", appearance="light")
    set_viewport(driver, *WIDTHS["390"])
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        moving = {}
        for name in ("map", "today", "focus"):
            load(driver, demo_server, demo_pages(demo_server)[name])
            moving[name] = driver.execute_script(MOVING)
        assert not any(moving.values()), f"still moving: {moving}"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
