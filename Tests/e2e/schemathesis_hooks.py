"""Schemathesis hooks for the API contract test (test_api_contract.py).

The OpenAPI document states every rule about a single value; one rule spans two fields and JSON Schema cannot
state it: a time block must end by midnight (`start` plus `duration`, 30 minutes when only `start` is given, at
most 24:00). The document says so in prose (TaskDraft's description); this hook keeps schemathesis from
drawing task bodies that break it and then expecting them to be accepted.

Two rules about journal entries span fields too: a new entry needs a title, some text or a cover photo, and its
`date` must name a day that exists in the years taken, wherever the owner's time zone puts it; the document says
both in prose (EntryNew, EntryMoment), and this hook leaves such bodies out of the cases meant to be accepted.

A new tracker's fields depend on its kind: only a number has a unit (a custom unit needs its label, money a
real ISO 4217 code), and a target must fit the kind (none for yes/no, a whole 1–5 for a rating, whole minutes of
a day for a duration); the document says so in prose (TrackerNew), and this hook leaves bodies that break these
rules out of the cases meant to be accepted. A span of tracker values must run forwards over at most 3,660 days,
with days after today counting as today.

An entry's place needs both its latitude and longitude, and a name without line breaks (EntryNew, PlaceIn); an
area of the map runs west to east and south to north within range, and a point's latitude and longitude are in
range (the `bbox` and `at` parameters say so in prose). This hook leaves cases that break these out of the ones
meant to be accepted.

A change to the connections must name http(s) addresses, tiles with {z}, {x} and {y}, and a one-line credit
(ConnectionsChange says so in prose); this hook leaves other bodies out of the cases meant to be accepted, and
points an accepted geocoder at a closed port on this machine and leaves weather off, so that the run never
reaches for the network (the Swift tests turn weather on against a counting stand-in for Open-Meteo).

Reminders take a time as HH:mm (or nothing) and an http(s) ntfy address (RemindersChange says so in prose). A
push subscription's keys must be a real P-256 point and a 16-byte secret, which random strings never are: the
cases meant to be accepted subscribe a fixed browser key (made once with Python's cryptography) at a closed port
on this machine; the Swift tests push to real keys and decrypt what arrives.

A focus start, pause, resume or stop carrying `Daybook-Made-At` is recorded at that time only when it lies within
the last 8 days, at most 5 minutes ahead and not before the timer's last change (MadeAt says so in prose), which
an earlier case may have moved ahead: the cases meant to be accepted are sent without it, as they happen (the
Swift tests date focus actions on a device's clock).

The cases meant to be accepted that name a task, entry, photo or tracker by id name one that exists: this hook
keeps one of each (a trashed entry for restoring, a yes/no tracker for toggling, as another kind is refused
409), made again whenever schemathesis has deleted it; a choice between two versions names an entry changed on
two devices, made anew for each such case. Without it, whether an operation ever met anything but
404 would hang on how far a time-bounded run's stateful phase happened to get, and on the seed.

Every write sent with an `Idempotency-Key` is sent a second time with the same key, as a phone's outbox does when
the first answer was lost on the way (`a_repeat_gets_the_first_answer`): the repeat must get the first status, and
the first body when the first was a refusal or was kept for repeats, never a 204 "committed" for a write that was
refused.

A photo upload is "any bytes" to JSON Schema, but only an image is a valid one (the document says so in prose):
the cases schemathesis means to be accepted upload a small PNG made here. Everything else schemathesis draws
is left as it is.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import struct
import urllib.error
import urllib.parse
import urllib.request
import uuid
import zlib

import schemathesis

MINUTES_PER_DAY = 24 * 60
FOCUS_ACTIONS = ("startFocus", "pauseFocus", "resumeFocus", "stopFocus")
DEFAULT_DURATION = 30
TIME = re.compile(r"([01]?[0-9]|2[0-3]):([0-5][0-9])")


def _start(value) -> int | None:
    if not isinstance(value, str):
        return None
    match = TIME.fullmatch(value)
    return int(match.group(1)) * 60 + int(match.group(2)) if match else None


def _duration(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)) and float(value).is_integer():
        return int(value)
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    return None


def ends_after_midnight(body, creating: bool) -> bool:
    """Whether a task body describes, on its own, a block that ends after midnight."""
    if not isinstance(body, dict):
        return False
    start = _start(body.get("start"))
    if start is None:
        return False
    duration = _duration(body.get("duration"))
    if duration is None and creating and body.get("duration", "") == "":
        duration = DEFAULT_DURATION
    return duration is not None and start + duration > MINUTES_PER_DAY


def _blank(value) -> bool:
    return not isinstance(value, str) or not value.strip()


def empty_entry(body) -> bool:
    """Whether a new entry has nothing in it: no title, no text and no cover photo."""
    return isinstance(body, dict) and _blank(body.get("title")) and _blank(body.get("body")) \
        and not body.get("coverPhotoID")


def impossible_moment(body) -> bool:
    """Whether an entry's `date` names a day that does not exist (2026-02-30), or lies so near the ends of the
    years taken (1900, 9999) that the owner's time zone may move it past them."""
    if not isinstance(body, dict) or not isinstance(body.get("date"), str):
        return False
    try:
        day = datetime.date.fromisoformat(body["date"][:10])
    except ValueError:
        return True
    return day.year in (1900, 9999)


