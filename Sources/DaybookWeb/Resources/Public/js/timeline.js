// Places the day's blocks on the hours (overlapping blocks side by side), draws the now-line, opens scrolled
// to now, lets a block be dragged to move it or by its lower edge to resize it (5-minute steps, mouse and
// touch), and follows changes made elsewhere. Without it the blocks are a plain list and the forms do the work.
// Without the server (a kept copy, or a drag the server did not answer) every change waits on this device and is
// drawn at once over the day, marked "Waiting" (`timeline-waiting.js`).
import { follow } from "./events.js";
import { CHANNEL, fact } from "./outbox.js";
import { PAGES } from "./routes.js";
import { drawWaiting, offerUndo, sendForm, sendOrWait, waitingChanges } from "./timeline-waiting.js";
const day = document.getElementById("day");
const kept = Boolean(document.documentElement.dataset.keptAt);
const HOUR = parseFloat(getComputedStyle(day).getPropertyValue("--hour")) || 64; // pixels per hour, from the stylesheet
const STEP = 5; // minutes a drag snaps to
const MIN_LENGTH = 5;
const DAY_END = 24 * 60;
const HOLD_MS = 350; // a finger rests this long on a block before it can be dragged, so swipes still scroll

function place() {
  day.classList.add("placed");
  // The page keeps its own posts while it is a kept copy (see `keepForm`), not the generic hold of `offline.js`.
  for (const form of document.querySelectorAll("#blocks form, #anytime-list form, #task-form")) form.dataset.ownOutbox = "";
  for (const block of day.querySelectorAll(".block")) position(block, Number(block.dataset.start), Number(block.dataset.end));
}

function position(block, start, end) {
  const column = Number(block.dataset.column);
  const columns = Math.max(1, Number(block.dataset.columns));
  const length = end - start;
  block.style.top = `${(start / 60) * HOUR}px`;
  block.style.height = `${Math.max(8, (length / 60) * HOUR - 2)}px`;
  block.style.left = `calc(3.5rem + (100% - 3.5rem) * ${column / columns})`;
  block.style.width = `calc((100% - 3.5rem) / ${columns} - 4px)`;
  block.style.setProperty("--block-color", block.dataset.color);
  // Under an hour a block's words keep to one line; short blocks keep their title, and their buttons live on the
  // edit page the title links to.
  block.classList.toggle("snug", length < 60);
  block.classList.toggle("short", length < 45);
  block.classList.toggle("tiny", length < 25);
}

const clock = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

function nowLine() {
  if (!day.dataset.today) return null;
  let line = document.getElementById("now-line");
  if (!line) {
    line = document.createElement("div");
    line.id = "now-line";
    line.className = "now-line";
    day.append(line);
  }
  const now = new Date();
  line.style.top = `${((now.getHours() * 60 + now.getMinutes()) / 60) * HOUR}px`;
  return line;
}

// Dragging -----------------------------------------------------------------------------------------------

let drag = null; // { block, pointerId, mode, originY, start, end, newStart, newEnd, armed, moved, timer }
const hint = document.getElementById("drag-hint");
const failure = document.getElementById("drag-error");
const dialog = document.getElementById("scope-dialog");

if (window.PointerEvent && hint) hint.hidden = false;

day.addEventListener("pointerdown", (event) => {
  const block = event.target.closest(".block");
  if (!block || event.button !== 0 || event.target.closest("form, button") || drag) return;
  const mode = event.target.closest(".resize-handle") ? "resize" : "move";
  const start = Number(block.dataset.start);
  const end = Number(block.dataset.end);
  drag = { block, pointerId: event.pointerId, mode, originY: event.clientY, start, end, newStart: start, newEnd: end,
    armed: event.pointerType !== "touch" || mode === "resize", moved: false, timer: 0 };
  if (!drag.armed) {
    drag.timer = setTimeout(() => { if (drag) { drag.armed = true; block.classList.add("dragging"); navigator.vibrate?.(10); } }, HOLD_MS);
  }
  if (event.pointerType !== "touch") event.preventDefault(); // no text selection while dragging with a mouse
});

