// One stream of the server's change events (`/events`) for everything on a page that follows them: the live
// sections, Focus, the Timeline, reminders, a widget and this device's copy. Browsers give a site six connections
// over HTTP/1.1: a stream for each module used them up with two tabs open. Opened on first use at the page's own
// address for it (a widget page's carries its token, `data-events`); closed when the page goes away and opened
// again, with every listener, when it comes back from the back-forward cache.

const listeners = [];
let source = null;

function open() {
  if (source || !("EventSource" in self)) return;
  source = new EventSource(document.querySelector("[data-events]")?.dataset.events || "/events");
  for (const [name, listener] of listeners) source.addEventListener(name, listener);
}

addEventListener("pagehide", () => {
  source?.close();
  source = null;
});
addEventListener("pageshow", (event) => {
  if (event.persisted && listeners.length > 0) open();
});

/** Calls `listener` on each of the named events. */
export function follow(names, listener) {
  for (const name of names) {
    listeners.push([name, listener]);
    source?.addEventListener(name, listener);
  }
  open();
}
