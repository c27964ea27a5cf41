// The outbox: the changes made on this device that Daybook's server has not taken yet.
//
// Where a waiting change lives: in this device's IndexedDB (database `daybook`, store `outbox`), one record a change
// — `{id, key, url, method, body, contentType, madeAt, state, reason, from, entry, lineage}`, a photo's body as its
// bytes — never only in a page
// or in `localStorage`. Three ways lead there, all through this module:
//   - a form post the service worker could not deliver (`sw.js` → `sendOrKeep`): tracker values, the Daily Log, a
//     task done, the focus timer, an entry written without the editor's script;
//   - the editor's saves and photos (`editor.js` → `sendOrKeep`): one waiting change per entry and editing session,
//     holding its newest words (a newer save replaces the older one that still waits);
//   - words typed in an editor that closed before it could save them (`drafts.js` → `sendOrKeep`).
//
// How it is replayed exactly once: `flush` sends the waiting changes in the order they were made, one sender at a
// time across the pages and the worker (a Web Lock), each with its own `Idempotency-Key` — the server keeps the
// key with the write in one transaction and answers a repeat with its first answer — and with `Daybook-Made-At`,
// the time the person made it, so that the later change wins whichever arrives last. A change is forgotten only
// once the server answered it; one the server refused stays, with its reason and its words, until the person
// discards it. An entry's save also carries the entry's id (chosen on the device) and its editing session
// (`lineage`): sent again after its answer was lost, it is that session's next save, never a second entry and
// never a conflict with itself.
//
// Run by `flush`: on every page load, on `online`, every 20 seconds while a page is open, and by Background Sync
// where the browser has it.
//
// "The server cannot be reached" is one rule, `unreachable`: no network, or only the proxy in front of Daybook
// answering (502, 503, 504 while Daybook is stopped or restarting). A change then waits, and a replay stops there
// to try again later; it is never reported as refused.
//
// The rules themselves (what replaces what, what a change tells the server, what an answer means, the order of a
// replay) are `outbox-rules.js`, apart from IndexedDB and the network.

import { database, promised, transaction } from "./idb.js";
import { headersOf, patience, replaces, replay, unreachable, verdict } from "./outbox-rules.js";

// The one rule for "the server cannot be reached", for the worker and the copy's freshening too.
export { unreachable };

const DB_NAME = "daybook";
const STORE = "outbox";
// Small facts about this device's copy, beside the outbox: where it is in the changes feed.
const META = "meta";
export const CHANNEL = "daybook-outbox";

const open = database(DB_NAME, 2, (db) => {
  if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
  if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
});

const transact = (mode, work, name = STORE) => transaction(open, name, mode, (tx) => work(tx.objectStore(name)));

function announce() {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage("changed");
    channel.close();
  } catch {
    // Without BroadcastChannel pages see the change on their next look.
  }
}

/** Holds the outbox while `work` runs: no change is sent or replaced meanwhile, by this page or another. */
function locked(work) {
  return self.navigator?.locks ? self.navigator.locks.request("daybook-outbox", work) : work();
}

/** Resolves once no change is being sent: what waits reaches the server before the device's copy is fetched again. */
export function afterSending() {
  return locked(() => {});
}

/** A fact about this device's copy (`undefined` when not known). */
export function fact(key) {
  return transact("readonly", (store) => promised(store.get(key)), META);
}

export function keepFact(key, value) {
  return transact("readwrite", (store) => promised(store.put(value, key)), META);
}

export function forgetFacts() {
  return transact("readwrite", (store) => promised(store.clear()), META);
}

/** Every change kept, oldest first. `method` is POST when absent; `body` is text, or a Blob for a photo. */
export async function items() {
  return transact("readonly", (store) => promised(store.getAll()));
}

/** The changes waiting for one entry, newest first. */
export async function waitingFor(entry) {
  return (await items().catch(() => [])).filter((item) => item.entry === entry && item.state === "waiting")
    .sort((a, b) => b.madeAt - a.madeAt);
}

/**
 * Keeps a change to send later: an entry's newest words replace what its editing session still has waiting, and
 * go to the end, after what they name (a photo added since). Throws a `QuotaExceededError` when the device has no
 * room for it.
 */
export async function enqueue(change) {
  const item = { ...change, state: "waiting", madeAt: change.madeAt ?? Date.now() };
  delete item.id;
  // A photo is kept as its bytes (its type is the change's): Safari refuses Blobs in a private window's IndexedDB.
  if (item.body instanceof Blob) item.body = await item.body.arrayBuffer();
  item.id = await locked(() => transact("readwrite", async (store) => {
    if (change.entry) {
      for (const older of (await promised(store.getAll())).filter((each) => replaces(change, each))) {
        store.delete(older.id);
      }
    }
    return promised(store.add(item));
  }));
  announce();
  return item;
}

