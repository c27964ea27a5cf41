// The entry editor: a Markdown text area with a toolbar, shortcuts, a live preview from the server's own
// renderer, photos by picker, paste or drop, a word count, and saving that never loses a word.
//
// How its saves reach the outbox: there is one way to save. Typing stops for a moment, Save, Done, leaving the
// page or closing the tab all call `save`, which hands the newest words to the outbox's `sendOrKeep` as one change
// for this entry (`drafts.js` builds it): sent at once when the server answers, else kept on this device as the one
// waiting change of this entry and editing session, replacing the older one. The same road whether the page came
// from the server or is a copy kept on this device. Each save names the revision it started from and this editing
// session (`lineage`), and a new entry's id is chosen here, so a save sent twice, or after its answer was lost, is
// still one entry, never a conflict with itself; someone else's version made meanwhile is kept beside it. Every
// keystroke is also kept in this tab's storage until the outbox has it (`drafts.js`), for a tab closed mid-word.
//
// Without this script the page is a plain form that saves on submit.

import { dropDraft, drafts, editorLock, editorOpen, entryChange, keepDraft, rescueDrafts } from "./drafts.js";
import { attachPhotos } from "./editor-photos.js";
import { CHANNEL, items, sendOrKeep, waitingFor } from "./outbox.js";
import { currentPlace, placeKey, showPlace } from "./place.js";

const form = document.getElementById("entry-form");
const body = document.getElementById("body");
const state = document.getElementById("save-state");
const words = document.getElementById("word-count");
const preview = document.getElementById("preview");
const offer = document.getElementById("draft-offer");
const photoInput = document.getElementById("photo-input");
const done = document.getElementById("editor-done");
const fields = ["title", "date", "tags"].map((name) => form.elements.namedItem(name));
const starred = form.elements.namedItem("starred");
const text = form.dataset; // localized words and the entry's identity, from the server
const quotaFull = () => document.getElementById("offline-status")?.dataset.quotaFull;

// The entry: its id (a new one's is chosen here, or named by the address when a waiting one goes on), whether the
// server may not have it yet, and the revision this editing session started from.
let id = text.entryId || new URLSearchParams(location.search).get("entry") || crypto.randomUUID();
let isNew = !text.entryId;
let revision = Number(text.revision || 0);
let lineage = crypto.randomUUID();
let composing = null; // { field, before } while an input method composes: see `committed`
let photos = null; // the strip of the entry's photos (editor-photos.js)
const cover = form.elements.namedItem("coverPhotoID");
let saved = snapshot(); // what the server or this device's outbox holds, as this page last heard
let waiting = false; // whether `saved` waits in the outbox
let timer = null;
let inFlight = null;
let retry = null;

// Content ----------------------------------------------------------------------------------------------------

/** What the fields hold, without a syllable or word an input method is still composing (see `composing`). */
function snapshot() {
  return {
    title: committed(fields[0]),
    date: fields[1].value,
    tags: committed(fields[2]),
    starred: starred.checked,
    body: committed(body),
    cover: cover?.value ?? "",
    place: currentPlace() === undefined ? undefined : placeKey(),
  };
}

// Korean, Japanese and Chinese are typed through an input method, which builds a syllable or a word in the field
// before it is final (ㄴ, 나, 날): meanwhile the field's value holds the half-made one. An autosave, Done, leaving
// the page and the copy kept in this tab all take the text as it was before the composition began, never the half-made
// syllable, and never write into the field, so the caret stays and no character is doubled; the finished word is
// saved once the input method gives it (`compositionend`).
/** The field's text, less what an input method is composing in it. */
function committed(field) {
  return composing?.field === field ? composing.before : field.value;
}

for (const field of [fields[0], fields[2], body]) {
  field.addEventListener("compositionstart", () => {
    const { selectionStart: start, selectionEnd: end, value } = field;
    // The composition replaces the selection: what stays is the text around it.
    composing = { field, before: value.slice(0, start) + value.slice(end) };
  });
  field.addEventListener("compositionend", () => {
    composing = null;
    changed();
  });
  // A composition the input method never closed (the field lost focus, or its text was set meanwhile) ends here.
  field.addEventListener("blur", () => {
    if (composing?.field !== field) return;
    composing = null;
    changed();
  });
}

function same(a, b) {
  return a.title === b.title && a.date === b.date && a.tags === b.tags && a.starred === b.starred && a.body === b.body
    && (a.cover ?? "") === (b.cover ?? "") && (a.place ?? "null") === (b.place ?? "null");
}

