// Reminders in open pages: when the owner allowed notifications and wants them in open pages, a `reminder`
// event from the server shows each new reminder once, from whichever Daybook tab hears it first.
import { follow } from "./events.js";

const seenKey = "daybook.reminders.seen";

function seen() {
  try {
    return JSON.parse(localStorage.getItem(seenKey) || "[]");
  } catch {
    return [];
  }
}

async function showNew() {
  // Reminders sent in the last ten minutes; each key is shown once (several may share one second).
  const since = Date.now() - 10 * 60_000;
  const response = await fetch(`/api/v1/reminders/recent?since=${since}`, { headers: { Accept: "application/json" } });
  if (!response.ok) return;
  const { reminders } = await response.json();
  for (const reminder of reminders) {
    const shown = seen();
    if (shown.includes(reminder.key)) continue;
    localStorage.setItem(seenKey, JSON.stringify([...shown, reminder.key].slice(-50)));
    const notification = new Notification(reminder.title, {
      body: reminder.body, tag: reminder.key, lang: document.documentElement.lang,
    });
    notification.onclick = () => {
      window.focus();
      location.assign(reminder.url);
    };
  }
}

if ("Notification" in window && Notification.permission === "granted"
    && localStorage.getItem("daybook.reminders.inPage") !== "off") {
  follow(["reminder"], () => showNew().catch(() => {}));
}
