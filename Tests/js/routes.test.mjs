// routes.js: how the service worker answers each request, and which kept pages a change from the feed fetches again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserModule } from "./browser-modules.mjs";

const { blockEditorsIn, goneWith, keptPage, pagesOf, photosIn, ROUTES, strategyFor } = await browserModule("routes.js");

const origin = "https://daybook.example";
/** A request as the worker's fetch event holds it. */
function request(path, { method = "GET", mode = "cors", headers = {} } = {}) {
  return { url: new URL(path, origin).href, method, mode, headers: new Headers(headers) };
}
const form = { "Content-Type": "application/x-www-form-urlencoded" };
const strategy = (path, options) => strategyFor(request(path, options), origin);

test("every page a person opens comes from the server first and from the kept copy without it", () => {
  for (const path of ["/", "/journal", "/journal/6f1c/edit", "/timeline?date=2026-03-02", "/calendar?month=2026-03",
    "/settings", "/journal/trash", "/nowhere"]) {
    assert.equal(strategy(path, { mode: "navigate" }), "page", path);
  }
});

test("search and the map answer from the kept journal when the server is away, opened as a page or fetched", () => {
  for (const path of ["/api/v1/search?q=caf%C3%A9", "/api/v1/map?bbox=0,0,1,1&zoom=3", "/api/v1/map/entries"]) {
    assert.equal(strategy(path), "keptData", path);
    assert.equal(strategy(path, { mode: "navigate" }), "keptData", path);
  }
  assert.equal(strategy("/api/v1/search/suggestions"), "", "only those three addresses");
});

test("a photo shows from this device's copy first, the app's scripts, styles and theme too", () => {
  assert.equal(strategy("/photos/0b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b?w=640", { mode: "no-cors" }), "photo");
  for (const path of ["/static/js/app.js?v=abc12", "/static/js/outbox.js", "/static/css/app.css?v=abc12",
    "/static/icons/icon.svg", "/theme.css", "/theme.css?v=9f3"]) {
    assert.equal(strategy(path), "shell", path);
  }
  // Opened as a page, a file is a page: network first (and never kept, `keptPage`).
  assert.equal(strategy("/static/css/app.css", { mode: "navigate" }), "page");
});

test("a tick, a log line or an entry posted as a form waits in the outbox when the server is away", () => {
  for (const path of ["/trackers/water/values/2026-03-02", "/log/2026-03-02", "/today/sleep", "/timeline/tasks",
    "/timeline/tasks/9a/done", "/focus/pause", "/journal", "/journal/6f1c"]) {
    assert.equal(strategy(path, { method: "POST", mode: "navigate", headers: form }), "outbox", path);
    assert.equal(strategy(path, { method: "POST", headers: { "Content-Type": `${form["Content-Type"]};charset=UTF-8` } }),
      "outbox", path);
  }
});

