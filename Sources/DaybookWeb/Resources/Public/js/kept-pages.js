// The offline page lists the pages this device keeps, each by its title, a tap away.

import { element } from "./dom.js";
import { labels } from "./offline-status.js";
import { PAGES } from "./routes.js";

export async function keptPages() {
  const offline = document.getElementById("offline");
  if (!offline || !("caches" in self)) return;
  const cache = await caches.open(PAGES);
  const requests = await cache.keys();
  offline.append(element("p", { id: "not-kept" }, labels.notKept));
  if (requests.length === 0) return;
  const list = element("ul", { id: "kept-pages" });
  for (const request of requests.slice(0, 200)) {
    const text = await (await cache.match(request))?.text() ?? "";
    const title = /<title>([^<]*)<\/title>/.exec(text)?.[1] ?? new URL(request.url).pathname;
    const item = element("li");
    const address = new URL(request.url);
    // The title as the server escaped it, read back as text.
    const decoder = element("textarea");
    decoder.innerHTML = title;
    const link = element("a", { href: address.pathname + address.search }, decoder.value);
    item.append(link);
    list.append(item);
  }
  // The heading and its list appear together, never the heading over an empty list.
  offline.append(element("p", {}, labels.keptPages), list);
}
