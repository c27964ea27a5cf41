// Results as you type: the search page asks the API a moment after each keystroke and shows the best matches,
// keeping the address in step so a reload or a shared link shows the same results. Without this script the
// form submits and the server renders the results.

const input = document.getElementById("q");
const list = document.getElementById("results");
const summary = document.getElementById("search-summary");
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
    document.getElementById("no-results")?.remove();
    return;
  }
  try {
    const response = await fetch(`/api/v1/search?q=${encodeURIComponent(query)}&limit=30`, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok || ticket !== latest) return;
    const { results } = await response.json();
    if (ticket !== latest) return;
    list.replaceChildren(...results.map(row));
    document.getElementById("no-results")?.remove();
    document.getElementById("more-results")?.remove();
    summary.textContent = results.length ? "" : list.dataset.none;
  } catch {
    // Offline: the results stay as they were.
  }
}

input.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(search, 150);
});
const end = input.value.length;
input.setSelectionRange(end, end);
