// Draws the map's canvas: the sea, the basemap's land and country outlines, and (only when the person opted in)
// raster tiles under the outlines. Colours come from the stylesheet's --map-* properties, so light and dark follow
// the theme. Coordinates are projected once when the basemap arrives; each frame skips rings that are off-screen.

import { project } from "./map-view.js";

const TILE = 256;
const MAX_TILES = 256; // images kept in memory

/** Reads the basemap JSON ({scale, countries: [{id, rings: [[lon, lat, …], …]}]}) into projected rings. */
export function prepareBasemap(json) {
  const scale = Number(json?.scale) || 1;
  const countries = [];
  for (const country of json?.countries ?? []) {
    const rings = [];
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of country.rings ?? []) {
      if (!Array.isArray(ring) || ring.length < 6) continue;
      const points = new Float64Array(ring.length);
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      for (let i = 0; i + 1 < ring.length; i += 2) {
        const [x, y] = project(ring[i] / scale, ring[i + 1] / scale);
        points[i] = x;
        points[i + 1] = y;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      rings.push({ points, box: [minX, minY, maxX, maxY] });
      box[0] = Math.min(box[0], minX); box[1] = Math.min(box[1], minY);
      box[2] = Math.max(box[2], maxX); box[3] = Math.max(box[3], maxY);
    }
    if (rings.length) countries.push({ id: country.id, rings, box });
  }
  return countries;
}

const overlaps = (box, [left, top, right, bottom]) => box[0] <= right && box[2] >= left && box[1] <= bottom && box[3] >= top;

export function createPainter(canvas, { tiles = "", onImage = () => {} } = {}) {
  const context = canvas.getContext("2d", { alpha: false });
  const images = new Map(); // "z/x/y" → <img>, oldest first
  let countries = [];
  let colours = {};
  let ratio = 1;

  /** Resolves the --map-* colours through the canvas element itself (var(), color-mix() and all). */
  function readColours() {
    const resolve = (name, fallback) => {
      canvas.style.color = `var(${name}, ${fallback})`;
      const value = getComputedStyle(canvas).color;
      canvas.style.removeProperty("color");
      // A colour the canvas cannot take leaves the fallback in place.
      context.fillStyle = fallback;
      context.fillStyle = value;
      return context.fillStyle;
    };
    colours = {
      sea: resolve("--map-sea", "#dfe8e6"),
      land: resolve("--map-land", "#fefefc"),
      border: resolve("--map-border", "#c9c6bf"),
      overlay: resolve("--map-border-over-tiles", "rgb(0 0 0 / .35)"),
    };
  }

  function resize(width, height) {
    ratio = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(width * ratio));
    const h = Math.max(1, Math.round(height * ratio));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
  }

  function draw(view) {
    if ((window.devicePixelRatio || 1) !== ratio) resize(view.width, view.height);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.fillStyle = colours.sea;
    context.fillRect(0, 0, view.width, view.height);
    const [left, top] = view.toWorld(0, 0);
    const [right, bottom] = view.toWorld(view.width, view.height);
    const visible = [left, top, right, bottom];
    if (tiles) {
      land(view, visible, { fill: true, stroke: false });
      drawTiles(view, visible);
      land(view, visible, { fill: false, stroke: true, colour: colours.overlay });
    } else {
      land(view, visible, { fill: true, stroke: true, colour: colours.border });
    }
  }

  function land(view, visible, { fill, stroke, colour }) {
    const size = view.size;
    const offsetX = view.width / 2 - view.x * size;
    const offsetY = view.height / 2 - view.y * size;
    context.fillStyle = colours.land;
    context.strokeStyle = colour;
    context.lineWidth = size > 4096 ? 1 : 0.75;
    context.lineJoin = "round";
    for (const country of countries) {
      if (!overlaps(country.box, visible)) continue;
      context.beginPath();
      for (const { points, box } of country.rings) {
        if (!overlaps(box, visible)) continue;
        trace(points, size, offsetX, offsetY);
      }
      if (fill) context.fill("evenodd");
      if (stroke) context.stroke();
    }
  }

  /** Adds one ring to the current path in screen pixels, leaving out points less than half a pixel apart. */
  function trace(points, size, offsetX, offsetY) {
    const last = points.length - 2;
    let px = points[0] * size + offsetX;
    let py = points[1] * size + offsetY;
    context.moveTo(px, py);
    for (let i = 2; i <= last; i += 2) {
      const x = points[i] * size + offsetX;
      const y = points[i + 1] * size + offsetY;
      if (i !== last && Math.abs(x - px) < 0.5 && Math.abs(y - py) < 0.5) continue;
      context.lineTo(x, y);
      px = x;
      py = y;
    }
    context.closePath();
  }

  // Tiles (opt-in) ----------------------------------------------------------------------------------------------

  function drawTiles(view, [left, top, right, bottom]) {
    const level = Math.min(Math.max(Math.round(view.zoom), 0), 18);
    const count = 2 ** level;
    const shown = (TILE * 2 ** view.zoom) / count; // a tile's size on screen at this fractional zoom
    const [originX, originY] = view.toScreen(0, 0);
    const first = (value) => Math.max(0, Math.floor(value * count));
    const last = (value) => Math.min(count - 1, Math.floor(value * count));
    context.imageSmoothingQuality = "high";
    for (let ty = first(top); ty <= last(bottom); ty += 1) {
      for (let tx = first(left); tx <= last(right); tx += 1) {
        const x = originX + tx * shown;
        const y = originY + ty * shown;
        const image = tile(level, tx, ty);
        if (image.complete && image.naturalWidth) {
          context.drawImage(image, x, y, shown + 0.5, shown + 0.5); // the half pixel hides seams
        } else {
          parent(level, tx, ty, x, y, shown);
        }
      }
    }
  }

  /** While a tile loads, a part of an already loaded tile from up to three levels out stands in for it. */
  function parent(level, tx, ty, x, y, shown) {
    for (let up = 1; up <= Math.min(3, level); up += 1) {
      const image = images.get(`${level - up}/${tx >> up}/${ty >> up}`);
      if (!image?.complete || !image.naturalWidth) continue;
      const part = TILE / 2 ** up;
      const sx = (tx - ((tx >> up) << up)) * part;
      const sy = (ty - ((ty >> up) << up)) * part;
      context.drawImage(image, sx, sy, part, part, x, y, shown + 0.5, shown + 0.5);
      return;
    }
  }

  function tile(z, x, y) {
    const key = `${z}/${x}/${y}`;
    let image = images.get(key);
    if (image) {
      images.delete(key); // most recently used goes last
    } else {
      image = new Image();
      image.decoding = "async";
      image.referrerPolicy = "no-referrer";
      image.addEventListener("load", onImage, { once: true });
      image.src = tiles.replaceAll("{z}", z).replaceAll("{x}", x).replaceAll("{y}", y);
      while (images.size >= MAX_TILES) images.delete(images.keys().next().value);
    }
    images.set(key, image);
    return image;
  }

  return {
    resize,
    draw,
    readColours,
    setBasemap(json) { countries = prepareBasemap(json); },
  };
}
