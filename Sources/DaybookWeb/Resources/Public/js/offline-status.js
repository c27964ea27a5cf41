// Where a page says what it knows about this device's copy: the `#offline-status` box, with the owner's words for
// it (its data attributes, in the owner's language), and the folded line of changes waiting under their count.

import { element, fill } from "./dom.js";

export const status = document.getElementById("offline-status");
export const labels = status?.dataset ?? {};
export const root = document.documentElement;

/** The box shows once something is in it. */
export function showStatus() {
  if (status) status.hidden = status.childElementCount === 0;
}

/** The folded list of waiting changes, under its count: "3 changes waiting". */
export function outboxBox(count) {
  const box = element("details", { id: "outbox", class: "outbox" });
  box.append(element("summary", { id: "outbox-count" }, fill(count === 1 ? labels.waitingOne : labels.waitingOther,
    { n: count })));
  return box;
}
