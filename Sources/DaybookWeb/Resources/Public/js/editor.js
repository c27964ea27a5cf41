// The entry editor: a Markdown text area with a toolbar, shortcuts, a live preview from the server's own
// renderer, photos by picker, paste or drop, a word count, and saving that never loses a word: every keystroke
// is kept on this device at once, saved to the server a moment after typing stops (and when the page is left),
// and a save that started from an older revision is answered with both texts instead of overwriting either.
// Without the server a save waits in the outbox (one change per entry, holding its newest words) and the page says
// so; once it is sent, asking again with its key gives the server's first answer, and the editor carries on.
//
// Without this script the page is a plain form that saves on submit.

import { attachPhotos } from "./editor-photos.js";
import { CHANNEL, items, replaceWaiting, sendOrKeep } from "./outbox.js";
import { currentPlace, placeKey, showPlace } from "./place.js";

const form = document.getElementById("entry-form");
const body = document.getElementById("body");
const state = document.getElementById("save-state");
const words = document.getElementById("word-count");
const preview = document.getElementById("preview");
const offer = document.getElementById("draft-offer");
const conflict = document.getElementById("conflict");
const photoInput = document.getElementById("photo-input");
const fields = ["title", "date", "tags"].map((name) => form.elements.namedItem(name));
const starred = form.elements.namedItem("starred");
const text = form.dataset; // localized words and the entry's identity, from the server

let id = text.entryId || "";
let revision = Number(text.revision || 0);
let saved = snapshot(); // what the server has, as this page last heard
let timer = null;
let inFlight = null;
let retry = null;
// This entry's save waiting in the outbox: `{key, url, method, body, content}`.
let pending = null;

// Content ----------------------------------------------------------------------------------------------------

function snapshot() {
  return {
    title: fields[0].value,
    date: fields[1].value,
    tags: fields[2].value,
    starred: starred.checked,
    body: body.value,
    place: placeKey(),
  };
}

function same(a, b) {
  return a.title === b.title && a.date === b.date && a.tags === b.tags && a.starred === b.starred && a.body === b.body
    && (a.place ?? "null") === (b.place ?? "null");
}

function fill(content) {
  fields[0].value = content.title;
  fields[1].value = content.date;
  fields[2].value = content.tags;
  starred.checked = content.starred;
  body.value = content.body;
  if (content.place !== undefined) showPlace(JSON.parse(content.place));
  changed({ save: false });
}

function payload(content) {
  const tags = content.tags.split(",").map((tag) => tag.trim()).filter(Boolean);
  const json = { title: content.title, body: content.body, tags, starred: content.starred };
  if (content.date) json.date = content.date;
  const place = currentPlace();
  if (place !== undefined) json.place = place;
  if (id) json.revision = revision;
  return json;
}

// The draft kept on this device -------------------------------------------------------------------------------

const draftKey = () => `daybook.draft.${id || "new"}`;

function keepDraft() {
  try {
    const content = snapshot();
    if (same(content, saved)) localStorage.removeItem(draftKey());
    else localStorage.setItem(draftKey(), JSON.stringify({ ...content, revision, keptAt: Date.now(), outbox: pending?.key }));
  } catch {
    // Storage full or disabled: the server save still runs.
  }
}

function readDraft() {
  try {
    const draft = JSON.parse(localStorage.getItem(draftKey()) || "null");
    return draft && typeof draft.body === "string" ? draft : null;
  } catch {
    return null;
  }
}

