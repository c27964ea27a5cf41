// Which of Daybook's addresses a device keeps and which of its writes can wait: the one table the service worker
// (which keeps pages and holds posts) and the pages (which show what waits) both read.

// Where this device keeps its copy (Cache Storage): the pages and the photos as last seen, kept across versions,
// and the app shell of one version (`SHELL_PREFIX` + the assets' version). Every cache's name begins with
// `CACHE_PREFIX`: forgetting this device (Settings → This device) deletes them all by it.
export const CACHE_PREFIX = "daybook-";
export const PAGES = `${CACHE_PREFIX}pages`;
export const PHOTOS = `${CACHE_PREFIX}photos`;
export const SHELL_PREFIX = `${CACHE_PREFIX}shell-`;

/** The page shown for an address this device has no copy of while the server cannot be reached. */
export const OFFLINE_PAGE = "/offline";

/** Whether `path` is an entry's own page (not the new-entry editor, not the trash, not an editor). */
export const entryPage = (path) => /^\/journal\/[0-9A-Za-z-]+$/.test(path) && path !== "/journal/new" && path !== "/journal/trash";

/** The pages kept for use without the server: Today, the Journal, its entries and their editors (and the editor of
 * a new entry), the trackers, Focus, the Daily Log, and the Timeline, Calendar, Map, Stats and Search as last seen
 * (each day, month or week by its own address). */
export function keptPage(url) {
  const path = url.pathname;
  return path === "/" || path === "/journal" || path === "/trackers" || path === "/focus" || path === "/log"
    || path === "/timeline" || path === "/calendar" || path === "/stats" || path === "/map" || path === "/search"
    || /^\/journal\/[0-9A-Za-z-]+(\/edit)?$/.test(path) && path !== "/journal/trash"
    || /^\/trackers\/[0-9A-Za-z-]+$/.test(path)
    || /^\/log\/\d{4}-\d{2}-\d{2}$/.test(path)
    || /^\/timeline\/tasks\/[0-9A-Za-z-]+\/edit$/.test(path);
}

/** The address a page is kept under: the new-entry editor is one page whichever entry it goes on with, and the
 * search page one whatever it searched (its results come from the kept journal, `kept-journal.js`). */
export function pageKey(url) {
  return url.pathname === "/journal/new" || url.pathname === "/search" ? url.origin + url.pathname
    : url.origin + url.pathname + url.search;
}

/** The kept page to show for an address not kept itself: a calendar day opened below its month shows the month. */
export function pageNearby(url) {
  if (url.pathname !== "/calendar" || !url.searchParams.has("day")) return null;
  const month = url.searchParams.get("month") || url.searchParams.get("day").slice(0, 7);
  return `${url.origin}/calendar?month=${encodeURIComponent(month)}`;
}

