"""Writing on a phone: Done and Save are never covered by the formatting toolbar, and nothing that gets focus hides
under the tab bar or a sticky bar (WCAG 2.4.11). In Chromium and WebKit, at the heights phones have with their
browser bars (and shorter, as with the keyboard up), tapping where a person taps: the element's centre."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from demo_pages import set_owner
from fixtures.browsers import set_viewport
from fixtures.engines import ENGINES, engine_limit
from fixtures.pages import WAIT, call, open_page, path_of, wait_for
from fixtures.shots import screenshot

HEIGHTS = [420, 520, 617, 700, 844]

# What is at the centre of an element, and where the bars are.
AT_CENTRE = """
const element = document.getElementById(arguments[0]);
const box = element.getBoundingClientRect();
const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
return found === element || element.contains(found) ? arguments[0] : (found ? (found.id || found.className || found.tagName) : null);
"""
BARS = """
const box = (css) => { const e = document.querySelector(css); if (!e) return null; const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; };
return {toolbar: box('.editor .toolbar'), actions: box('.editor-actions'), nav: box('#app-nav')};
"""


@pytest.fixture
def demo_server(own_demo_server):
    """These tests write entries: their server runs on a copy of the demo data of the module's own."""
    return own_demo_server


WORDS = ("The ferry left at seven and the sea was flat as a plate. " * 3 + "\n") * 12


@pytest.mark.parametrize("engine", ENGINES)
def test_done_and_save_are_never_under_the_toolbar_at_any_phone_height(demo_server, browser, engine):
    set_owner(demo_server, language="en")
    driver = browser("en-US", width=390, height=844, engine=engine)
    for height in HEIGHTS:
        set_viewport(driver, 390, height)
        open_page(driver, demo_server.url + "/journal/new")
        wait_for(driver, "#body")
        title = f"Ferry at {height}"
        driver.find_element(By.ID, "title").send_keys(title)
        # A long entry (a draft pasted in), then typing at its end: the caret is at the bottom, with the page where
        # the browser put it to show the caret.
        body = driver.find_element(By.ID, "body")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", body)
        body.click()
        driver.execute_script("arguments[0].value = arguments[1]; arguments[0].setSelectionRange(arguments[1].length,"
                              " arguments[1].length)", body, WORDS)
        body.send_keys("The gulls followed us all the way.")

        bars = driver.execute_script(BARS)
        assert bars["toolbar"]["height"] < 64, f"{engine} {height}: the toolbar wraps to a second row: {bars}"
        assert (bars["toolbar"]["bottom"] <= bars["actions"]["top"] or bars["toolbar"]["top"] >= bars["actions"]["bottom"]), \
            f"{engine} {height}: the toolbar overlaps the Done/Save bar: {bars}"
        for button in ("editor-done", "save-entry"):
            assert driver.execute_script(AT_CENTRE, button) == button, \
                f"{engine} {height}: the point at {button}'s centre is not {button}"
        if height == 617:
            screenshot(driver, f"{engine}-en-phone-617-editor-typing")

        # A real tap at Done's centre finishes: the Journal, with the entry in it.
        ActionChains(driver).move_to_element(driver.find_element(By.ID, "editor-done")).click().perform()
        WebDriverWait(driver, WAIT).until(lambda d: path_of(d).startswith("/journal") and "/new" not in path_of(d),
                                          message=f"{engine} {height}: Done did not finish")
        WebDriverWait(driver, WAIT).until(lambda d, t=title: t in d.find_element(By.TAG_NAME, "main").text,
                                          message=f"{engine} {height}: the entry is not in the Journal")


