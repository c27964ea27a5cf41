// The changes waiting on this device, listed under their count: what each is and when it was made, its words, and
// for one the server refused, its reason, its words to copy and a button to discard it. The entries they write are
// marked where they belong (`waiting-entries.js`).

import { element, fill } from "./dom.js";
import { labels, outboxBox, root, showStatus, status } from "./offline-status.js";
import { discard, items } from "./outbox.js";
import { kindOf } from "./routes.js";
import { sendWaiting } from "./send-waiting.js";
import { showWaitingEntries } from "./waiting-entries.js";

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

/** One change in the list: waiting, or refused with its reason, its words and a way to discard it. */
function changeRow(item) {
  const row = element("li", { "data-state": item.state });
  row.append(element("span", { class: "outbox-what" }, `${kindName(item)} · ${new Date(item.madeAt).toLocaleTimeString(root.lang, { hour: "2-digit", minute: "2-digit" })}`));
  if (item.state === "refused") {
    row.append(element("p", { class: "form-error" }, fill(labels.refused, { reason: item.reason })));
    row.append(element("p", { class: "hint" }, labels.yourWords));
    row.append(element("textarea", { readonly: "", rows: "3", class: "outbox-words" }, words(item)));
    const button = element("button", { type: "button" }, labels.discard);
    button.addEventListener("click", () => discard(item.id).then(showOutbox));
    row.append(button);
  } else {
    row.append(element("span", { class: "badge" }, labels.waitingBadge));
    const text = words(item);
    if (text) row.append(element("span", { class: "outbox-words" }, text));
  }
  return row;
}

let drawn = null; // what the list last showed: drawn again only when that changed, so an open list stays open

/** Draws the list as the outbox now is (the line of a kept copy's count gives way to it). */
export async function showOutbox() {
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
    for (const item of list) rows.append(changeRow(item));
    box.append(rows);
    if (list.some((item) => item.state === "waiting")) {
      const send = element("button", { type: "button", id: "outbox-send" }, labels.sendNow);
      send.addEventListener("click", () => sendWaiting(showOutbox));
      box.append(send);
    }
    status.append(box);
  }
  showStatus();
  showWaitingEntries(list);
}
