// Results as you type: the search page asks the API a moment after each keystroke and shows the best matches,
// keeping the address in step so a reload or a shared link shows the same results. Without this script the
// form submits and the server renders the results.

const input = document.getElementById("q");
const list = document.getElementById("results");
const summary = document.getElementById("search-summary");
const order = document.getElementById("search-order");
const labels = document.getElementById("offline-status")?.dataset ?? {};
let timer = null;
let latest = 0;

function row(result) {
  const item = document.createElement("li");
  item.className = "entry-row";
  const link = document.createElement("a");
  link.className = "entry-link";
  link.href = result.href;
  if (result.thumbnail) {
    const image = document.createElement("img");
    Object.assign(image, { className: "thumb", src: result.thumbnail.src, srcset: result.thumbnail.srcset, alt: "" });
    Object.assign(image, { width: result.thumbnail.width, height: result.thumbnail.height, loading: "lazy" });
    link.append(image);
  }
  const text = document.createElement("span");
  text.className = "entry-text";
  const meta = document.createElement("span");
  meta.className = "entry-meta";
  const time = document.createElement("time");
  time.dateTime = result.dateTime;
  time.textContent = result.dateLabel;
  meta.append(time, ` · ${result.wordsLabel}`);
  const title = document.createElement("strong");
  title.className = "entry-title";
  title.textContent = result.title;
  const snippet = document.createElement("span");
  snippet.className = "snippet";
  // Escaped by the server, with only <mark> added around what matched.
  snippet.innerHTML = result.snippetHTML;
  text.append(meta, title, snippet);
  link.append(text);
  item.append(link);
  return item;
}

async function search() {
  const query = input.value;
  const ticket = ++latest;
  const url = new URL(location.href);
  url.searchParams.set("q", query);
  url.searchParams.delete("offset");
  history.replaceState(null, "", url);
  if (!query.trim()) {
    list.replaceChildren();
    summary.textContent = "";
    order.hidden = true;
    document.getElementById("no-results")?.remove();
    return;
  }
  const asked = url.searchParams.get("order");
  try {
    const chosen = asked ? `&order=${encodeURIComponent(asked)}` : "";
    const response = await fetch(`/api/v1/search?q=${encodeURIComponent(query)}&limit=30${chosen}`, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok || ticket !== latest) return;
    const found = await response.json();
    if (ticket !== latest) return;
    const { results } = found;
    showOrder(query, found.onDevice ? {} : found);
    list.replaceChildren(...results.map(row));
    document.getElementById("no-results")?.remove();
    document.getElementById("more-results")?.remove();
    summary.textContent = results.length ? "" : list.dataset.none;
    // Without the server the worker searched the journal this device keeps, and the page says so.
    const onDevice = found.onDevice ? (labels.foundOnDevice || "").replace("{n}", new Intl.NumberFormat(document.documentElement.lang).format(found.kept ?? 0)) : "";
    let note = document.getElementById("found-on-device");
    if (onDevice && !note) {
      note = Object.assign(document.createElement("p"), { id: "found-on-device", className: "hint" });
      list.before(note);
    }
    if (note) note.textContent = onDevice;
    note?.toggleAttribute("hidden", !onDevice);
  } catch {
    // Offline: the results stay as they were.
  }
}

/** Says why the results of a word in very many entries come newest first, with a link to the other order. */
function showOrder(query, { order: current, orderNote }) {
  order.hidden = !orderNote;
  if (!orderNote) return;
  const other = current === "newest" ? "best" : "newest";
  document.getElementById("search-order-note").textContent = orderNote;
  const link = document.getElementById("search-order-link");
  link.href = `/search?q=${encodeURIComponent(query)}&order=${other}`;
  link.textContent = order.dataset[other];
}

input.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(search, 150);
});
// A kept copy of this page opened without the server searches what its address asks for, on this device.
const asked = new URL(location.href).searchParams.get("q");
if (document.documentElement.dataset.keptAt && asked) {
  input.value = asked;
  search();
}
const end = input.value.length;
input.setSelectionRange(end, end);