async function offerDraft() {
  const draft = readDraft();
  if (!draft || same(draft, saved)) return;
  // A new entry whose save the outbox holds (or has sent) is not offered again: restoring it would make a second.
  if (!id && draft.outbox) {
    const item = (await items().catch(() => [])).find((each) => each.key === draft.outbox);
    if (!item) localStorage.removeItem(draftKey()); // sent: the entry is on the server
    if (item?.state !== "refused") return;
  }
  const when = new Date(draft.keptAt).toLocaleString(document.documentElement.lang, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  offer.querySelector("[data-when]").textContent = when;
  offer.hidden = false;
  offer.querySelector("[data-restore]").onclick = () => {
    fill(draft);
    offer.hidden = true;
    schedule(0);
  };
  offer.querySelector("[data-discard]").onclick = () => {
    localStorage.removeItem(draftKey());
    offer.hidden = true;
  };
}

// Saving -----------------------------------------------------------------------------------------------------

function show(kind, message) {
  state.dataset.state = kind;
  state.textContent = message ?? text[`state${kind[0].toUpperCase()}${kind.slice(1)}`] ?? "";
}

function schedule(delay = 1200) {
  clearTimeout(timer);
  timer = setTimeout(save, delay);
}

async function save({ leaving = false } = {}) {
  clearTimeout(timer);
  if (inFlight) {
    await inFlight;
    if (!leaving) return save();
  }
  const content = snapshot();
  if (same(content, saved)) {
    if (state.dataset.state !== "saved") show("saved");
    return;
  }
  // A kept copy (the server is away): the form's post waits in the outbox, sent with the time it was made.
  if (document.documentElement.dataset.keptAt) return show("offline");
  if (!id && !content.title.trim() && !content.body.trim()) return; // nothing to keep yet
  show("saving");
  const request = JSON.stringify(payload(content));
  inFlight = (async () => {
    try {
      if (pending) return await saveWaiting(request, content);
      const change = {
        key: crypto.randomUUID(), method: id ? "PATCH" : "POST", body: request, contentType: "application/json",
        url: new URL(id ? `/api/v1/entries/${encodeURIComponent(id)}` : "/api/v1/entries", location.href).href,
        from: location.pathname,
      };
      const result = await sendOrKeep(change, { keepalive: leaving && request.length < 60_000 });
      if (result.outcome === "waiting") {
        pending = { ...change, content };
        keepDraft();
        return show("waiting");
      }
      const response = result.response;
      const answer = await response.json().catch(() => ({}));
      if (response.ok) return accepted(answer.entry ?? answer, content);
      if (response.status === 409 && answer.current) {
        // The stored text is already this one (a save sent as the last page closed got there first): saved.
        if (answer.current.body === content.body && answer.current.title === content.title) {
          return accepted(answer.current, content);
        }
        return conflicted(answer.current, content);
      }
      show("failed", answer.error?.message ?? answer.message ?? text.stateFailed);
    } catch (error) {
      if (error?.name === "QuotaExceededError") {
        // Not kept anywhere but on the page: never "saved".
        return show("failed", document.getElementById("offline-status")?.dataset.quotaFull);
      }
      show("offline");
      clearTimeout(retry);
      retry = setTimeout(() => save(), 15_000);
    }
  })();
  await inFlight;
  inFlight = null;
}

/** This entry's save waits in the outbox: newer words go into it; once sent, its first answer is asked again. */
async function saveWaiting(request, content) {
  const key = pending.key;
  const waits = request === pending.body
    ? (await items()).some((item) => item.key === key && item.state === "waiting")
    : await replaceWaiting(key, { body: request });
  if (waits) {
    pending = { ...pending, body: request, content };
    return show("waiting");
  }
  const response = await fetch(pending.url, {
    method: pending.method, body: pending.body, credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": pending.key },
  });
  const answer = await response.json().catch(() => ({}));
  const sent = pending;
  pending = null;
  const entry = answer.entry ?? answer;
  // Without the entry (its first answer was lost with a server that stopped) the editor can't carry on with it.
  if (!response.ok || !entry.id) return show("failed", answer.error?.message ?? answer.message ?? text.stateFailed);
  accepted(entry, sent.content);
}

function accepted(entry, content) {
  const firstSave = !id;
  const oldKey = draftKey();
  id = entry.id;
  revision = entry.revision;
  // A place sent without a name comes back named after its city.
  if (entry.place && !currentPlace()?.name && same(snapshot(), content)) {
    showPlace(entry.place);
    content = { ...content, place: placeKey() };
  }
  saved = content;
  if (firstSave) {
    localStorage.removeItem(oldKey);
    form.action = `/journal/${encodeURIComponent(id)}`;
    history.replaceState(null, "", `/journal/${encodeURIComponent(id)}/edit`);
    form.dataset.entryId = id;
    // "Done" now leads to the entry written, not back to the list.
    document.getElementById("editor-done")?.setAttribute("href", `/journal/${encodeURIComponent(id)}`);
  }
  form.elements.namedItem("revision").value = String(revision);
  keepDraft();
  if (same(snapshot(), saved)) show("saved");
  else schedule();
}

/** Someone else saved first: show their version and let the person choose; nothing is overwritten. */
function conflicted(current, mine) {
  show("conflict");
  conflict.hidden = false;
  conflict.querySelector("[data-theirs]").textContent = current.body;
  conflict.querySelector("[data-keep-mine]").onclick = () => {
    revision = current.revision;
    conflict.hidden = true;
    saved = { ...saved, body: "\u0000" }; // differs from anything typed, so the next save sends mine
    save();
  };
  conflict.querySelector("[data-take-theirs]").onclick = () => {
    revision = current.revision;
    conflict.hidden = true;
    const theirs = {
      title: current.title,
      date: mine.date,
      tags: (current.tags ?? []).join(", "),
      starred: Boolean(current.starred ?? current.isStarred),
      body: current.body,
      place: JSON.stringify(
        current.place
          ? { latitude: current.place.latitude, longitude: current.place.longitude, name: current.place.name,
            country: current.place.country ?? null }
          : null,
      ),
    };
    saved = theirs;
    fill(theirs);
    keepDraft();
    show("saved");
  };
}

// Typing -----------------------------------------------------------------------------------------------------

function changed({ save: autosave = true } = {}) {
  countWords();
  keepDraft();
  if (!preview.hidden) renderPreview();
  if (autosave) {
    show(!navigator.onLine ? "offline" : same(snapshot(), saved) ? "saved" : "editing");
    schedule();
  }
}

const wordPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*/gu;

function countWords() {
  // The words people read: link targets and photo addresses are not counted, markup signs neither.
  const prose = body.value.replace(/\]\([^)]*\)/g, "]").replace(/[#>*_`~[\]()!|-]/g, " ");
  const count = (prose.match(wordPattern) ?? []).length;
  const rule = new Intl.PluralRules(document.documentElement.lang).select(count);
  const template = (rule === "one" && text.wordsOne) || text.wordsOther || "{n}";
  words.textContent = template.replace("{n}", count.toLocaleString(document.documentElement.lang));
}

for (const input of [...fields, starred, body]) input.addEventListener("input", () => changed());
form.addEventListener("submit", (event) => {
  event.preventDefault();
  save();
});

// Leaving the page (closing the tab, switching apps) saves what is there; the draft stays if that fails.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") save({ leaving: true });
});
window.addEventListener("pagehide", () => save({ leaving: true }));
window.addEventListener("online", () => save());
try {
  // The outbox sent something: this entry's save may be among it.
  new BroadcastChannel(CHANNEL).addEventListener("message", () => {
    if (pending) save();
  });
} catch {
  // Without BroadcastChannel the next save catches up.
}
window.addEventListener("offline", () => show("offline"));

