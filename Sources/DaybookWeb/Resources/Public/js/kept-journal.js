// The whole journal on this device, as data: every entry's words, tags, place and date, to read, search and map
// without the server.
//
// The shape, chosen by measuring: entries as records in IndexedDB (database `daybook-journal`), not kept pages. A
// kept entry page with its editor is ~40 kB of HTML; a decade of them would be ~150 MB. A record (store `entries`)
// is the entry's Markdown and its list row as the server words it (date, words, place in the owner's language);
// beside it (store `terms`) what it is found by: its folded words once each, its Korean, Japanese and Chinese runs,
// and its place. 10,000 entries of 250 words take ~35 MB, within the budget of 40 MB (figures in
// Benchmarks/README.md); a search reads only the terms, then the page of results it shows. The pages around them stay kept pages (`routes.js`); what has no kept page is drawn from
// these records: the search page's results (the worker answers `/api/v1/search` from here when the server cannot
// be reached), the map's markers (`/api/v1/map`), and an entry without a kept page (the offline page shows it,
// `kept-views.js`).
//
// Filled by the service worker (`sw.js`), never by a page: the first fill reads `/api/v1/device/journal` 500
// entries at a time, each page in one transaction, and says how far it got (`meta.fill`), so a fill cut short goes
// on where it stopped. After it, the changes feed names what changed (`freshen.js`), and only those entries are
// fetched again. A reset of the feed (the owner's language changed, a restore) fills it anew.
//
// Search follows the server's rules (`SearchSegmenter.swift`; how, in `search-terms.js`): Korean, Japanese and
// Chinese runs match as written, with no spaces needed (`京都` finds `東京都`); other words are folded for case,
// width and accents (`cafe` finds `Café`), the last word as the start of a word; every word must match, in the
// title, the tags or the text. Results come newest first.

import { plainText } from "./dom.js";
import { database, promised, transaction } from "./idb.js";
import { matches, parse, snippet, terms } from "./search-terms.js";

const DB_NAME = "daybook-journal";
// Each entry whole, to show; and apart from it what it is found by (its search terms, and where it was written),
// which is all a search or the map reads: a third of the bytes.
const ENTRIES = "entries";
const TERMS = "terms";
const META = "meta";
export const JOURNAL_CHANNEL = "daybook-journal";

// Version 2 splits a word where Korean, Japanese or Chinese begins (`search-terms.js`): the terms kept by version 1
// are made again from the entries beside them, in the upgrade's own transaction.
const open = database(DB_NAME, 2, (db, tx, oldVersion) => {
  if (oldVersion < 1) {
    db.createObjectStore(ENTRIES, { keyPath: "id" });
    db.createObjectStore(TERMS, { keyPath: "id" }).createIndex("moment", "moment");
    db.createObjectStore(META);
    return;
  }
  tx.objectStore(ENTRIES).openCursor().onsuccess = (event) => {
    const cursor = event.target.result;
    if (!cursor) return;
    tx.objectStore(TERMS).put(termsOf(cursor.value));
    cursor.continue();
  };
});

const transact = (names, mode, work) => transaction(open, names, mode, work);

const metaOf = (key) => transact(META, "readonly", (tx) => promised(tx.objectStore(META).get(key)));

function tell(message) {
  try {
    const channel = new BroadcastChannel(JOURNAL_CHANNEL);
    channel.postMessage(message);
    channel.close();
  } catch {
    // Pages read the state when they next look.
  }
}

// Keeping -------------------------------------------------------------------------------------------------------

/** What an entry is found by: its terms, its place and what the map shows of it. */
function termsOf(entry) {
  const placed = Number.isFinite(entry.latitude) && Number.isFinite(entry.longitude);
  return {
    id: entry.id, moment: entry.moment, ...terms(entry.title, entry.tags, entry.body),
    ...(placed ? { place: mapEntry(entry) } : {}),
  };
}

function keep(tx, entries) {
  for (const entry of entries) {
    // The device makes its own snippets around what a search found: the list's excerpt is not kept.
    const { snippetHTML, ...row } = entry.row;
    tx.objectStore(ENTRIES).put({ ...entry, row: { ...row, snippetHTML: "" } });
    tx.objectStore(TERMS).put(termsOf(entry));
  }
}

