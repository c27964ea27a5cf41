// The reminders page: "Allow notifications on this device" asks the browser for permission (only when tapped)
// and, where Web Push works (a secure address with a service worker), subscribes this browser with the
// server's key and sends the subscription to the server. Safari offers Web Push only to a Home Screen app: in a
// Safari tab the page says so and how to add Daybook there (ntfy works everywhere). Without this script the page is
// a plain form.
import { safariRules, standalone } from "./home-screen.js";
import { subscribe } from "./push.js";

const form = document.getElementById("reminders-form");
const button = document.getElementById("allow-notifications");
const state = document.getElementById("notification-state");
const text = form.dataset;

function show() {
  if (!("Notification" in window)) state.textContent = text.unsupported;
  else if (Notification.permission === "granted") state.textContent = text.subscribed;
  else if (Notification.permission === "denied") state.textContent = text.denied;
  else state.textContent = "";
}

button.addEventListener("click", async () => {
  if (!("Notification" in window)) return show();
  const permission = await Notification.requestPermission();
  show();
  if (permission === "granted" && form.elements.namedItem("webPush").checked) {
    let subscribed = false;
    try {
      subscribed = await subscribe(text.publicKey);
    } catch {
      subscribed = false;
    }
    if (!subscribed) state.textContent = text.unsupported;
  }
});

// Open pages show reminders only where the owner wants them (notify.js reads this).
form.addEventListener("submit", () => {
  localStorage.setItem("daybook.reminders.inPage", form.elements.namedItem("inPage").checked ? "on" : "off");
});

// Safari in a tab (on an iPhone it has neither notifications nor push outside the Home Screen): say why.
if (safariRules && !standalone && !("PushManager" in window)) {
  const note = document.getElementById("push-home-screen-only");
  note.textContent = text.homeScreenOnly;
  note.hidden = false;
}

show();
