"""A small HTTP client for Daybook's server-rendered pages.

Standard library only.  It keeps cookies, reads the forms of a page (with the
hidden `csrf` field the server puts in every state-changing form) and submits
them the way a browser would.  Used by the browser tests for set-up steps that
need no browser, and by Benchmarks/bench.py.
"""

from __future__ import annotations

import http.cookiejar
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Response:
    status: int
    url: str
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    @property
    def path(self) -> str:
        return urllib.parse.urlsplit(self.url).path

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


@dataclass
class Form:
    id: str | None
    action: str
    method: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    # Radio groups: name -> every value offered (the checked one is in fields).
    radios: dict[str, list[str]] = field(default_factory=dict)

    def values(self, **overrides: str) -> list[tuple[str, str]]:
        """The fields a browser would send, with some values replaced."""
        out = [(k, overrides[k] if k in overrides else v) for k, v in self.fields]
        sent = {k for k, _ in self.fields}
        out += [(k, v) for k, v in overrides.items() if k not in sent]
        return out


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.links: list[dict[str, str]] = []
        self.scripts: list[dict[str, str]] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._select_value: str | None = None
        self._select_first: str | None = None
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "link":
            self.links.append(a)
        elif tag == "script":
            self.scripts.append(a)
        elif tag == "form":
            self._form = Form(id=a.get("id"), action=a.get("action", ""),
                              method=a.get("method", "get").lower())
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input":
            name = a.get("name")
            kind = a.get("type", "text").lower()
            if not name or kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind == "radio":
                self._form.radios.setdefault(name, []).append(a.get("value", "on"))
                if "checked" in a:
                    self._form.fields.append((name, a.get("value", "on")))
            elif kind == "checkbox":
                if "checked" in a:
                    self._form.fields.append((name, a.get("value", "on")))
            else:
                self._form.fields.append((name, a.get("value", "")))
        elif tag == "select":
            self._select = a.get("name")
            self._select_value = None
            self._select_first = None
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a:
                self._select_value = value
        elif tag == "textarea":
            self._textarea = a.get("name")
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select is not None and self._form is not None:
            value = self._select_value if self._select_value is not None else self._select_first
            if value is not None:
                self._form.fields.append((self._select, value))
            self._select = None
        elif tag == "textarea" and self._textarea is not None and self._form is not None:
            self._form.fields.append((self._textarea, "".join(self._text)))
            self._textarea = None


def parse_page(html: str) -> _FormParser:
    parser = _FormParser()
    parser.feed(html)
    parser.close()
    return parser


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: D401
        return None


class Client:
    """Cookie-keeping client bound to one server."""

    def __init__(self, base_url: str, accept_language: str = "en-US,en;q=0.9",
                 follow_redirects: bool = True, timeout: float = 15) -> None:
        self.base_url = base_url.rstrip("/")
        self.accept_language = accept_language
        self.timeout = timeout
        self.cookies = http.cookiejar.CookieJar()
        handlers: list[urllib.request.BaseHandler] = [urllib.request.HTTPCookieProcessor(self.cookies)]
        if not follow_redirects:
            handlers.append(_NoRedirect())
        self._opener = urllib.request.build_opener(*handlers)

    def url(self, path: str) -> str:
        return urllib.parse.urljoin(self.base_url + "/", path)

    def request(self, path: str, data: list[tuple[str, str]] | None = None,
                method: str | None = None) -> Response:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.url(path), data=body, method=method)
        req.add_header("Accept-Language", self.accept_language)
        if body is not None:
            req.add_header("Content-Type", "application/x-www-form-urlencoded")
        try:
            with self._opener.open(req, timeout=self.timeout) as resp:
                return Response(resp.status, resp.url,
                                {k.lower(): v for k, v in resp.headers.items()}, resp.read())
        except urllib.error.HTTPError as err:
            return Response(err.code, err.url or self.url(path),
                            {k.lower(): v for k, v in err.headers.items()}, err.read())

    def get(self, path: str) -> Response:
        return self.request(path)

    def submit(self, page: Response, form_id: str, **overrides: str) -> Response:
        """Submit the form `form_id` found on `page`, as a browser would."""
        forms = [f for f in parse_page(page.text).forms if f.id == form_id]
        if not forms:
            raise AssertionError(f"no form #{form_id} on {page.url} (status {page.status})")
        form = forms[0]
        values = form.values(**overrides)
        # An unchecked radio group sends nothing; pick its first choice.
        sent = {k for k, _ in values}
        for name, choices in form.radios.items():
            if name not in sent and choices:
                values.append((name, choices[0]))
        action = urllib.parse.urljoin(page.url, form.action or page.url)
        if form.method == "post":
            return self.request(action, data=values)
        query = urllib.parse.urlencode(values)
        return self.request(action + ("&" if "?" in action else "?") + query)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.cookies)


def complete_onboarding(client: Client, name: str = "Alex", journal: str = "My days",
                        language: str = "en") -> Response:
    """Walk the three onboarding steps; returns the Today page."""
    page = client.get("/onboarding")
    page = client.submit(page, "onboarding-language", language=language)
    page = client.submit(page, "onboarding-name", name=name)
    page = client.submit(page, "onboarding-journal", journalName=journal)
    if page.status != 200 or page.path != "/":
        raise AssertionError(f"onboarding ended on {page.url} with status {page.status}")
    return page
