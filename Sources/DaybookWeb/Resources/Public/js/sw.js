// Daybook's service worker: keeps the app shell, and a copy of the pages a person uses every day, so the app
// opens while its server cannot be reached — no network, or only the TLS proxy in front of it answering 502, 503
// or 504 (`unreachable` in `outbox.js` is that one rule). Pages come from the server whenever it answers (network
// first); a kept copy is marked with the time it was kept, and the page says so. Form posts made offline wait in
// the outbox (`outbox.js` says how they are sent later, exactly once); the whole journal is kept as data
// (`kept-journal.js`), which answers search and the map without the server. Which pages are kept, which posts
// wait, what the kept journal answers and which strategy below answers each request is `routes.js`.
import { freshen } from "/static/js/freshen.js";
import { boxOf, catchUp, fillJournal, forgetJournal, mapClusters, mapEntries, searchKept } from "/static/js/kept-journal.js";
import { afterSending, flush, items, sendOrKeep, unreachable, waitingPhoto } from "/static/js/outbox.js";
import {
  blockEditorsIn, keptData, keptPage, OFFLINE_PAGE, PAGES, pageKey, pageNearby, pagesAtHand, PHOTOS, photosIn,
  SHELL_PREFIX, shellFiles, strategyFor, timelineWeek,
} from "/static/js/routes.js";

const VERSION = "__ASSET_VERSION__";
const CACHE = `${SHELL_PREFIX}${VERSION}`;
const SHELL = shellFiles(VERSION);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(SHELL.map((path) => keepShellFile(cache, path))))
    .then(() => self.skipWaiting()));
});

/**
 * One file of the app shell, kept. A request that fails is asked again (up to three times, one and then two seconds
 * apart): one lost request on a phone's network should not leave the device without its offline copy until the next
 * page it opens. The install still needs every file.
 */
async function keepShellFile(cache, path) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(path);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      // Saving is not asked again: a full disk stays full.
      return cache.put(path, response);
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(SHELL_PREFIX) && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
      // The device's copy begins at once, not at the next page a person opens.
      .then(() => { freshenCopy().catch(() => {}); }),
  );
});

// Each request of this origin goes to the strategy its route in `routes.js` names; any other to the network.
self.addEventListener("fetch", (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy) event.respondWith(STRATEGIES[strategy](event, new URL(event.request.url)));
});

/**
 * The app shell and the owner's colours: the kept copy first, else the server's, kept for this version. Without
 * the server, a kept page whose theme (the owner's colours, `?v=` of their settings) this device has not loaded yet
 * takes the one it has.
 */
async function shell(event) {
  const request = event.request;
  const cached = await caches.match(request);
  if (cached) return cached;
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}

// How long a page kept on this device waits for a server that does not answer before the copy is shown.
const PATIENCE = 15_000;
const SLOW = Symbol("slow");

/**
 * A page from the server, keeping a copy of the daily ones; without the server (`unreachable`: no network, or the
 * proxy's 502/503/504), or with one that has not begun to answer after `PATIENCE`, the copy, marked as kept.
 */
async function page(event, url) {
  const key = pageKey(url);
  const daily = keptPage(url);
  let keeping;
  const answer = fetch(event.request).then((response) => {
    // Kept after the page is on its way, not before; also when it came too late to be shown.
    if (daily && !unreachable(response)) keeping = keep(key, response.clone());
    return response;
  }, () => undefined);
  event.waitUntil(answer.then(() => keeping));
  let response = daily ? await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, PATIENCE, SLOW))])
    : await answer;
  if (response === SLOW) {
    const copy = await (await caches.open(PAGES)).match(key);
    if (copy) return marked(copy);
    response = await answer;
  }
  if (!unreachable(response)) return response;
  const pages = await caches.open(PAGES);
  const nearby = pageNearby(url);
  const copy = daily ? await pages.match(key) ?? (nearby && await pages.match(nearby)) : undefined;
  if (copy) return marked(copy);
  // Daybook's own page while it finishes setup says more than the offline page; a proxy's bare error says less.
  if (response?.status === 503 && (response.headers.get("Content-Type") || "").startsWith("text/html")) return response;
  return (await caches.match(OFFLINE_PAGE)) || response || Response.error();
}