# Where the focused element is, and whether anything covers it: what a person sees at its corners and centre is the
# element itself (or what it holds). An element taller than the space between the bars needs only to show.
FOCUSED = """
const element = document.activeElement;
if (!element || element === document.body) return null;
// A skip link shows only while it matches :focus, which WebKitGTK without a focused window never does.
if (element.matches('.skip-link') && !element.matches(':focus')) return {limit: true};
const box = element.getBoundingClientRect();
if (box.width === 0 || box.height === 0) return null;
const height = window.visualViewport ? window.visualViewport.height : window.innerHeight;
const width = document.documentElement.clientWidth;
const mine = (x, y) => { if (x < 0 || y < 0 || x >= width || y >= height) return false;
  const found = document.elementFromPoint(x, y); return !!found && (found === element || element.contains(found)); };
// Near each edge and at the centre (not the corners, which a rounded button does not fill).
const left = Math.max(box.left, 0), right = Math.min(box.right, width), cx = (left + right) / 2, cy = (box.top + box.bottom) / 2;
const dx = (right - left) * 0.15, dy = box.height * 0.15;
let points = [[left + dx, cy], [right - dx, cy], [cx, box.top + dy], [cx, box.bottom - dy], [cx, cy]];
// A link whose words wrap has a box per line: the middle of each.
const lines = [...element.getClientRects()];
if (getComputedStyle(element).display === 'inline' && lines.length > 1)
  points = lines.map((r) => [(Math.max(r.left, 0) + Math.min(r.right, width)) / 2, (r.top + r.bottom) / 2]);
const seen = points.map(([x, y]) => mine(x, y));
const name = element.id || element.getAttribute('name') || element.getAttribute('href') || element.tagName;
const tall = box.height > height * 0.6;
return {name, top: Math.round(box.top), bottom: Math.round(box.bottom), seen,
        hidden: tall ? !seen.some(Boolean) : !seen.every(Boolean)};
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_what_has_focus_is_never_under_the_tab_bar_or_a_sticky_bar(demo_server, browser, engine):
    set_owner(demo_server, language="en")
    driver = browser("en-US", width=390, height=617, engine=engine)
    for path in ["/", "/journal", "/journal/new", "/trackers", "/settings"]:
        open_page(driver, demo_server.url + path)
        wait_for(driver, "main")
        driver.execute_script("window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()")
        seen = 0
        limited = False
        for _ in range(45):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            where = driver.execute_script(FOCUSED)
            if where is None:
                continue
            if where.get("limit"):
                limited = True
                continue
            seen += 1
            assert not where["hidden"], f"{engine} {path}: {where['name']} has focus under a bar: {where}"
        assert seen >= 5, f"{engine} {path}: Tab reached only {seen} elements"
        if limited:
            engine_limit(engine, "the skip link's place while it has focus",
                         "WebKitGTK under Xvfb has no focused window, so :focus never matches; Chromium checks it")


# The words kept in this tab for a page closed mid-word (drafts.js): every kept draft's body.
KEPT_DRAFTS = """
const bodies = [];
for (let i = 0; i < localStorage.length; i += 1) {
  const key = localStorage.key(i);
  if (!key.startsWith('daybook.draft')) continue;
  try { bodies.push(JSON.parse(localStorage.getItem(key)).content.body); } catch (e) {}
}
return bodies;
"""

# WebKitGTK's driver has no input method: the events a Korean or Japanese input method sends, dispatched on the field
# as Safari's would arrive, with the field's text changing as they go.
COMPOSE = """
const [id, phase, text] = arguments;
const field = document.getElementById(id);
if (phase === 'start') {
  window.composedFrom = field.selectionStart;
  field.dispatchEvent(new CompositionEvent('compositionstart', {data: '', bubbles: true}));
  return;
}
field.value = field.value.slice(0, window.composedFrom) + text;
field.setSelectionRange(field.value.length, field.value.length);
if (phase === 'update') {
  field.dispatchEvent(new CompositionEvent('compositionupdate', {data: text, bubbles: true}));
  field.dispatchEvent(new InputEvent('input', {data: text, inputType: 'insertCompositionText', isComposing: true, bubbles: true}));
} else {
  field.dispatchEvent(new InputEvent('input', {data: text, inputType: 'insertFromComposition', isComposing: true, bubbles: true}));
  field.dispatchEvent(new CompositionEvent('compositionend', {data: text, bubbles: true}));
}
"""


def compose(driver, engine: str, steps: list[str], final: str | None) -> None:
    """An input method composing `steps` (ㄴ, 나, 날) at the caret and, with `final`, finishing the word."""
    if engine == "chromium":
        for step in steps:
            driver.execute_cdp_cmd("Input.imeSetComposition",
                                   {"text": step, "selectionStart": len(step), "selectionEnd": len(step)})
        if final is not None:
            driver.execute_cdp_cmd("Input.insertText", {"text": final})
        return
    if steps:
        driver.execute_script(COMPOSE, "body", "start", "")
    for step in steps:
        driver.execute_script(COMPOSE, "body", "update", step)
    if final is not None:
        driver.execute_script(COMPOSE, "body", "end", final)


def saved_body(server, driver) -> str:
    """The entry's text as the server has it, once the editor says it is saved."""
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.ID, "save-state").get_attribute("data-state") == "saved",
        message="the editor did not save")
    entry = driver.execute_script(
        "return new URLSearchParams(location.search).get('entry') || location.pathname.split('/')[2]")
    return call(server, "GET", f"/api/v1/entries/{entry}")["body"]


