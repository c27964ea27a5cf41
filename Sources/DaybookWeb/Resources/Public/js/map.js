// The Map: journal entries on a world map drawn here from the server's own basemap (Web Mercator, no tiles from
// anywhere unless the person opted in). Drag, pinch, wheel, double-click, the buttons or the keyboard move it;
// markers for clusters of entries follow it and are fetched again once it settles; touch-and-hold or a right-click
// offers a new entry at that spot. The view is kept on the element (data-view) and for this session.

import { createView, project } from "./map-view.js";
import { createPainter } from "./map-canvas.js";
import { createMarkers, sameOrigin } from "./map-markers.js";
import { createPopup } from "./map-popup.js";

const SETTLE_MS = 120; // the view must rest this long before clusters are fetched for it
const HOLD_MS = 550; // a finger held this long opens the "New entry here" popup…
const SLOP = 8; // …if it moved less than this many pixels (a mouse starts dragging after 3)
const DOUBLE_TAP_MS = 320;
const ANIMATION_MS = 200;
const STORAGE_KEY = "daybook.map.view";

const map = document.getElementById("map");
if (map) start(map);

function start(map) {
  const view = createView();
  const text = map.dataset;
  const tiles = text.tiles?.trim() ?? "";
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  const painter = createPainter(map.querySelector(".map-canvas"), { tiles, onImage: () => redraw() });
  const markers = createMarkers(map, view, {
    fit: (box) => { measure(); animate(view.fit(box)); }, // measured first: the panel beside the map may just have closed
    ignoreClick: () => performance.now() < quietUntil,
  });
  const popup = createPopup(map, view);

  let frame = 0;
  let settling = 0;
  let animation = null; // { from, to, anchor: [px, py, wx, wy] or null, start }
  let quietUntil = 0; // clicks before this time end a drag and open nothing

  // Drawing ----------------------------------------------------------------------------------------------------

  function redraw() {
    frame ||= requestAnimationFrame(draw);
  }

  function draw(now) {
    frame = 0;
    if (animation) step(now);
    painter.draw(view);
    markers.place();
    if (focus) {
      const [x, y] = view.toScreen(focus.x, focus.y);
      focus.element.style.translate = `${x.toFixed(1)}px ${y.toFixed(1)}px`;
    }
    const described = view.describe();
    if (text.view !== described) text.view = described;
  }

  /** After any change of view: draw it, and fetch its clusters once it has rested. */
  function changed() {
    redraw();
    popup.close();
    clearTimeout(settling);
    settling = setTimeout(settle, SETTLE_MS);
  }

  function settle() {
    save();
    markers.load(view.bounds(), Math.round(view.zoom));
  }

  function save() {
    try { sessionStorage.setItem(STORAGE_KEY, view.describe()); } catch { /* storage off: the default view next time */ }
  }

  // Animated moves (+/−, keys, "Zoom to these"): eased over 200 ms, or at once for reduced motion ------------------

  /** Moves to {x, y, zoom}; with `around` ([px, py]), zooms keeping that screen point's place still. */
  function animate(target, around = null) {
    const to = view.limit({ x: target.x ?? view.x, y: target.y ?? view.y, zoom: target.zoom ?? view.zoom });
    const anchor = around && [...around, ...view.toWorld(...around)];
    animation = { from: { x: view.x, y: view.y, zoom: view.zoom }, to, anchor, start: performance.now() };
    if (reducedMotion.matches) step(Infinity);
    changed();
  }

  function step(now) {
    const { from, to, anchor, start } = animation;
    const t = Math.min(1, Math.max(0, (now - start) / ANIMATION_MS));
    const eased = 1 - (1 - t) ** 3;
    view.zoom = from.zoom + (to.zoom - from.zoom) * eased;
    if (anchor) {
      view.place(anchor[2], anchor[3], anchor[0], anchor[1]);
    } else {
      view.x = from.x + (to.x - from.x) * eased;
      view.y = from.y + (to.y - from.y) * eased;
      view.clamp();
    }
    if (t < 1) {
      redraw();
      clearTimeout(settling);
      settling = setTimeout(settle, SETTLE_MS + ANIMATION_MS);
    } else {
      animation = null;
    }
  }

  function zoomBy(steps, around = [view.width / 2, view.height / 2]) {
    const base = animation?.to.zoom ?? view.zoom; // quick presses add up
    animate({ zoom: Math.round(base + steps) }, around);
  }

  // Pointers: drag to pan, pinch to zoom, double-tap, touch-and-hold ------------------------------------------------

  const pointers = new Map(); // pointerId → [x, y] in the map's pixels
  let gesture = null; // { kind: "pan", id, start, anchor, type, moved, held, timer } or { kind: "pinch", … }
  let origin = [0, 0]; // the map's top-left corner on screen while pointers are down
  let lastTap = null;
  let lastType = "mouse";

  const corner = () => {
    const box = map.getBoundingClientRect();
    return [box.left + map.clientLeft, box.top + map.clientTop];
  };
  const local = (event, from = corner()) => [event.clientX - from[0], event.clientY - from[1]];
  const middle = ([a, b]) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const apart = ([a, b]) => Math.max(1, Math.hypot(a[0] - b[0], a[1] - b[1]));

  map.addEventListener("pointerdown", (event) => {
    quietUntil = 0;
    lastType = event.pointerType;
    if (event.target.closest(".map-controls, .map-popup")) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    animation = null;
    if (pointers.size === 0) origin = corner();
    pointers.set(event.pointerId, local(event, origin));
    if (pointers.size === 1) {
      const start = pointers.get(event.pointerId);
      gesture = { kind: "pan", id: event.pointerId, start, anchor: view.toWorld(...start), type: event.pointerType };
      if (event.pointerType !== "mouse") gesture.timer = setTimeout(hold, HOLD_MS, gesture);
    } else if (pointers.size === 2) {
      clearTimeout(gesture?.timer);
      const both = [...pointers.values()];
      gesture = { kind: "pinch", moved: true, distance: apart(both), zoom: view.zoom, anchor: view.toWorld(...middle(both)) };
      for (const id of pointers.keys()) capture(id);
    }
  });

  map.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId) || !gesture) return;
    const point = local(event, origin);
    pointers.set(event.pointerId, point);
    if (gesture.kind === "pan") {
      if (event.pointerId !== gesture.id || gesture.held) return;
      if (!gesture.moved) {
        if (Math.hypot(point[0] - gesture.start[0], point[1] - gesture.start[1]) < (gesture.type === "mouse" ? 3 : SLOP)) return;
        gesture.moved = true;
        clearTimeout(gesture.timer);
        capture(event.pointerId);
        map.classList.add("dragging");
      }
      view.place(gesture.anchor[0], gesture.anchor[1], point[0], point[1]);
    } else if (pointers.size >= 2) {
      const both = [...pointers.values()].slice(0, 2);
      view.zoom = gesture.zoom + Math.log2(apart(both) / gesture.distance);
      view.place(gesture.anchor[0], gesture.anchor[1], ...middle(both));
    }
    changed();
  });

  function capture(id) {
    try { map.setPointerCapture(id); } catch { /* the pointer is already gone */ }
  }

  function release(event) {
    if (!pointers.delete(event.pointerId)) return;
    const finished = gesture;
    if (finished?.kind === "pinch" && pointers.size === 1) {
      // One finger lifted: the other goes on panning from where it is.
      const [[id, point]] = pointers;
      gesture = { kind: "pan", id, start: point, anchor: view.toWorld(...point), type: "touch", moved: true };
      return;
    }
    if (pointers.size > 0) return;
    gesture = null;
    map.classList.remove("dragging");
    if (!finished) return;
    clearTimeout(finished.timer);
    if (finished.moved || finished.held) {
      quietUntil = performance.now() + 500; // the click that ends a drag is not a click on a marker
      return;
    }
    if (event.type === "pointerup" && finished.type !== "mouse" && !event.target.closest(".map-marker")) tap(finished.start);
  }
  map.addEventListener("pointerup", release);
  map.addEventListener("pointercancel", release);

  /** Two taps close together zoom in there (the browser's own double-tap zoom is off for the map). */
  function tap(point) {
    const now = performance.now();
    if (lastTap && now - lastTap.time < DOUBLE_TAP_MS && Math.hypot(point[0] - lastTap.point[0], point[1] - lastTap.point[1]) < 30) {
      lastTap = null;
      zoomBy(1, point);
    } else {
      lastTap = { time: now, point };
    }
  }

  function hold(held) {
    if (gesture !== held || held.moved) return;
    held.held = true;
    popup.open(held.start);
  }

  map.addEventListener("dblclick", (event) => {
    if (lastType !== "mouse" || event.target.closest(".map-controls, .map-popup, .map-marker")) return;
    event.preventDefault();
    zoomBy(1, local(event));
  });

  map.addEventListener("contextmenu", (event) => {
    if (event.target.closest(".map-popup")) return; // the link's own menu (open in a new tab…)
    event.preventDefault();
    if (gesture) {
      clearTimeout(gesture.timer);
      gesture.held = true;
    }
    let point = local(event);
    const inside = point[0] >= 0 && point[1] >= 0 && point[0] <= view.width && point[1] <= view.height;
    // From the keyboard (the menu key, Shift+F10) there is no pointer: the middle of the map.
    if (!inside || (event.clientX === 0 && event.clientY === 0)) point = [view.width / 2, view.height / 2];
    popup.open(point);
  });

  map.addEventListener("wheel", (event) => {
    event.preventDefault();
    animation = null;
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? view.height : 1;
    // A pinch on a touchpad arrives as a wheel with ctrlKey and small steps.
    const steps = (-event.deltaY * unit) / (event.ctrlKey ? 100 : 300);
    view.zoomAround(view.zoom + Math.min(1, Math.max(-1, steps)), ...local(event));
    changed();
  }, { passive: false });

  // Keyboard and buttons ---------------------------------------------------------------------------------------

  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  map.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest(".map-popup")) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      const from = animation?.to ?? view;
      const size = 256 * 2 ** from.zoom;
      animate({ x: from.x + (arrow[0] * view.width) / 4 / size, y: from.y + (arrow[1] * view.height) / 4 / size, zoom: from.zoom });
    } else if (event.key === "+" || event.key === "=") {
      zoomBy(1);
    } else if (event.key === "-" || event.key === "_") {
      zoomBy(-1);
    } else if (event.key === "Enter" && event.target === map) {
      popup.open([view.width / 2, view.height / 2]);
    } else {
      return;
    }
    event.preventDefault();
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (popup.isOpen) {
      popup.close();
      map.focus({ preventScroll: true });
    } else if (markers.panelOpen) {
      markers.close();
    } else {
      return;
    }
    event.preventDefault();
  });

  for (const [id, steps, label] of [["map-zoom-in", 1, text.textZoomIn], ["map-zoom-out", -1, text.textZoomOut]]) {
    const button = document.getElementById(id);
    if (!button) continue;
    if (label && !button.hasAttribute("aria-label")) button.setAttribute("aria-label", label);
    if (label && !button.title) button.title = label;
    button.addEventListener("click", () => zoomBy(steps));
  }

  // Start ------------------------------------------------------------------------------------------------------

  const attribution = map.querySelector(".map-attribution");
  if (attribution) attribution.textContent = (tiles && text.tilesAttribution) || text.attribution || "";

  // Opened at a point (/map?at=…, data-focus="LAT,LON"): that point, marked; otherwise this session's last view.
  const focus = createFocus(text.focus);
  let stored = null;
  try { stored = focus ? null : sessionStorage.getItem(STORAGE_KEY); } catch { /* storage off */ }
  if (!view.restore(stored)) view.restore(`${text.latitude ?? 20},${text.longitude ?? 0},${text.zoom ?? 2}`);

  function createFocus(point) {
    const [latitude, longitude] = String(point ?? "").split(",").map(Number);
    if (!point || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    const element = document.createElement("span");
    element.className = "map-focus";
    element.setAttribute("aria-hidden", "true");
    map.querySelector(".map-markers")?.after(element); // over the markers: the entry there is usually one of them
    const [x, y] = project(longitude, latitude);
    return { element, x, y };
  }

  function measure() {
    const width = map.clientWidth;
    const height = map.clientHeight;
    if (width === view.width && height === view.height) return false;
    Object.assign(view, { width, height }).clamp(); // the centre stays where it was
    painter.resize(width, height);
    return true;
  }
  measure();
  new ResizeObserver(() => {
    if (!measure()) return;
    // The panel opening beside the map narrows it: the marker it is about stays in view.
    const opened = markers.opened;
    if (opened) {
      const [px, py] = view.toScreen(...opened);
      const inside = (value, length) => Math.min(Math.max(value, 48), Math.max(48, length - 48));
      view.place(...opened, inside(px, view.width), inside(py, view.height));
    }
    changed();
  }).observe(map);

  painter.readColours();
  const recolour = () => { painter.readColours(); redraw(); };
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", recolour);
  new MutationObserver(recolour).observe(document.documentElement, { attributes: true, attributeFilter: ["data-appearance"] });

  const basemap = sameOrigin(text.basemap);
  if (basemap) {
    fetch(basemap, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((json) => { painter.setBasemap(json); text.basemapReady = "true"; redraw(); })
      .catch(() => { text.error = "basemap"; }); // the sea and the markers still work
  }

  redraw();
  settle();
  addEventListener("pagehide", save);
}
