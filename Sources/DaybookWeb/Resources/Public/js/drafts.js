// An entry's save, as the editor sends it and as it waits in the outbox, and the safety net under it.
//
// The editor keeps what is typed in this tab's storage at every keystroke (at once, so a tab closed mid-word keeps
// it) until those words are saved or waiting in the outbox. An editor holds a Web Lock named after its editing
// session while it is open; a draft whose editor is gone was never handed to the outbox, and whichever Daybook page
// opens next hands it over (`rescueDrafts`), so the words arrive. A draft is never the only copy of words a page
// called kept.

import { sendOrKeep } from "./outbox.js";

const PREFIX = "daybook.draft.";

/** The lock an open editor holds for its editing session. */
export const editorLock = (lineage) => `daybook-editor-${lineage}`;

/**
 * The change that saves `content` to entry `id` from editing session `lineage`, started from `revision` (`isNew`:
 * the server may not have the entry yet; the id was chosen on this device), addressed from the page at `base`.
 */
export function entryChange({ id, isNew, revision, lineage, content }, base = location.href) {
  const json = {
    title: content.title, body: content.body, starred: content.starred, lineage,
    tags: content.tags.split(",").map((tag) => tag.trim()).filter(Boolean),
  };
  if (content.date) json.date = content.date;
  // The cover the person chose; left out, the entry's first photo is its cover.
  if (content.cover) json.coverPhotoID = content.cover;
  if (content.place !== undefined) json.place = JSON.parse(content.place);
  if (isNew) {
    json.id = id;
  } else {
    // Another writer's version since `revision` is kept beside this one, never overwritten or refused.
    Object.assign(json, { revision, onConflict: "keepBoth" });
  }
  return {
    key: crypto.randomUUID(), method: isNew ? "POST" : "PATCH", contentType: "application/json",
    url: new URL(isNew ? "/api/v1/entries" : `/api/v1/entries/${encodeURIComponent(id)}`, base).href,
    body: JSON.stringify(json), entry: id, lineage,
    from: isNew ? `/journal/new?entry=${encodeURIComponent(id)}` : `/journal/${encodeURIComponent(id)}`,
  };
}

const keyOf = (draft) => `${PREFIX}${draft.id}.${draft.lineage}`;

/** Keeps a draft `{id, isNew, revision, lineage, content}`; false when this tab's storage is full or off. */
export function keepDraft(draft) {
  try {
    localStorage.setItem(keyOf(draft), JSON.stringify({ ...draft, keptAt: Date.now() }));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(draft) {
  try {
    localStorage.removeItem(keyOf(draft));
  } catch {
    // Storage off: nothing was kept.
  }
}

/** The drafts kept in this tab's storage, of entry `id` or of all. */
export function drafts(id) {
  const found = [];
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (!key?.startsWith(PREFIX)) continue;
      const draft = JSON.parse(localStorage.getItem(key) || "null");
      if (draft?.content && typeof draft.content.body === "string" && draft.id && draft.lineage
        && (id === undefined || draft.id === id)) {
        found.push(draft);
      }
    }
  } catch {
    // Storage off or a draft unreadable: nothing to hand over.
  }
  return found;
}

/** Whether the editor of `lineage` is still open in some tab. */
export async function editorOpen(lineage) {
  if (!navigator.locks) return false;
  return navigator.locks.request(editorLock(lineage), { ifAvailable: true }, (lock) => lock === null);
}

/** Hands the drafts whose editor closed before saving them to the outbox (sent at once when the server answers). */
export async function rescueDrafts(id) {
  for (const draft of drafts(id)) {
    if (await editorOpen(draft.lineage)) continue;
    try {
      // Made when it was typed, not when it is handed over.
      const result = await sendOrKeep({ ...entryChange(draft), madeAt: draft.keptAt });
      if (result.outcome === "sent" && !result.response.ok) continue; // refused: the editor offers the draft
      dropDraft(draft);
    } catch {
      // No room on the device: the draft stays, and the editor offers it.
    }
  }
}
