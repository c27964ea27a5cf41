// The Timeline's changes that wait on this device for the server. A block added, edited, moved or resized, marked
// done or deleted while the server cannot be reached goes to the outbox through its one keyed send (`outbox.js`
// `sendOrKeep`: an Idempotency-Key, and the time it was made, so it arrives once and, of two changes to one block,
// the later made stands); the page draws it at once over the day as the server last sent it, marked "Waiting", and
// draws it again each time the page opens until the server has it. A block added here gets its id here, so the
// changes made to it before the server has it name it. Undoing a delete that still waits takes it back off the device.

import { element, fill } from "./dom.js";
import { discard, items, sendOrKeep } from "./outbox.js";
import { kindOf } from "./routes.js";

const labels = document.getElementById("offline-status")?.dataset ?? {};

/** The Timeline's changes waiting in the outbox, oldest first. */
export async function waitingChanges() {
  return (await items().catch(() => [])).filter((item) => item.state === "waiting" && kindOf(new URL(item.url)) === "task");
}

/**
 * Sends a change made on the Timeline now, or keeps it for later (`{outcome, response}` as `sendOrKeep` answers).
 * Its time is the moment it was kept, so a change the server takes at once is simply made now.
 */
export function sendOrWait(url, body, { method = "POST", json = false } = {}) {
  const change = {
    key: crypto.randomUUID(), url: new URL(url, location.href).href, method, body,
    contentType: json ? "application/json" : "application/x-www-form-urlencoded",
  };
  return sendOrKeep(change, json ? { accept: "application/json" } : { accept: "text/html", redirect: "manual" });
}

/** A form on the Timeline sent through the outbox; a block added gets its id here. */
export function sendForm(form) {
  const data = new URLSearchParams(new FormData(form));
  const url = new URL(form.action, location.href);
  if (url.pathname === "/timeline/tasks") data.set("id", crypto.randomUUID());
  return sendOrWait(url, data.toString());
}

const minutesOf = (time) => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time || "");
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** A length as people type it (`90`, `90m`, `1h30m`, `1.5h`), as the server reads it; `null` for anything else. */
export function durationOf(text) {
  const typed = String(text ?? "").toLowerCase().replace(/\s+/g, "");
  let match;
  if ((match = /^(\d{1,6})(m|min)?$/.exec(typed))) return Number(match[1]);
  if ((match = /^(\d{1,6})h(?:(\d{1,2})(?:m|min))?$/.exec(typed))) return Number(match[1]) * 60 + Number(match[2] ?? 0);
  if ((match = /^(\d{1,6}\.\d{1,6})h$/.exec(typed))) return Math.round(Number(match[1]) * 60);
  return null;
}

