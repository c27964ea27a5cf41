// The map's view in Web Mercator: where its centre is (world units, 0…1 across and down), how far it is zoomed in
// (the world is 256 × 2^zoom CSS pixels wide) and how big the element is. Pure arithmetic, no DOM.

export const MAX_LATITUDE = 85.0511287798;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 18;
const TILE = 256;

const clamp = (value, low, high) => Math.min(Math.max(value, low), high);

/** Longitude and latitude in degrees → world units; latitude is clamped to what Web Mercator can show. */
export function project(longitude, latitude) {
  const phi = (clamp(latitude, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180;
  return [(longitude + 180) / 360, 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)];
}

/** World units → [longitude, latitude] in degrees. */
export function unproject(x, y) {
  return [x * 360 - 180, (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI];
}

export function createView() {
  const view = {
    x: 0.5, y: 0.5, zoom: 2, width: 1, height: 1,

    /** The world's width in CSS pixels at this zoom. */
    get size() { return TILE * 2 ** view.zoom; },

    toScreen(x, y) {
      const size = view.size;
      return [(x - view.x) * size + view.width / 2, (y - view.y) * size + view.height / 2];
    },

    toWorld(px, py) {
      const size = view.size;
      return [view.x + (px - view.width / 2) / size, view.y + (py - view.height / 2) / size];
    },

    /** Keeps the zoom in range and the world in view (the map does not wrap around the antimeridian). */
    clamp() {
      view.zoom = clamp(view.zoom, MIN_ZOOM, MAX_ZOOM);
      const halfX = view.width / 2 / view.size;
      const halfY = view.height / 2 / view.size;
      view.x = halfX >= 0.5 ? 0.5 : clamp(view.x, halfX, 1 - halfX);
      view.y = halfY >= 0.5 ? 0.5 : clamp(view.y, halfY, 1 - halfY);
      return view;
    },

    /** Where {x, y, zoom} would end up once clamped, leaving this view as it is. */
    limit(target) {
      const { x, y, zoom } = view;
      Object.assign(view, target).clamp();
      const limited = { x: view.x, y: view.y, zoom: view.zoom };
      Object.assign(view, { x, y, zoom });
      return limited;
    },

    /** Zooms to `zoom` keeping the world point under the screen point (px, py) where it is. */
    zoomAround(zoom, px, py) {
      const [wx, wy] = view.toWorld(px, py);
      view.zoom = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
      view.place(wx, wy, px, py);
    },

    /** Moves the centre so that the world point (wx, wy) is at the screen point (px, py). */
    place(wx, wy, px, py) {
      view.zoom = clamp(view.zoom, MIN_ZOOM, MAX_ZOOM);
      const size = view.size;
      view.x = wx - (px - view.width / 2) / size;
      view.y = wy - (py - view.height / 2) / size;
      view.clamp();
    },

    /** The visible area as [west, south, east, north] in degrees, inside the world. */
    bounds() {
      const [left, top] = view.toWorld(0, 0);
      const [right, bottom] = view.toWorld(view.width, view.height);
      const [west, north] = unproject(clamp(left, 0, 1), clamp(top, 0, 1));
      const [east, south] = unproject(clamp(right, 0, 1), clamp(bottom, 0, 1));
      return [west, south, east, north].map((value) => Number(value.toFixed(5)));
    },

    /** The centre and zoom that show the box [west, south, east, north] with `padding` pixels around it. */
    fit([west, south, east, north], padding = 48) {
      const [x0, y1] = project(west, south);
      const [x1, y0] = project(east, north);
      const spanX = Math.max(x1 - x0, 1e-9) * TILE;
      const spanY = Math.max(y1 - y0, 1e-9) * TILE;
      const room = (length) => Math.max(length - 2 * padding, length / 2);
      const zoom = Math.log2(Math.min(room(view.width) / spanX, room(view.height) / spanY));
      return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, zoom: clamp(zoom, MIN_ZOOM, MAX_ZOOM) };
    },

    /** "LAT,LON,ZOOM" for data-view and the session. */
    describe() {
      const [longitude, latitude] = unproject(view.x, view.y);
      return `${latitude.toFixed(4)},${longitude.toFixed(4)},${view.zoom.toFixed(2)}`;
    },

    /** Reads "LAT,LON,ZOOM"; false when the text is not one. */
    restore(text) {
      const [latitude, longitude, zoom] = String(text ?? "").split(",").map(Number);
      if (![latitude, longitude, zoom].every(Number.isFinite)) return false;
      [view.x, view.y] = project(clamp(longitude, -180, 180), latitude);
      view.zoom = zoom;
      view.clamp();
      return true;
    },
  };
  return view;
}