const monthOf = (date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
const dayOf = (date) => `${monthOf(date)}-${String(date.getDate()).padStart(2, "0")}`;

/**
 * The app shell of one version of the assets: what the worker keeps as it installs, so that every page finds its
 * scripts, styles and icons without the server, also before it was ever opened here. A page names its own module
 * with the version (`?v=`), the modules it imports go by their plain address. `Tests/js/shell.test.mjs` walks the
 * imports from every page's module and the worker's, and fails for one missing here.
 */
export function shellFiles(version) {
  return [
    OFFLINE_PAGE,
    `/static/css/app.css?v=${version}`,
    // The owner's colours as they are now; a page naming a newer version takes this one without the server.
    "/theme.css",
    `/static/js/app.js?v=${version}`,
    `/static/js/notify.js?v=${version}`,
    // Imported by their plain address.
    "/static/js/tint.js",
    "/static/js/viewport.js",
    "/static/js/offline.js",
    "/static/js/offline-status.js",
    "/static/js/kept-banner.js",
    "/static/js/outbox-list.js",
    "/static/js/waiting-entries.js",
    "/static/js/hold-forms.js",
    "/static/js/send-waiting.js",
    "/static/js/kept-pages.js",
    "/static/js/stay-current.js",
    "/static/js/outbox.js",
    "/static/js/outbox-rules.js",
    "/static/js/idb.js",
    "/static/js/events.js",
    "/static/js/badge.js",
    "/static/js/push.js",
    "/static/js/freshen.js",
    "/static/js/routes.js",
    "/static/js/kept-journal.js",
    "/static/js/search-terms.js",
    "/static/js/kept-views.js",
    "/static/js/drafts.js",
    "/static/js/dom.js",
    // Settings → This device, imported when the page shows it.
    "/static/js/this-device.js",
    // The Timeline's own, so its kept days work offline before the page was ever opened here.
    `/static/js/timeline.js?v=${version}`,
    "/static/js/timeline-waiting.js",
    // The scripts of the screens kept from the first look on (`pagesAtHand` below), so they work
    // offline before they were ever opened here.
    `/static/js/search.js?v=${version}`,
    `/static/js/map.js?v=${version}`,
    "/static/js/map-view.js",
    "/static/js/map-canvas.js",
    "/static/js/map-markers.js",
    "/static/js/map-popup.js",
    `/static/map/world.json?v=${version}`,
    `/static/js/journal.js?v=${version}`,
    `/static/js/trackers.js?v=${version}`,
    `/static/js/focus.js?v=${version}`,
    "/static/js/ambient.js",
    // The entry editor's, so a kept entry's editor (`keepJournal` in `sw.js`) saves with its script offline.
    `/static/js/editor.js?v=${version}`,
    "/static/js/editor-photos.js",
    "/static/js/place.js",
    // What Settings → This device and Reminders say about the Home Screen.
    "/static/js/home-screen.js",
    // The scripts of the pages that are not kept (Backups, On your iPhone, pairing, Reminders, the widgets): few
    // and small, kept all the same, so that this list is every module a page can load.
    `/static/js/backups.js?v=${version}`,
    `/static/js/import.js?v=${version}`,
    `/static/js/iphone.js?v=${version}`,
    `/static/js/pair.js?v=${version}`,
    `/static/js/reminders.js?v=${version}`,
    `/static/js/widget.js?v=${version}`,
    "/static/icons/icon.svg",
    "/static/icons/nav.svg",
    "/static/icons/icon-192.png",
  ];
}

/** The Timeline's days kept around `now` (this device's today): the week before, today and the week after. */
export function timelineWeek(now = new Date()) {
  const day = (offset) => dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
  return [...Array(15).keys()].map((index) => `/timeline?date=${day(index - 7)}`);
}

/** The screens a person opens on the move, kept from the first look on (not only once visited): the daily ones
 * (Today, the Journal, Focus, the trackers, the Daily Log), the Timeline (and
 * its week around today, each block's edit page with it: `sw.js`), the Calendar's current month and the 12 before
 * it, the Map, Stats and Search. */
export function pagesAtHand(now = new Date()) {
  const months = [...Array(13).keys()].map((back) => `/calendar?month=${monthOf(new Date(now.getFullYear(), now.getMonth() - back, 1))}`);
  return ["/", "/journal", "/focus", "/trackers", "/log", "/timeline", ...timelineWeek(now), "/calendar", ...months, "/map", "/stats", "/search"];
}

const BLOCK_EDITOR = /href="(\/timeline\/tasks\/[0-9A-Za-z-]+\/edit\?date=[0-9-]+)"/g;

/** The edit pages of the blocks a kept Timeline day links to, kept with it so a block can be edited offline. */
export const blockEditorsIn = (html) => [...html.matchAll(BLOCK_EDITOR)].map((match) => match[1]);

/** The photos a kept page shows, once each, at `width`: the copies kept beside it. */
export function photosIn(html, width) {
  const ids = new Set([...html.matchAll(/\/photos\/([0-9a-f-]{36})\?w=/g)].map((match) => match[1]));
  return [...ids].map((id) => `/photos/${id}?w=${width}`);
}

/** What the kept journal answers without the server (`kept-journal.js`): search results and the map's markers. */
export function keptData(url) {
  return { "/api/v1/search": "search", "/api/v1/map": "map", "/api/v1/map/entries": "mapEntries" }[url.pathname] ?? "";
}

// How the service worker answers each request of Daybook's own origin, in Workbox's shape: an ordered list of
// routes, each a `match` (a function of `{url, request}`, or a pattern tested on the path) and the name of the
// `strategy` the worker answers with (`sw.js`); `method` is GET unless named. The first route that matches
// answers; a request no route matches, or one to another origin, goes to the network as if there were no worker.
export const ROUTES = [
  // A form post that can wait (`queuedPost`): sent, or kept in the outbox without the server. The outbox's own
  // sends carry their Idempotency-Key and go straight to the server; so do the scripts' JSON and multipart sends.
  {
    method: "POST", strategy: "outbox",
    match: ({ url, request }) => queuedPost(url) && !request.headers.has("Idempotency-Key")
      && (request.headers.get("Content-Type") || "").startsWith("application/x-www-form-urlencoded"),
  },
  // Search results and the map's markers: the server's, else the kept journal's (`keptData`).
  { strategy: "keptData", match: ({ url }) => keptData(url) !== "" },
  // A page: the server's first, keeping a copy of the daily ones (`keptPage`); without it, the copy.
  { strategy: "page", match: ({ request }) => request.mode === "navigate" },
  // A photo never changes under one address: the kept copy first.
  { strategy: "photo", match: /^\/photos\// },
  // The app shell and the owner's colours: the kept copy first, else the server's, kept.
  { strategy: "shell", match: /^\/(static\/|theme\.css$)/ },
];

/** The name of the strategy the worker answers `request` with (`ROUTES`); `""` leaves it to the network. */
export function strategyFor(request, origin) {
  const url = new URL(request.url);
  if (url.origin !== origin) return "";
  const route = ROUTES.find(({ method = "GET", match }) => request.method === method
    && (match instanceof RegExp ? match.test(url.pathname) : match({ url, request })));
  return route?.strategy ?? "";
}

/** The kept pages a change from the changes feed shows on: exact paths, and every page (`*`) when the owner's
 * settings change. `/timeline` stands for every kept day (`/timeline?date=…`: kept pages match by path). */
export function pagesOf(change) {
  const id = encodeURIComponent(change.id);
  switch (change.kind) {
    case "entry": return ["/", "/journal", `/journal/${id}`, `/journal/${id}/edit`, "/calendar", "/map"];
    case "tracker": return ["/", "/trackers", `/trackers/${id}`];
    case "trackerValue": return ["/", "/trackers", `/trackers/${encodeURIComponent(change.id.split("/")[0])}`];
    case "log": return ["/", "/log", `/log/${id}`, "/stats"];
    case "task": return ["/", "/focus", "/log", "/timeline", `/timeline/tasks/${id}/edit`, "/stats"];
    case "focusSession": case "focusTimer": return ["/", "/focus", "/log", "/stats"];
    case "settings": return ["*"];
    default: return [];
  }
}

/** What a deletion takes from the copy: an entry's page and editor (`pages`, exact paths), a photo at every width
 * it was kept at (`photos`, paths that its kept addresses begin with). */
export function goneWith(change) {
  if (!change.deleted) return { pages: [], photos: [] };
  const id = encodeURIComponent(change.id);
  if (change.kind === "entry") return { pages: [`/journal/${id}`, `/journal/${id}/edit`], photos: [] };
  if (change.kind === "photo") return { pages: [], photos: [`/photos/${change.id}`] };
  return { pages: [], photos: [] };
}

// The writes a device may make without the server, each with what it is in the owner's words (`kinds` on the page).
const WRITES = [
  { kind: "tracker", pattern: /^\/trackers\/[^/]+\/values\/[^/]+$/ },
  { kind: "log", pattern: /^\/log\/[^/]+$/ },
  { kind: "sleep", pattern: /^\/today\/sleep$/ },
  // The Timeline's forms (add, edit, done, delete), and a block dragged to move or resize it (JSON).
  { kind: "task", pattern: /^\/timeline\/tasks(\/[^/]+(\/(done|delete))?)?$/ },
  { kind: "task", pattern: /^\/api\/v1\/tasks(\/[^/]+(\/done)?)?$/ },
  // The focus timer's actions as its page sends them (JSON), and its forms sent without the page's script.
  { kind: "focus", pattern: /^\/api\/v1\/focus\/(start|pause|resume|stop|extend|sound)$/ },
  { kind: "focus", pattern: /^\/focus\/(start|pause|resume|stop)$/ },
  { kind: "photo", pattern: /^\/api\/v1\/photos\/[^/]+$/ },
  // The editor's saves (JSON), and its form sent without the editor's script.
  { kind: "entry", pattern: /^\/api\/v1\/entries(\/[^/]+)?$/ },
  { kind: "entry", pattern: /^\/journal(\/(?!new$|trash$)[^/]+)?$/ },
];

const writeOf = (url) => WRITES.find((write) => write.pattern.test(url.pathname));

/** Whether a form post to `url` waits in the outbox when the server cannot be reached. */
export function queuedPost(url) {
  const write = writeOf(url);
  return Boolean(write) && write.kind !== "photo" && !url.pathname.startsWith("/api/");
}

/** What a write to `url` is: `entry`, `tracker`, `log`, `sleep`, `task`, `focus`, `photo`; `""` for another. */
export function kindOf(url) {
  return writeOf(url)?.kind ?? "";
}