CURRENCIES = {"USD", "EUR", "JPY", "KRW", "CNY", "GBP", "CHF", "CAD", "AUD", "SEK", "NOK", "DKK", "INR"}


FREQUENCY = re.compile(r"^(?:daily|([1-9][0-9]{0,3})/(week|month|day|[1-9][0-9]{0,3})|every-([1-9][0-9]{0,3})-days)$")


def frequency_out_of_range(text) -> bool:
    """Whether a frequency the document's pattern allows has a count outside its form's range (see
    TrackerFrequencyText): N/week 1-7, N/month 1-30, every-K-days 1-365, N/D with N <= D <= 365, 1/day. Text the
    pattern does not allow is the server's to refuse, and is left to the negative cases."""
    match = FREQUENCY.match(text) if isinstance(text, str) else None
    if match is None or text == "daily":
        return False
    if match.group(3):
        return not 1 <= int(match.group(3)) <= 365
    times, per = int(match.group(1)), match.group(2)
    days = {"week": 7, "month": 30, "day": 1}.get(per) or int(per)
    return not (1 <= times <= days <= 365)


def tracker_breaks_rules(body) -> bool:
    """Whether a new tracker's body breaks a rule that spans its fields (see TrackerNew)."""
    if not isinstance(body, dict):
        return False
    if frequency_out_of_range(body.get("frequency")):
        return True
    kind = body.get("kind")
    unit = body.get("unit")
    label = body.get("unitLabel")
    label = label.strip() if isinstance(label, str) else ""
    if kind != "number" and (unit not in (None, "") or label):
        return True
    if kind == "number":
        if unit == "custom" and not label:
            return True
        if unit == "currency" and label and label.upper() not in CURRENCIES:
            return True
    target = body.get("target")
    if isinstance(target, dict):
        value = target.get("value")
        if kind == "boolean":
            return True
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return False
        if kind == "rating" and not (float(value).is_integer() and 1 <= value <= 5):
            return True
        if kind == "duration" and not (float(value).is_integer() and 0 <= value <= 1440):
            return True
        if kind == "number" and abs(value) > 1e9:
            return True
    return False


def bad_span(query) -> bool:
    """Whether a request for tracker values names a span that runs backwards or is longer than ten years."""
    if not isinstance(query, dict):
        return False
    today = datetime.date.today() + datetime.timedelta(days=1)
    try:
        through = min(datetime.date.fromisoformat(query["through"]), today) if "through" in query else today
        start = min(datetime.date.fromisoformat(query["from"]), today) if "from" in query else None
    except (TypeError, ValueError):
        return False
    if start is None:
        return False
    return start > through or (through - start).days >= 3659


def bad_place(body) -> bool:
    """Whether an entry body's place has half a point or a name with a line break."""
    if not isinstance(body, dict) or not isinstance(body.get("place"), dict):
        return False
    place = body["place"]
    if ("latitude" in place) != ("longitude" in place):
        return True
    name = place.get("name")
    return isinstance(name, str) and any(c in name for c in "\n\r\x0b\x0c\x85\u2028\u2029")


def _numbers(text, count: int) -> list[float] | None:
    if not isinstance(text, str):
        return None
    try:
        numbers = [float(part) for part in text.split(",")]
    except ValueError:
        return None
    return numbers if len(numbers) == count else None


