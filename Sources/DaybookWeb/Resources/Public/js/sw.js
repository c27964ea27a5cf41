// Daybook's service worker: keeps the app shell for offline use and shows the offline page
// when the server cannot be reached. Journal data is never cached here.
const VERSION = "__ASSET_VERSION__";
const CACHE = `daybook-shell-${VERSION}`;
const SHELL = [
  "/offline",
  `/static/css/app.css?v=${VERSION}`,
  `/static/js/app.js?v=${VERSION}`,
  `/static/js/notify.js?v=${VERSION}`,
  // app.js imports it by its plain address.
  "/static/js/tint.js",
  "/static/icons/icon.svg",
  "/static/icons/nav.svg",
  "/static/icons/icon-192.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("daybook-shell-") && key !== CACHE)
        .map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    // Pages always come fresh from the server; the offline page stands in when it is unreachable.
    event.respondWith(fetch(request).catch(() => caches.match("/offline")));
    return;
  }
  if (url.pathname.startsWith("/static/") || url.pathname === "/theme.css") {
    event.respondWith(
      caches.match(request).then((cached) => cached || fetch(request).then((response) => {
        if (response.ok && url.pathname === "/theme.css") {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })),
    );
  }
});

// Reminders sent by Web Push while no Daybook page is open: shown as notifications; a tap opens the page.
self.addEventListener("push", (event) => {
  let reminder = {};
  try {
    reminder = event.data ? event.data.json() : {};
  } catch {
    reminder = { body: event.data?.text() ?? "" };
  }
  event.waitUntil(self.registration.showNotification(reminder.title || "Daybook", {
    body: reminder.body || "",
    tag: reminder.key || "daybook",
    data: { url: reminder.url || "/" },
    icon: "/static/icons/icon-192.png",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil((async () => {
    for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
      if (client.url === url && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(url);
  })());
});
