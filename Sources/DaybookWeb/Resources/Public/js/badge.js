// The app icon's badge (the Badging API): what is left today, when the owner turned it on in Settings → Reminders.
// Set from `/api/v1/badge` when a page opens, again whenever a tracker, a block or the settings change (`/events`)
// and when the app comes back to the front (the day may have turned). Off, the badge is cleared once and never set.
// Out of reach of the server, the badge stays as it was.
import { follow } from "./events.js";

const clearedKey = "daybook.badge.cleared";
let following = false;

async function update() {
  let badge;
  try {
    const response = await fetch("/api/v1/badge", { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    badge = await response.json();
  } catch {
    return;
  }
  try {
    if (badge.appBadge === "leftToday" && Number.isInteger(badge.count)) {
      localStorage.removeItem(clearedKey);
      await navigator.setAppBadge(badge.count);
      if (!following) {
        following = true;
        follow(["trackers", "tasks", "settings"], () => update());
      }
    } else if (localStorage.getItem(clearedKey) !== "yes") {
      localStorage.setItem(clearedKey, "yes");
      await navigator.clearAppBadge();
    }
  } catch {
    // A browser that keeps no badge for a page that is not installed may refuse; nothing else depends on it.
  }
}

if ("setAppBadge" in navigator && "clearAppBadge" in navigator) {
  update();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") update();
  });
}
