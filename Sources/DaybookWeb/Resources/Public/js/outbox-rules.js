// The outbox's rules, apart from where it keeps its changes (IndexedDB) and how it reaches the server (`outbox.js`):
// which waiting change a newer one replaces, what a change tells the server, what the server's answer means, and
// the order of a replay.

/**
 * Whether what a fetch came back with means that no server answered: no response at all (the network failed, or
 * gave up waiting), or the proxy in front of Daybook saying it could not reach it — 502, 503 or 504 from Caddy or
 * `tailscale serve` while Daybook is stopped, restarting or too slow (and Daybook's own 503 while it finishes
 * setup). Then a page comes from this device's copy and a change waits, exactly as without a network. The one
 * rule for it, used by the worker (`sw.js`), the outbox and the copy's freshening (`freshen.js`).
 */
export function unreachable(response) {
  return !response || response.type === "error" || response.status === 502 || response.status === 503
    || response.status === 504;
}

/**
 * Whether keeping `change` takes `item` out of the outbox: an entry's newest words replace what the same editing
 * session (`lineage`) still has waiting. Nothing else replaces anything: another tab's words, a refused save and
 * every form post (two ticks are two changes) stay.
 */
export const replaces = (change, item) => Boolean(change.entry) && item.entry === change.entry
  && item.lineage === change.lineage && item.state === "waiting";

/**
 * What a change tells the server besides its body: its type, its own `Idempotency-Key` (sent again under the same
 * key, it is answered with its first answer, never written twice) and, when it was made earlier than it is sent,
 * when the person made it (`Daybook-Made-At`), so that of two changes to one value the later one wins, whichever
 * arrives last.
 */
export function headersOf(change, accept) {
  const headers = { "Content-Type": change.contentType, "Idempotency-Key": change.key, Accept: accept };
  if (change.madeAt) headers["Daybook-Made-At"] = new Date(change.madeAt).toISOString();
  return headers;
}

// How long a change waits for the server's answer before it counts as unreachable: 30 seconds, and a second more
// for each 50 kB it carries (a photo sent from a phone on a slow network). Sent again later under the same key, a
// change the server did take meanwhile is answered with its first answer, never written twice.
const PATIENCE = 30_000;
const BYTES_A_SECOND = 50_000;

/** How many milliseconds a change carrying `body` (text, bytes or a Blob) waits for its answer. */
export function patience(body) {
  const size = typeof body === "string" ? body.length : body?.byteLength ?? body?.size ?? 0;
  return PATIENCE + Math.ceil(size / BYTES_A_SECOND) * 1000;
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

/**
 * What the server's answer to a change means, from its status (or its redirect, `type`) and its `text`: `sent`
 * (taken), `later` (the server failed, was busy, or is still writing the same key: sent again later), or
 * `refused` with the reason in the server's words.
 */
export function verdict({ status, type }, text) {
  if (type === "opaqueredirect" || status < 400) return { outcome: "sent" };
  if (status >= 500 || status === 408 || status === 429 || text.includes("idempotencyKeyInFlight")) {
    return { outcome: "later" };
  }
  return { outcome: "refused", reason: reasonOf(status, text) };
}

/**
 * Sends the waiting changes of `list` (the outbox as kept, oldest first) one at a time: `send(item)` resolves to a
 * verdict, `settle(item, verdict)` records it before the next is sent. Stops at the first that must wait (`later`,
 * or `send` failed), so none overtakes another; a refused one stays behind and the next goes on. Resolves to how
 * many were sent or refused.
 */
export async function replay(list, send, settle) {
  let answered = 0;
  for (const item of list) {
    if (item.state !== "waiting") continue;
    let result;
    try {
      result = await send(item);
    } catch {
      result = { outcome: "later" };
    }
    if (result.outcome === "later") break;
    await settle(item, result);
    answered += 1;
  }
  return answered;
}
