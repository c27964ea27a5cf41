// Settings → This device: what this device keeps of Daybook (pages, photos, journal entries, changes waiting) and
// how much room it takes, whether the browser keeps it for good (persistent storage) and how much room is left,
// with a way to forget it all. In Safari outside the Home Screen it says that unvisited sites may be cleared
// after 7 days, and how to add Daybook to the Home Screen. The words come from the page (#offline-status and
// #this-device).

import { element, fill } from "./dom.js";
import { forgetCursor } from "./freshen.js";
import { addsToHomeScreen, homeScreenSteps, safariRules, standalone } from "./home-screen.js";
import { forgetJournal, JOURNAL_CHANNEL, journalState } from "./kept-journal.js";
import { clear, items } from "./outbox.js";
import { CACHE_PREFIX, entryPage, PAGES, PHOTOS } from "./routes.js";

const labels = document.getElementById("offline-status")?.dataset ?? {};
const words = document.getElementById("this-device")?.dataset ?? {};
const root = document.documentElement;

/** Settings → This device: what is kept here, and a way to forget it all. */
async function thisDevice() {
  const section = document.getElementById("this-device");
  if (!section || !("caches" in self)) return;
  const kept = async (name) => (await caches.open(name)).keys();
  const [pageKeys, photoKeys, waiting, estimate, persisted] = await Promise.all([
    kept(PAGES), kept(PHOTOS), items().then((list) => list.length).catch(() => 0),
    navigator.storage?.estimate?.().catch(() => ({})) ?? {},
    navigator.storage?.persisted?.().catch(() => null) ?? null,
  ]);
  const pages = pageKeys.length;
  const photos = new Set(photoKeys.map((request) => new URL(request.url).pathname)).size;
  const entries = pageKeys.map((request) => new URL(request.url).pathname).filter(entryPage).length;
  const size = megabytes(estimate.usage ?? 0);
  section.replaceChildren(
    element("h2", {}, labels.deviceHeading),
    element("p", { id: "device-summary" }, fill(labels.deviceSummary, { entries, pages, photos, waiting, size })),
  );
  section.append(element("p", { id: "device-journal", role: "status" }));
  showJournal();
  if (persisted !== null) {
    section.append(element("p", { id: "device-persistent", "data-persistent": String(persisted) },
      persisted ? words.persistent : words.notPersistent));
  }
  if (estimate.quota) {
    const available = Math.max(0, estimate.quota - (estimate.usage ?? 0));
    section.append(element("p", { id: "device-usage", class: "hint" },
      fill(words.usage, { used: size, available: megabytes(available) })));
  }
  if (standalone && safariRules) section.append(element("p", { id: "device-home-screen" }, words.onHomeScreen));
  if (addsToHomeScreen) {
    section.append(element("p", { id: "device-safari-note" }, words.safariClears));
    const how = element("div", { id: "add-to-home-screen" });
    how.append(element("h3", {}, words.homeScreenHeading),
      homeScreenSteps({ share: words.homeScreenShare, add: words.homeScreenAdd, open: words.homeScreenOpen }));
    section.append(how);
  }
  const forget = element("button", { type: "button", id: "forget-device" }, labels.deviceForget);
  forget.addEventListener("click", async () => {
    await forgetDevice();
    section.replaceChildren(element("h2", {}, labels.deviceHeading),
      element("p", { id: "device-summary", role: "status" }, labels.deviceForgotten));
  });
  section.append(forget);
  section.hidden = false;
}

/** How much of the journal this device keeps, and how far the first fill has got while it runs. */
async function showJournal() {
  const line = document.getElementById("device-journal");
  if (!line) return;
  const state = await journalState().catch(() => null);
  if (!state) return;
  const count = new Intl.NumberFormat(root.lang).format(state.count);
  line.dataset.done = String(state.done);
  line.textContent = fill(state.done ? labels.journalKept : labels.journalFilling, { n: count });
}

try {
  new BroadcastChannel(JOURNAL_CHANNEL).addEventListener("message", () => showJournal());
} catch {
  // The line shows the state as it was when the page opened.
}

function megabytes(bytes) {
  const gigabytes = bytes >= 1_000_000_000;
  return new Intl.NumberFormat(root.lang, { style: "unit", unit: gigabytes ? "gigabyte" : "megabyte",
    maximumFractionDigits: 1 }).format(bytes / (gigabytes ? 1_000_000_000 : 1_000_000));
}

/** Wipes this device's copy: kept pages and photos, the outbox, and the worker that kept them. */
export async function forgetDevice() {
  // The worker first stops keeping, or a page it was fetching would be kept again after the wipe.
  const worker = navigator.serviceWorker?.controller;
  if (worker) {
    await new Promise((resolve) => {
      const reply = new MessageChannel();
      const gaveUp = setTimeout(resolve, 15_000);
      reply.port1.onmessage = () => {
        clearTimeout(gaveUp);
        resolve();
      };
      worker.postMessage("forget", [reply.port2]);
    });
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX)) await caches.delete(name);
  }
  // Clearing the outbox tells the open pages, which show that nothing waits any more.
  await clear().catch(() => {});
  await forgetCursor();
  await forgetJournal().catch(() => {});
  for (const registration of await navigator.serviceWorker?.getRegistrations?.() ?? []) await registration.unregister();
}

thisDevice();
