// The editor's place field: "Add my location" asks the browser where it is (only when tapped, never on its
// own), a photo that knows where it was taken offers its place with one tap, and "Remove place" takes it away.
// The point is named by the server (`/api/v1/place`): from its own gazetteer, with nothing leaving this machine,
// unless the owner turned on a street-level geocoder under Settings → Connections.
//
// The field keeps the point in hidden inputs; the editor sends them with the entry. Without this script the
// page shows the place as saved and the remove button is the only control that needs it.

const field = document.getElementById("field-place");

/** The place as the editor sends it: `null` for none. */
export function currentPlace() {
  if (!field) return undefined;
  const latitude = field.querySelector("#latitude").value;
  const longitude = field.querySelector("#longitude").value;
  if (latitude === "" && longitude === "") return null;
  return {
    latitude: Number(latitude),
    longitude: Number(longitude),
    name: field.querySelector("#placeName").value,
    country: field.querySelector("#placeCountry").value || null,
  };
}

/** A text that changes whenever the place does, for comparing what is saved with what is shown. */
export function placeKey() {
  return JSON.stringify(currentPlace() ?? null);
}

/** Shows `place` (from the server or a stored draft); `null` for none. */
export function showPlace(place) {
  if (!field) return;
  field.querySelector("#latitude").value = place ? String(place.latitude) : "";
  field.querySelector("#longitude").value = place ? String(place.longitude) : "";
  field.querySelector("#placeName").value = place?.name ?? "";
  field.querySelector("#placeCountry").value = place?.country ?? "";
  const label = field.querySelector("#place-label");
  label.textContent = place ? place.label || place.name || `${place.latitude}, ${place.longitude}` : field.dataset.none;
  if (place) label.href = `/map?at=${place.latitude},${place.longitude}`;
  else label.removeAttribute("href");
  field.querySelector(".place-name").hidden = !place;
  field.querySelector("#place-remove").hidden = !place;
}

function status(message) {
  field.querySelector("#place-status").textContent = message ?? "";
}

function changed() {
  field.dispatchEvent(new CustomEvent("place:change", { bubbles: true }));
}

async function named(latitude, longitude) {
  const at = `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
  try {
    const response = await fetch(`/api/v1/place?at=${at}`, { headers: { Accept: "application/json" } });
    if (response.ok) return await response.json();
  } catch {
    // Offline: the point is kept, and the server names it when the entry is saved.
  }
  return { latitude: Number(latitude.toFixed(5)), longitude: Number(longitude.toFixed(5)), name: "", country: null };
}

async function use(latitude, longitude) {
  showPlace(await named(latitude, longitude));
  status("");
  changed();
}

function locate() {
  status(field.dataset.locating);
  navigator.geolocation.getCurrentPosition(
    (position) => use(position.coords.latitude, position.coords.longitude),
    (error) => status(error.code === error.PERMISSION_DENIED ? field.dataset.denied : field.dataset.unavailable),
    { enableHighAccuracy: false, timeout: 20_000, maximumAge: 300_000 },
  );
}

async function offer(photo) {
  if (currentPlace() || typeof photo?.latitude !== "number" || typeof photo?.longitude !== "number") return;
  const place = await named(photo.latitude, photo.longitude);
  const box = field.querySelector("#place-offer");
  const where = place.label || `${place.latitude}, ${place.longitude}`;
  box.querySelector("[data-offer-text]").textContent = field.dataset.fromPhoto.replace("{place}", where);
  box.hidden = false;
  field.querySelector("#place-use-photo").onclick = () => {
    box.hidden = true;
    showPlace(place);
    changed();
  };
}

if (field) {
  const locateButton = field.querySelector("#place-locate");
  locateButton.hidden = !("geolocation" in navigator);
  locateButton.addEventListener("click", locate);
  field.querySelector("#place-remove").addEventListener("click", () => {
    showPlace(null);
    changed();
  });
  field.querySelector("#placeName").addEventListener("input", changed);
  document.getElementById("entry-form")?.addEventListener("editor:photo", (event) => offer(event.detail));
}