/**
 * Search results and the map's markers: from the server while it answers, else from the kept journal, marked as
 * found on this device (`X-Daybook-Kept: device`).
 */
async function data(event, url) {
  const request = event.request;
  const response = await fetch(request).catch(() => undefined);
  if (!unreachable(response)) return response;
  const query = url.searchParams;
  let answer;
  try {
    switch (keptData(url)) {
      case "search":
        answer = await searchKept(query.get("q") || "", {
          limit: Math.min(Number(query.get("limit")) || 20, 100), offset: Number(query.get("offset")) || 0,
        });
        break;
      case "map":
        answer = await mapClusters(boxOf(query.get("bbox")), Math.max(0, Math.min(Number(query.get("zoom")) || 0, 18)));
        break;
      default:
        answer = await mapEntries(boxOf(query.get("bbox")), Math.min(Number(query.get("limit")) || 50, 200));
    }
  } catch {
    return response || Response.error();
  }
  return new Response(JSON.stringify(answer), {
    headers: { "Content-Type": "application/json", "X-Daybook-Kept": "device" },
  });
}

/** Keeps a copy of a page the server rendered, with the time it was kept. */
async function keep(key, response) {
  if (forgetting) return;
  const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
  if (!response.ok || response.redirected || !html) return;
  const headers = new Headers(response.headers);
  headers.set("X-Daybook-Kept-At", new Date().toISOString());
  const copy = new Response(await response.blob(), { status: 200, headers });
  await (await caches.open(PAGES)).put(key, copy).catch(() => {});
}