def bad_area(query) -> bool:
    """Whether `bbox` runs backwards or out of range, or `at` is out of range."""
    if not isinstance(query, dict):
        return False
    if "bbox" in query:
        box = _numbers(query["bbox"], 4)
        if box is not None:
            west, south, east, north = box
            if not (-180 <= west < east <= 180 and -90 <= south < north <= 90):
                return True
    if "at" in query:
        point = _numbers(query["at"], 2)
        if point is not None and not (-90 <= point[0] <= 90 and -180 <= point[1] <= 180):
            return True
    return False


def _web_address(text) -> bool:
    if not isinstance(text, str) or any(c.isspace() or c in "\"'<>" for c in text):
        return False
    parsed = urllib.parse.urlsplit(text.replace("{", "").replace("}", ""))
    return parsed.scheme.lower() in ("http", "https") and bool(parsed.hostname)


def bad_connections(body) -> bool:
    """Whether a connections change names an address Daybook refuses."""
    if not isinstance(body, dict):
        return False
    tiles = body.get("tileURL")
    if isinstance(tiles, str) and tiles.strip() and not (
            _web_address(tiles.strip()) and all(p in tiles for p in ("{z}", "{x}", "{y}"))):
        return True
    geocoder = body.get("geocoderURL")
    if isinstance(geocoder, str) and geocoder.strip().rstrip("/") and not _web_address(geocoder.strip().rstrip("/")):
        return True
    credit = body.get("tileAttribution")
    return isinstance(credit, str) and any(c in credit.strip() for c in "\n\r\x0b\x0c\x85\u2028\u2029")


def _swift_trim(text: str) -> str:
    """Trimmed as Swift's `CharacterSet.whitespaces` trims: tabs and space separators (Zs), not other controls
    such as U+001F, which Python's `str.strip` also takes for space."""
    import unicodedata

    def space(c: str) -> bool:
        return c == "\t" or unicodedata.category(c) == "Zs"

    start, end = 0, len(text)
    while start < end and space(text[start]):
        start += 1
    while end > start and space(text[end - 1]):
        end -= 1
    return text[start:end]


def bad_reminders(body) -> bool:
    """Whether a reminders change names a time or a topic Daybook refuses."""
    if not isinstance(body, dict):
        return False
    time = body.get("journalTime")
    if isinstance(time, str) and _swift_trim(time) and not re.fullmatch(
            r"([01]?[0-9]|2[0-3]):[0-5][0-9]", _swift_trim(time)):
        return True
    topic = body.get("ntfyURL")
    return isinstance(topic, str) and bool(_swift_trim(topic)) and not _web_address(_swift_trim(topic))


@schemathesis.hook
def filter_case(context, case) -> bool:
    operation = case.operation.definition.raw.get("operationId") if case.operation else None
    if operation == "createEntry":
        return not empty_entry(case.body) and not impossible_moment(case.body) and not bad_place(case.body)
    if operation == "updateEntry":
        return not impossible_moment(case.body) and not bad_place(case.body)
    if operation in ("mapClusters", "mapEntries", "namePlace"):
        return not bad_area(case.query)
    if operation == "updateConnections":
        return not bad_connections(case.body)
    if operation == "updateReminders":
        return not bad_reminders(case.body)

    if operation == "createTask":
        return not ends_after_midnight(case.body, creating=True)
    if operation == "updateTask":
        return not ends_after_midnight(case.body, creating=False)
    if operation == "createTracker":
        return not tracker_breaks_rules(case.body)
    if operation == "updateTracker":
        return not (isinstance(case.body, dict) and frequency_out_of_range(case.body.get("frequency")))
    if operation == "listTrackerValues":
        return not bad_span(case.query)
    return True