day.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.pointerId) return;
  const dy = event.clientY - drag.originY;
  if (!drag.armed) {
    if (Math.abs(dy) > 8) cancelDrag(); // the finger is scrolling, not holding
    return;
  }
  if (!drag.moved && Math.abs(dy) < 4) return;
  if (!drag.moved) {
    drag.moved = true;
    drag.block.classList.add("dragging");
    drag.block.setPointerCapture?.(event.pointerId);
  }
  const delta = Math.round((dy / HOUR) * 60 / STEP) * STEP;
  if (drag.mode === "move") {
    const length = drag.end - drag.start;
    drag.newStart = Math.min(Math.max(0, drag.start + delta), DAY_END - length);
    drag.newEnd = drag.newStart + length;
  } else {
    drag.newEnd = Math.min(Math.max(drag.start + MIN_LENGTH, drag.end + delta), DAY_END);
  }
  position(drag.block, drag.newStart, drag.newEnd);
  drag.block.querySelector(".block-time").textContent = `${clock(drag.newStart)}–${clock(drag.newEnd)}`;
});

// While a finger holds a block, the page must not scroll under it.
day.addEventListener("touchmove", (event) => { if (drag?.armed) event.preventDefault(); }, { passive: false });

day.addEventListener("pointerup", (event) => {
  if (!drag || event.pointerId !== drag.pointerId) return;
  const finished = drag;
  cancelDrag(false);
  if (!finished.moved) return;
  // The click that follows a drag must not open the edit page.
  window.addEventListener("click", (click) => { click.preventDefault(); click.stopPropagation(); }, { capture: true, once: true });
  setTimeout(() => window.dispatchEvent(new Event("click")), 0);
  if (finished.newStart === finished.start && finished.newEnd === finished.end) return;
  save(finished);
});

day.addEventListener("pointercancel", () => cancelDrag());
day.addEventListener("contextmenu", (event) => { if (drag?.armed) event.preventDefault(); });

function cancelDrag(revert = true) {
  if (!drag) return;
  clearTimeout(drag.timer);
  drag.block.classList.remove("dragging");
  if (revert && drag.moved) restore(drag);
  drag = null;
}

function restore(change) {
  position(change.block, change.start, change.end);
  change.block.querySelector(".block-time").textContent = `${clock(change.start)}–${clock(change.end)}`;
}

/** Which days a change to a repeating block is for: asks, and answers `this`, `future` or null (cancelled). */
function askScope() {
  if (!dialog?.showModal) return Promise.resolve("this");
  return new Promise((resolve) => {
    dialog.returnValue = "cancel";
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "cancel" ? null : dialog.returnValue), { once: true });
    dialog.showModal();
  });
}

async function save(change) {
  const { block } = change;
  let query = "";
  if (block.dataset.repeats) {
    const scope = await askScope();
    if (!scope) return restore(change);
    query = `?scope=${scope}&date=${day.dataset.date}`;
  }
  saving += 1;
  day.dataset.busy = "true";
  block.classList.add("saving");
  let waits = false;
  try {
    const result = await sendOrWait(`/api/v1/tasks/${encodeURIComponent(block.dataset.id)}${query}`,
      JSON.stringify({ start: clock(change.newStart), duration: change.newEnd - change.newStart }),
      { method: "PATCH", json: true });
    waits = result.outcome === "waiting";
    if (!waits && !result.response.ok) throw new Error(String(result.response.status));
    failure.hidden = true;
  } catch {
    restore(change);
    failure.hidden = false;
  } finally {
    block.classList.remove("saving");
    saving -= 1;
  }
  if (kept && !waits) return location.reload(); // the server answered after all: the page as it now is
  if (waits) {
    delete day.dataset.busy;
    await show();
  } else {
    await refresh();
  }
}

// Following changes ------------------------------------------------------------------------------------------

let saving = 0;

/** Shows the day as the server now has it (column layout, labels, focus time) without losing the scroll. */
let refreshing = null;
let again = false;
const served = new Map(); // id → the server's HTML last put on the page, so an unchanged answer changes nothing
function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  day.dataset.busy = "true";
  refreshing = (async () => {
    do {
      again = false;
      await load();
    } while (again);
  })().finally(() => {
    refreshing = null;
    if (!saving) delete day.dataset.busy;
  });
  return refreshing;
}