async function fetchPage(query) {
  const response = await fetch(`/api/v1/device/journal${query}`, {
    credentials: "same-origin", headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`device journal: HTTP ${response.status}`);
  return response.json();
}

let filling = null;
/**
 * Fills the kept journal until it holds every entry, a page of 500 at a time, each in one transaction; a fill cut
 * short goes on from where it stopped. Resolves to whether the journal is whole.
 */
export function fillJournal() {
  filling ??= (async () => {
    let state = (await metaOf("fill")) ?? { after: null, done: false, count: 0, startedAt: Date.now() };
    while (!state.done) {
      const page = await fetchPage(state.after ? `?after=${encodeURIComponent(state.after)}` : "");
      const entries = page.entries;
      state = { ...state, after: page.next ?? null, done: !page.next, count: state.count + entries.length };
      if (state.done) state.filledAt = Date.now();
      const next = state;
      await transact([ENTRIES, TERMS, META], "readwrite", (tx) => {
        keep(tx, entries);
        tx.objectStore(META).put(next, "fill");
      });
      memory = null;
      tell({ fill: state });
    }
    return true;
  })().finally(() => { filling = null; });
  return filling;
}

/** Fetches again the entries a change named, and forgets those gone. */
export async function catchUp(changed, gone) {
  const ids = [...changed].filter((id) => !gone.has(id));
  const fresh = [];
  for (let at = 0; at < ids.length; at += 100) {
    const page = await fetchPage(`?ids=${ids.slice(at, at + 100).map(encodeURIComponent).join(",")}`);
    fresh.push(...page.entries);
  }
  const found = new Set(fresh.map((entry) => entry.id));
  await transact([ENTRIES, TERMS], "readwrite", (tx) => {
    keep(tx, fresh);
    // Named but not answered: trashed meanwhile.
    for (const id of [...changed, ...gone]) {
      if (found.has(id)) continue;
      tx.objectStore(ENTRIES).delete(id);
      tx.objectStore(TERMS).delete(id);
    }
  });
  memory = null;
  tell({ changed: ids.length });
}

/** Forgets the kept journal; the next fill starts from the newest entry. */
export async function forgetJournal() {
  await transact([ENTRIES, TERMS, META], "readwrite", (tx) => {
    for (const name of [ENTRIES, TERMS, META]) tx.objectStore(name).clear();
  });
  memory = null;
}

/** How much of the journal this device keeps: `{count, done, filledAt}`. */
export async function journalState() {
  const [fill, count] = await Promise.all([metaOf("fill"), transact(ENTRIES, "readonly", (tx) => promised(tx.objectStore(ENTRIES).count()))]);
  return { count, done: Boolean(fill?.done), filledAt: fill?.filledAt ?? null };
}

/** One kept entry, or `undefined`. */
export function keptEntry(id) {
  return transact(ENTRIES, "readonly", (tx) => promised(tx.objectStore(ENTRIES).get(id)));
}

// Reading -------------------------------------------------------------------------------------------------------

// What searches and the map read (the terms, newest first), held while the worker runs: read once, not at every
// keystroke.
let memory = null;
function everything() {
  memory ??= transact(TERMS, "readonly", (tx) => promised(tx.objectStore(TERMS).index("moment").getAll()))
    .then((list) => list.reverse());
  return memory;
}

/** The kept entries `ids`, whole, in that order. */
function entriesOf(ids) {
  return transact(ENTRIES, "readonly", (tx) => Promise.all(ids.map((id) => promised(tx.objectStore(ENTRIES).get(id)))));
}

/** Search over the kept journal, answered as `/api/v1/search` answers, newest first. */
export async function searchKept(query, { limit = 20, offset = 0 } = {}) {
  const parts = parse(query);
  const all = await everything();
  const hits = all.filter((each) => matches(each, parts));
  const page = (await entriesOf(hits.slice(offset, offset + limit).map((each) => each.id))).filter(Boolean);
  return {
    query, hasMore: hits.length > offset + limit, order: "newest", onDevice: true, kept: all.length,
    results: page.map((each) => ({ ...each.row, snippetHTML: snippet(plainText(each.body), parts) })),
  };
}

// The map ----------------------------------------------------------------------------------------------------

const inside = (box, each) => each.latitude >= box[1] && each.latitude <= box[3]
  && (box[0] <= box[2] ? each.longitude >= box[0] && each.longitude <= box[2]
    : each.longitude >= box[0] || each.longitude <= box[2]);

const placed = async (box) => (await everything()).map((each) => each.place).filter((each) => each && inside(box, each));

const mapEntry = (each) => ({
  id: each.id, title: each.title, date: each.day, place: each.row.placeLabel ?? "", href: each.row.href,
  latitude: each.latitude, longitude: each.longitude,
});

/** The kept entries of an area in clusters, as `/api/v1/map` answers: one a 64-pixel square at `zoom`. */
export async function mapClusters(box, zoom) {
  const size = 256 * 2 ** zoom;
  const cells = new Map();
  const list = await placed(box);
  for (const each of list) {
    const x = Math.floor(((each.longitude + 180) / 360) * size / 64);
    const sin = Math.sin((each.latitude * Math.PI) / 180);
    const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size / 64);
    const key = `${x}:${y}`;
    if (!cells.has(key)) cells.set(key, []);
    cells.get(key).push(each);
  }
  const clusters = [...cells.values()].map((members) => {
    const lats = members.map((each) => each.latitude);
    const lons = members.map((each) => each.longitude);
    return {
      latitude: lats.reduce((a, b) => a + b, 0) / members.length,
      longitude: lons.reduce((a, b) => a + b, 0) / members.length,
      count: members.length,
      bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      ...(members.length === 1 ? { entry: members[0] } : {}),
    };
  });
  return { zoom, total: list.length, clusters };
}

/** The kept entries of an area, newest first, as `/api/v1/map/entries` answers. */
export async function mapEntries(box, limit = 50) {
  const list = await placed(box);
  return { total: list.length, entries: list.slice(0, limit) };
}

/** A `bbox` query value as `[west, south, east, north]`; the whole world when it is missing or malformed. */
export function boxOf(text) {
  const box = String(text || "").split(",").map(Number);
  return box.length === 4 && box.every(Number.isFinite) ? box : [-180, -90, 180, 90];
}
