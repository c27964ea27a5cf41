// What a page shows about this device's copy: that it is a kept copy and how old ("Offline · as of 08:14"), the
// changes waiting to be sent ("3 changes waiting") with those the server refused, and, on the offline page, the
// pages this device keeps. The words come from the page (#offline-status), in the owner's language.

import { follow } from "./events.js";
import { CHANNEL, discard, flush, items, queues } from "./outbox.js";

const status = document.getElementById("offline-status");
const labels = status?.dataset ?? {};
const root = document.documentElement;
const fill = (template, values) => (template || "").replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
const element = (tag, attributes = {}, text) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
};

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
function kindOf(item) {
  const path = new URL(item.url).pathname;
  const kind = path.startsWith("/trackers/") ? "tracker" : path.startsWith("/log/") ? "log"
    : path === "/today/sleep" ? "sleep" : path.startsWith("/timeline/tasks/") ? "task"
    : path.startsWith("/focus/") ? "focus" : path.startsWith("/api/v1/photos/") ? "photo"
    : path.startsWith("/journal") ? "entry" : "";
  try {
    return JSON.parse(labels.kinds || "{}")[kind] || path;
  } catch {
    return path;
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

async function render() {
  if (!status) return;
  const list = await items().catch(() => []);
  document.getElementById("outbox")?.remove();
  if (list.length > 0) {
    const box = element("details", { id: "outbox", class: "outbox" });
    const template = list.length === 1 ? labels.waitingOne : labels.waitingOther;
    box.append(element("summary", { id: "outbox-count" }, fill(template, { n: list.length })));
    const rows = element("ol", { class: "outbox-items" });
    for (const item of list) {
      const row = element("li", { "data-state": item.state });
      row.append(element("span", { class: "outbox-what" }, `${kindOf(item)} · ${new Date(item.madeAt).toLocaleTimeString(root.lang, { hour: "2-digit", minute: "2-digit" })}`));
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
    const sent = await flush().catch(() => 0);
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
    if (!queues(new URL(form.action, location.href))) return;
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
  const cache = await caches.open("daybook-pages");
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
  const worker = navigator.serviceWorker?.controller;
  if (root.dataset.keptAt || !worker) return;
  worker.postMessage("freshen");
  follow(["journal", "trackers", "log", "tasks", "timer", "settings"], () => {
    navigator.serviceWorker.controller?.postMessage("freshen");
  });
}

keptBanner();
holdForms();
stayCurrent();
render();
sendWaiting();
keptPages();
addEventListener("online", () => sendWaiting());
setInterval(() => sendWaiting(), 20_000);
try {
  new BroadcastChannel(CHANNEL).addEventListener("message", () => render());
} catch {
  // Without BroadcastChannel the count follows on the next page.
}
