"""Every page a person reaches, opened on a phone in WebKit (Safari's engine): no page reports a script error, an
unhandled promise rejection or a console error. Chromium's walk is the phone's walk in test_accessibility.py, which
checks the same on the same load as its other checks.

What each engine lets a test see (demo_pages.py says how):
- Chromium: its console log (every error the page wrote or threw, from the first byte), read through the driver.
- WebKit: WebKitGTK's driver has no console log (nor WebDriver BiDi). Each page's modules are imported again
  once it has loaded — a module that threw or failed to parse while loading fails that import with the same
  error — and from then on errors, rejections and console.error are caught in the page while it settles.
  An error thrown asynchronously during loading and never again is therefore seen only in Chromium.
"""

from demo_pages import demo_pages, listen_for_script_errors, load, script_errors_once_settled, set_owner
from fixtures.engines import engine_limit


def test_no_page_reports_a_script_error_on_a_phone_in_webkit(demo_server, webkit_phone):
    phone = webkit_phone
    engine_limit(phone, "errors thrown asynchronously while a page loads",
                 "WebKitGTK's WebDriver has no console log and no BiDi; the walk re-imports each page's modules "
                 "and listens from the moment the page has loaded")
    set_owner(demo_server, language="en", appearance="light")
    problems = {}
    for name, path in demo_pages(demo_server).items():
        load(phone, demo_server, path)
        errors = script_errors_once_settled(phone, listen_for_script_errors(phone))
        if errors:
            problems[name] = errors
    assert not problems, f"webkit: pages reported errors: {problems}"
