// The outbox: changes made while Daybook's server could not be reached, kept on this device (IndexedDB) and sent
// in the order they were made, each with its own Idempotency-Key so that sending one twice changes nothing more.
// Used by the service worker (which queues and sends) and by pages (which show what waits).

const DB_NAME = "daybook";
const STORE = "outbox";
// Small facts about this device's copy, beside the outbox: where it is in the changes feed.
const META = "meta";
export const CHANNEL = "daybook-outbox";

// The form posts a device may make offline: tracker values, the Daily Log and the sleep question, tasks done or
// undone, entries written or edited without the editor's script, and the focus timer's start, pause, resume and
// stop. Each is sent with the time it was made (`Daybook-Made-At`). Everything else needs the server.
const QUEUED = [
  /^\/trackers\/[^/]+\/values\/[^/]+$/,
  /^\/log\/[^/]+$/,
  /^\/today\/sleep$/,
  /^\/timeline\/tasks\/[^/]+\/done$/,
  /^\/journal$/,
  /^\/journal\/[^/]+$/,
  /^\/focus\/(start|pause|resume|stop)$/,
];

export function queues(url) {
  return QUEUED.some((pattern) => pattern.test(url.pathname)) && !/^\/journal\/(new|trash)$/.test(url.pathname);
}

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, work, name = STORE) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(name, mode);
      let result;
      Promise.resolve(work(tx.objectStore(name))).then((value) => { result = value; });
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const promised = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

function announce() {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage("changed");
    channel.close();
  } catch {
    // Without BroadcastChannel pages see the change on their next look.
  }
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

/**
 * Every item, oldest first: `{id, key, url, method, body, contentType, madeAt, state: "waiting"|"refused", reason}`.
 * `method` is POST when absent; `body` is text, or a Blob for a photo.
 */
export async function items() {
  return transact("readonly", (store) => promised(store.getAll()));
}

/** Keeps a change to send later. Throws a `QuotaExceededError` when the device has no room for it. */
export async function enqueue(change) {
  const item = { ...change, state: "waiting", madeAt: change.madeAt ?? Date.now() };
  item.id = await transact("readwrite", (store) => promised(store.add(item)));
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

/** What a refusal says, from a JSON problem or the server's page. */
function reasonOf(status, text) {
  try {
    const message = JSON.parse(text)?.error?.message;
    if (message) return message;
  } catch {
    // A page, not JSON.
  }
  const found = /class="form-error"[^>]*>([\s\S]*?)<\/(p|div|section)>/.exec(text) || /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(text);
  const plain = found ? found[1].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim() : "";
  return plain || `HTTP ${status}`;
}

/** Sends one change; says whether it is done (`sent`, `refused`) or must wait (`later`). */
export async function send(item) {
  let response;
  try {
    response = await fetch(item.url, {
      method: item.method || "POST", body: item.body, credentials: "same-origin", redirect: "manual",
      headers: {
        "Content-Type": item.contentType, "Idempotency-Key": item.key, Accept: "text/html",
        // When the person made the change: of two changes to one value, the later one wins, whichever arrives last.
        "Daybook-Made-At": new Date(item.madeAt).toISOString(),
      },
    });
  } catch {
    return { outcome: "later" };
  }
  if (response.type === "opaqueredirect" || response.status < 400) return { outcome: "sent" };
  const text = await response.text().catch(() => "");
  if (response.status >= 500 || response.status === 408 || response.status === 429
    || text.includes("idempotencyKeyInFlight")) {
    return { outcome: "later" };
  }
  return { outcome: "refused", reason: reasonOf(response.status, text) };
}

/** Sends the waiting changes in order; stops at the first that must wait, so none overtakes another. */
export async function flush() {
  const run = async () => {
    let sent = 0;
    for (const item of await items()) {
      if (item.state !== "waiting") continue;
      const result = await send(item);
      if (result.outcome === "later") break;
      if (result.outcome === "sent") {
        await transact("readwrite", (store) => promised(store.delete(item.id)));
      } else {
        await transact("readwrite", (store) => promised(store.put({ ...item, state: "refused", reason: result.reason })));
      }
      sent += 1;
      announce();
    }
    return sent;
  };
  // One sender at a time across the pages and the service worker.
  return locked(run);
}

/** Holds the outbox while `work` runs: no change is sent meanwhile. */
function locked(work) {
  return self.navigator?.locks ? self.navigator.locks.request("daybook-outbox", work) : work();
}

/**
 * A change a page sends itself (the editor's saves and photos): sent at once when nothing waits before it and the
 * server answers (`{outcome: "sent", response}`), else kept in the outbox (`{outcome: "waiting", item}`).
 * Throws a `QuotaExceededError` when the device has no room to keep it.
 */
export async function sendOrKeep(change, { keepalive = false } = {}) {
  const waiting = async () => (await items().catch(() => [])).some((item) => item.state === "waiting");
  if (!(await waiting()) || (await flush().catch(() => 0), !(await waiting()))) {
    try {
      const response = await fetch(change.url, {
        method: change.method || "POST", body: change.body, credentials: "same-origin", keepalive,
        headers: { "Content-Type": change.contentType, "Idempotency-Key": change.key, Accept: "application/json" },
      });
      return { outcome: "sent", response };
    } catch {
      // The server did not answer: the change waits.
    }
  }
  const item = await enqueue(change);
  self.registration?.sync?.register("daybook-outbox").catch(() => {});
  return { outcome: "waiting", item };
}

/**
 * Puts newer words into a change that still waits (same key: it was never sent), moving it to the end so that
 * what it names (a photo added since) goes first. `false` when it no longer waits: it was sent, or refused.
 */
export async function replaceWaiting(key, changes) {
  const replaced = await locked(async () => {
    const item = (await items()).find((each) => each.key === key && each.state === "waiting");
    if (!item) return false;
    const { id: _, ...rest } = item;
    await transact("readwrite", (store) => {
      store.delete(item.id);
      return promised(store.add({ ...rest, ...changes }));
    });
    return true;
  });
  if (replaced) announce();
  return replaced;
}

/** The photo `id` as kept on this device, waiting to be uploaded; `undefined` when none waits. */
export async function waitingPhoto(id) {
  const item = (await items().catch(() => [])).find((each) => each.method === "PUT" && each.state === "waiting"
    && new URL(each.url).pathname === `/api/v1/photos/${id}`);
  return item?.body;
}
