// While the server answers, the worker keeps this device's copy current: at each page and whenever `/events` says
// something changed here or elsewhere (another device, the CLI), it reads the changes feed and fetches again only
// the kept pages that changed (`freshen.js`).

import { follow } from "./events.js";
import { root } from "./offline-status.js";

export function stayCurrent() {
  if (root.dataset.keptAt || !navigator.serviceWorker) return;
  const worker = navigator.serviceWorker.controller;
  if (!worker) {
    // The device's first page: the worker takes it once installed, and keeps it current from then on.
    navigator.serviceWorker.addEventListener("controllerchange", () => stayCurrent(), { once: true });
    return;
  }
  worker.postMessage("freshen");
  follow(["journal", "trackers", "log", "tasks", "timer", "settings"], () => {
    navigator.serviceWorker.controller?.postMessage("freshen");
  });
}