@pytest.mark.parametrize("engine", ENGINES)
def test_korean_and_japanese_are_saved_whole_around_an_autosave_pause(demo_server, browser, engine):
    set_owner(demo_server, language="ko")
    driver = browser("ko-KR", width=390, height=844, engine=engine)
    open_page(driver, demo_server.url + "/journal/new")
    wait_for(driver, "#body")
    driver.find_element(By.ID, "title").send_keys("항구")
    body = driver.find_element(By.ID, "body")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", body)
    body.click()
    body.send_keys("오늘은 ")
    # A pause mid-syllable: the autosave that the words before it started comes while ㄴ → 나 → 날 is composed.
    compose(driver, engine, ["ㄴ", "나", "날"], None)
    assert saved_body(demo_server, driver) == "오늘은 ", "an autosave sent a half-composed syllable"
    assert all("날" not in kept and "나" not in kept for kept in driver.execute_script(KEPT_DRAFTS)), \
        "the copy kept in this tab holds a half-composed syllable"
    # The field still shows the syllable being made, with the caret after it: the save wrote nothing into it.
    assert driver.execute_script("const b = document.getElementById('body');"
                                 "return [b.value, b.selectionStart, b.selectionEnd]") == ["오늘은 날", 5, 5]

    compose(driver, engine, [], "날")
    assert saved_body(demo_server, driver) == "오늘은 날"
    compose(driver, engine, ["に", "にほ", "にほんご"], "日本語")
    assert saved_body(demo_server, driver) == "오늘은 날日本語", "a finished word was saved doubled or cut"
    assert driver.execute_script("return document.getElementById('body').value") == "오늘은 날日本語"

    # Done while a syllable is being made: the finished text arrives, once.
    entry = driver.execute_script("return document.getElementById('entry-form').dataset.entryId")
    compose(driver, engine, ["ㅆ", "씨"], None)
    ActionChains(driver).move_to_element(driver.find_element(By.ID, "editor-done")).click().perform()
    WebDriverWait(driver, WAIT).until(lambda d: "/edit" not in path_of(d) and "/new" not in path_of(d),
                                      message="Done did not finish")
    # The syllable is finished as the field loses focus (the input method's own doing in Chromium, the editor's
    # where none closes it): what the field showed is what arrives, once.
    final = call(demo_server, "GET", f"/api/v1/entries/{entry}")["body"]
    assert final == "오늘은 날日本語씨", f"Done saved {final!r}"
    set_owner(demo_server, language="en")


def test_each_page_holds_one_event_stream_however_many_parts_follow_it(demo_server, browser):
    """Focus, the Timeline, Today's live sections, reminders and the kept copy all follow `/events`: one stream a
    page, so two open tabs do not use up the six connections a browser gives a site over HTTP/1.1."""
    from fixtures.network import requested_urls
    set_owner(demo_server, language="en")
    driver = browser("en-US", width=390, height=844)
    # Reminders in open pages follow the stream too: allowed, as a person who turned them on has.
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": demo_server.url, "permissions": ["notifications"]})
    for path in ["/", "/focus", "/timeline", "/widgets/small"]:
        before = len(requested_urls(driver))
        open_page(driver, demo_server.url + path)
        wait_for(driver, "main")
        WebDriverWait(driver, WAIT).until(
            lambda d, b=before: any(url.split("?")[0].endswith("/events") for url in requested_urls(d)[b:]),
            message=f"{path} follows no events")
        streams = [url for url in requested_urls(driver)[before:] if url.split("?")[0].endswith("/events")]
        assert len(streams) == 1, f"{path} opened {len(streams)} event streams: {streams}"