async function load() {
  if (drag || saving) return;
  try {
    const response = await fetch(location.href, { headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    if (drag || saving) return;
    let changed = false;
    for (const id of ["blocks", "anytime-list"]) {
      const next = fresh.getElementById(id);
      if (!next || served.get(id) === next.outerHTML) continue;
      served.set(id, next.outerHTML);
      changed = true;
    }
    const empty = fresh.getElementById("timeline-empty");
    document.getElementById("timeline-empty")?.remove();
    if (empty) hint.before(document.adoptNode(empty));
    if (changed) await show();
  } catch {
    // Offline: the page stays as it is until the next change.
  }
}

for (const id of ["blocks", "anytime-list"]) served.set(id, document.getElementById(id)?.outerHTML);

// Changes waiting on this device ---------------------------------------------------------------------------------

let undoable = null; // the latest delete made on this page, while it waits

/** The day as the server last sent it, with this device's waiting changes drawn over it. */
async function show() {
  const list = await waitingChanges();
  if (drag || saving) return;
  for (const id of ["blocks", "anytime-list"]) {
    const node = document.getElementById(id);
    const html = served.get(id);
    if (!node || html === undefined || (node.outerHTML === html && list.length === 0)) continue;
    const template = document.createElement("template");
    template.innerHTML = html;
    node.replaceWith(template.content.firstElementChild);
  }
  const deletes = drawWaiting(day, list);
  undoable = undoable && (deletes.find((deletion) => deletion.item.id === undoable.item.id) ?? null);
  offerUndo(day, undoable, show);
  place();
}

/** On a kept copy the page's forms (add, done, delete) go through the outbox and are drawn at once. */
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!kept || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-own-outbox")) return;
  event.preventDefault();
  const deleting = form.action.endsWith("/delete");
  let result;
  try {
    result = await sendForm(form);
  } catch {
    failure.hidden = false; // no room on the device to keep it
    return;
  }
  // The server answered after all: the page as it now is.
  if (result.outcome === "sent") return location.reload();
  if (form.id === "task-form") form.reset();
  if (deleting) undoable = { item: result.item };
  await show();
}, true);

// A kept copy opens on now, as the live page does: this device's today, with its now-line.
if (kept) {
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  if (day.dataset.date === today) day.dataset.today = "true";
  else delete day.dataset.today;
  if (!new URL(location.href).searchParams.has("date") && day.dataset.date !== today) {
    const address = `/timeline?date=${today}`;
    caches.open(PAGES).then((cache) => cache.match(location.origin + address))
      .then((found) => { if (found) location.replace(address); }, () => {});
  }
}

place();
const line = nowLine();
const target = line ?? day.querySelector(".block");
if (target) window.scrollTo({ top: Math.max(0, target.getBoundingClientRect().top + window.scrollY - 160) });
setInterval(nowLine, 60_000);
waitingChanges().then((list) => { if (list.length > 0) show(); });
try {
  // The outbox changed (a change sent, refused or discarded): a kept copy draws what still waits; a live page asks
  // the server for the day as it now is.
  new BroadcastChannel(CHANNEL).addEventListener("message", () => (kept ? show() : refresh()));
} catch {
  // Without BroadcastChannel the page follows on its next look.
}
// Changes sent while this page was on its way (the server back as it opened) were announced before it listened:
// a live page asks for the day once more.
if (!kept) {
  fact("lastSentAt").then((at) => { if (at >= performance.timeOrigin) refresh(); }, () => {});
}

// A form on this page is on its way: its answer will show the change, so events don't refresh meanwhile.
let leaving = false;
document.addEventListener("submit", (event) => { if (!event.defaultPrevented) leaving = true; }, true);
window.addEventListener("pagehide", () => { leaving = true; });

follow(["tasks"], () => {
  // Another window, the CLI or a drag here changed the plan: show it, unless the person is typing or submitting.
  if (leaving || document.activeElement?.closest("#task-form")) return;
  refresh();
});
