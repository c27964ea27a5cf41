// The outbox: changes made while Daybook's server could not be reached, kept on this device (IndexedDB) and sent
// in the order they were made, each with its own Idempotency-Key so that sending one twice changes nothing more.
// Used by the service worker (which queues and sends) and by pages (which show what waits).

const DB_NAME = "daybook";
const STORE = "outbox";
export const CHANNEL = "daybook-outbox";

// The form posts a device may make offline: tracker values, the Daily Log and the sleep question, tasks done or
// undone, and entries written or edited without the editor's script. Everything else needs the server.
const QUEUED = [
  /^\/trackers\/[^/]+\/values\/[^/]+$/,
  /^\/log\/[^/]+$/,
  /^\/today\/sleep$/,
  /^\/timeline\/tasks\/[^/]+\/done$/,
  /^\/journal$/,
  /^\/journal\/[^/]+$/,
];

export function queues(url) {
  return QUEUED.some((pattern) => pattern.test(url.pathname)) && !/^\/journal\/(new|trash)$/.test(url.pathname);
}

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      let result;
      Promise.resolve(work(tx.objectStore(STORE))).then((value) => { result = value; });
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

/** Every item, oldest first: `{id, key, url, body, contentType, madeAt, state: "waiting"|"refused", reason}`. */
export async function items() {
  return transact("readonly", (store) => promised(store.getAll()));
}

/** Keeps a change to send later. Throws a `QuotaExceededError` when the device has no room for it. */
export async function enqueue(change) {
  const item = { ...change, state: "waiting", madeAt: Date.now() };
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
      method: "POST", body: item.body, credentials: "same-origin", redirect: "manual",
      // When the person made the change: an entry edited here and elsewhere keeps both, the later as the entry.
      headers: {
        "Content-Type": item.contentType, "Idempotency-Key": item.key, Accept: "text/html",
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
  return self.navigator?.locks ? self.navigator.locks.request("daybook-outbox", run) : run();
}
