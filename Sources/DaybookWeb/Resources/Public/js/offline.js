// What a page shows about this device's copy: that it is a kept copy and how old ("Offline · as of 08:14"), the
// changes waiting to be sent ("3 changes waiting") with those the server refused, entries written or changed here
// where they belong (in the Journal's list and on their own page, marked "Waiting"), and, on the offline page, the
// pages this device keeps. The words come from the page (#offline-status), in the owner's language. How a waiting
// change is kept and sent is `outbox.js`.

import { element, fill, plainText } from "./dom.js";
import { rescueDrafts } from "./drafts.js";
import { follow } from "./events.js";
import { CHANNEL, discard, flushFromWorker, items } from "./outbox.js";
import { kindOf, PAGES, queuedPost } from "./routes.js";

const status = document.getElementById("offline-status");
const labels = status?.dataset ?? {};
const root = document.documentElement;

function showStatus() {
  if (status) status.hidden = status.childElementCount === 0;
}

/** A kept copy says so, with the time it was kept. */
function keptBanner() {
  const at = root.dataset.keptAt;
  if (!at || !status) return;
  const when = new Date(at);
  const today = when.toDateString() === new Date().toDateString();
  const time = when.toLocaleString(root.lang, today
    ? { hour: "2-digit", minute: "2-digit" }
    : { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  status.prepend(element("p", { id: "offline-banner", class: "offline-banner", role: "status" },
    fill(labels.keptAsOf, { time })));
  showStatus();
}

/** What a change is, in the owner's words: "Daily Log", "Journal entry". */
function kindName(item) {
  const url = new URL(item.url);
  try {
    return JSON.parse(labels.kinds || "{}")[kindOf(url)] || url.pathname;
  } catch {
    return url.pathname;
  }
}

/** The words of a change, without the form's token, for a person to read or copy. */
function words(item) {
  if (typeof item.body !== "string") return ""; // a photo
  if ((item.contentType || "").startsWith("application/json")) {
    try {
      const json = JSON.parse(item.body);
      return [json.title, json.body, [].concat(json.tags ?? []).join(", ")].filter((text) => text?.trim()).join("\n");
    } catch {
      return item.body;
    }
  }
  const fields = new URLSearchParams(item.body || "");
  return [...fields].filter(([name, value]) => !["csrf", "revision", "back"].includes(name) && !name.startsWith("was.")
    && value.trim())
    .map(([, value]) => value).join("\n");
}

/** The folded list of waiting changes, under its count: "3 changes waiting". */
function outboxBox(count) {
  const box = element("details", { id: "outbox", class: "outbox" });
  box.append(element("summary", { id: "outbox-count" }, fill(count === 1 ? labels.waitingOne : labels.waitingOther,
    { n: count })));
  return box;
}

/**
 * A kept copy comes with the number of changes waiting (`marked` in `sw.js`): their line is drawn with the banner,
 * before the list is read, so the page does not move under a finger about to tap it.
 */
function waitingLine() {
  const count = Number(root.dataset.waiting || 0);
  if (!status || count === 0) return;
  status.append(outboxBox(count));
  showStatus();
}

let drawn = null; // what the list last showed: drawn again only when that changed, so an open list stays open
async function render() {
  if (!status) return;
  const list = await items().catch(() => []);
  const shown = JSON.stringify(list.map((item) => [item.id, item.state, item.madeAt]));
  if (shown === drawn) return;
  drawn = shown;
  const open = document.getElementById("outbox")?.open;
  document.getElementById("outbox")?.remove();
  if (list.length > 0) {
    const box = outboxBox(list.length);
    box.open = Boolean(open);
    const rows = element("ol", { class: "outbox-items" });
    for (const item of list) {
      const row = element("li", { "data-state": item.state });
      row.append(element("span", { class: "outbox-what" }, `${kindName(item)} · ${new Date(item.madeAt).toLocaleTimeString(root.lang, { hour: "2-digit", minute: "2-digit" })}`));
      if (item.state === "refused") {
        row.append(element("p", { class: "form-error" }, fill(labels.refused, { reason: item.reason })));
        row.append(element("p", { class: "hint" }, labels.yourWords));
        row.append(element("textarea", { readonly: "", rows: "3", class: "outbox-words" }, words(item)));
        const button = element("button", { type: "button" }, labels.discard);
        button.addEventListener("click", () => discard(item.id).then(render));
        row.append(button);
      } else {
        row.append(element("span", { class: "badge" }, labels.waitingBadge));
        const text = words(item);
        if (text) row.append(element("span", { class: "outbox-words" }, text));
      }
      rows.append(row);
    }
    box.append(rows);
    if (list.some((item) => item.state === "waiting")) {
      const send = element("button", { type: "button", id: "outbox-send" }, labels.sendNow);
      send.addEventListener("click", () => sendWaiting());
      box.append(send);
    }
    status.append(box);
  }
  showStatus();
  showWaitingEntries(list);
}

/** The newest waiting words of each entry written or changed on this device: `{id, isNew, title, body, madeAt}`. */
function waitingEntries(list) {
  const newest = new Map();
  for (const item of list) {
    if (!item.entry || item.state !== "waiting" || typeof item.body !== "string") continue;
    if ((newest.get(item.entry)?.madeAt ?? -1) > item.madeAt) continue;
    try {
      const json = JSON.parse(item.body);
      newest.set(item.entry, {
        id: item.entry, isNew: item.method === "POST", title: json.title ?? "", body: json.body ?? "",
        date: json.date, madeAt: item.madeAt,
      });
    } catch {
      // Not the editor's words: listed among the changes only.
    }
  }
  return [...newest.values()].sort((a, b) => b.madeAt - a.madeAt);
}


/**
 * Where waiting words belong: the Journal lists each entry written or changed here, marked "Waiting" (a new one at
 * the top, opening its editor), and an entry's own page shows its waiting words above the ones the server has.
 */
function showWaitingEntries(list) {
  for (const node of document.querySelectorAll(".waiting-mark")) node.remove();
  const entries = waitingEntries(list);
  const rows = document.getElementById("entries");
  if (rows) {
    const fresh = element("ol", { class: "entry-list waiting-mark", id: "waiting-entries" });
    for (const entry of entries) {
      const title = entry.title.trim() || plainText(entry.body).slice(0, 60) || labels.untitled;
      const row = document.getElementById(`entry-${entry.id}`);
      const badge = element("span", { class: "badge waiting-mark waiting-badge" }, labels.waitingBadge);
      if (row) {
        row.querySelector(".entry-title")?.after(badge);
        const snippet = row.querySelector(".snippet");
        if (snippet) snippet.after(element("span", { class: "snippet waiting-mark" }, plainText(entry.body).slice(0, 200)));
        snippet?.setAttribute("hidden", "");
        continue;
      }
      const href = entry.isNew ? `/journal/new?entry=${encodeURIComponent(entry.id)}` : `/journal/${encodeURIComponent(entry.id)}`;
      const when = new Date(entry.date || entry.madeAt).toLocaleString(root.lang, { dateStyle: "medium", timeStyle: "short" });
      const link = element("a", { class: "entry-link", href });
      const words = element("span", { class: "entry-text" });
      words.append(element("span", { class: "entry-meta" }, when), element("strong", { class: "entry-title" }, title),
        badge, element("span", { class: "snippet" }, plainText(entry.body).slice(0, 200)));
      link.append(words);
      const item = element("li", { class: "entry-row", id: `entry-${entry.id}`, "data-waiting": "" });
      item.append(link);
      fresh.append(item);
    }
    if (fresh.childElementCount > 0) {
      rows.prepend(fresh);
      document.getElementById("journal-empty")?.setAttribute("hidden", "");
    }
  }
  const article = document.getElementById("entry");
  const mine = entries.find((entry) => entry.id === article?.dataset.id);
  if (mine) {
    const box = element("section", { class: "card waiting-mark entry-waiting", id: "entry-waiting", role: "status" });
    box.append(element("p", {}, ""), element("h2", { class: "entry-waiting-title" }, mine.title),
      element("div", { class: "entry-waiting-body" }, mine.body));
    box.firstChild.append(element("span", { class: "badge" }, labels.waitingBadge), ` ${labels.waitingWords}`);
    document.getElementById("entry-body")?.before(box);
  }
}

let sending = null;
async function sendWaiting() {
  if (sending) return sending;
  sending = (async () => {
    const list = await items().catch(() => []);
    if (!list.some((item) => item.state === "waiting")) {
      // Nothing to send: a kept copy still gives way to the page as it now is once the server answers.
      if (root.dataset.keptAt && await fetch(location.href, { method: "HEAD" }).then((r) => r.ok, () => false)) {
        location.reload();
      }
      return;
    }
    const sent = await flushFromWorker().catch(() => 0);
    await render();
    // Back with the server: a kept copy gives way to the page as it now is.
    if (sent > 0 && root.dataset.keptAt) location.reload();
  })().finally(() => { sending = null; });
  return sending;
}

/** A form whose post waits in the outbox says so; one the device had no room for keeps its text and says why. */
export function markQueued(form, response) {
  form.querySelector(".outbox-note")?.remove();
  if (response.headers.get("X-Daybook-Outbox") === "waiting") {
    form.dataset.waiting = "";
    form.append(element("span", { class: "badge outbox-note" }, labels.waitingBadge));
    render();
    return true;
  }
  if (response.status === 507) {
    form.append(element("p", { class: "form-error outbox-note", role: "alert" }, labels.quotaFull));
    return true;
  }
  return false;
}

/** On a kept copy the server is away: posts go through the worker at once and the page stays as typed. */
function holdForms() {
  if (!root.dataset.keptAt) return;
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== "post" || form.hasAttribute("data-inline")) return;
    // A page script that keeps its own posts (the focus timer's, with their times) is left to do so.
    if (form.hasAttribute("data-own-outbox")) return;
    if (!queuedPost(new URL(form.action, location.href))) return;
    event.preventDefault();
    const data = new URLSearchParams(new FormData(form));
    if (event.submitter?.name) data.set(event.submitter.name, event.submitter.value);
    try {
      const response = await fetch(form.action, { method: "POST", body: data, headers: { Accept: "text/html" } });
      if (!markQueued(form, response) && response.ok) location.reload();
    } catch {
      form.append(element("p", { class: "form-error outbox-note", role: "alert" }, labels.quotaFull));
    }
  }, true);
}

