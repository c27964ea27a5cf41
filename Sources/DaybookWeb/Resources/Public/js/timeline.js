// Places the day's blocks on the hours (overlapping blocks side by side), draws the now-line, opens scrolled
// to now, lets a block be dragged to move it or by its lower edge to resize it (5-minute steps, mouse and
// touch), and follows changes made elsewhere. Without it the blocks are a plain list and the forms do the work.
import { follow } from "./events.js";
const day = document.getElementById("day");
const HOUR = parseFloat(getComputedStyle(day).getPropertyValue("--hour")) || 64; // pixels per hour, from the stylesheet
const STEP = 5; // minutes a drag snaps to
const MIN_LENGTH = 5;
const DAY_END = 24 * 60;
const HOLD_MS = 350; // a finger rests this long on a block before it can be dragged, so swipes still scroll

function place() {
  day.classList.add("placed");
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
  // Short blocks keep their title; their buttons live on the edit page the title links to.
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
  try {
    const response = await fetch(`/api/v1/tasks/${encodeURIComponent(block.dataset.id)}${query}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ start: clock(change.newStart), duration: change.newEnd - change.newStart }),
    });
    if (!response.ok) throw new Error(String(response.status));
    failure.hidden = true;
  } catch {
    restore(change);
    failure.hidden = false;
  } finally {
    block.classList.remove("saving");
    saving -= 1;
  }
  await refresh();
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
      document.getElementById(id)?.replaceWith(document.adoptNode(next));
      changed = true;
    }
    const empty = fresh.getElementById("timeline-empty");
    document.getElementById("timeline-empty")?.remove();
    if (empty) hint.before(document.adoptNode(empty));
    if (changed) place();
  } catch {
    // Offline: the page stays as it is until the next change.
  }
}

for (const id of ["blocks", "anytime-list"]) served.set(id, document.getElementById(id)?.outerHTML);

place();
const line = nowLine();
const target = line ?? day.querySelector(".block");
if (target) window.scrollTo({ top: Math.max(0, target.getBoundingClientRect().top + window.scrollY - 160) });
setInterval(nowLine, 60_000);

// A form on this page is on its way: its answer will show the change, so events don't refresh meanwhile.
let leaving = false;
document.addEventListener("submit", () => { leaving = true; }, true);
window.addEventListener("pagehide", () => { leaving = true; });

follow(["tasks"], () => {
  // Another window, the CLI or a drag here changed the plan: show it, unless the person is typing or submitting.
  if (leaving || document.activeElement?.closest("#task-form")) return;
  refresh();
});