/** Keeps the pages named that this device does not keep yet, and the photos they show, at a list's width. */
async function keepPages(paths) {
  const cache = await caches.open(PAGES);
  for (const path of paths) {
    if (forgetting) return;
    const url = new URL(path, self.location.origin);
    if (!keptPage(url) || await cache.match(url.href)) continue;
    try {
      const response = await fetch(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
      await keep(url.href, response.clone());
      if (response.ok) await keepPhotos(await response.text());
    } catch {
      return;
    }
  }
}

/** The edit page of each block on the Timeline's kept days, so that a block can be edited without the server. */
async function keepBlockEditors() {
  const cache = await caches.open(PAGES);
  const editors = new Set();
  for (const day of timelineWeek()) {
    const html = await (await cache.match(new URL(day, self.location.origin).href))?.text() ?? "";
    for (const href of blockEditorsIn(html)) editors.add(href);
  }
  await keepPages([...editors]);
}

/** The photos a page shows, kept at the width of a list; offline, the widest kept copy serves any width. */
async function keepPhotos(html) {
  const cache = await caches.open(PHOTOS);
  for (const path of photosIn(html, LIST_WIDTH)) {
    const address = new URL(path, self.location.origin).href;
    if (await cache.match(address)) continue;
    const response = await fetch(address, { credentials: "same-origin" });
    if (response.ok) await cache.put(address, response).catch(() => {});
  }
}

const LIST_WIDTH = 640;
const KEPT_DAYS = 90;
const KEPT_ENTRIES = 100;
const MOST_ENTRIES = 1000;

/**
 * The Journal this device keeps readable and editable: its latest 100 entries or 90 days, whichever is more (at
 * most 1000), each with its editor.
 */
async function keepJournal() {
  const since = new Date(Date.now() - KEPT_DAYS * 86_400_000).toISOString().slice(0, 10);
  const paths = [];
  let address = "/api/v1/entries";
  while (address && paths.length < MOST_ENTRIES) {
    const response = await fetch(address, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const page = await response.json();
    address = page.next ? `/api/v1/entries?after=${encodeURIComponent(page.next)}` : null;
    for (const entry of page.entries) {
      if (paths.length >= KEPT_ENTRIES && entry.dateTime < since) {
        address = null;
        break;
      }
      paths.push(entry.href);
    }
  }
  await keepPages(paths);
  // Then their editors, so a kept entry can be edited offline too.
  await keepPages(paths.map((path) => `${path}/edit`));
}

/**
 * The kept copy with the time it was kept and the number of changes waiting on its root element, where the page's
 * script finds them: it draws both lines at once, so nothing under them moves when a finger is on its way to it.
 */
async function marked(copy) {
  const at = copy.headers.get("X-Daybook-Kept-At") || "";
  const waiting = (await items().catch(() => [])).length;
  const text = (await copy.text()).replace("<html ", `<html data-kept-at="${at}" data-waiting="${waiting}" `);
  const headers = new Headers(copy.headers);
  headers.delete("Content-Length");
  return new Response(text, { status: 200, headers });
}

/**
 * Photos never change under one address: the kept copy first. Without the server, one added offline comes from the
 * outbox, and any other from the widest copy of it this device keeps.
 */
async function photo(event) {
  const request = event.request;
  const cache = await caches.open(PHOTOS);
  const copy = await cache.match(request);
  if (copy) return copy;
  const response = await fetch(request).catch(() => undefined);
  if (!unreachable(response)) {
    if (response.ok) await cache.put(request, response.clone()).catch(() => {});
    return response;
  }
  const waiting = await waitingPhoto(new URL(request.url).pathname.split("/")[2]);
  if (waiting) return new Response(waiting, { headers: { "Content-Type": waiting.type || "application/octet-stream" } });
  const widths = (await cache.keys(request, { ignoreSearch: true }))
    .sort((a, b) => Number(new URL(b.url).searchParams.get("w") || 1e6) - Number(new URL(a.url).searchParams.get("w") || 1e6));
  if (widths.length > 0) return cache.match(widths[0]);
  return response || Response.error();
}

/**
 * A form post, sent with an Idempotency-Key. Without the server (or while earlier changes still wait, so none
 * overtakes another) it waits in the outbox, and the person goes back to the page they were on.
 */
async function post(event) {
  const request = event.request;
  // A page may say when the person acted (the focus timer, whose own call waited for a server that was away).
  const said = Date.parse(request.headers.get("Daybook-Made-At") || "");
  const change = {
    key: crypto.randomUUID(), url: request.url, body: await request.clone().text(),
    contentType: request.headers.get("Content-Type"), from: request.referrer || "/",
    ...(Number.isFinite(said) ? { madeAt: said } : {}),
  };
  let result;
  try {
    result = await sendOrKeep(change, { accept: "text/html", redirect: request.mode === "navigate" ? "manual" : "follow" });
  } catch (error) {
    const full = error?.name === "QuotaExceededError";
    return new Response(null, { status: 507, headers: { "X-Daybook-Outbox": full ? "full" : "failed" } });
  }
  if (result.outcome === "sent") return result.response;
  if (request.mode === "navigate") return Response.redirect(change.from, 303);
  return new Response(null, { status: 202, headers: { "X-Daybook-Outbox": "waiting" } });
}

// The strategies the routes of `routes.js` name, each answering `(event, url)`.
const STRATEGIES = { outbox: post, keptData: data, page, photo, shell };

/**
 * Brings the kept pages up to date from the changes feed. Wake-ups during a run make one more run, not one each;
 * the device's first look, and any change to the journal, bring its newest entries into the copy (once, not at
 * every visit to the Journal).
 */
let freshening = null;
let again = false;
let forgetting = false;
function freshenCopy() {
  if (freshening) {
    again = true;
    return freshening;
  }
  freshening = (async () => {
    // A replay after an outage comes first: each change it sends says the journal changed, and fetching the copy
    // again meanwhile would only slow it down. Once it is done, one run catches up with all of it.
    await afterSending();
    do {
      again = false;
      const { journalChanged, reset, entries } = await freshen(PAGES, PHOTOS, keep);
      if (reset) await forgetJournal();
      else if (entries.changed.size + entries.gone.size > 0) await catchUp(entries.changed, entries.gone);
      // The screens a person opens on the move first, kept from the first look on (not only once visited): a few
      // dozen pages. Then the whole journal as data (what answers search, the map and old entries; a decade takes
      // a while), then the latest entries' pages and editors.
      await keepPages(pagesAtHand());
      if (forgetting) return;
      await fillJournal();
      if (forgetting) return;
      if (journalChanged) await keepJournal();
      await keepBlockEditors();
    } while (again);
  })().finally(() => { freshening = null; });
  return freshening;
}

// Background Sync: the browser wakes the worker when the network is back, with or without a page open.
self.addEventListener("sync", (event) => {
  if (event.tag === "daybook-outbox") event.waitUntil(flush().then(() => freshenCopy()));
});

self.addEventListener("message", (event) => {
  if (event.data === "flush") {
    event.waitUntil(flush().catch(() => 0).then((sent) => event.ports[0]?.postMessage(sent)));
  }
  if (event.data === "freshen" && !forgetting) event.waitUntil(freshenCopy().catch(() => {}));
  // "Forget this device": nothing more is kept, and the page hears once the run that was keeping has ended, so
  // nothing it still had in hand comes back after the copy is wiped.
  if (event.data === "forget") {
    forgetting = true;
    event.waitUntil((freshening ?? Promise.resolve()).catch(() => {}).then(() => event.ports[0]?.postMessage("stopped")));
  }
});

// Reminders sent by Web Push: a declarative message (`"web_push": 8030`, the Push API's declarative format). A
// browser that reads the format itself shows it and sets the badge without waking this worker; any other hands it
// here, and this does the same from the same JSON. Every push shows a notification (none is silent); a tap opens
// the page it is about. A message in the older shape (title, body and url at the top) still shows.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { notification: { body: event.data?.text() ?? "" } };
  }
  const notification = (message && typeof message.notification === "object" ? message.notification : message) ?? {};
  const shown = self.registration.showNotification(notification.title || "Daybook", {
    body: notification.body || "",
    lang: notification.lang || "",
    tag: notification.tag || message.key || "daybook",
    data: { url: notification.navigate || notification.url || "/" },
    icon: "/static/icons/icon-192.png",
  });
  const badge = message.app_badge;
  const badged = Number.isInteger(badge) && badge >= 0 && self.navigator.setAppBadge
    ? self.navigator.setAppBadge(badge).catch(() => {})
    : Promise.resolve();
  event.waitUntil(Promise.all([shown, badged]));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.navigate || event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil((async () => {
    for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
      if (client.url === url && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(url);
  })());
});

// The push service replaced or dropped this browser's subscription: subscribe again with the same key and tell
// the server, forgetting the old one. Without a network it is done the next time the app opens (`push.js`).
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil((async () => {
    const old = event.oldSubscription;
    let options = old?.options;
    if (!options?.applicationServerKey) {
      const { publicKey } = await (await fetch("/api/v1/push/key", { headers: { Accept: "application/json" } })).json();
      const base64 = publicKey.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(publicKey.length / 4) * 4, "=");
      options = { userVisibleOnly: true, applicationServerKey: Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)) };
    }
    const fresh = event.newSubscription ?? (await self.registration.pushManager.subscribe(options));
    await fetch("/api/v1/push/subscriptions", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(fresh.toJSON()),
    });
    if (old && old.endpoint !== fresh.endpoint) {
      await fetch("/api/v1/push/subscriptions", {
        method: "DELETE", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ endpoint: old.endpoint }),
      });
    }
  })().catch(() => {}));
});