test("the outbox's own sends, the scripts' JSON and uploads, and posts that cannot wait go straight to the server", () => {
  const keyed = { ...form, "Idempotency-Key": "2d0c5f0e-54d1-4f7e-9f8e-0c6b1f1b7a11" };
  assert.equal(strategy("/trackers/water/values/2026-03-02", { method: "POST", headers: keyed }), "");
  assert.equal(strategy("/api/v1/focus/start", { method: "POST", headers: { "Content-Type": "application/json" } }), "");
  assert.equal(strategy("/journal/6f1c", { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" } }), "");
  assert.equal(strategy("/api/v1/photos/0b7e", { method: "PUT", headers: { "Content-Type": "image/jpeg" } }), "");
  for (const path of ["/settings", "/journal/new", "/journal/trash", "/login", "/api/v1/entries"]) {
    assert.equal(strategy(path, { method: "POST", mode: "navigate", headers: form }), "", path);
  }
});

test("what the worker leaves alone: the API, live events, the worker itself, other methods and other sites", () => {
  for (const path of ["/api/v1/entries", "/api/v1/changes?since=4", "/events", "/sw.js", "/manifest.webmanifest",
    "/offline", "/photos"]) {
    assert.equal(strategy(path), "", path);
  }
  assert.equal(strategy("/static/js/app.js", { method: "HEAD" }), "");
  assert.equal(strategyFor(request("https://tiles.example/3/4/2.png"), origin), "");
  assert.equal(strategyFor({ ...request("/"), url: "http://daybook.example/", mode: "navigate" }, origin), "",
    "the same name on another scheme is another site");
});

test("each route names a strategy the worker has, and only GET routes and one POST route exist", () => {
  const worker = new Set(["outbox", "keptData", "page", "photo", "shell"]);
  for (const route of ROUTES) {
    assert.ok(worker.has(route.strategy), route.strategy);
    assert.ok(["GET", "POST"].includes(route.method ?? "GET"));
  }
  assert.deepEqual(ROUTES.map((route) => route.strategy), ["outbox", "keptData", "page", "photo", "shell"],
    "first match answers: search before pages, pages before files");
});

test("an entry changed elsewhere refreshes Today, the Journal, its page and editor, the Calendar and the Map", () => {
  assert.deepEqual(pagesOf({ kind: "entry", id: "6f1c" }),
    ["/", "/journal", "/journal/6f1c", "/journal/6f1c/edit", "/calendar", "/map"]);
});

test("a tick made on another device refreshes Today and that tracker's pages, not the whole copy", () => {
  assert.deepEqual(pagesOf({ kind: "trackerValue", id: "water/2026-03-02" }), ["/", "/trackers", "/trackers/water"]);
  assert.deepEqual(pagesOf({ kind: "tracker", id: "water" }), ["/", "/trackers", "/trackers/water"]);
});

test("a block or a focus session changed elsewhere refreshes Focus, the Daily Log and Stats; a block its days too", () => {
  assert.deepEqual(pagesOf({ kind: "task", id: "9a" }), ["/", "/focus", "/log", "/timeline", "/timeline/tasks/9a/edit", "/stats"]);
  for (const kind of ["focusSession", "focusTimer"]) assert.deepEqual(pagesOf({ kind, id: "1" }), ["/", "/focus", "/log", "/stats"]);
  assert.deepEqual(pagesOf({ kind: "log", id: "2026-03-02" }), ["/", "/log", "/log/2026-03-02", "/stats"]);
});

test("new settings (language, colours) refresh every kept page; a change of an unknown kind refreshes none", () => {
  assert.deepEqual(pagesOf({ kind: "settings", id: "owner" }), ["*"]);
  assert.deepEqual(pagesOf({ kind: "somethingNew", id: "1" }), []);
});

test("every page a change refreshes is a page this device keeps", () => {
  const kinds = ["entry", "tracker", "trackerValue", "log", "task", "focusSession", "focusTimer"];
  const uuid = "0b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
  for (const kind of kinds) {
    const id = kind === "log" ? "2026-03-02" : kind === "trackerValue" ? `${uuid}/2026-03-02` : uuid;
    for (const path of pagesOf({ kind, id })) {
      assert.ok(keptPage(new URL(path, origin)), `${kind}: ${path}`);
    }
  }
});

test("an entry deleted elsewhere takes its kept page and editor with it; a deleted photo every width of it", () => {
  assert.deepEqual(goneWith({ kind: "entry", id: "a b", deleted: true }), { pages: ["/journal/a%20b", "/journal/a%20b/edit"], photos: [] });
  assert.deepEqual(goneWith({ kind: "photo", id: "0b7e", deleted: true }), { pages: [], photos: ["/photos/0b7e"] });
  assert.deepEqual(goneWith({ kind: "entry", id: "6f1c" }), { pages: [], photos: [] }, "an edit is no deletion");
  assert.deepEqual(goneWith({ kind: "task", id: "9a", deleted: true }), { pages: [], photos: [] });
});

test("a kept Timeline day brings the edit page of each of its blocks, so a block can be changed offline", () => {
  const day = `<li data-id="9a"><a href="/timeline/tasks/9a/edit?date=2026-03-02" aria-label="Edit">Write</a></li>
    <span class="block-time">10:00</span> <a class="block-title" href="/timeline/tasks/b-7/edit?date=2026-03-02">Run</a>
    <a href="/timeline?date=2026-03-03">Tomorrow</a> <a href="/trackers/water/edit">Water</a>`;
  assert.deepEqual(blockEditorsIn(day), ["/timeline/tasks/9a/edit?date=2026-03-02", "/timeline/tasks/b-7/edit?date=2026-03-02"]);
  for (const path of blockEditorsIn(day)) assert.ok(keptPage(new URL(path, origin)), path);
});

test("the photos a kept page shows are kept once each, at a list's width, whatever width the page asked for", () => {
  const id = "0b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
  const page = `<img src="/photos/${id}?w=320" srcset="/photos/${id}?w=320 1x, /photos/${id}?w=640 2x">
    <a href="/photos/${id}">full size</a> <img src="/static/icons/icon.svg">`;
  assert.deepEqual(photosIn(page, 640), [`/photos/${id}?w=640`]);
  for (const path of photosIn(page, 640)) assert.equal(strategy(path), "photo");
});
