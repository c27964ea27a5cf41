// A kept copy says so, with the time it was kept ("Offline · as of 08:14") and the number of changes waiting: both
// from the page's root element (`marked` in `sw.js`), drawn at once and together, before anything is read, so the
// page does not move under a finger about to tap it.

import { element, fill } from "./dom.js";
import { labels, outboxBox, root, showStatus, status } from "./offline-status.js";

/** A kept copy says so, with the time it was kept. */
export function keptBanner() {
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

/** The waiting changes' line, from the count the kept copy came with; the list under it follows (`outbox-list.js`). */
export function waitingLine() {
  const count = Number(root.dataset.waiting || 0);
  if (!status || count === 0) return;
  status.append(outboxBox(count));
  showStatus();
}
