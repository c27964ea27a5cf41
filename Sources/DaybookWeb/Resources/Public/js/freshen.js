// Keeping this device's copy current while the server answers. The changes feed (`/api/v1/changes`) names what
// changed since the device last asked; only the kept pages those changes show on are fetched again, and the page
// of an entry that is gone is forgotten (which pages those are: `routes.js`). Used by the service worker, woken by
// the pages when `/events` says something changed.

import { fact, forgetFacts, keepFact, unreachable } from "./outbox.js";
import { goneWith, pagesOf } from "./routes.js";

const savedCursor = () => fact("cursor");
const saveCursor = (cursor) => keepFact("cursor", cursor);

/** Forgets where the device was in the feed (with the copy itself). */
export const forgetCursor = () => forgetFacts().catch(() => {});

async function changesSince(cursor) {
  const address = cursor ? `/api/v1/changes?since=${encodeURIComponent(cursor)}` : "/api/v1/changes";
  const response = await fetch(address, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`changes: HTTP ${response.status}`);
  return response.json();
}

/**
 * Brings the kept pages up to date: reads the feed from the saved cursor, fetches again each kept page a change
 * shows on (through `keep`), forgets those of entries that are gone, and saves the new cursor only after that, so
 * a failure part-way is retried from the same place. Says whether the Journal may hold entries this device does
 * not keep yet (on its first look, after a reset, or when entries changed), whether the feed began anew (`reset`:
 * the kept journal is filled again), and which entries changed or went (`entries`, for the kept journal).
 */
export async function freshen(pages, photos, keep) {
  const cache = await caches.open(pages);
  let cursor = await savedCursor().catch(() => undefined);
  const stale = new Set();
  const gone = new Set();
  const photosGone = [];
  if (!cursor) {
    // First look from this device: its pages were kept a moment ago, as the server has them now.
    await saveCursor((await changesSince(null)).cursor);
    return { journalChanged: true, reset: false, entries: { changed: new Set(), gone: new Set() } };
  }
  let journalChanged = false;
  let reset = false;
  const entries = { changed: new Set(), gone: new Set() };
  for (;;) {
    const page = await changesSince(cursor);
    cursor = page.cursor;
    if (page.reset) stale.add("*");
    journalChanged ||= page.reset;
    reset ||= Boolean(page.reset);
    for (const change of page.changes) {
      for (const path of pagesOf(change)) stale.add(path);
      journalChanged ||= change.kind === "entry";
      if (change.kind === "entry") (change.deleted ? entries.gone : entries.changed).add(change.id);
      // The kept journal's rows are worded in the owner's language and dates: kept anew when settings change.
      reset ||= change.kind === "settings";
      const lost = goneWith(change);
      for (const path of lost.pages) gone.add(path);
      photosGone.push(...lost.photos);
    }
    if (!page.more || page.reset) break;
  }
  for (const url of (await cache.keys()).map((request) => new URL(request.url))) {
    if (gone.has(url.pathname)) {
      await cache.delete(url.href);
    } else if (stale.has("*") || stale.has(url.pathname)) {
      const response = await fetch(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
      // The server went away part-way (the proxy answers for it): the run is tried again from the same cursor.
      if (unreachable(response)) throw new Error(`${url.pathname}: HTTP ${response.status}`);
      if (response.status === 404 || response.status === 410) {
        await cache.delete(url.href);
      } else {
        await keep(url.href, response);
      }
    }
  }
  if (photosGone.length > 0) {
    const keptPhotos = await caches.open(photos);
    for (const request of await keptPhotos.keys()) {
      if (photosGone.some((path) => new URL(request.url).pathname.startsWith(path))) await keptPhotos.delete(request);
    }
  }
  await saveCursor(cursor);
  return { journalChanged, reset, entries };
}