export async function discard(id) {
  await transact("readwrite", (store) => promised(store.delete(id)));
  announce();
}

/** Forgets every kept change. */
export async function clear() {
  await transact("readwrite", (store) => promised(store.clear()));
  announce();
}

/**
 * The one way a change reaches the server: with its key, its type and, for a change kept for later, the time it
 * was made. Resolves to the server's response; rejects when the server cannot be reached (`unreachable`), also
 * when it has not answered in time.
 */
export async function send(change, { accept = "text/html", keepalive = false, redirect = "manual" } = {}) {
  const headers = headersOf(change, accept);
  const signal = self.AbortSignal?.timeout?.(patience(change.body));
  const response = await fetch(change.url, {
    method: change.method || "POST", body: change.body, credentials: "same-origin", keepalive, redirect, headers,
    signal,
  });
  if (unreachable(response)) {
    // The proxy answered for a server that is away: the change was not taken, and is sent again later.
    response.body?.cancel().catch(() => {});
    throw new TypeError(`the server cannot be reached (HTTP ${response.status})`);
  }
  return response;
}

/** Whether a change sent is done (`sent`, `refused` with the reason) or must wait (`later`). */
async function outcomeOf(response) {
  // Read to its end either way, so the connection serves the next change.
  return verdict(response, await response.text().catch(() => ""));
}

/** Sends the waiting changes in order; stops at the first that must wait, so none overtakes another. */
export async function flush() {
  return locked(async () => {
    let told = Date.now();
    const sent = await replay(await items(), async (item) => outcomeOf(await send(item)), async (item, result) => {
      if (result.outcome === "sent") {
        await transact("readwrite", (store) => promised(store.delete(item.id)));
      } else {
        await transact("readwrite", (store) => promised(store.put({ ...item, state: "refused", reason: result.reason })));
      }
      // Pages hear of progress now and then during a long replay, and once at its end.
      if (Date.now() - told > 250) {
        announce();
        told = Date.now();
      }
    });
    if (sent > 0) {
      // A page whose HTML was made while this ran, and that listens only from now on, learns of it here.
      await keepFact("lastSentAt", Date.now()).catch(() => {});
      announce();
    }
    return sent;
  });
}

/**
 * Sends the waiting changes from the service worker when one controls this page (its own requests do not pass
 * through its fetch handler, which costs a page's every request a hop), else from here; resolves to how many were
 * sent or refused.
 */
export function flushFromWorker() {
  const worker = self.navigator?.serviceWorker?.controller;
  if (!worker) return flush();
  return new Promise((resolve) => {
    const reply = new MessageChannel();
    // A worker stopped part-way answers nothing: the page sends what is left itself (the lock keeps it to once).
    const fallback = setTimeout(() => resolve(flush()), 30_000);
    reply.port1.onmessage = (event) => {
      clearTimeout(fallback);
      resolve(Number(event.data) || 0);
    };
    worker.postMessage("flush", [reply.port2]);
  });
}

const waiting = async () => (await items().catch(() => [])).some((item) => item.state === "waiting");

/**
 * A change made now (or at `change.madeAt`): sent at once when nothing waits before it and the server answers
 * (`{outcome: "sent", response}`), else kept in the outbox (`{outcome: "waiting", item}`). Kept, it was made at
 * `madeAt` when the page says so (the moment of a tap: the server may take long to fail), else when it is kept;
 * sent at once, the server takes it as made as it arrives. Throws a `QuotaExceededError` when the device has no
 * room to keep it.
 */
export async function sendOrKeep(change, { accept = "application/json", keepalive = false, redirect = "follow", madeAt } = {}) {
  if (!(await waiting()) || (await flush().catch(() => 0), !(await waiting()))) {
    try {
      // Sent as it is made, it is made now, unless the page said it was made earlier (`madeAt`).
      const response = await send(change, { accept, keepalive, redirect });
      return { outcome: "sent", response };
    } catch {
      // The server did not answer: the change waits.
    }
  }
  const item = await enqueue(change.madeAt || !madeAt ? change : { ...change, madeAt });
  self.registration?.sync?.register("daybook-outbox").catch(() => {});
  return { outcome: "waiting", item };
}

/** The photo `id` as kept on this device, waiting to be uploaded; `undefined` when none waits. */
export async function waitingPhoto(id) {
  const item = (await items().catch(() => [])).find((each) => each.method === "PUT" && each.state === "waiting"
    && new URL(each.url).pathname === `/api/v1/photos/${id}`);
  return item && new Blob([item.body], { type: item.contentType || "application/octet-stream" });
}
