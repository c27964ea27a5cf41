// This device's Web Push subscription: made when the person allows notifications (Settings → Reminders), and
// handed to the server again each time the app opens, so a subscription the browser renewed or the server forgot
// keeps reaching this device. The worker does the same on `pushsubscriptionchange`.

const renewedKey = "daybook.push.renewed";
const subscribedKey = "daybook.push.subscribed";

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** Whether this browser can take Web Push here: a secure address with a service worker. */
export function pushAvailable() {
  return "serviceWorker" in navigator && "PushManager" in window && window.isSecureContext;
}

async function send(subscription) {
  const response = await fetch("/api/v1/push/subscriptions", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
  return response.ok;
}

/** Subscribes this browser with the server's key (or keeps its subscription) and tells the server. */
export async function subscribe(publicKey) {
  if (!pushAvailable()) return false;
  const registration = await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription())
    ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const sent = await send(subscription);
  if (sent) localStorage.setItem(subscribedKey, "yes");
  return sent;
}

/** Once per opening of the app, where notifications are allowed: the subscription goes to the server again, and a
 * browser that lost the one it had subscribes anew. Offline or refused, it is tried at the next opening. */
export async function renew() {
  if (!pushAvailable() || !("Notification" in window) || Notification.permission !== "granted") return;
  if (sessionStorage.getItem(renewedKey) === "yes") return;
  try {
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      if (localStorage.getItem(subscribedKey) !== "yes") return;
      const response = await fetch("/api/v1/push/key", { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      const { publicKey } = await response.json();
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(publicKey),
      });
    }
    if (await send(subscription)) sessionStorage.setItem(renewedKey, "yes");
  } catch {
    // The server is out of reach or the push service said no: next time.
  }
}