function fill(content) {
  fields[0].value = content.title;
  fields[1].value = content.date;
  fields[2].value = content.tags;
  starred.checked = content.starred;
  body.value = content.body;
  if (cover) cover.value = content.cover ?? "";
  if (content.place !== undefined) showPlace(JSON.parse(content.place));
  changed({ save: false });
}

/** The content a waiting change holds, as the editor's fields show it. */
function contentOf(change) {
  const json = JSON.parse(change.body);
  return {
    title: json.title ?? "", date: json.date ?? fields[1].value, tags: (json.tags ?? []).join(", "),
    starred: Boolean(json.starred), body: json.body ?? "", cover: json.coverPhotoID ?? "",
    place: json.place === undefined ? undefined : JSON.stringify(json.place),
  };
}

// The draft kept in this tab ---------------------------------------------------------------------------------

const draft = (content = snapshot()) => ({ id, isNew, revision, lineage, content });

function keepTyped() {
  const content = snapshot();
  if (same(content, saved)) dropDraft(draft());
  else keepDraft(draft(content));
}

/** Words a closed editor left that the outbox could not take (it refused them, or had no room): offered back. */
function offerDraft() {
  const left = drafts(id).filter((each) => each.lineage !== lineage && !same(each.content, saved))
    .sort((a, b) => b.keptAt - a.keptAt)[0];
  if (!left) return;
  const when = new Date(left.keptAt).toLocaleString(document.documentElement.lang, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  offer.querySelector("[data-when]").textContent = when;
  offer.hidden = false;
  offer.querySelector("[data-restore]").onclick = () => {
    // The restored words go on from the revision and the editing session they were typed in.
    dropDraft(left);
    ({ revision, lineage, isNew } = left);
    holdLock();
    fill(left.content);
    offer.hidden = true;
    schedule(0);
  };
  offer.querySelector("[data-discard]").onclick = () => {
    dropDraft(left);
    offer.hidden = true;
  };
}

/** Holds this editing session's lock while the page is open: its drafts are its own until it closes. */
let lockHeld = null;
function holdLock() {
  if (!navigator.locks || lockHeld === lineage) return;
  lockHeld = lineage;
  navigator.locks.request(editorLock(lineage), () => new Promise(() => {})).catch(() => {});
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
    show(waiting ? "waiting" : "saved");
    return;
  }
  if (isNew && !content.title.trim() && !content.body.trim()) return; // nothing to keep yet
  if (isNew && !location.search.includes(id)) {
    // A reload goes on with this entry, also from the copy kept on this device.
    history.replaceState(null, "", `/journal/new?entry=${encodeURIComponent(id)}`);
  }
  show("saving");
  const change = entryChange(draft(content));
  inFlight = (async () => {
    try {
      const result = await sendOrKeep(change, { keepalive: leaving && change.body.length < 60_000 });
      if (result.outcome === "waiting") {
        (saved = content), (waiting = true);
        keepTyped();
        return show("waiting");
      }
      const response = result.response;
      const answer = await response.json().catch(() => ({}));
      if (response.ok) return accepted(answer.entry ?? answer, content);
      show("failed", answer.error?.message ?? answer.message ?? text.stateFailed);
    } catch (error) {
      if (error?.name === "QuotaExceededError") {
        // Not kept anywhere but on the page and in this tab: never "saved".
        return show("failed", quotaFull());
      }
      show("offline");
      clearTimeout(retry);
      retry = setTimeout(() => save(), 15_000);
    }
  })();
  await inFlight;
  inFlight = null;
}

/** The server took `content`: the entry as it now stands. */
function accepted(entry, content) {
  const firstSave = isNew;
  (isNew = false), (waiting = false);
  revision = entry.revision;
  // A place sent without a name comes back named after its city.
  if (entry.place && !currentPlace()?.name && same(snapshot(), content)) {
    showPlace(entry.place);
    content = { ...content, place: placeKey() };
  }
  saved = content;
  if (firstSave) {
    form.action = `/journal/${encodeURIComponent(id)}`;
    history.replaceState(null, "", `/journal/${encodeURIComponent(id)}/edit`);
    form.dataset.entryId = id;
    // "Done" now leads to the entry written, not back to the list.
    done?.setAttribute("href", `/journal/${encodeURIComponent(id)}`);
  }
  form.elements.namedItem("revision").value = String(revision);
  keepTyped();
  if (entry.conflict && (entry.body !== content.body || entry.title !== content.title || !same(snapshot(), content))) {
    // Someone else changed the entry meanwhile: both versions are kept, and the page lets the person choose.
    show("conflict");
    if (same(snapshot(), content)) location.replace(`/journal/${encodeURIComponent(id)}/edit`);
    return;
  }
  if (same(snapshot(), saved)) show("saved");
  else schedule();
}