// The toolbar and its shortcuts ------------------------------------------------------------------------------

/** Wraps the selection in `before`/`after`, or inserts them around a placeholder word. */
function wrap(before, after = before, placeholder = "") {
  const { selectionStart: start, selectionEnd: end, value } = body;
  const selected = value.slice(start, end) || placeholder;
  body.setRangeText(`${before}${selected}${after}`, start, end, "end");
  body.setSelectionRange(start + before.length, start + before.length + selected.length);
}

/** Puts `prefix` at the start of every selected line, or takes it away when all of them have it. */
function prefixLines(prefix) {
  const { selectionStart: start, selectionEnd: end, value } = body;
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = value.indexOf("\n", end) === -1 ? value.length : value.indexOf("\n", end);
  const lines = value.slice(lineStart, lineEnd).split("\n");
  const all = lines.every((line) => line.startsWith(prefix));
  const next = lines.map((line) => (all ? line.slice(prefix.length) : prefix + line)).join("\n");
  body.setRangeText(next, lineStart, lineEnd, "select");
}

const actions = {
  bold: () => wrap("**", "**", text.placeholderText),
  italic: () => wrap("_", "_", text.placeholderText),
  heading: () => prefixLines("## "),
  list: () => prefixLines("- "),
  checklist: () => prefixLines("- [ ] "),
  quote: () => prefixLines("> "),
  link: () => {
    const { selectionStart: start, selectionEnd: end, value } = body;
    const label = value.slice(start, end) || text.placeholderLink;
    body.setRangeText(`[${label}](https://)`, start, end, "end");
    const url = start + label.length + 3;
    body.setSelectionRange(url, url + "https://".length);
  },
  photo: () => photoInput.click(),
};

function act(name) {
  body.focus();
  actions[name]();
  changed();
}

for (const button of document.querySelectorAll("[data-md]")) {
  button.addEventListener("click", () => act(button.dataset.md));
}

const shortcuts = { b: "bold", i: "italic", k: "link", h: "heading", l: "list", c: "checklist", q: "quote" };
body.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  const name = shortcuts[key];
  // Ctrl+B, Ctrl+I and Ctrl+K as everywhere; the line formats need Shift so they don't take the browser's keys.
  const needsShift = !["b", "i", "k"].includes(key);
  if (!name || needsShift !== event.shiftKey) {
    if (key === "s") {
      event.preventDefault();
      save();
    }
    return;
  }
  event.preventDefault();
  act(name);
});

// Preview ----------------------------------------------------------------------------------------------------

let previewTimer = null;
let previewed = null;
function renderPreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(async () => {
    const markdown = body.value;
    if (markdown === previewed) return;
    try {
      const response = await fetch("/api/v1/render", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ markdown }),
      });
      if (!response.ok) return;
      const { html } = await response.json();
      previewed = markdown;
      // The server's renderer allows no raw HTML, no scripts and no foreign images: this is what will be saved.
      preview.innerHTML = html;
    } catch {
      // Offline: the preview waits; the text is kept.
    }
  }, 300);
}

const previewToggle = document.getElementById("preview-toggle");
previewToggle?.addEventListener("click", () => {
  const showing = preview.hidden;
  preview.hidden = !showing;
  previewToggle.setAttribute("aria-pressed", String(showing));
  if (showing) renderPreview();
});

// Photos -----------------------------------------------------------------------------------------------------

attachPhotos({ form, body, input: photoInput, text, changed, show });
form.addEventListener("place:change", () => changed());

// Start ------------------------------------------------------------------------------------------------------

countWords();
offerDraft();
show(!navigator.onLine ? "offline" : id ? "saved" : "idle");
if (!id) body.focus();
