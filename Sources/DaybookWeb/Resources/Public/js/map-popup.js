// The map's "New entry here" popup: opened at a point by touch-and-hold, a right-click or Enter, it links to a new
// entry at that point's latitude and longitude. Escape, a click elsewhere or any move of the map closes it.

import { unproject } from "./map-view.js";

export function createPopup(map, view) {
  const text = map.dataset;
  const element = document.createElement("div");
  element.className = "map-popup";
  element.setAttribute("role", "dialog");
  element.setAttribute("aria-label", text.textNewHere || "");
  element.hidden = true;
  const link = document.createElement("a");
  link.id = "map-new-here";
  link.textContent = text.textNewHere || "";
  element.append(link);
  map.append(element);
  // A click (or a touch) anywhere else closes it.
  document.addEventListener("pointerdown", (event) => {
    if (!element.hidden && !element.contains(event.target)) close();
  }, true);

  function open([px, py]) {
    const [x, y] = view.toWorld(px, py);
    // Beside or beyond the world (zoomed out on a wide screen) there is no place to write at.
    if (x < 0 || x > 1 || y < 0 || y > 1) return;
    const [longitude, latitude] = unproject(x, y);
    const base = text.newEntry || "/journal/new";
    link.href = `${base}${base.includes("?") ? "&" : "?"}at=${latitude.toFixed(5)},${longitude.toFixed(5)}`;
    element.hidden = false;
    // Above the point with its arrow on it; below when there is no room above; never past the sides.
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    const below = py - height - 14 < 4;
    const left = Math.min(Math.max(px - width / 2, 6), Math.max(6, view.width - width - 6));
    element.classList.toggle("below", below);
    element.style.setProperty("--arrow", `${(px - left).toFixed(1)}px`);
    element.style.transform = `translate(${left.toFixed(1)}px, ${(below ? py + 14 : py - height - 14).toFixed(1)}px)`;
    link.focus({ preventScroll: true });
  }

  function close() {
    if (element.hidden) return;
    element.hidden = true;
    if (element.contains(document.activeElement)) map.focus({ preventScroll: true });
  }

  return { open, close, get isOpen() { return !element.hidden; } };
}
