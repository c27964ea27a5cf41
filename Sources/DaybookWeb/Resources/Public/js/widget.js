// A widget page: it follows every change through /events (with its token, when it has one), refreshes each
// minute for what the clock moves, and counts the running timer down between refreshes.

import { follow } from "./events.js";
import { tint } from "./tint.js";

const root = () => document.getElementById("widget");
const events = ["timer", "tasks", "trackers", "settings", "log"];
let refreshing = false;

async function refresh() {
  if (refreshing) return;
  refreshing = true;
  try {
    const response = await fetch(location.href, { headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("widget");
    if (fresh) root().replaceWith(document.adoptNode(fresh));
    prepare();
  } catch {
    // Offline: the widget keeps its last state.
  } finally {
    refreshing = false;
  }
}

let loadedAt = Date.now();
function prepare() {
  loadedAt = Date.now();
  tint(root());
}

function tick() {
  const clock = document.getElementById("widget-clock");
  if (!clock || clock.dataset.state !== "running") return;
  const passed = Math.floor((Date.now() - loadedAt) / 1000);
  const seconds = clock.dataset.remaining !== undefined
    ? Math.max(0, Number(clock.dataset.remaining) - passed)
    : Number(clock.dataset.elapsed) + passed;
  const h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
  const two = (n) => String(n).padStart(2, "0");
  clock.textContent = h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
  if (clock.dataset.remaining !== undefined && seconds === 0) refresh();
}

prepare();
follow(events, refresh);
setInterval(refresh, 60_000);
setInterval(tick, 1000);
document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
