// One stream of the server's change events (`/events`) for everything on a page that follows them: the live
// sections, and this device's copy. Opened on first use; closed when the page goes away.

let source = null;

/** Calls `listener` on each of the named events. */
export function follow(names, listener) {
  if (!("EventSource" in self)) return;
  if (!source) {
    source = new EventSource("/events");
    addEventListener("pagehide", () => { source?.close(); source = null; });
  }
  for (const name of names) source.addEventListener(name, listener);
}