/** The offline page lists the pages this device keeps. */
async function keptPages() {
  const offline = document.getElementById("offline");
  if (!offline || !("caches" in self)) return;
  const cache = await caches.open(PAGES);
  const requests = await cache.keys();
  offline.append(element("p", { id: "not-kept" }, labels.notKept));
  if (requests.length === 0) return;
  const list = element("ul", { id: "kept-pages" });
  for (const request of requests.slice(0, 200)) {
    const text = await (await cache.match(request))?.text() ?? "";
    const title = /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? new URL(request.url).pathname;
    const item = element("li");
    const address = new URL(request.url);
    // The title as the server escaped it, read back as text.
    const decoder = element("textarea");
    decoder.innerHTML = title;
    const link = element("a", { href: address.pathname + address.search }, decoder.value);
    item.append(link);
    list.append(item);
  }
  // The heading and its list appear together, never the heading over an empty list.
  offline.append(element("p", {}, labels.keptPages), list);
}

/**
 * While the server answers, the worker keeps this device's copy current: at each page and whenever `/events` says
 * something changed here or elsewhere (another device, the CLI), it reads the changes feed and fetches again only
 * the kept pages that changed.
 */
function stayCurrent() {
  if (root.dataset.keptAt || !navigator.serviceWorker) return;
  const worker = navigator.serviceWorker.controller;
  if (!worker) {
    // The device's first page: the worker takes it once installed, and keeps it current from then on.
    navigator.serviceWorker.addEventListener("controllerchange", () => stayCurrent(), { once: true });
    return;
  }
  worker.postMessage("freshen");
  follow(["journal", "trackers", "log", "tasks", "timer", "settings"], () => {
    navigator.serviceWorker.controller?.postMessage("freshen");
  });
}

keptBanner();
waitingLine();
holdForms();
stayCurrent();
// Words an editor closed on before it could keep them go to the outbox first, so they are listed and sent.
rescueDrafts().catch(() => {}).then(() => {
  render();
  sendWaiting();
});
keptPages();
addEventListener("online", () => sendWaiting());
setInterval(() => sendWaiting(), 20_000);
try {
  // Drawn once for a burst of changes (a replay sends hundreds), not once each.
  let drawing = null;
  new BroadcastChannel(CHANNEL).addEventListener("message", () => {
    drawing ??= setTimeout(() => {
      drawing = null;
      render();
    }, 100);
  });
} catch {
  // Without BroadcastChannel the count follows on the next page.
}