/** The outbox sent or refused something: if it was this editor's waiting save, go on from what the server has. */
async function caughtUp() {
  if (!waiting || inFlight) return;
  if ((await waitingFor(id)).some((item) => item.lineage === lineage)) return;
  const refused = (await items().catch(() => [])).find((item) => item.entry === id && item.lineage === lineage
    && item.state === "refused");
  waiting = false;
  if (refused) return show("failed", refused.reason);
  try {
    const response = await fetch(`/api/v1/entries/${encodeURIComponent(id)}`, { headers: { Accept: "application/json" } });
    if (response.ok) accepted(await response.json(), saved);
  } catch {
    waiting = true; // sent by another page, and the server away again: it answers next time
  }
}

// Typing -----------------------------------------------------------------------------------------------------

function changed({ save: autosave = true } = {}) {
  photos?.draw();
  countWords();
  keepTyped();
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

for (const input of [...fields, starred, body]) {
  input.addEventListener("input", (event) => {
    // Mid-composition only the count follows; the word is saved when the input method finishes it.
    if (event.isComposing) return countWords();
    if (composing?.field === input) composing = null; // typing that is not composing: no composition is open
    changed();
  });
}
form.addEventListener("submit", (event) => {
  event.preventDefault();
  save();
});
// Done saves first, then goes on: the Journal it opens already lists what waits.
done?.addEventListener("click", async (event) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  await save();
  location.href = done.href;
});

// Leaving the page (closing the tab, switching apps) saves what is there; the draft stays if that fails.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") save({ leaving: true });
});
window.addEventListener("pagehide", () => save({ leaving: true }));
window.addEventListener("online", () => save());
try {
  // The outbox sent something: this entry's save may be among it.
  new BroadcastChannel(CHANNEL).addEventListener("message", () => caughtUp());
} catch {
  // Without BroadcastChannel the next save catches up.
}
window.addEventListener("offline", () => show(waiting ? "waiting" : "offline"));

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
  // A key that an input method takes (Enter choosing a Japanese word) is the input method's, not a shortcut.
  if (event.isComposing || !(event.ctrlKey || event.metaKey) || event.altKey) return;
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

photos = attachPhotos({ form, body, input: photoInput, text, changed, show });
form.addEventListener("place:change", () => changed());

// Start ------------------------------------------------------------------------------------------------------

/** A waiting new entry opened again after it was sent: its editor is the entry's own. */
async function madeAlready() {
  try {
    const response = await fetch(`/api/v1/entries/${encodeURIComponent(id)}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return false;
    location.replace(`/journal/${encodeURIComponent(id)}/edit`);
    return true;
  } catch {
    return false; // the server is away: the words typed here go to the entry when it answers
  }
}

/** Goes on with the words this device still holds for the entry: a closed editor's draft, or a waiting save. */
async function resume() {
  await rescueDrafts(id).catch(() => {});
  // Another tab's editor of this entry goes on with its own words; this one takes up only what no open editor holds.
  let newest;
  for (const item of await waitingFor(id)) {
    if (!(await editorOpen(item.lineage))) {
      newest = item;
      break;
    }
  }
  if (newest && newest.body && typeof newest.body === "string") {
    const json = JSON.parse(newest.body);
    ({ lineage } = newest);
    revision = json.revision ?? revision;
    isNew = newest.method === "POST";
    fill(contentOf(newest));
    (saved = snapshot()), (waiting = true);
    keepTyped();
    if (!isNew && text.entryId) form.elements.namedItem("revision").value = String(revision);
    show("waiting");
  } else if (isNew && new URLSearchParams(location.search).has("entry") && await madeAlready()) {
    return;
  } else {
    show(!navigator.onLine ? "offline" : isNew ? "idle" : "saved");
  }
  holdLock();
  offerDraft();
  // The page's own sending may have taken it already.
  caughtUp();
}

countWords();
holdLock();
resume();
if (isNew) body.focus();