const clock = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const fieldsOf = (item) => {
  if ((item.contentType || "").startsWith("application/json")) {
    try {
      return JSON.parse(item.body);
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(item.body || ""));
};

function rowOf(day, id) {
  return document.getElementById(`block-${id}`) ?? document.querySelector(`#anytime-list li[data-id="${CSS.escape(id)}"]`);
}

function markWaiting(row) {
  row.dataset.waiting = "";
  if (row.querySelector(".waiting-badge")) return;
  const badge = element("span", { class: "badge waiting-badge" }, labels.waitingBadge || "");
  (row.querySelector(".block-title, a") ?? row.firstChild)?.after(badge);
}

/** A block (or an anytime row) for a task added here, shaped as the server draws one. */
function addedRow(day, id, fields) {
  const start = minutesOf(fields.start);
  const length = durationOf(fields.duration) ?? (start === null ? null : 30);
  const href = `/timeline/tasks/${encodeURIComponent(id)}/edit?date=${day.dataset.date}`;
  const timed = start !== null && length !== null;
  const model = timed ? day.querySelector(".block") : document.querySelector("#anytime-list li");
  const row = model ? model.cloneNode(true) : element("li", { class: timed ? "block" : "" });
  for (const node of row.querySelectorAll(".block-focus, .waiting-badge")) node.remove();
  row.classList.remove("done", "dragging", "saving");
  row.dataset.id = id;
  delete row.dataset.repeats;
  row.querySelector("form[action$='/done'] [name=done]")?.setAttribute("value", "1");
  for (const form of row.querySelectorAll("form")) {
    form.action = form.getAttribute("action").replace(/\/timeline\/tasks\/[^/]+\//, `/timeline/tasks/${encodeURIComponent(id)}/`);
    form.querySelector("[name=scope]")?.setAttribute("value", "all");
  }
  let link = row.querySelector(".block-title, a");
  if (!link) {
    link = element("a", timed ? { class: "block-title" } : {});
    row.append(link);
  }
  link.setAttribute("href", href);
  link.removeAttribute("aria-label");
  link.textContent = fields.title || "";
  if (timed) {
    row.id = `block-${id}`;
    Object.assign(row.dataset, { start: String(start), end: String(Math.min(start + length, 24 * 60)), column: "0",
      columns: "1", color: fields.color || row.dataset.color || "" });
    let time = row.querySelector(".block-time");
    if (!time) {
      time = element("span", { class: "block-time" });
      row.prepend(time, " ");
    }
    time.textContent = `${clock(start)}–${clock(Number(row.dataset.end))}`;
    day.querySelector("#blocks")?.append(row);
  } else {
    const list = document.querySelector("#anytime-list ul");
    list?.append(row);
    document.getElementById("anytime-list")?.removeAttribute("hidden");
  }
  return row;
}

/** A block edited (its own page) or dragged here: its new title, place or length. */
function changed(day, row, fields, query) {
  if (fields.date && fields.date !== day.dataset.date && !(query.get("scope") ?? fields.scope)?.match(/this|future/)) {
    row.remove(); // moved to another day: drawn there
    return null;
  }
  if (fields.title) {
    const link = row.querySelector(".block-title, a");
    if (link) link.textContent = fields.title;
  }
  if (row.classList.contains("block")) {
    const start = fields.start === undefined ? Number(row.dataset.start) : minutesOf(fields.start);
    const given = typeof fields.duration === "number" ? fields.duration : durationOf(fields.duration);
    const length = given ?? Number(row.dataset.end) - Number(row.dataset.start);
    if (start !== null) {
      row.dataset.start = String(start);
      row.dataset.end = String(Math.min(start + length, 24 * 60));
      const time = row.querySelector(".block-time");
      if (time) time.textContent = `${clock(start)}–${clock(Number(row.dataset.end))}`;
    }
  }
  return row;
}

function doneSet(row, fields) {
  const done = String(fields.done ?? "1") !== "0" && fields.done !== false;
  row.classList.toggle("done", done);
  const form = row.querySelector("form[action$='/done']");
  form?.querySelector("[name=done]")?.setAttribute("value", done ? "0" : "1");
  form?.querySelector("button")?.setAttribute("aria-pressed", String(done));
  return row;
}

/**
 * Draws the waiting changes over the day the page shows (`day` is `#day`, holding the server's blocks): each block
 * they touch is marked "Waiting"; a deleted one leaves. Answers the waiting deletes, newest last.
 */
export function drawWaiting(day, list) {
  const deletes = [];
  for (const item of list) {
    const url = new URL(item.url);
    const fields = fieldsOf(item);
    if (fields.date && fields.date !== day.dataset.date && url.pathname !== "/timeline/tasks"
      && /\/(done|delete)$/.test(url.pathname)) continue; // another day of a repeating block
    let row = null;
    if (url.pathname === "/timeline/tasks" || url.pathname === "/api/v1/tasks") {
      const on = fields.date || day.dataset.date;
      if (on !== day.dataset.date || !fields.id || rowOf(day, fields.id)) continue;
      row = addedRow(day, fields.id, fields);
    } else {
      const match = /^\/(?:api\/v1|timeline)\/tasks\/([^/]+)(?:\/(done|delete))?$/.exec(url.pathname);
      const found = match && rowOf(day, decodeURIComponent(match[1]));
      if (!found) continue;
      if (match[2] === "delete" || item.method === "DELETE") {
        found.remove();
        deletes.push({ item, title: found.querySelector(".block-title, a")?.textContent ?? "" });
        continue;
      }
      row = match[2] === "done" ? doneSet(found, fields) : changed(day, found, fields, url.searchParams);
    }
    if (row) markWaiting(row);
  }
  return deletes;
}

/** Offers to undo the latest delete made here: it still waits, so undoing it takes it back off the device. */
export function offerUndo(day, deletion, redraw) {
  document.getElementById("waiting-undo")?.remove();
  if (!deletion) return;
  const bar = element("p", { class: "flash undo", id: "waiting-undo", role: "status" });
  const button = element("button", { type: "button", id: "undo-waiting-delete" }, day.dataset.undo || "");
  button.addEventListener("click", async () => {
    await discard(deletion.item.id);
    bar.remove();
    redraw();
  });
  bar.append(element("span", {}, fill(day.dataset.deleted, { title: deletion.title })), " ", button);
  document.getElementById("drag-hint")?.before(bar);
}
