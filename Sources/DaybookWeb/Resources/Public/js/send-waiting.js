// Sending the changes that wait on this device, whenever the server may be back: once at a time, however many ask
// (the page's load, `online`, a timer, the list's "Send now"). A kept copy gives way to the page as it now is once
// the server answers.

import { flushFromWorker, items } from "./outbox.js";
import { root } from "./offline-status.js";

let sending = null;

/** Sends what waits, then draws the outbox's list again (`drawList`); resolves once done. */
export function sendWaiting(drawList) {
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
    const sent = await flushFromWorker().catch(() => 0);
    await drawList();
    // Back with the server: a kept copy gives way to the page as it now is.
    if (sent > 0 && root.dataset.keptAt) location.reload();
  })().finally(() => { sending = null; });
  return sending;
}
