// The map's markers and its panel: clusters of entries fetched for the view once it settles, shown as round
// buttons that follow the map on every frame, and a panel listing the entries of the cluster that was chosen.

import { project } from "./map-view.js";

const MARGIN = 64; // markers this far outside the view stay placed, so they don't pop in at the edge
const LIMIT = 50; // entries listed in the panel

/** A same-origin address from the page, or null: the map asks nothing of other origins. */
export function sameOrigin(address) {
  if (!address) return null;
  try {
    const url = new URL(address, location.href);
    return url.origin === location.origin ? url : null;
  } catch {
    return null;
  }
}

/** The address with `query` added to any query it has (commas stay commas, as the API documents them). */
const withQuery = (url, query) => `${url.pathname}${url.search ? `${url.search}&` : "?"}${query}`;

export function createMarkers(map, view, { fit, ignoreClick }) {
  const layer = map.querySelector(".map-markers");
  const panel = document.getElementById("map-panel");
  const heading = document.getElementById("map-panel-title");
  const list = document.getElementById("map-panel-list");
  const closer = document.getElementById("map-panel-close");
  const text = map.dataset;
  const lang = document.documentElement.lang || undefined;
  const compact = new Intl.NumberFormat(lang, { notation: "compact", maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(lang);
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });

  let markers = new Map(); // key → { element, x, y, cluster, shown }
  const byElement = new WeakMap();
  let loading = null; // the AbortController of the clusters being fetched
  let listing = null; // … and of the panel's entries
  let opener = null; // the marker whose panel is open (its button may be replaced by a newer answer meanwhile)
  let shownBox = null; // the box "Zoom to these" fits

  const entriesText = (count) => (text.textEntries || "{count}").replace("{count}", whole.format(count));

  // Clusters ---------------------------------------------------------------------------------------------------

  async function load(bounds, zoom) {
    const base = sameOrigin(text.clusters);
    if (!base) return;
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    try {
      const response = await fetch(withQuery(base, `bbox=${bounds.join(",")}&zoom=${zoom}`), {
        credentials: "same-origin", signal: controller.signal, headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const answer = await response.json();
      if (loading !== controller) return;
      const clusters = Array.isArray(answer.clusters) ? answer.clusters : [];
      render(clusters);
      const shown = Number.isInteger(answer.zoom) ? answer.zoom : zoom;
      map.dataset.loadedZoom = String(shown);
      if (map.dataset.error === "clusters") delete map.dataset.error;
      map.dispatchEvent(new CustomEvent("map:clusters", { detail: { zoom: shown, count: clusters.length } }));
    } catch (error) {
      // A newer view's request replaced this one, or the server is out of reach: the markers shown stay.
      if (error.name !== "AbortError") map.dataset.error = "clusters";
    } finally {
      if (loading === controller) loading = null;
    }
  }

  function render(clusters) {
    const hadFocus = layer.contains(document.activeElement);
    const next = new Map();
    // Top to bottom, left to right: the order Tab follows, and lower markers drawn over higher ones.
    const placed = clusters
      .filter((cluster) => Number.isFinite(cluster.latitude) && Number.isFinite(cluster.longitude))
      .map((cluster) => ({ cluster, at: project(cluster.longitude, cluster.latitude) }))
      .sort((a, b) => a.at[1] - b.at[1] || a.at[0] - b.at[0]);
    for (const { cluster, at } of placed) {
      const count = Math.max(1, Number(cluster.count) || 1);
      const key = cluster.entry && count === 1 ? `entry:${cluster.entry.id}` : `${count}@${at}`;
      if (next.has(key)) continue;
      let marker = markers.get(key);
      if (marker) markers.delete(key);
      else marker = create(cluster, count);
      marker.cluster = cluster;
      [marker.x, marker.y] = at;
      next.set(key, marker);
    }
    for (const old of markers.values()) old.element.remove();
    markers = next;
    // Moving a focused button would blur it: while one has focus, only the new markers are added (at the end).
    const elements = [...next.values()].map((marker) => marker.element);
    layer.append(...(layer.contains(document.activeElement) ? elements.filter((element) => !element.isConnected) : elements));
    place();
    if (hadFocus && !layer.contains(document.activeElement)) map.focus({ preventScroll: true });
  }

  function create(cluster, count) {
    const element = document.createElement("button");
    element.type = "button";
    element.className = "map-marker fresh";
    element.addEventListener("animationend", () => element.classList.remove("fresh"), { once: true });
    element.dataset.count = String(count);
    // A cluster grows with its count, and at least enough for its label ("1.7K", "1.7천") to sit inside the ring.
    const label = compact.format(count);
    const size = Math.max(32 + 8 * Math.log10(count), 18 + 8.5 * label.length);
    element.style.setProperty("--size", `${size.toFixed(1)}px`);
    if (cluster.entry && count === 1) {
      const title = cluster.entry.title?.trim() || text.textUntitled || "";
      element.classList.add("single");
      element.dataset.entry = cluster.entry.id;
      element.setAttribute("aria-label", title);
      element.title = [title, formatDate(cluster.entry.date)].filter(Boolean).join(" · ");
    } else {
      element.textContent = label;
      element.setAttribute("aria-label", entriesText(count));
    }
    const marker = { element, x: 0, y: 0, cluster, shown: null };
    byElement.set(element, marker);
    return marker;
  }

  /** Moves every marker to where its place is in the current view (once a frame while the map moves). */
  function place() {
    for (const marker of markers.values()) {
      const [x, y] = view.toScreen(marker.x, marker.y);
      const shown = x > -MARGIN && y > -MARGIN && x < view.width + MARGIN && y < view.height + MARGIN;
      if (shown !== marker.shown) {
        marker.shown = shown;
        marker.element.classList.toggle("off", !shown);
      }
      // The `translate` property, not `transform`, so the marker's own `scale` (as it appears) scales it in place.
      if (shown) marker.element.style.translate = `${x.toFixed(1)}px ${y.toFixed(1)}px`;
    }
  }

  layer.addEventListener("click", (event) => {
    const marker = byElement.get(event.target.closest(".map-marker"));
    if (!marker || ignoreClick()) return;
    open(marker, event.detail === 0); // detail 0: Enter or Space, not a pointer
  });

  // The panel --------------------------------------------------------------------------------------------------

  const zoomButton = document.createElement("button");
  zoomButton.type = "button";
  zoomButton.id = "map-panel-zoom";
  zoomButton.className = "map-panel-zoom";
  zoomButton.textContent = text.textShowAll || "";
  zoomButton.hidden = true;
  list.before(zoomButton);
  heading.tabIndex = -1;
  if (!closer.hasAttribute("aria-label")) closer.setAttribute("aria-label", text.textClose || "");

  zoomButton.addEventListener("click", () => {
    if (!shownBox) return;
    const box = shownBox;
    close(false);
    map.focus({ preventScroll: true });
    fit(box);
  });
  closer.addEventListener("click", () => close());

  async function open(marker, byKeyboard) {
    const { cluster } = marker;
    listing?.abort();
    listing = null;
    opener = marker;
    shownBox = isBox(cluster.bbox) ? cluster.bbox.map(Number) : null;
    zoomButton.hidden = !shownBox || marker.element.classList.contains("single");
    list.replaceChildren();
    panel.hidden = false;
    if (byKeyboard) heading.focus({ preventScroll: true });
    if (cluster.entry && Number(cluster.count) === 1) {
      heading.textContent = cluster.entry.place || formatDate(cluster.entry.date) || entriesText(1);
      list.append(item(cluster.entry));
      return;
    }
    heading.textContent = entriesText(Number(cluster.count) || 0);
    const base = sameOrigin(text.entries);
    if (!base || !shownBox) return;
    const controller = new AbortController();
    listing = controller;
    panel.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(withQuery(base, `bbox=${shownBox.join(",")}&limit=${LIMIT}`), {
        credentials: "same-origin", signal: controller.signal, headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const answer = await response.json();
      if (listing !== controller) return;
      list.replaceChildren(...(answer.entries ?? []).map(item));
      if (Number.isInteger(answer.total)) heading.textContent = entriesText(answer.total);
    } catch {
      // Out of reach: the heading still says how many there are, and "Zoom to these" still works.
    } finally {
      if (listing === controller) {
        listing = null;
        panel.removeAttribute("aria-busy");
      }
    }
  }

  function close(returnFocus = true) {
    if (panel.hidden) return;
    listing?.abort();
    listing = null;
    panel.hidden = true;
    panel.removeAttribute("aria-busy");
    const back = opener && successor(opener);
    opener = null;
    if (returnFocus) (back ?? map).focus({ preventScroll: true });
  }

  /** The marker's button if it is still shown, else the nearest shown marker within 40 pixels of its place. */
  function successor(marker) {
    if (marker.element.isConnected && marker.shown) return marker.element;
    const [x, y] = view.toScreen(marker.x, marker.y);
    let best = null;
    let distance = 40;
    for (const other of markers.values()) {
      if (!other.shown) continue;
      const [ox, oy] = view.toScreen(other.x, other.y);
      const d = Math.hypot(ox - x, oy - y);
      if (d < distance) [best, distance] = [other.element, d];
    }
    return best;
  }

  function item(entry) {
    const row = document.createElement("li");
    const link = document.createElement("a");
    link.href = sameOrigin(entry.href) ? entry.href : "#";
    const title = document.createElement("strong");
    title.textContent = entry.title?.trim() || text.textUntitled || "";
    const detail = document.createElement("small");
    detail.textContent = [formatDate(entry.date), entry.place].filter(Boolean).join(" · ");
    link.append(title, " ", detail);
    row.append(link);
    return row;
  }

  /** "2026-11-20" as a local date in the page's language ("Nov 20, 2026"); other text as it is. */
  function formatDate(date) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? "");
    if (!match) return date ?? "";
    return dates.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  }

  return {
    load,
    place,
    close,
    get panelOpen() { return !panel.hidden; },
    /** Where the marker whose panel is open is, in world units (or null). */
    get opened() { return opener && !panel.hidden ? [opener.x, opener.y] : null; },
  };
}

const isBox = (box) => Array.isArray(box) && box.length === 4 && box.every((value) => Number.isFinite(Number(value)));