def _png(width: int, height: int) -> bytes:
    """A valid RGB PNG of one colour."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\x2f\x6f\x6a" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


SMALL_PNG = _png(8, 6)

# A browser's Web Push keys: an uncompressed P-256 point and a 16-byte secret, base64url.
BROWSER_KEY = "BNkFZpzRP-JjqiMTaZk88ZvKW9A2z811nPDMjlHs8IKlhg5Ktr0EKcok7sSF81jIPMUTQRe_QIXchn8mFtGDXb8"
BROWSER_AUTH = "3bG_FiaLuj_qlAuJ3EHaxA"

_kept: dict[str, str] = {}
_made = 0


def _request(method: str, path: str, body=None, content_type: str = "application/json") -> tuple[int, dict]:
    url = os.environ["DAYBOOK_API_URL"]
    data = body if isinstance(body, bytes) else json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method,
                                     headers={"Origin": url, "Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, {}


def _make(kind: str) -> str:
    global _made
    _made += 1
    if kind == "entries" or kind == "trashed":
        status, made = _request("POST", "/api/v1/entries", {"title": f"Kept {_made}"})
    elif kind == "tasks":
        status, made = _request("POST", "/api/v1/tasks", {"title": f"Kept {_made}"})
    elif kind == "trackers":
        status, made = _request("POST", "/api/v1/trackers", {"name": f"Stretched {_made}", "kind": "boolean"})
    else:
        status, made = _request("POST", "/api/v1/photos", SMALL_PNG, "image/png")
        made = made.get("photo", made)
    assert status == 201, f"could not make a kept {kind}: {status}"
    if kind == "trashed":
        assert _request("DELETE", f"/api/v1/entries/{made['id']}")[0] == 204
    return made["id"]


def kept_id(kind: str) -> str:
    """The id of a live task, entry, photo or yes/no tracker, made again when it is gone; or of an entry just
    moved to the trash (a restore takes it out)."""
    known = _kept.get(kind)
    if known is not None and kind != "trashed":
        path = f"/api/v1/{'entries' if kind == 'trashed' else kind}/{known}"
        status, found = _request("GET", path)
        if status == 200 and not found.get("archived"):
            return known
    _kept[kind] = _make(kind)
    return _kept[kind]


def open_conflict() -> dict[str, str]:
    """The path of an entry changed on two devices that waits for a choice: made anew for every case, as a
    choice ends it."""
    status, made = _request("POST", "/api/v1/entries", {"body": "Written once."})
    assert status == 201, f"could not make an entry: {status}"
    path = f"/api/v1/entries/{made['id']}"
    assert _request("PATCH", path, {"body": "Changed here.", "revision": 1})[0] == 200
    status, both = _request("PATCH", path, {"body": "Changed there.", "revision": 1, "onConflict": "keepBoth"})
    assert status == 200 and "conflict" in both, f"could not keep both versions: {status}"
    return {"id": made["id"], "conflict": both["conflict"]["id"]}


def kind_of(path: str) -> str | None:
    """Which kept thing an operation's `{id}` names."""
    if path == "/api/v1/entries/{id}/restore":
        return "trashed"
    for kind in ("entries", "tasks", "trackers", "photos"):
        if path.startswith(f"/api/v1/{kind}/{{id}}"):
            return kind
    return None


def _zip(files: dict[str, bytes]) -> bytes:
    import io
    import zipfile
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


# A small, valid export of each app Daybook imports from: a positive case sends one (random bytes are not an
# export, and the server rightly refuses them).
IMPORT_FILES = {
    "jrnl": b"[2025-01-06 09:30] Contract run. Imported once. @api\n",
    "dayone": _zip({"Journal.json": b'{"metadata": {"version": "1.0"}, "entries": []}'}),
    "loop": _zip({"Habits.csv": b"Position,Name,Type,Unit\n001,Stretch,YES_NO,\n",
                  "Checkmarks.csv": b"Date,Stretch\n2025-01-06,2\n"}),
    "daylio": _zip({"backup.daylio": __import__("base64").b64encode(b'{"customMoods": [], "tags": [], "dayEntries": []}')}),
    "daybook": _zip({"daybook-export/daybook.json": b'{"format": "daybook-export", "version": 1, "tables": {}}'}),
    "markdown": _zip({"Daily/2025-01-06.md": b"Contract run. Imported once. #api\n"}),
}


