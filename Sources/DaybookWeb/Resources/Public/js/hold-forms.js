// Forms on a kept copy, where the server is away: a post goes through the worker at once (which keeps it in the
// outbox) and the page stays as typed, marked "Waiting"; one the device had no room for keeps its text and says why.

import { element } from "./dom.js";
import { labels, root } from "./offline-status.js";
import { showOutbox } from "./outbox-list.js";
import { queuedPost } from "./routes.js";

/** A form whose post waits in the outbox says so; one the device had no room for keeps its text and says why. */
export function markQueued(form, response) {
  form.querySelector(".outbox-note")?.remove();
  if (response.headers.get("X-Daybook-Outbox") === "waiting") {
    form.dataset.waiting = "";
    form.append(element("span", { class: "badge outbox-note" }, labels.waitingBadge));
    showOutbox();
    return true;
  }
  if (response.status === 507) {
    form.append(element("p", { class: "form-error outbox-note", role: "alert" }, labels.quotaFull));
    return true;
  }
  return false;
}

/** On a kept copy the server is away: posts go through the worker at once and the page stays as typed. */
export function holdForms() {
  if (!root.dataset.keptAt) return;
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== "post" || form.hasAttribute("data-inline")) return;
    // A page script that keeps its own posts (the focus timer's, with their times) is left to do so.
    if (form.hasAttribute("data-own-outbox")) return;
    if (!queuedPost(new URL(form.action, location.href))) return;
    event.preventDefault();
    const data = new URLSearchParams(new FormData(form));
    if (event.submitter?.name) data.set(event.submitter.name, event.submitter.value);
    try {
      const response = await fetch(form.action, { method: "POST", body: data, headers: { Accept: "text/html" } });
      if (!markQueued(form, response) && response.ok) location.reload();
    } catch {
      form.append(element("p", { class: "form-error outbox-note", role: "alert" }, labels.quotaFull));
    }
  }, true);
}