@schemathesis.hook
def map_case(context, case):
    operation = case.operation.definition.raw.get("operationId") if case.operation else None
    meta = getattr(case, "meta", None)
    positive = meta is not None and meta.generation.mode.is_positive
    if operation in ("uploadPhoto", "putPhoto") and positive and isinstance(case.body, (bytes, bytearray, str)):
        case.body = SMALL_PNG
        # Schemathesis re-checks an edited body against its schema and takes any binary one for invalid, which
        # would turn this case into one expected to be refused: the PNG is its generated value.
        case._record_starting_state()
    if operation == "importFile" and positive and (case.path_parameters or {}).get("source") in IMPORT_FILES:
        case.body = IMPORT_FILES[case.path_parameters["source"]]
        if "journal" in (case.query or {}):
            # The one journal the small Day One export holds: another name is rightly refused as unknown.
            case.query = {**case.query, "journal": "Journal"}
        if "mood" in (case.query or {}):
            # A mood name is what a person typed: the pattern cannot say "not only spaces", which the server refuses.
            case.query = {**case.query, "mood": "ecstatic:5"}
        case._record_starting_state()
    if operation == "addPushSubscription" and positive:
        case.body = {"endpoint": "http://127.0.0.1:9/push/kept", "keys": {"p256dh": BROWSER_KEY, "auth": BROWSER_AUTH}}
        case._record_starting_state()
    if operation == "updateReminders" and positive and isinstance(case.body, dict) \
            and isinstance(case.body.get("ntfyURL"), str) and case.body["ntfyURL"].strip():
        # A topic on a closed port here: a reminder due during the run never reaches for the network.
        case.body = {**case.body, "ntfyURL": "http://127.0.0.1:9/daybook"}
        case._record_starting_state()
    if operation == "updateConnections" and positive and isinstance(case.body, dict):
        body = dict(case.body)
        if isinstance(body.get("geocoderURL"), str) and body["geocoderURL"].strip():
            body["geocoderURL"] = "http://127.0.0.1:9"
        if body.get("weather") is True:
            body["weather"] = False
        if body != case.body:
            case.body = body
            case._record_starting_state()
    if operation in FOCUS_ACTIONS and positive and "Daybook-Made-At" in (case.headers or {}):
        # A focus action is recorded at the device's time only if that is within the last 8 days, at most 5
        # minutes ahead and not before the timer's last change (MadeAt says so in prose), which an earlier case
        # may have set up to 5 minutes ahead: the cases meant to be accepted are sent as they happen, without it.
        case.headers = {name: value for name, value in case.headers.items() if name != "Daybook-Made-At"}
        case._record_starting_state()
    key = (case.headers or {}).get("Idempotency-Key")
    if isinstance(key, str) and re.fullmatch(r"[!-~]{1,255}", key):
        # A key names one write: generated keys repeat ("0", "!"), also in the stateful phase, and a repeat with
        # another body is rightly refused. Keys the document does not allow stay, to be refused with 400.
        case.headers = {**case.headers, "Idempotency-Key": str(uuid.uuid4())}
        case._record_starting_state()
    if operation == "chooseEntryVersion" and positive and "DAYBOOK_API_URL" in os.environ:
        case.path_parameters = {**(case.path_parameters or {}), **open_conflict()}
        case._record_starting_state()
        return case
    kind = kind_of(case.operation.path) if case.operation else None
    if kind and positive and "DAYBOOK_API_URL" in os.environ:
        case.path_parameters = {**(case.path_parameters or {}), "id": kept_id(kind)}
        case._record_starting_state()
    return case


WRITES = ("POST", "PUT", "PATCH", "DELETE")


@schemathesis.check
def a_repeat_gets_the_first_answer(ctx, response, case):
    """A write sent again with its Idempotency-Key is answered as the first time: the same status, and the same
    body when the first answer was a refusal or the repeat says it is a replay."""
    import requests

    request = response.request
    key = request.headers.get("Idempotency-Key")
    if request.method not in WRITES or not isinstance(key, str) or not re.fullmatch(r"[!-~]{1,255}", key):
        return None
    if response.status_code == 409 and b"idempotencyKeyInFlight" in response.content:
        return None
    with requests.Session() as session:
        again = session.send(request.copy(), timeout=30)
    replayed = again.headers.get("Idempotent-Replayed")
    said = f"{request.method} {request.url} sent again with its Idempotency-Key was answered {again.status_code}"
    assert replayed != "committed", f"{said} \"committed\", though the first answer was {response.status_code}"
    assert again.status_code == response.status_code, f"{said}; the first answer was {response.status_code}"
    if response.status_code >= 400 or replayed == "true":
        first = response.content
        # Schemathesis may keep only the first bytes of a long body.
        second = again.content if response.content_size == len(first) else again.content[:len(first)]
        assert second == first, \
            f"{said} with other words: {again.content[:300]!r}, first {first[:300]!r}"
    return None
